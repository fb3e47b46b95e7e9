import { sql, type RawBuilder } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import type { Bool, StockStatus } from '../../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput, rowId } from '../../lib/validate.ts';
import { reindexProducts } from '../../../db/search/search-index.ts';
import { queueWishlistAlerts } from '../wishlist/wishlist-alert-queue.server.ts';

/*
 * The write side of the catalog, shared by the demo seed, the bench seed and importers.
 * Listing columns (min/max price, rating, category counts, derived stock status) are
 * recomputed here on every write so readers never aggregate.
 * Conventions: product_images holds the whole gallery in order, position 0 being the
 * main image (= products.image_id); a variation's attributes map attribute slug to the
 * exact option text, "" meaning any value.
 */

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v): Bool => (v ? 1 : 0));
const money = z.number().int('must be whole minor units').min(0, 'must not be negative').max(1e12);
const id = rowId;
const size = z.number().min(0).max(1e6).nullish();
const when = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);
/** Rich text as stored (product and category descriptions): sanitised on write, whatever sent it. */
export const sanitizeDescription = (s: string) => sanitizeHtml(s);
const html = (max: number) => z.string().max(max).default('').transform(sanitizeDescription);
const stock = z.enum(['instock', 'outofstock', 'onbackorder']).default('instock');
const backorders = z.enum(['no', 'notify', 'yes']).default('no');
// CSS colours only, since swatches end up in style attributes.
const colour = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|hsl)a?\([\d\s.,%/]+\))$/i;

const saleFields = {
  regular_price: money.nullish(),
  sale_price: money.nullish(),
  sale_from: when.nullish(),
  sale_to: when.nullish(),
};
const stockFields = {
  manage_stock: flag.default(0),
  stock_quantity: z.number().int().min(-1e9).max(1e9).nullish(),
  stock_status: stock,
  backorders,
};
const shapeFields = { weight: size, length: size, width: size, height: size, virtual: flag.default(0), downloadable: flag.default(0) };

const attributeSchema = z.object({
  name: z.string().trim().min(1).max(100),
  slug: z.string().trim().max(100).optional(),
  options: z.array(z.string().trim().min(1).max(200)).max(500).default([]),
  visible: flag.default(1),
  variation: flag.default(0),
  is_global: flag.default(0),
  display: z.enum(['select', 'color', 'label', 'image']).default('select'),
  swatches: z.record(z.string(), z.union([z.string().max(200), id])).default({}),
});

const variationSchema = z.object({
  sku: z.string().trim().min(1).max(100).nullish(),
  attributes: z.record(z.string(), z.string().max(200)),
  status: z.enum(['publish', 'private']).default('publish'),
  description: html(20_000),
  ...saleFields,
  ...stockFields,
  ...shapeFields,
  image: id.nullish(),
  min_qty: z.number().int().min(0).nullish(),
  max_qty: z.number().int().min(0).nullish(),
  tax_class: z.string().max(100).default('parent'),
  shipping_class: z.string().max(100).default(''),
  menu_order: z.number().int().default(0),
  meta: z.record(z.string(), z.unknown()).default({}),
});

const reviewSchema = z.object({
  author: z.string().trim().min(1).max(100),
  email: z.email(),
  rating: z.number().int().min(1).max(5),
  content: z.string().trim().min(1).max(10_000),
  status: z.enum(['approved', 'pending', 'spam']).default('pending'),
  verified: flag.default(0),
  user_id: id.nullish(),
  created_at: when.optional(),
});

const ids = z.array(id).max(500).default([]);

export const productInputSchema = z
  .object({
    type: z.enum(['simple', 'variable', 'grouped', 'external']).default('simple'),
    name: z.string().trim().min(1).max(200),
    slug: z.string().trim().max(200).optional(),
    status: z.enum(['publish', 'draft', 'private']).default('publish'),
    catalog_visibility: z.enum(['visible', 'catalog', 'search', 'hidden']).default('visible'),
    featured: flag.default(0),
    sku: z.string().trim().min(1).max(100).nullish(),
    short_description: html(20_000),
    description: html(200_000),
    ...saleFields,
    ...stockFields,
    ...shapeFields,
    tax_status: z.enum(['taxable', 'shipping', 'none']).default('taxable'),
    tax_class: z.string().max(100).default(''),
    low_stock_amount: z.number().int().min(0).nullish(),
    sold_individually: flag.default(0),
    download_limit: z.number().int().min(-1).nullish(),
    download_expiry: z.number().int().min(-1).nullish(),
    external_url: z.url({ protocol: /^https?$/ }).nullish(),
    button_text: z.string().trim().max(100).nullish(),
    purchase_note: html(20_000),
    reviews_allowed: flag.default(1),
    shipping_class: z.string().max(100).default(''),
    vendor_id: z.number().int().min(0).default(0),
    menu_order: z.number().int().default(0),
    total_sales: z.number().int().min(0).default(0),
    meta: z.record(z.string(), z.unknown()).default({}),
    created_at: when.optional(),
    /** Media ids, the first being the main image. */
    images: z.array(id).max(100).default([]),
    /** Category ids, or name paths such as ["Clothing", "Hoodies"] (created when missing). */
    categories: z.array(z.union([id, z.array(z.string().trim().min(1).max(100)).min(1).max(10)])).max(100).default([]),
    /** Tag ids or names (created when missing). */
    tags: z.array(z.union([id, z.string().trim().min(1).max(100)])).max(100).default([]),
    attributes: z.array(attributeSchema).max(50).default([]),
    variations: z.array(variationSchema).max(5000).default([]),
    links: z.object({ upsell: ids, crosssell: ids, grouped: ids }).partial().default({}),
    reviews: z.array(reviewSchema).max(5000).default([]),
  })
  .superRefine((p, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    checkSale(p, [], issue);
    if (p.type === 'external' && !p.external_url) issue(['external_url'], 'An external product needs its URL');
    if (p.type !== 'variable' && p.variations.length) issue(['variations'], 'Only a variable product has variations');
    if (p.type !== 'grouped' && p.links.grouped?.length) issue(['links', 'grouped'], 'Only a grouped product has children');
    const slugs = p.attributes.map((a) => attributeSlug(a));
    slugs.forEach((s, i) => slugs.indexOf(s) !== i && issue(['attributes', i, 'name'], 'Duplicate attribute'));
    p.attributes.forEach((a, i) => {
      for (const [value, swatch] of Object.entries(a.swatches)) {
        if (a.display === 'color' && (typeof swatch !== 'string' || !colour.test(swatch))) issue(['attributes', i, 'swatches', value], 'Not a CSS colour');
        if (a.display === 'image' && typeof swatch !== 'number') issue(['attributes', i, 'swatches', value], 'Must be a media id');
      }
    });
    const skus = [p.sku, ...p.variations.map((v) => v.sku)].filter(Boolean);
    if (new Set(skus).size !== skus.length) issue(['sku'], 'SKUs must be unique');
    p.variations.forEach((v, i) => {
      checkSale(v, ['variations', i], issue);
      if (v.min_qty != null && v.max_qty != null && v.min_qty > v.max_qty) issue(['variations', i, 'max_qty'], 'Must not be below min_qty');
      for (const [key, value] of Object.entries(v.attributes)) {
        const attr = p.attributes.find((a) => a.variation && (attributeSlug(a) === key || a.name === key));
        if (!attr) issue(['variations', i, 'attributes', key], 'Not a variation attribute of this product');
        else if (value !== '' && matchOption(attr.options, value) === undefined) issue(['variations', i, 'attributes', key], `"${value}" is not an option`);
      }
    });
  });

export type ProductInput = z.input<typeof productInputSchema>;
type Parsed = z.output<typeof productInputSchema>;
type Issue = (path: (string | number)[], message: string) => void;

function checkSale(p: { regular_price?: number | null; sale_price?: number | null; sale_from?: string | null; sale_to?: string | null }, at: (string | number)[], issue: Issue) {
  if (p.sale_price != null && p.regular_price != null && p.sale_price >= p.regular_price) issue([...at, 'sale_price'], 'Must be below the regular price');
  if (p.sale_from && p.sale_to && saleStart(p.sale_from)! > saleEnd(p.sale_to)!) issue([...at, 'sale_to'], 'Must not be before sale_from');
}

// A bare date means the whole day: sales start at its first and end at its last millisecond (UTC).
const saleStart = (v: string | null | undefined) => (v ? new Date(v.length === 10 ? `${v}T00:00:00.000Z` : v).toISOString() : null);
const saleEnd = (v: string | null | undefined) => (v ? new Date(v.length === 10 ? `${v}T23:59:59.999Z` : v).toISOString() : null);

/** URL-safe lower-case slug; letters of any script are kept, accents dropped. */
export function slugify(text: string, fallback = 'item'): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .slice(0, 180)
    .replace(/^-+|-+$/g, '');
  return s || fallback;
}

const attributeSlug = (a: { name: string; slug?: string }) => slugify(a.slug || a.name, 'attribute');
/** The option a variation value names: exact text, else the same slug (importers send slugs). */
const matchOption = (options: string[], value: string) => options.find((o) => o === value) ?? options.find((o) => slugify(o) === slugify(value));

/** Runs fn in a transaction, or inside the caller's one when already in a transaction. */
export function inTransaction<T>(db: DB, fn: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

async function uniqueValue(db: DB, table: 'products' | 'tags' | 'categories', column: 'slug' | 'path', base: string): Promise<string> {
  const rows = await db
    .selectFrom(table as 'products')
    .select(`${column} as v` as 'slug as v')
    .where((eb) => eb.or([eb(column as 'slug', '=', base), eb(column as 'slug', 'like', `${base}-%`)]))
    .execute();
  const taken = new Set(rows.map((r) => r.v));
  let candidate = base;
  for (let i = 2; taken.has(candidate); i++) candidate = `${base}-${i}`;
  return candidate;
}

/** The id of the category at this name path (e.g. ["Clothing", "Hoodies"]), creating missing levels. */
export async function ensureCategory(db: DB, names: string[]): Promise<number> {
  if (!names.length || names.some((n) => !n.trim())) throw new HttpError(400, 'invalid', 'A category path needs non-empty names.');
  let parent = null as { id: number; path: string } | null;
  for (const raw of names) {
    const name = raw.trim();
    const base: string = parent ? `${parent.path}/${slugify(name, 'category')}` : slugify(name, 'category');
    const parentId: number | null = parent?.id ?? null;
    const found = await db
      .selectFrom('categories')
      .select(['id', 'path'])
      .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
      .where((eb) => eb.or([eb('name', '=', name), eb('path', '=', base)]))
      .orderBy('id')
      .executeTakeFirst();
    if (found) {
      parent = found;
      continue;
    }
    const path = await uniqueValue(db, 'categories', 'path', base);
    parent = await db
      .insertInto('categories')
      .values({ parent_id: parentId, name, slug: path.slice(path.lastIndexOf('/') + 1), path })
      .returning(['id', 'path'])
      .executeTakeFirstOrThrow();
  }
  return (parent as { id: number }).id;
}

export interface CategoryNode {
  name: string;
  description?: string;
  image_id?: number | null;
  menu_order?: number;
  children?: CategoryNode[];
}

/** Creates (or completes) a category tree; answers the id of every node keyed by its slug path. */
export async function createCategoryTree(db: DB, nodes: CategoryNode[], above: string[] = []): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [i, node] of nodes.entries()) {
    const catId = await ensureCategory(db, [...above, node.name]);
    // Only what the node gives is set, so completing an existing tree keeps its texts and images.
    const row = await db
      .updateTable('categories')
      .set({
        menu_order: node.menu_order ?? i,
        ...(node.description !== undefined && { description: node.description }),
        ...(node.image_id !== undefined && { image_id: node.image_id }),
      })
      .where('id', '=', catId)
      .returning('path')
      .executeTakeFirstOrThrow();
    out[row.path] = catId;
    Object.assign(out, await createCategoryTree(db, node.children ?? [], [...above, node.name]));
  }
  return out;
}

/** The id of the tag with this name, created (with a unique slug) when missing. */
export async function ensureTag(db: DB, name: string): Promise<number> {
  const clean = name.trim();
  if (!clean) throw new HttpError(400, 'invalid', 'A tag needs a name.');
  const found = await db.selectFrom('tags').select('id').where('name', '=', clean).orderBy('id').executeTakeFirst();
  if (found) return found.id;
  const slug = await uniqueValue(db, 'tags', 'slug', slugify(clean, 'tag'));
  return (await db.insertInto('tags').values({ name: clean, slug }).returning('id').executeTakeFirstOrThrow()).id;
}

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

/** The price a shopper pays now: the sale price while its dates (if any) include `now`. */
function effective(alias: string | null, now: string): RawBuilder<number> {
  const c = (col: string) => sql.ref(alias ? `${alias}.${col}` : col);
  return sql<number>`CASE WHEN ${c('sale_price')} IS NOT NULL AND (${c('sale_from')} IS NULL OR ${c('sale_from')} <= ${now}) AND (${c('sale_to')} IS NULL OR ${c('sale_to')} >= ${now}) THEN ${c('sale_price')} ELSE ${c('regular_price')} END`;
}

// Derived stock of a parent without its own stock: in stock when any child is.
const childStock = (children: RawBuilder<unknown>) =>
  sql<StockStatus>`CASE WHEN EXISTS (${children} AND c.stock_status = 'instock') THEN 'instock' WHEN EXISTS (${children} AND c.stock_status = 'onbackorder') THEN 'onbackorder' ELSE 'outofstock' END`;

/**
 * Recomputes min/max price, derived stock status and rating of the given products (and
 * of grouped products containing them), or of every product with 'all' (bulk seeds).
 */
export async function recomputeProducts(db: DB, ids: number[] | 'all'): Promise<void> {
  if (ids !== 'all' && !ids.length) return;
  await inTransaction(db, (trx) => recompute(trx, ids));
}

async function recompute(db: DB, ids: number[] | 'all'): Promise<void> {
  // Row-by-row correlated updates: PostgreSQL's JIT only adds compile time to them.
  if (isPostgres(db)) await sql`SET LOCAL jit = off`.execute(db);
  const now = nowIso();
  // Only rows whose values change are written: index upkeep is most of an UPDATE's cost.
  const update = (values: Record<string, RawBuilder<unknown>>, scope = ids) => {
    const changed = Object.entries(values).map(([col, expr]) => sql`${sql.ref(col)} IS DISTINCT FROM ${expr}`);
    const q = db.updateTable('products').set(values).where(sql<boolean>`(${sql.join(changed, sql` OR `)})`);
    return scope === 'all' ? q : q.where('id', 'in', scope);
  };
  const eff = effective(null, now);
  await update({ min_price: eff, max_price: eff }).where('type', 'in', ['simple', 'external']).execute();

  const vars = sql`FROM product_variations v WHERE v.product_id = products.id AND v.status = 'publish'`;
  const varEff = effective('v', now);
  await update({ min_price: sql`(SELECT MIN(${varEff}) ${vars})`, max_price: sql`(SELECT MAX(${varEff}) ${vars})` }).where('type', '=', 'variable').execute();
  await update({ stock_status: childStock(sql`SELECT 1 FROM product_variations c WHERE c.product_id = products.id AND c.status = 'publish'`) })
    .where('type', '=', 'variable')
    .where('manage_stock', '=', 0)
    .execute();

  const kids = sql`FROM product_links l JOIN products c ON c.id = l.linked_id WHERE l.product_id = products.id AND l.kind = 'grouped' AND c.status = 'publish'`;
  const groupedValues: Record<string, RawBuilder<unknown>> = { min_price: sql`(SELECT MIN(c.min_price) ${kids})`, max_price: sql`(SELECT MAX(c.max_price) ${kids})`, stock_status: childStock(sql`SELECT 1 ${kids}`) };
  // Grouped parents of the given products change with them. An explicit id list also keeps
  // PostgreSQL from planning (and JIT-compiling) a scan of every product for a few rows.
  const parents =
    ids === 'all'
      ? db.selectFrom('products').select('id as product_id').where('type', '=', 'grouped')
      : db.selectFrom('product_links').select('product_id').where('kind', '=', 'grouped').where('linked_id', 'in', ids);
  const groupedIds = [...new Set([...(ids === 'all' ? [] : ids), ...(await parents.execute()).map((r) => r.product_id)])];
  if (groupedIds.length) await update(groupedValues, groupedIds).where('type', '=', 'grouped').execute();

  const approved = sql`FROM reviews r WHERE r.product_id = products.id AND r.status = 'approved'`;
  await update({
    review_count: sql`(SELECT COUNT(*) ${approved})`,
    average_rating: sql`CAST(COALESCE((SELECT ROUND(AVG(r.rating), 2) ${approved}), 0) AS REAL)`,
  }).execute();
  // The search index follows the same writes, in the same transaction.
  await reindexProducts(db, ids);
  // Wishlist alerts look at these products once this commits (wishlist-alerts.server.ts).
  await queueWishlistAlerts(db, ids);
}

/** Recomputes the listing columns of one product after a write. */
export const recomputeProduct = (db: DB, productId: number) => recomputeProducts(db, [productId]);

/**
 * Recounts products shown in listings (published, visible in the catalog) per category,
 * counting a parent's descendants too, for these categories and their ancestors or 'all'.
 */
export async function recountCategories(db: DB, categoryIds: number[] | 'all'): Promise<void> {
  let q = db.updateTable('categories').set({
    // CROSS JOIN fixes SQLite's join order (subtree categories first, then their products
    // by index); it would otherwise scan all products per category. PostgreSQL reorders freely.
    product_count: sql<number>`(SELECT COUNT(DISTINCT pc.product_id)
      FROM categories d CROSS JOIN product_categories pc CROSS JOIN products p
      WHERE pc.category_id = d.id AND p.id = pc.product_id
      AND (d.path = categories.path OR d.path LIKE categories.path || '/%')
      AND p.status = 'publish' AND p.catalog_visibility IN ('visible', 'catalog'))`,
  });
  if (categoryIds !== 'all') {
    if (!categoryIds.length) return;
    const rows = await db.selectFrom('categories').select('path').where('id', 'in', categoryIds).execute();
    const paths = new Set(rows.flatMap((r) => r.path.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
    q = q.where('path', 'in', [...paths]);
  }
  await q.execute();
}
