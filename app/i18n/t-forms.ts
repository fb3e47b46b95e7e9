import { en, type MessageKey } from './en.ts';
import { enForms, type FormsMessageKey } from './en-forms.ts';
import { fill } from './t.ts';

/** `t` for contact forms: their own catalog (en-forms.ts) and the shop's. */
export function t(key: MessageKey | FormsMessageKey, vars?: Record<string, string | number>): string {
  const text: string = key in enForms ? enForms[key as FormsMessageKey] : en[key as MessageKey];
  return fill(text, vars);
}
