import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import type { Bool, StockStatus } from '../../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput, rowId } from '../../lib/validate.ts';
import {
  createProduct,
  ensureCategory,
  ensureTag,
  inTransaction,
  productInputSchema,
  recomputeProduct,
  recomputeProducts,
  recountCategories,
  setProductLinks,
  slugify,
} from './catalog-write.server.ts';
import { logStockSince, stockSnapshot, type StockActor } from '../stock/stock-log.server.ts';

/*
 * Updating a product in place (the back office's editor), beside createProduct: the same
 * input schema and the same listing upkeep (recomputeProduct: prices, stock, search index,
 * wishlist alerts; recountCategories), in one transaction. Store-version triggers move the
 * caches' version with the write. Variations keep their ids (carts and wishlists point at
 * them): the input names each kept one by id, new ones have none, missing ones are deleted.
 * Stock that a save changes is logged with who saved it (app/features/stock), in the same
 * transaction.
 */

type Parsed = z.output<typeof productInputSchema>;

/** Where a product stands in the back office; only `publish` is ever shown to shoppers. */
export const PRODUCT_STATUSES = ['publish', 'draft', 'pending', 'private', 'future', 'trash'] as const;
export type AdminProductStatus = (typeof PRODUCT_STATUSES)[number];

export const CONFLICT_MESSAGE = 'This product was changed since you opened it. Reload it to see the other changes, then make yours again.';

const editorExtras = z.object({
  status: z.enum(PRODUCT_STATUSES).default('draft'),
  /** Publication date of a scheduled product (status "future"). */
  publish_at: z.iso.datetime({ offset: true }).nullish(),
  /** updated_at as the editor read it: a save over a newer write is refused. */
  version: z.string().max(40).optional(),
  /** Ids of the variations of the input, in order (null for new ones). */
  variation_ids: z.array(rowId.nullable()).max(5000).default([]),
});

export interface SavedProduct {
  id: number;
  slug: string;
  version: string;
}

function stockStatus(p: { manage_stock: Bool; stock_quantity?: number | null; stock_status: StockStatus; backorders: string }): StockStatus {
  if (!p.manage_stock || p.stock_quantity == null) return p.stock_status;
  if (p.stock_quantity > 0) return 'instock';
  return p.backorders === 'no' ? 'outofstock' : 'onbackorder';
}

const saleStart = (v: string | null | undefined) => (v ? new Date(v.length === 10 ? `${v}T00:00:00.000Z` : v).toISOString() : null);
const saleEnd = (v: string | null | undefined) => (v ? new Date(v.length === 10 ? `${v}T23:59:59.999Z` : v).toISOString() : null);
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
const attributeSlug = (a: { name: string; slug?: string }) => slugify(a.slug || a.name, 'attribute');
const matchOption = (options: string[], value: string) => options.find((o) => o === value) ?? options.find((o) => slugify(o) === slugify(value));

function withoutPublishAt(meta: Record<string, unknown>, publishAt: string | null | undefined): Record<string, unknown> {
  const { publish_at: _p, ...rest } = meta;
  return publishAt ? { ...rest, publish_at: publishAt } : rest;
}

/** A later timestamp than `after`, so two saves in one millisecond still differ. */
function nextVersion(after: string | null): string {
  const now = nowIso();
  if (!after || now > after) return now;
  return new Date(Date.parse(after) + 1).toISOString();
}

/**
 * The rules of publishing that the import schema leaves to the shop: a variable product is
 * only purchasable with a variation that has a price, a scheduled one needs its date.
 */
function checkPublishable(p: Parsed, status: AdminProductStatus, publishAt: string | null | undefined): void {
  if (status === 'future' && !publishAt) throw new HttpError(400, 'invalid', 'publish_at: A scheduled product needs its publication date.', { publish_at: 'Give the date to publish on' });
  if ((status === 'publish' || status === 'future') && p.type === 'variable' && !p.variations.some((v) => v.status === 'publish' && v.regular_price != null)) {
    throw new HttpError(400, 'invalid', 'variations: A variable product needs at least one variation with a price before it can be published.', {
      variations: 'Add a variation with a price before publishing',
    });
  }
}

async function requireMedia(db: DB, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const found = await db.selectFrom('media').select('id').where('id', 'in', unique).execute();
  const missing = unique.filter((i) => !found.some((r) => r.id === i));
  if (missing.length) throw new HttpError(400, 'invalid', `images: unknown id ${missing.join(', ')}`, { images: `Unknown image ${missing.join(', ')}` });
}

async function requireFreeSlug(db: DB, slug: string, productId: number): Promise<void> {
  const taken = await db.selectFrom('products').select('id').where('slug', '=', slug).where('id', '!=', productId).executeTakeFirst();
  if (taken) throw new HttpError(409, 'slug_taken', `slug: The address "${slug}" is already used by another product.`, { slug: 'Already used by another product' });
}

async function freeSlug(db: DB, base: string, productId: number): Promise<string> {
  const rows = await db
    .selectFrom('products')
    .select('slug')
    .where('id', '!=', productId)
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  const taken = new Set(rows.map((r) => r.slug));
  let candidate = base;
  for (let i = 2; taken.has(candidate); i++) candidate = `${base}-${i}`;
  return candidate;
}

async function requireFreeSkus(db: DB, p: Parsed, productId: number): Promise<void> {
  const skus = [p.sku, ...p.variations.map((v) => v.sku)].filter((s): s is string => !!s);
  if (!skus.length) return;
  const taken =
    (await db.selectFrom('products').select('sku').where('sku', 'in', skus).where('id', '!=', productId).executeTakeFirst()) ??
    (await db.selectFrom('product_variations').select('sku').where('sku', 'in', skus).where('product_id', '!=', productId).executeTakeFirst());
  if (taken) throw new HttpError(409, 'sku_taken', `sku: The SKU "${taken.sku}" is already used.`, { sku: `"${taken.sku}" is already used` });
}

/** Parses the editor's whole product (catalog schema plus status, schedule, version and variation ids). */
export function parseEditorInput(input: unknown): { p: Parsed; extras: z.output<typeof editorExtras> } {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const extras = parseInput(editorExtras, { status: raw.status, publish_at: raw.publish_at, version: raw.version, variation_ids: raw.variation_ids });
  const { status: _s, publish_at: _p, version: _v, variation_ids: _i, ...rest } = raw;
  // The catalog schema knows the shopper-facing statuses; the back office's own ones are kept aside.
  const p = parseInput(productInputSchema, { ...rest, status: 'draft' });
  if (extras.variation_ids.length > p.variations.length) throw new HttpError(400, 'invalid', 'variation_ids: more ids than variations.', { variation_ids: 'Does not match the variations' });
  return { p, extras };
}

/**
 * Writes the editor's product over product `productId` in one transaction. With a version,
 * a product saved by someone else since (a newer updated_at) is refused with 409 conflict.
 * `onlyDraft` (the editor's autosave) also refuses, with 409 not_draft, a product that is not
 * a draft as stored: what shoppers see is never written behind the editor's back.
 */
export async function updateProduct(db: DB, productId: number, input: unknown, actor: StockActor, opts: { onlyDraft?: boolean; source?: string } = {}): Promise<SavedProduct> {
  const { p, extras } = parseEditorInput(input);
  checkPublishable(p, extras.status, extras.publish_at);
  return inTransaction(db, async (trx) => {
    // Taking the row for update (PostgreSQL) makes two saves of one product wait for each other, so the version check below sees the first.
    const q = trx.selectFrom('products').select(['id', 'updated_at', 'slug', 'meta', 'status']).where('id', '=', productId);
    const current = await (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirst();
    // Its stock as this save finds it (after the lock), for the stock log.
    const stockBefore = await stockSnapshot(trx, [productId]);
    if (!current) throw new HttpError(404, 'not_found', 'No such product.');
    if (extras.version && extras.version !== current.updated_at) throw new HttpError(409, 'conflict', CONFLICT_MESSAGE);
    if (opts.onlyDraft && (current.status !== 'draft' || extras.status !== 'draft')) throw new HttpError(409, 'not_draft', 'Only drafts are saved automatically.');

    const wantedSlug = p.slug ? slugify(p.slug, 'product') : null;
    if (wantedSlug) await requireFreeSlug(trx, wantedSlug, productId);
    const slug = wantedSlug ?? (await freeSlug(trx, slugify(p.name, 'product'), productId));
    await requireFreeSkus(trx, p, productId);
    await requireMedia(trx, [...p.images, ...p.variations.flatMap((v) => (v.image ? [v.image] : []))]);

    const version = nextVersion(current.updated_at);
    const status = extras.status;
    await trx
      .updateTable('products')
      .set({
        type: p.type,
        name: p.name,
        slug,
        status: status as never,
        catalog_visibility: p.catalog_visibility,
        featured: p.featured,
        sku: p.sku ?? null,
        short_description: p.short_description,
        description: p.description,
        ...prices(p),
        ...shape(p),
        tax_status: p.tax_status,
        tax_class: p.tax_class,
        manage_stock: p.manage_stock,
        stock_quantity: p.stock_quantity ?? null,
        stock_status: stockStatus(p),
        backorders: p.backorders,
        low_stock_amount: p.low_stock_amount ?? null,
        sold_individually: p.sold_individually,
        external_url: p.external_url ?? null,
        button_text: p.button_text ?? null,
        purchase_note: p.purchase_note,
        reviews_allowed: p.reviews_allowed,
        shipping_class: p.shipping_class,
        menu_order: p.menu_order,
        image_id: p.images[0] ?? null,
        // Stored meta (an import's extra columns) is kept: the editor adds to it, never wipes it.
        meta: JSON.stringify(withoutPublishAt({ ...(JSON.parse(current.meta || '{}') as Record<string, unknown>), ...p.meta }, status === 'future' ? extras.publish_at : null)),
        ...(status === 'future' && extras.publish_at ? { created_at: new Date(extras.publish_at).toISOString() } : {}),
        updated_at: version,
      })
      .where('id', '=', productId)
      .execute();

    await trx.deleteFrom('product_images').where('product_id', '=', productId).execute();
    const images = [...new Set(p.images)];
    if (images.length) await trx.insertInto('product_images').values(images.map((m, i) => ({ product_id: productId, media_id: m, position: i }))).execute();

    const before = (await trx.selectFrom('product_categories').select('category_id').where('product_id', '=', productId).execute()).map((r) => r.category_id);
    const categoryIds = new Set<number>();
    for (const c of p.categories.length ? p.categories : [['Uncategorized']]) categoryIds.add(typeof c === 'number' ? c : await ensureCategory(trx, c));
    const known = await trx.selectFrom('categories').select('id').where('id', 'in', [...categoryIds]).execute();
    if (known.length !== categoryIds.size) throw new HttpError(400, 'invalid', 'categories: unknown category.', { categories: 'Unknown category' });
    await trx.deleteFrom('product_categories').where('product_id', '=', productId).execute();
    await trx.insertInto('product_categories').values([...categoryIds].map((c) => ({ product_id: productId, category_id: c }))).execute();

    const tagIds = new Set<number>();
    for (const t of p.tags) tagIds.add(typeof t === 'number' ? t : await ensureTag(trx, t));
    await trx.deleteFrom('product_tags').where('product_id', '=', productId).execute();
    if (tagIds.size) await trx.insertInto('product_tags').values([...tagIds].map((t) => ({ product_id: productId, tag_id: t }))).execute();

    await trx.deleteFrom('product_attributes').where('product_id', '=', productId).execute();
    if (p.attributes.length) {
      await trx
        .insertInto('product_attributes')
        .values(p.attributes.map((a, i) => ({ ...a, product_id: productId, slug: attributeSlug(a), position: i, options: JSON.stringify(a.options), swatches: JSON.stringify(a.swatches) })))
        .execute();
    }
    await writeVariations(trx, p, productId, extras.variation_ids, version);
    await setProductLinks(trx, productId, p.links);
    await recomputeProduct(trx, productId);
    await recountCategories(trx, [...new Set([...before, ...categoryIds])]);
    await logStockSince(trx, stockBefore, [productId], { reason: 'manual', source: opts.source ?? 'editor', actor });
    return { id: productId, slug, version };
  });
}

function variationValues(p: Parsed, v: Parsed['variations'][number], now: string) {
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
    sku: v.sku ?? null,
    attributes: JSON.stringify(attributes),
    stock_quantity: v.stock_quantity ?? null,
    stock_status: stockStatus(v),
    image_id: image ?? null,
    min_qty: v.min_qty ?? null,
    max_qty: v.max_qty ?? null,
    meta: JSON.stringify(meta),
    updated_at: now,
  };
}

async function writeVariations(trx: DB, p: Parsed, productId: number, ids: (number | null)[], now: string): Promise<void> {
  const existing = new Set((await trx.selectFrom('product_variations').select('id').where('product_id', '=', productId).execute()).map((r) => r.id));
  const kept = new Set<number>();
  for (const i of p.variations.keys()) {
    const id = ids[i] ?? null;
    if (id !== null && !existing.has(id)) throw new HttpError(400, 'invalid', `variations.${i}: not a variation of this product.`, { [`variations.${i}`]: 'Not a variation of this product' });
    if (id !== null && kept.has(id)) throw new HttpError(400, 'invalid', `variations.${i}: given twice.`, { [`variations.${i}`]: 'Given twice' });
    if (id !== null) kept.add(id);
  }
  const gone = [...existing].filter((id) => !kept.has(id));
  if (gone.length) await trx.deleteFrom('product_variations').where('id', 'in', gone).execute();
  // SKUs move between rows of this product: clear the kept ones first so the unique index never sees a swap half-done.
  if (kept.size) await trx.updateTable('product_variations').set({ sku: null }).where('id', 'in', [...kept]).execute();
  const fresh = [];
  for (const [i, v] of p.variations.entries()) {
    const values = { ...variationValues(p, v, now), menu_order: v.menu_order || i };
    const id = ids[i] ?? null;
    // A kept variation keeps its stored meta unless the input gives some.
    if (id !== null) await trx.updateTable('product_variations').set(Object.keys(v.meta).length ? values : { ...values, meta: undefined }).where('id', '=', id).execute();
    else fresh.push({ ...values, product_id: productId, created_at: now });
  }
  for (let i = 0; i < fresh.length; i += 500) await trx.insertInto('product_variations').values(fresh.slice(i, i + 500)).execute();
}

/** Every combination of the variation attributes' options that no variation covers yet (an "any" value covers all). */
export function missingCombinations(attributes: { slug: string; options: string[] }[], variations: Record<string, string>[]): Record<string, string>[] {
  let combos: Record<string, string>[] = [{}];
  for (const a of attributes) combos = combos.flatMap((c) => a.options.map((o) => ({ ...c, [a.slug]: o })));
  if (!attributes.length) return [];
  return combos.filter((c) => !variations.some((v) => attributes.every((a) => !v[a.slug] || v[a.slug] === c[a.slug])));
}

/** Most combinations "generate variations" makes at once. */
export const MAX_GENERATED = 200;

/** Creates a product from the editor's input (any back-office status), in one transaction. */
export async function createEditorProduct(db: DB, input: unknown, actor: StockActor): Promise<SavedProduct> {
  const { p, extras } = parseEditorInput(input);
  checkPublishable(p, extras.status, extras.publish_at);
  const raw = input as Record<string, unknown>;
  return inTransaction(db, async (trx) => {
    const wanted = p.slug ? slugify(p.slug, 'product') : null;
    if (wanted) await requireFreeSlug(trx, wanted, 0);
    const { id, slug } = await createProduct(trx, { ...raw, status: 'draft', slug: wanted ?? undefined, variation_ids: undefined, version: undefined, publish_at: undefined });
    const row = await trx
      .updateTable('products')
      .set({
        status: extras.status as never,
        ...(extras.status === 'future' && extras.publish_at ? { created_at: new Date(extras.publish_at).toISOString() } : {}),
      })
      .where('id', '=', id)
      .returning('updated_at')
      .executeTakeFirstOrThrow();
    await recomputeProduct(trx, id);
    const cats = await trx.selectFrom('product_categories').select('category_id').where('product_id', '=', id).execute();
    await recountCategories(trx, cats.map((c) => c.category_id));
    // Its first stock is a manual change.
    await logStockSince(trx, new Map(), [id], { reason: 'manual', source: 'editor', actor });
    return { id, slug, version: row.updated_at };
  });
}

/** Publishes scheduled products whose date has come; answers their ids. */
export async function publishScheduled(db: DB, now: Date = new Date()): Promise<number[]> {
  return inTransaction(db, async (trx) => {
    const due = await trx.selectFrom('products').select('id').where('status', '=', 'future' as never).where('created_at', '<=', now.toISOString()).execute();
    const ids = due.map((r) => r.id);
    if (!ids.length) return [];
    await trx.updateTable('products').set({ status: 'publish', updated_at: nextVersion(now.toISOString()) }).where('id', 'in', ids).execute();
    const cats = await trx.selectFrom('product_categories').select('category_id').where('product_id', 'in', ids).execute();
    await recomputeProducts(trx, ids);
    await recountCategories(trx, [...new Set(cats.map((c) => c.category_id))]);
    return ids;
  });
}
