import { currencyInfo } from '../../../lib/money.ts';

/*
 * The shop keeps amounts in the currency's ISO 4217 minor units (lib/money.ts: 2 for EUR, 0
 * for JPY, 3 for KWD). Stripe's "smallest currency unit" mostly agrees, with documented
 * exceptions (https://docs.stripe.com/currencies#special-cases): ISK and UGX are zero-decimal
 * in ISO but Stripe still takes them with two decimals (amount × 100); three-decimal
 * currencies must be charged in multiples of 10.
 */

const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);
const TWO_DECIMAL_FOR_STRIPE = new Set(['ISK', 'UGX']);

/** Stripe's number of decimals for the currency. */
export function stripeExponent(currency: string): number {
  const c = currency.toUpperCase();
  if (ZERO_DECIMAL.has(c)) return 0;
  if (THREE_DECIMAL.has(c)) return 3;
  if (TWO_DECIMAL_FOR_STRIPE.has(c)) return 2;
  return 2;
}

/** The shop's minor units as Stripe's `amount`; null when Stripe cannot charge exactly that. */
export function toStripeAmount(minor: number, currency: string): number | null {
  const shift = stripeExponent(currency) - currencyInfo(currency.toUpperCase()).exponent;
  const amount = shift >= 0 ? minor * 10 ** shift : minor / 10 ** -shift;
  if (!Number.isSafeInteger(amount)) return null;
  if (THREE_DECIMAL.has(currency.toUpperCase()) && amount % 10 !== 0) return null;
  return amount;
}

/** Stripe's `amount` back into the shop's minor units (rounded when Stripe has more decimals). */
export function fromStripeAmount(amount: number, currency: string): number {
  const shift = stripeExponent(currency) - currencyInfo(currency.toUpperCase()).exponent;
  return shift >= 0 ? Math.round(amount / 10 ** shift) : amount * 10 ** -shift;
}
