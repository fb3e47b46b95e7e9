import { enPaymentWidgets, type PaymentWidgetsMessageKey } from './en-payment-widgets.ts';
import { fill } from './t.ts';

/** `t` for the payment widgets: their own catalog (en-payment-widgets.ts). */
export function t(key: PaymentWidgetsMessageKey, vars?: Record<string, string | number>): string {
  return fill(enPaymentWidgets[key], vars);
}
