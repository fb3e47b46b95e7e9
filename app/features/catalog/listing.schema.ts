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

export type ListingQuery = z.infer<typeof listingQuerySchema>;

export function parseListingQuery(params: URLSearchParams | Record<string, unknown>): ListingQuery {
  const obj = params instanceof URLSearchParams ? firstValues(params) : params;
  return listingQuerySchema.parse(obj);
}
