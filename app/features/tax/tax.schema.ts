import { z } from 'zod';
import { listDir, listPage, listSearch } from '../../lib/list-query.ts';

/*
 * Tax rate input, shared by the admin form and WooCommerce CSV rows: the same rules, the
 * same messages. "*" means "any" as in WooCommerce's CSV.
 */

/** Tax classes every shop has; "" is the standard class. */
export const DEFAULT_TAX_CLASSES = ['', 'reduced-rate', 'zero-rate'] as const;

export function taxClassLabel(slug: string): string {
  if (!slug) return 'Standard';
  return slug.charAt(0).toUpperCase() + slug.slice(1).replace(/-/g, ' ');
}

/** Class name or slug → slug; "standard" is the standard class (""). */
export function taxClassSlug(input: string): string {
  const slug = input
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === 'standard' ? '' : slug;
}

/**
 * A percentage typed as text ("20", "8.875", "20.0000 %") in ten-thousandths of a percent, as
 * stored (20 % = 200000); null when it is not a plain number with at most four decimals.
 */
export function parseRatePercent(text: string): number | null {
  const m = /^(\d{1,4})(?:\.(\d{0,4}))?$/.exec(text.trim().replace(/\s*%$/, ''));
  if (!m) return null;
  return Number(m[1]) * 10000 + Number((m[2] ?? '').padEnd(4, '0'));
}

/** Ten-thousandths of a percent as text, trailing zeros dropped: 200000 → "20", 88750 → "8.875". */
export function formatRatePercent(stored: number): string {
  const int = Math.floor(stored / 10000);
  const frac = String(stored % 10000).padStart(4, '0').replace(/0+$/, '');
  return frac ? `${int}.${frac}` : String(int);
}

const any = (v: unknown) => {
  const s = String(v ?? '').trim();
  return s === '*' ? '' : s;
};
/** Semicolon- or line-separated list, "*" or empty for any, stored as "a;b". */
const list = (upper: boolean, max: number) =>
  z.preprocess(
    (v) =>
      any(v)
        .split(/[;\n\r]+/)
        .map((s) => (upper ? s.trim().toUpperCase() : s.trim()))
        .filter((s) => s && s !== '*')
        .join(';'),
    z.string().max(max, `At most ${max} characters`),
  );
const flag = (fallback: boolean) =>
  z.preprocess((v) => {
    const s = String(v ?? '').trim().toLowerCase();
    if (s === '') return fallback;
    return ['1', 'on', 'yes', 'true'].includes(s) ? true : ['0', 'off', 'no', 'false'].includes(s) ? false : s;
  }, z.boolean({ message: 'Use 1 or 0' }));

export const taxRateInputSchema = z.object({
  country: z.preprocess(
    (v) => any(v).toUpperCase(),
    z.string().regex(/^([A-Z]{2})?$/, 'Use a two-letter country code, or leave empty for any'),
  ),
  state: z.preprocess((v) => any(v).toUpperCase(), z.string().max(100, 'At most 100 characters')),
  postcodes: list(true, 10000),
  cities: list(true, 10000),
  rate: z.preprocess(
    (v) => parseRatePercent(String(v ?? '')) ?? Number.NaN,
    z
      .number({ message: 'Enter a percentage such as 20 or 8.875 (at most four decimals)' })
      .int()
      .min(0, 'Must not be negative')
      .max(1_000_000, 'At most 100 %'),
  ),
  name: z.preprocess((v) => String(v ?? '').trim(), z.string().max(200, 'At most 200 characters')),
  priority: z.preprocess(
    (v) => (String(v ?? '').trim() === '' ? 1 : Number(v)),
    z.number({ message: 'Priority must be a whole number' }).int('Priority must be a whole number').min(1, 'Priority is at least 1').max(1000),
  ),
  compound: flag(false),
  shipping: flag(true),
  taxClass: z.preprocess((v) => taxClassSlug(String(v ?? '')), z.string().max(100, 'At most 100 characters')),
});
export type TaxRateInput = z.infer<typeof taxRateInputSchema>;

export const IMPORT_MODES = ['append', 'replace'] as const;
export const importModeSchema = z.enum(IMPORT_MODES, { message: 'Choose append or replace' });

export const TAX_RATE_SORTS = ['order', 'country', 'rate', 'name'] as const;

/** /admin/tax's query: one class's rates, searched by country, state or name, sorted (matching order by default), a page. */
export const taxRateListQuerySchema = z.object({
  class: z.string().max(100).catch('').transform(taxClassSlug),
  q: listSearch,
  sort: z.enum(TAX_RATE_SORTS).catch('order'),
  dir: listDir('asc'),
  page: listPage,
});
export type TaxRateListQuery = z.output<typeof taxRateListQuerySchema>;
