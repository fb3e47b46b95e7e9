import { messages } from './compiled/en/admin.ts';
import type { Ids, PluralIds } from './compiled/ids.ts';
import { bundle, hasMessage, message, type Values } from './runtime.ts';

export { perLanguage } from './runtime.ts';
// The shop's messages too: importing t.ts registers them.
import './t.ts';
import type { MessageKey, PluralKey } from './t.ts';

/** `t` for the admin screens: their own messages (app/i18n/locales/<lang>/admin*.po) and the shop's. */
const loading = bundle('admin', messages);
if (loading) await loading;

export type AdminMessageKey = Ids['admin'];
type Key = AdminMessageKey | MessageKey;
type Counted = PluralIds['admin'] | PluralKey;

export function t(key: Key, vars?: Values): string {
  return message(key, vars);
}

/** A counted message for `count`: `plural('admin.x', 3)`. */
export function plural(key: Counted, count: number, vars?: Values): string {
  return message(key, { ...vars, count });
}

/** Whether an id built at run time names one of these messages. */
export function has(key: string): key is Key {
  return hasMessage(key);
}
