import { messages } from './compiled/en/emails.ts';
import type { Ids, PluralIds } from './compiled/ids.ts';
import { bundle, hasMessage, message, type Values } from './runtime.ts';

/** `t` for the e-mails the shop sends (app/i18n/locales/<lang>/emails.po); server-only, so the bundle never reaches the browser. */
const loading = bundle('emails', messages);
if (loading) await loading;

export type EmailsMessageKey = Ids['emails'];
type Key = EmailsMessageKey;
type Counted = PluralIds['emails'];

export function t(key: Key, vars?: Values): string {
  return message(key, vars);
}

/** A counted message for `count`: `plural('emails.x', 3)`. */
export function plural(key: Counted, count: number, vars?: Values): string {
  return message(key, { ...vars, count });
}

/** Whether an id built at run time names one of these messages. */
export function has(key: string): key is Key {
  return hasMessage(key);
}
