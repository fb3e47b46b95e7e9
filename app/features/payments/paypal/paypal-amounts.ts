import { currencyInfo } from '../../../lib/money.ts';

/*
 * PayPal takes amounts as decimal strings (`"12.34"`) in the currencies it supports
 * (https://developer.paypal.com/api/rest/reference/currency-codes/): two decimals, except
 * HUF, JPY and TWD, which take none. Other currencies (KWD, BHD and the other three-decimal
 * ones among them) it does not take at all. The shop keeps ISO 4217 minor units (lib/money.ts).
 */

export const PAYPAL_CURRENCIES = new Set(['AUD', 'BRL', 'CAD', 'CNY', 'CZK', 'DKK', 'EUR', 'HKD', 'HUF', 'ILS', 'JPY', 'MYR', 'MXN', 'TWD', 'NZD', 'NOK', 'PHP', 'PLN', 'GBP', 'SGD', 'SEK', 'CHF', 'THB', 'USD']);
const NO_DECIMALS = new Set(['HUF', 'JPY', 'TWD']);

export const paypalDecimals = (currency: string): number => (NO_DECIMALS.has(currency.toUpperCase()) ? 0 : 2);

/** Why PayPal cannot take exactly this amount, or null when it can. */
export function paypalRefusal(minor: number, currency: string): string | null {
  const c = currency.toUpperCase();
  if (!PAYPAL_CURRENCIES.has(c)) return `PayPal does not take payments in ${c}.`;
  const shift = currencyInfo(c).exponent - paypalDecimals(c);
  if (!Number.isSafeInteger(minor) || minor < 1) return 'PayPal cannot take this amount.';
  if (shift > 0 && minor % 10 ** shift !== 0) return `PayPal takes ${c} in whole units only.`;
  return null;
}

/** The shop's minor units as PayPal's `value`; null when PayPal cannot take exactly that. */
export function toPayPalValue(minor: number, currency: string): string | null {
  if (paypalRefusal(minor, currency)) return null;
  const c = currency.toUpperCase();
  const exp = currencyInfo(c).exponent;
  const units = minor / 10 ** Math.max(0, exp - paypalDecimals(c));
  const d = paypalDecimals(c);
  if (d === 0) return String(units);
  const s = String(units).padStart(d + 1, '0');
  return `${s.slice(0, -d)}.${s.slice(-d)}`;
}

/** PayPal's `value` back into the shop's minor units; null when it is not a plain decimal of the currency. */
export function fromPayPalValue(value: string, currency: string): number | null {
  const c = currency.toUpperCase();
  const m = /^(\d{1,15})(?:\.(\d{1,3}))?$/.exec(value);
  if (!m) return null;
  const exp = currencyInfo(c).exponent;
  const frac = (m[2] ?? '').padEnd(exp, '0');
  if (frac.length > exp && /[1-9]/.test(frac.slice(exp))) return null;
  const n = Number(`${m[1]}${frac.slice(0, exp)}`);
  return Number.isSafeInteger(n) ? n : null;
}
