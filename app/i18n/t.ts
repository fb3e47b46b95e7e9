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

/** The plural categories a catalog may give a counted message (CLDR names). */
type PluralCategory = Intl.LDMLPluralRule;

/**
 * A counted message is a family of keys `base.one`, `base.other` (and `base.few`, `base.many`…
 * where a language has them); `base` is what callers pass. Every family has an `other` form.
 */
export type PluralBase<K extends string> = K extends `${infer B}.other` ? B : never;

/* The shipped catalogs are English, so English rules pick the form; a catalog in another
   language would pass its own rules with it. */
const englishRules = new Intl.PluralRules('en');

/**
 * Picks the form of a counted message for `count` by the language's plural rules
 * (Intl.PluralRules), falling back to `other`, and fills {count} and the other placeholders.
 */
export function pluralIn(
  catalog: Readonly<Record<string, string>>,
  base: string,
  count: number,
  vars?: Record<string, string | number>,
  rules: Intl.PluralRules = englishRules,
): string {
  const category: PluralCategory = rules.select(count);
  const text = catalog[`${base}.${category}`] ?? catalog[`${base}.other`];
  if (text === undefined) throw new Error(`No plural forms for message ${base}`);
  return fill(text, { count, ...vars });
}

