import { messages } from './compiled/en/site.ts';
import type { Ids, PluralIds } from './compiled/ids.ts';
import { bundle, message, type Values } from './runtime.ts';

export { perLanguage } from './runtime.ts';

/*
 * The shop's messages (app/i18n/locales/<lang>/site.po), in the shop's language. Checkout,
 * order and My account screens use t-orders.ts, the admin t-admin.ts, which add their own.
 */
const loading = bundle('site', messages);
if (loading) await loading;

export type { Values };
export type MessageKey = Ids['site'];
/** A counted message: one ICU `{count, plural, …}` message. */
export type PluralKey = PluralIds['site'];

/** The message of this id, its {placeholders} filled in. */
export function t(key: MessageKey, vars?: Values): string {
  return message(key, vars);
}

/** A counted message for `count` (its plural form chosen by the language's rules), other placeholders filled too. */
export function plural(key: PluralKey, count: number, vars?: Values): string {
  return message(key, { ...vars, count });
}
