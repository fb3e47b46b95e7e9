import type { DB } from '../../../db/client.ts';
import type { Bool, StockStatus } from '../../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput } from '../../lib/validate.ts';
import { inTransaction, recomputeProduct } from './catalog-recompute.server.ts';
import { ensureCategory, ensureTag, recountCategories, uniqueValue } from './catalog-taxonomy.server.ts';
import { attributeSlug, matchOption, productInputSchema, saleEnd, saleStart, slugify, type Parsed } from './product-input.server.ts';

export { productInputSchema, sanitizeDescription, slugify, type ProductInput } from './product-input.server.ts';
export { createCategoryTree, ensureCategory, ensureTag, recountCategories, type CategoryNode } from './catalog-taxonomy.server.ts';
export { inTransaction, recomputeProduct, recomputeProducts } from './catalog-recompute.server.ts';

/*
 * The write side of the catalog, shared by the demo seed, the bench seed and importers.
 * Listing columns (min/max price, rating, category counts, derived stock status) are
 * recomputed here on every write so readers never aggregate.
 * Conventions: product_images holds the whole gallery in order, position 0 being the
 * main image (= products.image_id); a variation's attributes map attribute slug to the
 * exact option text, "" meaning any value. The product's input schema is product-input,
 * categories and tags catalog-taxonomy, the listing columns catalog-recompute; this file
 * writes products, their variations and links.
 */

// Stock status follows the quantity when stock is managed, as a shopper would expect.
function stockStatus(p: { manage_stock: Bool; stock_quantity?: number | null; stock_status: StockStatus; backorders: string }): StockStatus {
  if (!p.manage_stock || p.stock_quantity == null) return p.stock_status;
  if (p.stock_quantity > 0) return 'instock';
  return p.backorders === 'no' ? 'outofstock' : 'onbackorder';
}

const prices = (p: Parsed | Parsed['variations'][number]) => ({
  regular_price: p.regular_price ?? null,
  sale_price: p.sale_price ?? null,
  sale_from: saleStart(p.sale_from),
  sale_to: saleEnd(p.sale_to),
});
const shape = (p: Parsed | Parsed['variations'][number]) => ({
  weight: p.weight ?? null,
  length: p.length ?? null,
  width: p.width ?? null,
  height: p.height ?? null,
  virtual: p.virtual,
  downloadable: p.downloadable,
});

async function requireIds(db: DB, table: 'media' | 'products' | 'categories' | 'tags', wanted: number[], field: string): Promise<void> {
  const unique = [...new Set(wanted)];
  if (!unique.length) return;
  const found = await db.selectFrom(table as 'media').select('id').where('id', 'in', unique).execute();
  const missing = unique.filter((i) => !found.some((r) => r.id === i));
  if (missing.length) throw new HttpError(400, 'invalid', `${field}: unknown id ${missing.join(', ')}`, { [field]: `Unknown id ${missing.join(', ')}` });
}

// One SKU names one thing to sell, product or variation, across the whole shop.
async function requireFreeSkus(db: DB, p: Parsed): Promise<void> {
  const skus = [p.sku, ...p.variations.map((v) => v.sku)].filter((s): s is string => !!s);
  if (!skus.length) return;
  const taken =
    (await db.selectFrom('products').select('sku').where('sku', 'in', skus).executeTakeFirst()) ??
    (await db.selectFrom('product_variations').select('sku').where('sku', 'in', skus).executeTakeFirst());
  if (taken) throw new HttpError(409, 'sku_taken', `The SKU "${taken.sku}" is already used.`, { sku: 'Already used' });
}

/** Validates and writes one product with everything attached, in one transaction. */
export async function createProduct(db: DB, input: unknown): Promise<{ id: number; slug: string }> {
  const p = parseInput(productInputSchema, input);
  return inTransaction(db, async (trx) => {
    const swatchMedia = p.attributes.flatMap((a) => (a.display === 'image' ? Object.values(a.swatches) : [])) as number[];
    await requireIds(trx, 'media', [...p.images, ...p.variations.flatMap((v) => (v.image ? [v.image] : [])), ...swatchMedia], 'images');
    await requireFreeSkus(trx, p);
    const now = nowIso();
    const created = p.created_at ? new Date(p.created_at).toISOString() : now;
    const slug = await uniqueValue(trx, 'products', 'slug', slugify(p.slug || p.name, 'product'));
    const { images, categories, tags, attributes, variations, links, reviews, meta, created_at: _c, slug: _s, ...rest } = p;
    const { id: productId } = await trx
      .insertInto('products')
      .values({
        ...rest,
        ...prices(p),
        ...shape(p),
        slug,
        sku: p.sku ?? null,
        stock_quantity: p.stock_quantity ?? null,
        stock_status: stockStatus(p),
        low_stock_amount: p.low_stock_amount ?? null,
        download_limit: p.download_limit ?? null,
        download_expiry: p.download_expiry ?? null,
        external_url: p.external_url ?? null,
        button_text: p.button_text ?? null,
        image_id: images[0] ?? null,
        meta: JSON.stringify(meta),
        created_at: created,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    if (images.length) await trx.insertInto('product_images').values([...new Set(images)].map((m, i) => ({ product_id: productId, media_id: m, position: i }))).execute();

    const categoryIds = new Set<number>();
    for (const c of categories.length ? categories : [['Uncategorized']]) categoryIds.add(typeof c === 'number' ? c : await ensureCategory(trx, c));
    await requireIds(trx, 'categories', [...categoryIds], 'categories');
    await trx.insertInto('product_categories').values([...categoryIds].map((c) => ({ product_id: productId, category_id: c }))).execute();

    const tagIds = new Set<number>();
    for (const t of tags) tagIds.add(typeof t === 'number' ? t : await ensureTag(trx, t));
    await requireIds(trx, 'tags', [...tagIds], 'tags');
    if (tagIds.size) await trx.insertInto('product_tags').values([...tagIds].map((t) => ({ product_id: productId, tag_id: t }))).execute();

    if (attributes.length) {
      await trx
        .insertInto('product_attributes')
        .values(attributes.map((a, i) => ({ ...a, product_id: productId, slug: attributeSlug(a), position: i, options: JSON.stringify(a.options), swatches: JSON.stringify(a.swatches) })))
        .execute();
    }
    for (let i = 0; i < variations.length; i += 500) {
      await trx.insertInto('product_variations').values(variations.slice(i, i + 500).map((v) => variationRow(p, v, productId, now))).execute();
    }
    if (reviews.length) {
      await trx
        .insertInto('reviews')
        .values(reviews.map((r) => ({ ...r, product_id: productId, user_id: r.user_id ?? null, created_at: r.created_at ? new Date(r.created_at).toISOString() : now })))
        .execute();
    }
    await writeLinks(trx, productId, links);
    await recomputeProduct(trx, productId);
    await recountCategories(trx, [...categoryIds]);
    return { id: productId, slug };
  });
}

function variationRow(p: Parsed, v: Parsed['variations'][number], productId: number, now: string) {
  // Every variation attribute gets a key; one the input leaves out means "any".
  const attributes: Record<string, string> = Object.fromEntries(p.attributes.filter((a) => a.variation).map((a) => [attributeSlug(a), '']));
  for (const [key, value] of Object.entries(v.attributes)) {
    const attr = p.attributes.find((a) => a.variation && (attributeSlug(a) === key || a.name === key))!;
    attributes[attributeSlug(attr)] = value === '' ? '' : matchOption(attr.options, value)!;
  }
  const { image, meta, ...rest } = v;
  return {
    ...rest,
    ...prices(v),
    ...shape(v),
    product_id: productId,
    sku: v.sku ?? null,
    attributes: JSON.stringify(attributes),
    stock_quantity: v.stock_quantity ?? null,
    stock_status: stockStatus(v),
    image_id: image ?? null,
    min_qty: v.min_qty ?? null,
    max_qty: v.max_qty ?? null,
    meta: JSON.stringify(meta),
    created_at: now,
    updated_at: now,
  };
}

type Links = Parsed['links'];

async function writeLinks(trx: DB, productId: number, links: Links): Promise<void> {
  const all = Object.values(links).flat();
  if (all.includes(productId)) throw new HttpError(400, 'invalid', 'A product cannot link to itself.', { links: 'Links to itself' });
  await requireIds(trx, 'products', all, 'links');
  if (links.grouped?.length) {
    const nested = await trx.selectFrom('products').select('id').where('id', 'in', links.grouped).where('type', '=', 'grouped').execute();
    if (nested.length) throw new HttpError(400, 'invalid', 'A grouped product cannot contain another grouped product.', { 'links.grouped': 'Grouped child' });
  }
  for (const [kind, list] of Object.entries(links) as [keyof Links, number[]][]) {
    await trx.deleteFrom('product_links').where('product_id', '=', productId).where('kind', '=', kind).execute();
    const unique = [...new Set(list)];
    if (unique.length) await trx.insertInto('product_links').values(unique.map((l, i) => ({ product_id: productId, linked_id: l, kind, position: i }))).execute();
  }
}

/** Replaces the given kinds of links (upsell, crosssell, grouped) of a product. */
export async function setProductLinks(db: DB, productId: number, input: unknown): Promise<void> {
  const links = parseInput(productInputSchema.shape.links, input);
  await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('products').select('type').where('id', '=', productId).executeTakeFirst();
    if (!row) throw new HttpError(404, 'not_found', 'No such product.');
    if (row.type !== 'grouped' && links.grouped?.length) throw new HttpError(400, 'invalid', 'Only a grouped product has children.', { 'links.grouped': 'Not a grouped product' });
    await writeLinks(trx, productId, links);
    await recomputeProduct(trx, productId);
  });
}
