import { unescapeFormula } from '../../../lib/csv-write.ts';
import { toMinor } from '../../../lib/money.ts';

/*
 * Cell readers for WooCommerce's export conventions. Each throws CellError with a message a
 * shop owner can act on; rows.ts turns it into "Column: message" for the row.
 */

export class CellError extends Error {}

/**
 * WooCommerce prefixes cells starting with = + - @ with an apostrophe so spreadsheets do not
 * run them as formulas ("'-1"); the apostrophe is not part of the value (csv-write.ts).
 */
export const unescapeCell = unescapeFormula;

/** A comma-separated list where "\," is a comma inside an item (as WooCommerce writes it). */
export function explode(v: string): string[] {
  return v
    .split(/(?<!\\),/)
    .map((s) => s.replace(/\\,/g, ',').trim())
    .filter(Boolean);
}

/** Descriptions come with line breaks written as the two characters "\n" ("\\n" for a literal). */
export function description(v: string): string {
  return v
    .split('\\\\n')
    .map((part) => part.replace(/\\n/g, '\n'))
    .join('\\n');
}

const TRUE = new Set(['1', 'yes', 'true']);
const FALSE = new Set(['0', 'no', 'false']);

export function bool(v: string, fallback: 0 | 1): 0 | 1 {
  const s = v.trim().toLowerCase();
  if (!s) return fallback;
  if (TRUE.has(s)) return 1;
  if (FALSE.has(s)) return 0;
  throw new CellError(`"${v}" is not 1 or 0`);
}

export function integer(v: string, { min = -1e9, max = 1e9 } = {}): number | null {
  const s = v.trim();
  if (!s) return null;
  // Exporters sometimes write whole numbers as "5.0".
  if (!/^[+-]?\d+(\.0+)?$/.test(s)) throw new CellError(`"${v}" is not a whole number`);
  const n = Number.parseInt(s, 10);
  if (n < min || n > max) throw new CellError(`${n} is out of range (${min} to ${max})`);
  return n;
}

/**
 * A price in the shop's currency as minor units. The exporter writes the decimal separator
 * of the shop it came from, so a lone comma ("12,50") is read as a decimal point.
 */
export function price(v: string, currency: string): number | null {
  let s = v.trim().replace(/\s/g, '');
  if (!s) return null;
  if (!s.includes('.') && /^\d*,\d+$/.test(s)) s = s.replace(',', '.');
  const minor = toMinor(s, currency);
  if (minor === null) throw new CellError(`"${v}" is not a price (use digits and a decimal point, e.g. 12.50)`);
  if (minor < 0) throw new CellError(`${v} is negative`);
  return minor;
}

/** "YYYY-MM-DD" with an optional time, which WooCommerce ignores too: sales run whole days. */
export function date(v: string): string | null {
  const s = v.trim();
  if (!s) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T][\d:.]*)?$/.exec(s);
  const d = m ? new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`) : null;
  if (!m || !d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== `${m[1]}-${m[2]}-${m[3]}`) {
    throw new CellError(`"${v}" is not a date (use YYYY-MM-DD)`);
  }
  return `${m[1]}-${m[2]}-${m[3]}`;
}

// The shop stores weights in kg and dimensions in cm, WooCommerce's defaults.
const WEIGHT_UNITS: Record<string, number> = { kg: 1, g: 0.001, lbs: 0.45359237, lb: 0.45359237, oz: 0.028349523125 };
const SIZE_UNITS: Record<string, number> = { cm: 1, m: 100, mm: 0.1, in: 2.54, yd: 91.44 };

export function measure(v: string, unit: string | undefined, kind: 'weight' | 'size'): number | null {
  const s = v.trim();
  if (!s) return null;
  const n = Number(s.replace(/^(\d*),(\d+)$/, '$1.$2'));
  if (!Number.isFinite(n) || n < 0 || !/^[\d.,]+$/.test(s)) throw new CellError(`"${v}" is not a positive number`);
  const table = kind === 'weight' ? WEIGHT_UNITS : SIZE_UNITS;
  const factor = unit ? table[unit] : 1;
  if (factor === undefined) throw new CellError(`the unit "${unit}" is not one of ${Object.keys(table).join(', ')}`);
  return Math.round(n * factor * 10_000) / 10_000;
}

export type Ref = { id: number } | { sku: string };

/** "id:42" names a product by its WooCommerce ID; anything else is a SKU. */
export function ref(v: string): Ref {
  const m = /^id:\s*(\d+)$/i.exec(v.trim());
  return m ? { id: Number(m[1]) } : { sku: v.trim() };
}

export const refText = (r: Ref): string => ('id' in r ? `id:${r.id}` : r.sku);

const TYPES = ['simple', 'variable', 'variation', 'grouped', 'external'] as const;
export type WooType = (typeof TYPES)[number];

/** "simple, downloadable, virtual": one product type plus optional flags. */
export function productType(v: string): { type: WooType; virtual: 0 | 1; downloadable: 0 | 1 } {
  const parts = explode(v.toLowerCase());
  const flags = { virtual: parts.includes('virtual') ? 1 : 0, downloadable: parts.includes('downloadable') ? 1 : 0 } as const;
  const types = parts.filter((p) => p !== 'virtual' && p !== 'downloadable');
  if (types.length > 1) throw new CellError(`"${v}" names more than one product type`);
  const type = types[0] ?? 'simple';
  if (!(TYPES as readonly string[]).includes(type)) {
    throw new CellError(`"${types[0]}" is not a product type (use ${TYPES.join(', ')}, optionally with downloadable, virtual)`);
  }
  return { type: type as WooType, ...flags };
}

/** Published: 1 publish, 0 private, -1 draft, as WooCommerce writes it; true/false also work. */
export function published(v: string): 'publish' | 'private' | 'draft' {
  const s = v.trim().toLowerCase();
  if (s === '1' || s === 'true') return 'publish';
  if (s === '0') return 'private';
  if (s === '-1' || s === 'false' || s === '') return 'draft';
  throw new CellError(`"${v}" is not 1, 0 or -1`);
}

export function stockStatus(v: string): 'instock' | 'outofstock' | 'onbackorder' {
  const s = v.trim().toLowerCase();
  if (s === '' || s === '1' || s === 'instock') return 'instock';
  if (s === '0' || s === 'outofstock') return 'outofstock';
  if (s === 'backorder' || s === 'onbackorder') return 'onbackorder';
  throw new CellError(`"${v}" is not 1, 0 or backorder`);
}

export function backorders(v: string): 'no' | 'yes' | 'notify' {
  const s = v.trim().toLowerCase();
  if (s === 'notify') return 'notify';
  return bool(s, 0) ? 'yes' : 'no';
}

export function oneOf<T extends string>(v: string, options: readonly T[], fallback: T): T {
  const s = v.trim().toLowerCase();
  if (!s) return fallback;
  if ((options as readonly string[]).includes(s)) return s as T;
  throw new CellError(`"${v}" is not one of ${options.join(', ')}`);
}
