import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { HttpError } from '../../lib/http-error.ts';
import { imageSources } from '../../lib/image.ts';
import { activePrice } from '../catalog/price.ts';
import { MAX_LINE_QUANTITY, type CartItem } from './cart.schema.ts';
import type { PricedLine } from './contracts.ts';
import { jsonColumn, parseJson } from '../../lib/json.ts';
import { cachedMany, peekMany } from '../../lib/store-cache.server.ts';
import { primeStockStamps } from '../../lib/stock-stamps.server.ts';
import { freshnessMark } from '../../../db/freshness.ts';

/** Everything the cart needs to know about one product or variation, read fresh from the database. */
export interface Purchasable {
  productId: number;
  variationId: number | null;
  name: string;
  slug: string;
  type: string;
  status: string;
  price: number | null;
  onSale: boolean;
  stockStatus: CartItem['stockStatus'];
  manageStock: boolean;
  stockQuantity: number | null;
  backordersAllowed: boolean;
  soldIndividually: boolean;
  minQty: number | null;
  maxQty: number | null;
  taxStatus: PricedLine['taxStatus'];
  taxClass: string;
  shippingClass: string;
  virtual: boolean;
  categoryIds: number[];
  image: CartItem['image'];
  /** The product's attributes by slug: display name and allowed values. */
  attributes: Record<string, { name: string; options: string[] }>;
  /** The variation's own attribute values; "" = any value. */
  variationAttributes: Record<string, string>;
  /** The product's stock version this was read with (app/lib/stock-stamps.server.ts). */
  stockVersion: number;
}

type Ref = { productId: number; variationId: number | null };
/**
 * An order moves its products' stock versions, not the store version: a purchasable follows
 * its product's, and one whose stock alone moved on has its stock read again (refreshStock).
 */
const STAMPED = { productOf: (key: string) => Number.parseInt(key, 10), of: (p: Purchasable) => p.stockVersion };
const refKey = (r: Ref) => `${r.productId}:${r.variationId ?? ''}`;

/**
 * Purchasables for (product, variation) pairs, keyed "productId:variationId". Missing ones
 * are absent from the map. Kept in the store cache until any product, stock or price changes.
 * `stockMoved`: the caller has seen the stock version of the product move (the cart's quick
 * add was refused): held values have their stock read again at once (StockStamped.suspect).
 * `stock`: products' stock rows the caller has just read (the quick add's statement did on
 * PostgreSQL): a held product whose stock moved takes its stock from there, not read again.
 */
export function loadPurchasables(db: DB, refs: Ref[], options: { stockMoved?: boolean; stock?: ReadonlyMap<number, ProductStock> } = {}): Promise<Map<string, Purchasable>> {
  const byKey = new Map(refs.map((r) => [refKey(r), r]));
  return cachedMany(db, 'purchasable', [...byKey.keys()], (keys) => readPurchasables(db, keys.map((k) => byKey.get(k)!)), {
    ...STAMPED,
    refresh: (stale) => refreshStock(db, stale, options.stock),
    suspect: options.stockMoved,
  });
}

/** A product's stock columns with its stock version, as read together in one statement. */
export type ProductStock = StockRow & { stock_version: number };

/** A product's or variation's stock columns. */
interface StockRow {
  stock_status: string;
  manage_stock: number;
  stock_quantity: number | null;
  backorders: string;
}

/** A purchasable's stock, from its product's row and its variation's (null for a product): a variation manages its own stock only when it says so. */
function stockOf(p: StockRow & { stock_version: number }, v: StockRow | null) {
  const owner = v && v.manage_stock === 1 ? v : p;
  return {
    stockStatus: (v?.stock_status ?? p.stock_status) as CartItem['stockStatus'],
    manageStock: owner.manage_stock === 1,
    stockQuantity: owner.stock_quantity,
    backordersAllowed: owner.backorders !== 'no',
    stockVersion: p.stock_version,
  };
}

/**
 * Purchasables whose product's stock version moved on (an order, a restock), with their stock
 * read again and the rest kept: a stock version moves for stock alone, anything else moves
 * the store version. Variations are read after their products (see readPurchasables). A
 * product or variation gone is left out (loaded afresh: absent).
 */
async function refreshStock(db: DB, stale: Map<string, Purchasable>, known?: ReadonlyMap<number, ProductStock>): Promise<Map<string, Purchasable>> {
  const out = new Map<string, Purchasable>();
  const values = [...stale.values()];
  if (known && values.every((p) => p.variationId === null && known.has(p.productId))) {
    for (const [key, old] of stale) out.set(key, { ...old, ...stockOf(known.get(old.productId)!, null) });
    return out;
  }
  const productIds = [...new Set(values.map((p) => p.productId))];
  const variationIds = [...new Set(values.map((p) => p.variationId).filter((v): v is number => v !== null))];
  const mark = freshnessMark();
  const products = await db
    .selectFrom('products')
    .select(['id', 'stock_status', 'manage_stock', 'stock_quantity', 'backorders', 'stock_version'])
    .where('id', 'in', productIds)
    .execute();
  // Read with the stock: later lookups of this request need not read the stock versions again.
  primeStockStamps(db, products.map((r) => [r.id, r.stock_version] as const), mark);
  const variations = variationIds.length
    ? await db.selectFrom('product_variations').select(['id', 'product_id', 'stock_status', 'manage_stock', 'stock_quantity', 'backorders']).where('id', 'in', variationIds).execute()
    : [];
  for (const [key, old] of stale) {
    const p = products.find((r) => r.id === old.productId);
    const v = old.variationId === null ? null : variations.find((r) => r.id === old.variationId && r.product_id === old.productId);
    if (!p || v === undefined) continue;
    out.set(key, { ...old, ...stockOf(p, v) });
  }
  return out;
}

/** A purchasable as the store cache already holds it, with the store version it was read under (see peekMany). */
export function peekPurchasable(db: DB, ref: Ref): { version: string; purchasable: Purchasable } | undefined {
  const key = refKey(ref);
  const found = peekMany<Purchasable>(db, 'purchasable', [key]);
  const purchasable = found?.values.get(key);
  return found && purchasable ? { version: found.version, purchasable } : undefined;
}

/** The product's attributes as [slug, name, options] (options: the stored JSON text). */
const PG_ATTRIBUTES = sql<unknown>`(select coalesce(json_agg(json_build_array(a.slug, a.name, a.options) order by a.id), '[]'::json) from product_attributes a where a.product_id = products.id)`;
const SQLITE_ATTRIBUTES = sql<unknown>`(select json_group_array(json_array(a.slug, a.name, a.options)) from product_attributes a where a.product_id = products.id)`;
/** Its categories and their ancestors: a product in "Clothing > Hoodies" also counts as in "Clothing" (coupon category rules). */
const CATEGORY_IDS = (agg: string) =>
  sql<unknown>`(select ${sql.raw(agg)} from product_categories pc join categories c on c.id = pc.category_id join categories anc on anc.path = c.path or c.path like anc.path || '/%' where pc.product_id = products.id)`;
const PG_CATEGORIES = CATEGORY_IDS(`coalesce(json_agg(anc.id), '[]'::json)`);
const SQLITE_CATEGORIES = CATEGORY_IDS('json_group_array(anc.id)');

/** Reads purchasables from the database in two statements (products, then variations). */
async function readPurchasables(db: DB, refs: Ref[]): Promise<Map<string, Purchasable>> {
  const out = new Map<string, Purchasable>();
  if (refs.length === 0) return out;
  const productIds = [...new Set(refs.map((r) => r.productId))];
  const variationIds = [...new Set(refs.map((r) => r.variationId).filter((v): v is number => v !== null))];
  // Variations are read after their products: an order between the two reads leaves the
  // older stock version with the newer stock, so the value is read again next time (not kept stale).
  let productsRead: Promise<unknown> = Promise.resolve();
  const pg = isPostgres(db);
  const [products, variations] = await Promise.all([
    // The product's attributes and categories come as JSON columns of the same statement.
    productsRead = db.selectFrom('products').leftJoin('media', 'media.id', 'products.image_id')
      .select(['products.id', 'products.name', 'products.slug', 'products.type', 'products.status', 'products.regular_price', 'products.sale_price',
        'products.sale_from', 'products.sale_to', 'products.stock_status', 'products.manage_stock', 'products.stock_quantity', 'products.backorders',
        'products.sold_individually', 'products.tax_status', 'products.tax_class', 'products.shipping_class', 'products.virtual', 'products.stock_version',
        'media.path as image_path', 'media.widths as image_widths', 'media.alt as image_alt',
        (pg ? PG_ATTRIBUTES : SQLITE_ATTRIBUTES).as('attrs'), (pg ? PG_CATEGORIES : SQLITE_CATEGORIES).as('cats')])
      .where('products.id', 'in', productIds).execute(),
    variationIds.length
      ? productsRead.then(() => db.selectFrom('product_variations').leftJoin('media', 'media.id', 'product_variations.image_id')
          .select(['product_variations.id', 'product_variations.product_id', 'product_variations.status', 'product_variations.attributes',
            'product_variations.regular_price', 'product_variations.sale_price', 'product_variations.sale_from', 'product_variations.sale_to',
            'product_variations.stock_status', 'product_variations.manage_stock', 'product_variations.stock_quantity', 'product_variations.backorders',
            'product_variations.min_qty', 'product_variations.max_qty', 'product_variations.tax_class', 'product_variations.shipping_class',
            'product_variations.virtual', 'media.path as image_path', 'media.widths as image_widths', 'media.alt as image_alt'])
          .where('product_variations.id', 'in', variationIds).execute())
      : Promise.resolve([]),
  ]);
  for (const ref of refs) {
    const p = products.find((r) => r.id === ref.productId);
    if (!p) continue;
    const v = ref.variationId === null ? null : variations.find((r) => r.id === ref.variationId && r.product_id === p.id);
    if (ref.variationId !== null && !v) continue;
    const src = v ?? p;
    const { price, onSale } = activePrice({ regular: src.regular_price, sale: src.sale_price, saleFrom: src.sale_from, saleTo: src.sale_to });
    const img = imageSources(v?.image_path ?? p.image_path, v?.image_path ? v.image_widths : p.image_widths, 300);
    const attributes: Purchasable['attributes'] = {};
    for (const [slug, name, options] of jsonColumn<[string, string, string][]>(p.attrs)) attributes[slug] = { name, options: parseJson<string[]>(options, []) };
    out.set(`${ref.productId}:${ref.variationId ?? ''}`, {
      productId: p.id,
      variationId: v?.id ?? null,
      name: p.name,
      slug: p.slug,
      type: p.type,
      status: v && v.status !== 'publish' ? 'private' : p.status,
      price,
      onSale,
      ...stockOf(p, v ?? null),
      soldIndividually: p.sold_individually === 1,
      minQty: v?.min_qty ?? null,
      maxQty: v?.max_qty ?? null,
      taxStatus: p.tax_status as PricedLine['taxStatus'],
      taxClass: v && v.tax_class !== 'parent' ? v.tax_class : p.tax_class,
      shippingClass: v?.shipping_class || p.shipping_class,
      virtual: (v ? v.virtual : p.virtual) === 1,
      categoryIds: jsonColumn<number[]>(p.cats),
      image: img ? { src: img.src, srcset: img.srcSet, alt: v?.image_alt ?? p.image_alt ?? '' } : null,
      attributes,
      variationAttributes: v ? parseJson<Record<string, string>>(v.attributes, {}) : {},
    });
  }
  return out;
}

/** Most units of this purchasable one cart line may hold; null = unlimited. */
export function maxQuantity(p: Purchasable): number | null {
  const limits = [
    p.soldIndividually ? 1 : null,
    p.maxQty,
    p.manageStock && !p.backordersAllowed ? Math.max(0, p.stockQuantity ?? 0) : null,
  ].filter((n): n is number => n !== null);
  return limits.length ? Math.min(...limits) : null;
}

/** Fewest and most units one cart line of this purchasable may hold in total. */
export function lineBounds(p: Purchasable): { min: number; max: number } {
  return { min: Math.max(1, p.minQty ?? 1), max: Math.min(maxQuantity(p) ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY) };
}

/**
 * The purchasable as a shopper's message names it: a variation with its own attribute values
 * ("Hoodie – Blue, L", as WooCommerce names one), a product by its name.
 */
export function purchasableName(p: Purchasable): string {
  const values = p.variationId === null ? [] : Object.values(p.variationAttributes).filter(Boolean);
  return values.length ? `${p.name} – ${values.join(', ')}` : p.name;
}

/**
 * Why a purchasable cannot be bought at all, as the error to answer (404 when it is not for
 * sale, 409 otherwise; `productUrl` when choosing options on the page would help), or null.
 */
export function availabilityProblem(p: Purchasable): HttpError | null {
  const productUrl = `/product/${p.slug}`;
  if (p.status !== 'publish') return new HttpError(404, 'not_found', 'This product is not available.');
  if (p.type === 'variable' && p.variationId === null) {
    return new HttpError(409, 'choose_options', `Please choose product options for “${p.name}”.`, undefined, undefined, { productUrl });
  }
  if (p.type === 'grouped') return new HttpError(409, 'choose_options', `Please choose the products of “${p.name}” to add.`, undefined, undefined, { productUrl });
  if (p.type === 'external' || p.price === null) {
    return new HttpError(409, 'not_purchasable', `Sorry, “${p.name}” cannot be purchased.`, undefined, undefined, { productUrl });
  }
  if (p.stockStatus === 'outofstock') return new HttpError(409, 'out_of_stock', `Sorry, “${purchasableName(p)}” is out of stock.`);
  return null;
}

/** Refuses a purchasable that cannot be bought at all (availabilityProblem). */
export function assertAvailable(p: Purchasable): void {
  const problem = availabilityProblem(p);
  if (problem) throw problem;
}

/**
 * Refuses a purchasable that cannot be bought in this quantity (with `inCart` already in
 * the line), with the shopper-facing reason. 409 for stock and limits.
 */
export function assertPurchasable(p: Purchasable, quantity: number, inCart: number): void {
  assertAvailable(p);
  const total = inCart + quantity;
  if (p.soldIndividually && total > 1) throw new HttpError(409, 'sold_individually', `You cannot add another “${p.name}” to your cart.`);
  if (p.minQty !== null && total < p.minQty) throw new HttpError(409, 'too_few', `The minimum quantity of “${p.name}” is ${p.minQty}.`);
  const max = maxQuantity(p);
  const have = inCart > 0 ? ` (you have ${inCart} in your cart)` : '';
  if (max !== null && total > max) {
    const reason = p.manageStock && !p.backordersAllowed && max === Math.max(0, p.stockQuantity ?? 0) ? `only ${max} in stock` : `at most ${max} per order`;
    throw new HttpError(409, 'too_many', `You cannot add that amount of “${purchasableName(p)}” — ${reason}${have}.`);
  }
  if (total > MAX_LINE_QUANTITY) throw new HttpError(409, 'too_many', `You cannot add that amount of “${p.name}” — at most ${MAX_LINE_QUANTITY} per line${have}.`);
}
