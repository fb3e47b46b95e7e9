import { messages } from './compiled/en/payment-widgets.ts';
import type { Ids, PluralIds } from './compiled/ids.ts';
import { bundle, hasMessage, message, type Values } from './runtime.ts';


/** `t` for the payment widgets: their own messages (app/i18n/locales/<lang>/payment-widgets*.po). */
const loading = bundle('payment-widgets', messages);
if (loading) await loading;

export type PaymentWidgetsMessageKey = Ids['payment-widgets'];
type Key = PaymentWidgetsMessageKey;
type Counted = PluralIds['payment-widgets'];

export function t(key: Key, vars?: Values): string {
  return message(key, vars);
}

/** A counted message for `count`: `plural('payment-widgets.x', 3)`. */
export function plural(key: Counted, count: number, vars?: Values): string {
  return message(key, { ...vars, count });
}

/** Whether an id built at run time names one of these messages. */
export function has(key: string): key is Key {
  return hasMessage(key);
}
