import { en, type MessageKey } from './en.ts';

/** Fills {placeholders} of a message with the given values (unknown ones stay as written). */
export function fill(text: string, vars?: Record<string, string | number>): string {
  return vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : text;
}

/**
 * Looks a message up in the catalog and fills in {placeholders}. English is the only
 * catalog shipped; a missing key falls back to English. Checkout, order and My account
 * screens use t-orders.ts, which adds their own catalog.
 */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  return fill(en[key], vars);
}
