import type { DB } from '../../../../db/client.ts';
import type { ProductsTable, StockStatus } from '../../../../db/schema.ts';
import { nowIso } from '../../../lib/time.ts';
import { slugify } from '../catalog-write.server.ts';
import type { Field, Header } from './columns.ts';
import type { ParsedProduct } from './rows.ts';
import type { SkuIndex } from './skus.server.ts';
import type { TermCache } from './terms.server.ts';

/*
 * Create-or-update of one product for the importer. catalog-write.server.ts creates
 * products but cannot update one, and recomputes listing columns and category counts on
 * every write, which makes a 10,000-row import quadratic; here the caller recomputes in
 * batches (recomputeProducts / recountCategories). Candidates to move into catalog-write.
 */

type ProductColumn = Exclude<keyof ProductsTable, 'id'>;

/** Which parts of a product the file carries: an update leaves everything else as it was. */
export interface Present {
  columns: Set<string>;
  categories: boolean;
  tags: boolean;
  images: boolean;
  attributes: boolean;
  downloads: boolean;
}

const COLUMNS_OF: Partial<Record<Field, string[]>> = {
  type: ['type', 'virtual', 'downloadable'],
  published: ['status'],
  stock: ['manage_stock', 'stock_quantity', 'stock_status'],
  backorders: ['backorders', 'stock_status'],
  position: ['menu_order'],
  id: [], gtin: [], categories: [], tags: [], images: [], parent: [], grouped: [], upsell: [], crosssell: [], brands: [],
};

export function presentIn(header: Header): Present {
  const fields = new Set(header.columns.flatMap((c) => (c.kind === 'field' ? [c.field] : [])));
  const columns = new Set([...fields].flatMap((f) => COLUMNS_OF[f] ?? [f]));
  const has = (kind: string) => header.columns.some((c) => c.kind === kind);
  return { columns, categories: fields.has('categories'), tags: fields.has('tags'), images: fields.has('images'), attributes: has('attribute'), downloads: has('download') };
}

// Mirrors catalog-write: stock follows the quantity when it is managed.
export function derivedStock(p: { manage_stock: 0 | 1; stock_quantity?: number | null; stock_status: StockStatus; backorders: string }): StockStatus {
  if (!p.manage_stock || p.stock_quantity == null) return p.stock_status;
  if (p.stock_quantity > 0) return 'instock';
  return p.backorders === 'no' ? 'outofstock' : 'onbackorder';
}

// A bare date is a whole day: sales start at its first and end at its last millisecond (UTC).
export const saleStart = (d: string | null | undefined) => (d ? new Date(d.length === 10 ? `${d}T00:00:00.000Z` : d).toISOString() : null);
export const saleEnd = (d: string | null | undefined) => (d ? new Date(d.length === 10 ? `${d}T23:59:59.999Z` : d).toISOString() : null);

export function pick<T extends Record<string, unknown>>(values: T, keep: Set<string>): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([k]) => keep.has(k))) as Partial<T>;
}

async function uniqueSlug(trx: DB, base: string): Promise<string> {
  // The exact slug first: one index look-up for the usual case of a new name.
  if (!(await trx.selectFrom('products').select('id').where('slug', '=', base).executeTakeFirst())) return base;
  const rows = await trx.selectFrom('products').select('slug').where('slug', 'like', `${base}-%`).execute();
  const taken = new Set(rows.map((r) => r.slug));
  let i = 2;
  while (taken.has(`${base}-${i}`)) i++;
  return `${base}-${i}`;
}

export interface SaveOptions {
  present: Present;
  terms: TermCache;
  skus: SkuIndex;
  /** Media ids in gallery order; ignored unless the file has an Images column. */
  images: number[];
  downloads: { name: string; url: string }[];
}

/** Writes one product (not its variations or links); answers its id and the categories to recount. */
export async function saveProduct(trx: DB, p: ParsedProduct, existingId: number | null, o: SaveOptions): Promise<{ id: number; categoryIds: number[] }> {
  const fresh = existingId === null;
  const skuGiven = fresh || o.present.columns.has('sku');
  if (skuGiven) o.skus.check(p.sku, { kind: 'product', id: existingId ?? undefined });
  const now = nowIso();
  const all = {
    type: p.type, name: p.name, status: p.status, catalog_visibility: p.catalog_visibility, featured: p.featured, sku: p.sku ?? null,
    short_description: p.short_description, description: p.description, regular_price: p.regular_price ?? null, sale_price: p.sale_price ?? null,
    sale_from: saleStart(p.sale_from), sale_to: saleEnd(p.sale_to), tax_status: p.tax_status, tax_class: p.tax_class,
    manage_stock: p.manage_stock, stock_quantity: p.stock_quantity ?? null, stock_status: derivedStock(p), backorders: p.backorders,
    low_stock_amount: p.low_stock_amount ?? null, sold_individually: p.sold_individually, weight: p.weight ?? null, length: p.length ?? null,
    width: p.width ?? null, height: p.height ?? null, virtual: p.virtual, downloadable: p.downloadable, download_limit: p.download_limit ?? null,
    download_expiry: p.download_expiry ?? null, external_url: p.external_url ?? null, button_text: p.button_text ?? null,
    purchase_note: p.purchase_note, reviews_allowed: p.reviews_allowed, shipping_class: p.shipping_class, menu_order: p.menu_order,
  } satisfies Partial<Record<ProductColumn, unknown>>;
  const image = o.present.images ? { image_id: o.images[0] ?? null } : {};
  let id: number;
  const before: number[] = [];
  if (existingId === null) {
    const slug = await uniqueSlug(trx, slugify(p.slug || p.name, 'product'));
    const row = await trx
      .insertInto('products')
      .values({ ...all, ...image, slug, meta: JSON.stringify(p.meta), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } else {
    id = existingId;
    const old = await trx.selectFrom('products').select('meta').where('id', '=', id).executeTakeFirstOrThrow();
    const meta = JSON.stringify({ ...parseMeta(old.meta), ...p.meta });
    await trx.updateTable('products').set({ ...pick(all, o.present.columns), ...image, meta, updated_at: now }).where('id', '=', id).execute();
    before.push(...(await trx.selectFrom('product_categories').select('category_id').where('product_id', '=', id).execute()).map((r) => r.category_id));
  }
  if (skuGiven) o.skus.assign({ kind: 'product', id }, p.sku);
  if (o.present.images) {
    if (!fresh) await trx.deleteFrom('product_images').where('product_id', '=', id).execute();
    const gallery = [...new Set(o.images)];
    if (gallery.length) await trx.insertInto('product_images').values(gallery.map((m, i) => ({ product_id: id, media_id: m, position: i }))).execute();
  }
  let categoryIds = before;
  if (fresh || o.present.categories) {
    const ids = new Set<number>();
    for (const c of p.categories.length ? p.categories : [['Uncategorized']]) ids.add(typeof c === 'number' ? c : await o.terms.category(trx, c));
    if (!fresh) await trx.deleteFrom('product_categories').where('product_id', '=', id).execute();
    await trx.insertInto('product_categories').values([...ids].map((c) => ({ product_id: id, category_id: c }))).execute();
    categoryIds = [...new Set([...before, ...ids])];
  }
  if (o.present.tags) {
    const ids = new Set<number>();
    for (const t of p.tags) ids.add(typeof t === 'number' ? t : await o.terms.tag(trx, t));
    if (!fresh) await trx.deleteFrom('product_tags').where('product_id', '=', id).execute();
    if (ids.size) await trx.insertInto('product_tags').values([...ids].map((t) => ({ product_id: id, tag_id: t }))).execute();
  }
  if (o.present.attributes) {
    if (!fresh) await trx.deleteFrom('product_attributes').where('product_id', '=', id).execute();
    if (p.attributes.length) {
      await trx
        .insertInto('product_attributes')
        .values(p.attributes.map((a, i) => ({ ...a, product_id: id, slug: slugify(a.slug || a.name, 'attribute'), position: i, options: JSON.stringify(a.options), swatches: JSON.stringify(a.swatches) })))
        .execute();
    }
  }
  if (o.present.downloads) {
    // The CSV's downloads are the product's external links (kept by URL, so a re-import leaves
    // shoppers' accesses to them alone); files uploaded in the shop are not the CSV's to remove.
    const listed = new Map(o.downloads.map((d) => [d.url, d]));
    const have = fresh ? [] : await trx.selectFrom('product_downloads').select(['id', 'url', 'name']).where('product_id', '=', id).where('file_key', 'is', null).where('variation_id', 'is', null).execute();
    const gone = have.filter((d) => !listed.has(d.url)).map((d) => d.id);
    if (gone.length) await trx.deleteFrom('product_downloads').where('id', 'in', gone).execute();
    for (const d of have) {
      const again = listed.get(d.url);
      if (again && again.name !== d.name) await trx.updateTable('product_downloads').set({ name: again.name }).where('id', '=', d.id).execute();
    }
    const known = new Set(have.map((d) => d.url));
    const added = [...listed.values()].filter((d) => !known.has(d.url));
    if (added.length) await trx.insertInto('product_downloads').values(added.map((d) => ({ ...d, product_id: id }))).execute();
  }
  return { id, categoryIds };
}

export function parseMeta(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
