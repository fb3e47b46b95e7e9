import type { DB } from '../../../../db/client.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { nowIso } from '../../../lib/time.ts';
import { slugify } from '../catalog-write.server.ts';
import type { ParsedVariation } from './rows.ts';
import type { SkuIndex } from './skus.server.ts';
import { derivedStock, parseMeta, pick, saleEnd, saleStart } from './upsert.server.ts';

/*
 * Create-or-update of one variation under a product already in the database. A variation
 * is found again by its SKU, its WooCommerce ID, or else by the same attribute choice
 * under the same parent, so re-importing a file never duplicates it.
 */

const VARIATION_COLUMNS: Record<string, string[]> = {
  sku: ['sku'], published: ['status'], description: ['description'], regular_price: ['regular_price'], sale_price: ['sale_price'],
  sale_from: ['sale_from'], sale_to: ['sale_to'], stock: ['manage_stock', 'stock_quantity', 'stock_status'], stock_status: ['stock_status'],
  backorders: ['backorders', 'stock_status'], weight: ['weight'], length: ['length'], width: ['width'], height: ['height'],
  type: ['virtual', 'downloadable'], tax_class: ['tax_class'], shipping_class: ['shipping_class'], position: ['menu_order'],
};

export const variationColumns = (fields: Set<string>): Set<string> => new Set([...fields].flatMap((f) => VARIATION_COLUMNS[f] ?? []));

interface ParentAttribute {
  id: number;
  name: string;
  slug: string;
  options: string[];
  variation: number;
}

const matchOption = (options: string[], value: string) => options.find((o) => o === value) ?? options.find((o) => slugify(o) === slugify(value));
const canonical = (a: Record<string, string>) => JSON.stringify(Object.fromEntries(Object.entries(a).sort(([x], [y]) => x.localeCompare(y))));

/** The parent's attribute slug → option for this choice; refuses names and options the parent lacks. */
async function attributesFor(trx: DB, productId: number, choice: Record<string, string>): Promise<Record<string, string>> {
  const rows = await trx.selectFrom('product_attributes').select(['id', 'name', 'slug', 'options', 'variation']).where('product_id', '=', productId).execute();
  const attrs: ParentAttribute[] = rows.map((r) => ({ ...r, options: JSON.parse(r.options) as string[] }));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(choice)) {
    const attr = attrs.find((a) => a.name.toLowerCase() === name.toLowerCase() || a.slug === slugify(name, 'attribute'));
    if (!attr) throw new HttpError(400, 'invalid', `"${name}" is not an attribute of the parent product.`);
    const option = value === '' ? '' : matchOption(attr.options, value);
    if (option === undefined) throw new HttpError(400, 'invalid', `"${value}" is not one of the parent's ${attr.name} options (${attr.options.join(', ')}).`);
    // A parent exported before its variations existed may not flag the attribute yet.
    if (!attr.variation) await trx.updateTable('product_attributes').set({ variation: 1 }).where('id', '=', attr.id).execute();
    out[attr.slug] = option;
  }
  return out;
}

export interface VariationSave {
  productId: number;
  choice: Record<string, string>;
  variation: ParsedVariation;
  /** Variation id known from its WooCommerce ID, if any. */
  knownId: number | null;
  /** Media id of its image; undefined leaves the current one. */
  imageId: number | null | undefined;
  columns: Set<string>;
  skus: SkuIndex;
}

export async function saveVariation(trx: DB, s: VariationSave): Promise<{ id: number; created: boolean }> {
  const v = s.variation;
  const attributes = await attributesFor(trx, s.productId, s.choice);
  let id = s.knownId;
  const bySku = s.skus.owner(v.sku);
  if (id === null && bySku?.kind === 'variation') id = bySku.id;
  if (id === null) {
    const siblings = await trx.selectFrom('product_variations').select(['id', 'attributes']).where('product_id', '=', s.productId).execute();
    const wanted = canonical(attributes);
    id = siblings.find((r) => canonical(parseMeta(r.attributes) as Record<string, string>) === wanted)?.id ?? null;
  }
  if (id !== null) {
    const owner = await trx.selectFrom('product_variations').select(['product_id', 'meta']).where('id', '=', id).executeTakeFirstOrThrow();
    if (owner.product_id !== s.productId) throw new HttpError(409, 'sku_taken', `This variation (${v.sku ? `SKU "${v.sku}"` : 'same ID'}) belongs to another product.`);
    s = { ...s, variation: { ...v, meta: { ...parseMeta(owner.meta), ...v.meta } } };
  }
  const skuGiven = id === null || s.columns.has('sku');
  if (skuGiven) s.skus.check(v.sku, { kind: 'variation', id: id ?? undefined });
  const now = nowIso();
  const all = {
    sku: v.sku ?? null, status: v.status, description: v.description, regular_price: v.regular_price ?? null, sale_price: v.sale_price ?? null,
    sale_from: saleStart(v.sale_from), sale_to: saleEnd(v.sale_to), manage_stock: v.manage_stock, stock_quantity: v.stock_quantity ?? null,
    stock_status: derivedStock(v), backorders: v.backorders, weight: v.weight ?? null, length: v.length ?? null, width: v.width ?? null,
    height: v.height ?? null, virtual: v.virtual, downloadable: v.downloadable, tax_class: v.tax_class, shipping_class: v.shipping_class,
    menu_order: v.menu_order,
  };
  const image = s.imageId === undefined ? {} : { image_id: s.imageId };
  const meta = JSON.stringify(s.variation.meta);
  if (id === null) {
    const row = await trx
      .insertInto('product_variations')
      .values({ ...all, ...image, product_id: s.productId, attributes: JSON.stringify(attributes), meta, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    s.skus.assign({ kind: 'variation', id: row.id }, v.sku);
    return { id: row.id, created: true };
  }
  await trx
    .updateTable('product_variations')
    .set({ ...pick(all, s.columns), ...image, attributes: JSON.stringify(attributes), meta, updated_at: now })
    .where('id', '=', id)
    .execute();
  if (skuGiven) s.skus.assign({ kind: 'variation', id }, v.sku);
  return { id, created: false };
}
