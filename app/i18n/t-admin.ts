import { en, type MessageKey } from './en.ts';
import { enAdmin, type AdminMessageKey } from './en-admin.ts';
import { fill, pluralIn, type PluralBase } from './t.ts';

/**
 * `t` for the admin screens: their own catalog (en-admin.ts) and the shop's. Kept apart so
 * the shop's pages do not load the admin's messages.
 */
export function t(key: MessageKey | AdminMessageKey, vars?: Record<string, string | number>): string {
  const text: string = key in enAdmin ? enAdmin[key as AdminMessageKey] : en[key as MessageKey];
  return fill(text, vars);
}

/** Counted admin messages: plural('admin.dashboard.customers', 1) → "1 customer". */
export function plural(base: PluralBase<AdminMessageKey>, count: number, vars?: Record<string, string | number>): string {
  return pluralIn(enAdmin, base, count, vars);
}
