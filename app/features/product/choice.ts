import type { Choice, FormAttribute } from './variations.ts';

/*
 * The part of the variation rules the product page itself needs (reading the choice from the
 * address); variations.ts has the rest and re-exports these. Apart so the page's first
 * JavaScript does not carry the variation form's matcher (it loads with the form).
 */

export const ATTRIBUTE_PREFIX = 'attribute_';
export const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** "attribute_pa_color" / "attribute_color" / "color" → "color". */
export const slugOfKey = (key: string) => key.replace(/^attribute_/, '').replace(/^pa_/, '').toLowerCase();

/**
 * The choice a URL carries (?attribute_color=blue&attribute_size=L), keeping only real
 * options (in their own spelling); anything else is ignored.
 */
export function choiceFromSearch(search: URLSearchParams | string, attributes: Pick<FormAttribute, 'slug' | 'options'>[]): Choice {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const given: Record<string, string> = {};
  for (const [k, v] of params) if (k.startsWith(ATTRIBUTE_PREFIX)) given[slugOfKey(k)] = v;
  const choice: Choice = {};
  for (const a of attributes) {
    const raw = given[a.slug];
    choice[a.slug] = raw ? (a.options.find((o) => same(o, raw)) ?? '') : '';
  }
  return choice;
}

