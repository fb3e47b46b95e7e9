import { messages } from './compiled/en/orders.ts';
import type { Ids, PluralIds } from './compiled/ids.ts';
import { bundle, hasMessage, message, type Values } from './runtime.ts';
// The shop's messages too: importing t.ts registers them.
import './t.ts';
import type { MessageKey, PluralKey } from './t.ts';

/** `t` for checkout, order and My account screens: their own messages (app/i18n/locales/<lang>/orders*.po) and the shop's. */
const loading = bundle('orders', messages);
if (loading) await loading;

export type OrdersMessageKey = Ids['orders'];
type Key = OrdersMessageKey | MessageKey;
type Counted = PluralIds['orders'] | PluralKey;

export function t(key: Key, vars?: Values): string {
  return message(key, vars);
}

/** A counted message for `count`: `plural('orders.x', 3)`. */
export function plural(key: Counted, count: number, vars?: Values): string {
  return message(key, { ...vars, count });
}

/** Whether an id built at run time names one of these messages. */
export function has(key: string): key is Key {
  return hasMessage(key);
}
