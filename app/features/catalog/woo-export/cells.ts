import type { Backorders, StockStatus } from '../../../../db/schema.ts';
import { plainPrice, type PriceFormat } from '../../../lib/money.ts';
import { FIELDS, type Field } from '../woo-import/columns.ts';
import { refText, type Ref } from '../woo-import/values.ts';

/*
 * Cell writers for WooCommerce's product CSV: each is the inverse of a reader in
 * woo-import/values.ts, and the headers are that importer's own (columns.ts FIELDS), so an
 * export reads back into the same product. The column order is WooCommerce's exporter's.
 */

/** The fixed columns in WooCommerce's order; numbered download and attribute columns follow. */
export const EXPORT_FIELDS: readonly Field[] = [
  'id', 'type', 'sku', 'gtin', 'name', 'published', 'featured', 'catalog_visibility', 'short_description', 'description',
  'sale_from', 'sale_to', 'tax_status', 'tax_class', 'stock_status', 'stock', 'low_stock_amount', 'backorders', 'sold_individually',
  'weight', 'length', 'width', 'height', 'reviews_allowed', 'purchase_note', 'sale_price', 'regular_price', 'categories', 'tags',
  'shipping_class', 'images', 'download_limit', 'download_expiry', 'parent', 'grouped', 'upsell', 'crosssell', 'external_url',
  'button_text', 'position', 'brands',
];

/** The shop stores kg and cm; the header says so, as WooCommerce's does ("Weight (kg)"). */
const UNITS: Partial<Record<Field, string>> = { weight: 'kg', length: 'cm', width: 'cm', height: 'cm' };

/** The header row's cells for `downloads` download and `attributes` attribute groups. */
export function exportHeader(downloads: number, attributes: number): string[] {
  const fixed = EXPORT_FIELDS.map((f) => (UNITS[f] ? `${FIELDS[f]} (${UNITS[f]})` : FIELDS[f]));
  const dl = Array.from({ length: downloads }, (_, i) => [`Download ${i + 1} ID`, `Download ${i + 1} name`, `Download ${i + 1} URL`]).flat();
  const attrs = Array.from({ length: attributes }, (_, i) =>
    ['name', 'value(s)', 'visible', 'global', 'default'].map((part) => `Attribute ${i + 1} ${part}`),
  ).flat();
  return [...fixed, ...dl, ...attrs];
}

/** Inverse of `explode`: items joined by ", " with their own commas written "\,". */
export const implode = (items: readonly string[]): string => items.map((s) => s.replace(/,/g, '\\,')).join(', ');

/** Inverse of `description`: line breaks as the two characters "\n", a literal "\n" as "\\n". */
export const descriptionCell = (text: string): string =>
  text
    .split('\\n')
    .map((part) => part.replace(/\r?\n/g, '\\n'))
    .join('\\\\n');

export const flag = (b: number | boolean): string => (b ? '1' : '0');

/** Inverse of `published`: 1 published, 0 private, -1 anything not yet out (draft, pending, scheduled). */
export const publishedCell = (status: string): string => (status === 'publish' ? '1' : status === 'private' ? '0' : '-1');

/** Inverse of `stockStatus`. */
export const stockStatusCell = (s: StockStatus): string => (s === 'instock' ? '1' : s === 'outofstock' ? '0' : 'backorder');

/** Inverse of `backorders`. */
export const backordersCell = (b: Backorders): string => (b === 'notify' ? 'notify' : b === 'yes' ? '1' : '0');

/** A price cell in the currency's decimals (`money.pricePrecision` is the currency's exponent), empty for none. */
export const priceCell = (minor: number | null, money: Pick<PriceFormat, 'currency' | 'pricePrecision'>): string => (minor === null ? '' : plainPrice(minor, money));

/** Sale dates are whole days (saleStart/saleEnd): the day as WooCommerce writes it. */
export const dateCell = (iso: string | null): string => (iso ? iso.slice(0, 10) : '');

export const numberCell = (n: number | null): string => (n === null || n === undefined ? '' : String(n));

/** A product named in Parent, Upsells, Cross-sells or Grouped products: its SKU, else "id:NN". */
export const refCell = (p: { id: number; sku: string | null }): string => refText((p.sku ? { sku: p.sku } : { id: p.id }) satisfies Ref);

/** "variable, virtual": the type with WooCommerce's flags. */
export const typeCell = (type: string, virtual: number, downloadable: number): string =>
  [type, ...(downloadable ? ['downloadable'] : []), ...(virtual ? ['virtual'] : [])].join(', ');
