import { z } from 'zod';
import { firstValues, queryText } from '../../lib/validate.ts';
import { ORDERINGS, type Ordering } from './orderings.ts';

/** Orderings of a listing, by their `?orderby=` values (the WooCommerce names). */
export { ORDERINGS, type Ordering };

export const PER_PAGE_DEFAULT = 12;
export const PER_PAGE_MAX = 100;
/** Pages beyond this are clamped: deep offsets are slow and no shopper pages that far. */
export const PAGE_MAX = 10_000;

/** A non-negative whole number, or undefined for anything else ("abc", -1, "") — ignored, never an error. */
const lenientInt = (max: number) =>
  z.preprocess((v) => {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'number' ? v : NaN;
    return Number.isFinite(n) && n >= 0 ? Math.min(Math.floor(n), max) : undefined;
  }, z.number().int().optional());

/**
 * Listing query from the URL. Shoppers and crawlers send anything; bad values are ignored or
 * clamped rather than refused, so a mistyped link still shows the shop.
 */
export const listingQuerySchema = z.object({
  orderby: z.preprocess((v) => ((ORDERINGS as readonly unknown[]).includes(v) ? v : undefined), z.enum(ORDERINGS).optional()),
  min_price: lenientInt(1_000_000_000),
  max_price: lenientInt(1_000_000_000),
  page: z.preprocess((v) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= 1 ? Math.min(n, PAGE_MAX) : 1;
  }, z.number().int()),
  per_page: z.preprocess((v) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= 1 ? Math.min(n, PER_PAGE_MAX) : undefined;
  }, z.number().int().optional()),
  // Text is cut to its limit (docs/API.md, "Input rules"): no path, slug or search is longer.
  category: z.preprocess((v) => queryText(v, 500), z.string().optional()),
  tag: z.preprocess((v) => queryText(v, 200), z.string().optional()),
  s: z.preprocess((v) => queryText(v, 200)?.trim(), z.string().optional()),
});

/** Attribute filters (`filter_<attribute slug>=value,value`): at most this many attributes and values each. */
export const FILTER_MAX_ATTRIBUTES = 5;
export const FILTER_MAX_VALUES = 20;
const FILTER_SLUG = /^filter_([a-z0-9_-]{1,60})$/;

export type AttributeFilters = Record<string, string[]>;

export type ListingQuery = z.infer<typeof listingQuerySchema> & {
  /**
   * Attribute filters by attribute slug: a product matches when it has one of the values (an
   * attribute's values are alternatives) of every filtered attribute. Values are compared as
   * stored ("Navy"); malformed names and empty values are ignored.
   */
  filters: AttributeFilters;
};

export function parseListingQuery(params: URLSearchParams | Record<string, unknown>): ListingQuery {
  const obj = params instanceof URLSearchParams ? firstValues(params) : params;
  return { ...listingQuerySchema.parse(obj), filters: parseFilters(params) };
}

/** `filter_color=Navy,Crimson` (or the name repeated, as checkboxes send it) → { color: ['Crimson', 'Navy'] }. */
export function parseFilters(params: URLSearchParams | Record<string, unknown>): AttributeFilters {
  const entries: [string, unknown][] = params instanceof URLSearchParams ? [...params] : Object.entries(params);
  const out = new Map<string, Set<string>>();
  for (const [key, raw] of entries) {
    const slug = FILTER_SLUG.exec(key)?.[1];
    if (!slug) continue;
    const list = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
    for (const v of list.flatMap((x) => x.split(','))) {
      const value = v.replaceAll('\u0000', '').trim().slice(0, 100);
      if (!value) continue;
      if (!out.has(slug)) {
        if (out.size >= FILTER_MAX_ATTRIBUTES) break;
        out.set(slug, new Set());
      }
      const set = out.get(slug)!;
      if (set.size < FILTER_MAX_VALUES) set.add(value);
    }
  }
  // Sorted, so the same filters written in another order share caches and links.
  return Object.fromEntries([...out.keys()].sort().map((k) => [k, [...out.get(k)!].sort()]));
}

/** The filters as URL parameters (`filter_color=Crimson,Navy`). */
export function filterParams(filters: AttributeFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v.length).map(([k, v]) => [`filter_${k}`, v.join(',')]));
}
