import type { z } from 'zod';
import { productInputSchema, slugify } from '../catalog-write.server.ts';
import { FIELDS, type Field, type RawRow } from './columns.ts';
import * as v from './values.ts';

/*
 * One CSV record → a validated product or variation. Cells are read with WooCommerce's own
 * conventions (values.ts), then the result goes through the catalog's zod schema, which also
 * sanitises the HTML of descriptions and purchase notes.
 */

export type ParsedProduct = z.output<typeof productInputSchema>;
const variationSchema = productInputSchema.shape.variations.unwrap().element;
export type ParsedVariation = z.output<typeof variationSchema>;
export type LinkKind = 'grouped' | 'upsell' | 'crosssell';

interface RowBase {
  row: number;
  wooId: number | null;
  sku: string | null;
  /** Image URLs, the first being the main one. */
  images: string[];
  warnings: string[];
}

export interface ProductRow extends RowBase {
  kind: 'product';
  product: ParsedProduct;
  downloads: { name: string; url: string }[];
  /** Only the kinds whose column the file has; an empty list clears them. */
  links: Partial<Record<LinkKind, v.Ref[]>>;
}

export interface VariationRow extends RowBase {
  kind: 'variation';
  parent: v.Ref | null;
  /** Attribute name → option ("" for any). */
  choice: Record<string, string>;
  variation: ParsedVariation;
}

export type WooRow = ProductRow | VariationRow;
export type RowResult = { ok: true; value: WooRow } | { ok: false; reason: string };

const LINK_FIELDS: [Field, LinkKind][] = [['grouped', 'grouped'], ['upsell', 'upsell'], ['crosssell', 'crosssell']];
// Schema keys named after the column a shop owner would look at when a value is refused.
const HEADER_OF: Record<string, string> = { ...FIELDS, stock_quantity: FIELDS.stock, manage_stock: FIELDS.stock, menu_order: FIELDS.position, links: 'Grouped products', attributes: 'Attributes' };

function describe(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 3)
    .map((i) => {
      const key = String(i.path[0] ?? '');
      const header = HEADER_OF[key] ?? key;
      return header ? `${header}: ${i.message}` : i.message;
    })
    .join('; ');
}

/** Reads one record. `options.currency` converts prices to minor units. */
export function toWooRow(raw: RawRow, options: { currency: string }): RowResult {
  const f = raw.fields;
  const errors: string[] = [];
  const warnings: string[] = [];
  const cell = <T>(field: Field, read: (s: string) => T, absent: T): T => {
    const value = f[field];
    if (value === undefined) return absent;
    try {
      return read(v.unescapeCell(value));
    } catch (err) {
      if (!(err instanceof v.CellError)) throw err;
      errors.push(`${FIELDS[field]}: ${err.message}`);
      return absent;
    }
  };
  const text = (field: Field) => cell(field, (s) => s.trim(), '');
  const kind = cell('type', v.productType, { type: 'simple', virtual: 0, downloadable: 0 } as const);
  const stock = cell('stock', (s) => (s.trim().toLowerCase() === 'parent' ? null : v.integer(s)), null);
  const common = {
    sku: text('sku') || null,
    regular_price: cell('regular_price', (s) => v.price(s, options.currency), null),
    sale_price: cell('sale_price', (s) => v.price(s, options.currency), null),
    sale_from: cell('sale_from', v.date, null),
    sale_to: cell('sale_to', v.date, null),
    manage_stock: stock === null ? 0 : 1,
    stock_quantity: stock,
    stock_status: cell('stock_status', v.stockStatus, 'instock' as const),
    backorders: cell('backorders', v.backorders, 'no' as const),
    weight: cell('weight', (s) => v.measure(s, raw.units.weight, 'weight'), null),
    length: cell('length', (s) => v.measure(s, raw.units.length, 'size'), null),
    width: cell('width', (s) => v.measure(s, raw.units.width, 'size'), null),
    height: cell('height', (s) => v.measure(s, raw.units.height, 'size'), null),
    virtual: kind.virtual,
    downloadable: kind.downloadable,
    shipping_class: text('shipping_class'),
    menu_order: cell('position', (s) => v.integer(s) ?? 0, 0),
  };
  const wooId = cell('id', (s) => v.integer(s, { min: 1 }), null);
  const meta: Record<string, unknown> = { ...raw.meta };
  if (f.gtin?.trim()) meta._global_unique_id = f.gtin.trim();
  if (f.brands?.trim()) meta._brands = v.explode(f.brands);
  if (wooId) meta._woo_id = wooId;
  const images = v.explode(f.images ?? '').filter((url) => {
    if (/^https?:\/\/\S+$/i.test(url)) return true;
    warnings.push(`image "${url}" is not an http(s) address and was left out`);
    return false;
  });
  if (common.sale_price !== null && common.regular_price !== null && common.sale_price >= common.regular_price) {
    warnings.push('the sale price is not below the regular price, so it was left out');
    common.sale_price = null;
  }
  const base = { row: raw.row, wooId, sku: common.sku, images, warnings };

  if (kind.type === 'variation') {
    const status = cell('published', (s) => (v.published(s) === 'private' ? 'private' : 'publish'), 'publish' as const);
    const choice: Record<string, string> = {};
    for (const a of raw.attributes) choice[a.name.trim()] = v.explode(a.values)[0] ?? '';
    const input = { ...common, status, description: cell('description', v.description, ''), tax_class: f.tax_class === undefined ? 'parent' : text('tax_class'), attributes: choice, meta };
    if (errors.length) return { ok: false, reason: errors.join('; ') };
    const parsed = variationSchema.safeParse(input);
    if (!parsed.success) return { ok: false, reason: describe(parsed.error.issues) };
    const parent = text('parent');
    return { ok: true, value: { ...base, kind: 'variation', parent: parent ? v.ref(parent) : null, choice, variation: parsed.data } };
  }

  const defaults: Record<string, string> = {};
  const attributes = raw.attributes.map((a) => {
    if (a.default.trim()) defaults[slugify(a.name, 'attribute')] = a.default.trim();
    const read = (s: string, fallback: 0 | 1, label: string) => {
      try {
        return v.bool(s, fallback);
      } catch (err) {
        errors.push(`Attribute "${a.name}" ${label}: ${(err as Error).message}`);
        return fallback;
      }
    };
    return { name: a.name.trim(), options: v.explode(a.values), visible: read(a.visible, 1, 'visible'), is_global: read(a.global, 0, 'global'), variation: 0 as const };
  });
  if (Object.keys(defaults).length) meta._default_attributes = defaults;
  const name = text('name');
  if (!name) errors.unshift('Name is empty');
  const links: ProductRow['links'] = {};
  for (const [field, linkKind] of LINK_FIELDS) if (f[field] !== undefined) links[linkKind] = v.explode(f[field]).map(v.ref);
  const input = {
    ...common,
    type: kind.type,
    name,
    status: cell('published', v.published, 'publish'),
    featured: cell('featured', (s) => v.bool(s, 0), 0),
    catalog_visibility: cell('catalog_visibility', (s) => v.oneOf(s, ['visible', 'catalog', 'search', 'hidden'] as const, 'visible'), 'visible'),
    short_description: cell('short_description', v.description, ''),
    description: cell('description', v.description, ''),
    tax_status: cell('tax_status', (s) => v.oneOf(s.replace(/^true$/i, 'taxable').replace(/^false$/i, 'none'), ['taxable', 'shipping', 'none'] as const, 'taxable'), 'taxable'),
    tax_class: text('tax_class'),
    low_stock_amount: cell('low_stock_amount', (s) => v.integer(s, { min: 0 }), null),
    sold_individually: cell('sold_individually', (s) => v.bool(s, 0), 0),
    reviews_allowed: cell('reviews_allowed', (s) => v.bool(s, 1), 1),
    purchase_note: text('purchase_note'),
    download_limit: cell('download_limit', (s) => v.integer(s, { min: -1 }), null),
    download_expiry: cell('download_expiry', (s) => v.integer(s, { min: -1 }), null),
    external_url: text('external_url') || null,
    button_text: text('button_text') || null,
    categories: v.explode(text('categories')).map((path) => path.split('>').map((s) => s.trim()).filter(Boolean)),
    tags: v.explode(text('tags')),
    attributes,
    meta,
  };
  if (errors.length) return { ok: false, reason: errors.join('; ') };
  const parsed = productInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: describe(parsed.error.issues) };
  const downloads = raw.downloads.map((d) => ({ name: d.name.trim() || d.url.trim().split('/').pop() || 'Download', url: d.url.trim() }));
  return { ok: true, value: { ...base, kind: 'product', product: parsed.data, downloads, links } };
}
