import { en, type MessageKey } from './en.ts';
import { enOrders, type OrdersMessageKey } from './en-orders.ts';
import { fill } from './t.ts';

/**
 * `t` for checkout, order and My account screens: their own catalog (en-orders.ts) and the
 * shop's. Kept apart so the shop's other pages do not load these messages.
 */
export function t(key: MessageKey | OrdersMessageKey, vars?: Record<string, string | number>): string {
  const text: string = key in enOrders ? enOrders[key as OrdersMessageKey] : en[key as MessageKey];
  return fill(text, vars);
}
