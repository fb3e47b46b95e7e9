import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { BACK_OFFICE_STOCK } from '../../config/constants.ts';
import { choiceLabel } from '../stock/stock-names.server.ts';

/*
 * The dashboard's stock figures: products and variations low in stock (managed stock above 0
 * and at or below their threshold: the product's own, else the store's) and out of stock.
 * On a large catalog both read partial indexes of migration 020: managed stock by quantity
 * (`manage_stock = 1`), bounded above by the largest threshold in use (one index look-up), and
 * the rows out of stock (`stock_status = 'outofstock'`). The conditions are written literally
 * (not as parameters) so that SQLite can match them to the indexes' own.
 */

export interface StockItem {
  productId: number;
  variationId: number | null;
  name: string;
  /** The variation's choice ("Blue, M"); null for a product. */
  variation: string | null;
  sku: string | null;
  quantity: number | null;
  threshold: number | null;
}

export interface StockList {
  count: number;
  items: StockItem[];
}

const MANAGED = sql.raw<boolean>('manage_stock = 1');
const MANAGED_V = sql.raw<boolean>('v.manage_stock = 1');
const OUT = sql.raw<boolean>("stock_status = 'outofstock'");
const OUT_V = sql.raw<boolean>("v.stock_status = 'outofstock'");
const NOT_TRASH = sql.raw<boolean>("p.status <> 'trash'");

/** Products and variations at or below their low-stock threshold but not out. */
export async function lowStock(db: DB, storeThreshold: number, limit: number = BACK_OFFICE_STOCK.dashboardListRows): Promise<StockList> {
  const own = await db.selectFrom('products').select((eb) => eb.fn.max('low_stock_amount').as('m')).executeTakeFirst();
  const bound = Math.max(storeThreshold, Number(own?.m ?? 0));
  if (bound <= 0) return { count: 0, items: [] };
  const products = db
    .selectFrom('products as p')
    .where(MANAGED)
    .where('p.stock_quantity', '>', 0)
    .where('p.stock_quantity', '<=', bound)
    .where(sql<boolean>`p.stock_quantity <= coalesce(p.low_stock_amount, ${storeThreshold})`)
    .where(NOT_TRASH);
  const variations = db
    .selectFrom('product_variations as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .where(MANAGED_V)
    .where('v.stock_quantity', '>', 0)
    .where('v.stock_quantity', '<=', bound)
    .where(sql<boolean>`v.stock_quantity <= coalesce(p.low_stock_amount, ${storeThreshold})`)
    .where(NOT_TRASH);
  const [pc, vc, prows, vrows] = await Promise.all([
    products.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    variations.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    products.select(['p.id', 'p.name', 'p.sku', 'p.stock_quantity', 'p.low_stock_amount']).orderBy('p.stock_quantity').orderBy('p.id').limit(limit).execute(),
    variations
      .select(['v.id', 'v.product_id', 'p.name', 'v.sku', 'v.attributes', 'v.stock_quantity', 'p.low_stock_amount'])
      .orderBy('v.stock_quantity')
      .orderBy('v.id')
      .limit(limit)
      .execute(),
  ]);
  const items: StockItem[] = [
    ...prows.map((r) => ({ productId: r.id, variationId: null, name: r.name, variation: null, sku: r.sku, quantity: r.stock_quantity, threshold: r.low_stock_amount ?? storeThreshold })),
    ...vrows.map((r) => ({
      productId: r.product_id,
      variationId: r.id,
      name: r.name,
      variation: choiceLabel(r.attributes),
      sku: r.sku,
      quantity: r.stock_quantity,
      threshold: r.low_stock_amount ?? storeThreshold,
    })),
  ];
  items.sort((a, b) => (a.quantity ?? 0) - (b.quantity ?? 0) || a.productId - b.productId);
  return { count: Number(pc?.n ?? 0) + Number(vc?.n ?? 0), items: items.slice(0, limit) };
}

/**
 * Out of stock: products that hold their own stock (simple and external ones, and variable
 * ones managing stock for all their variations) and variations, newest change first. A
 * variable product without stock of its own is out when all its variations are: those are listed.
 */
export async function outOfStock(db: DB, limit: number = BACK_OFFICE_STOCK.dashboardListRows): Promise<StockList> {
  const products = db
    .selectFrom('products as p')
    .where(OUT)
    .where(NOT_TRASH)
    .where((eb) => eb.or([eb('p.type', 'in', ['simple', 'external']), eb('p.manage_stock', '=', 1)]));
  const variations = db
    .selectFrom('product_variations as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .where(OUT_V)
    .where(NOT_TRASH)
    .where('p.type', '=', 'variable')
    .where((eb) => eb.or([eb('v.manage_stock', '=', 1), eb('p.manage_stock', '=', 0)]));
  const [pc, vc, prows, vrows] = await Promise.all([
    products.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    variations.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    products.select(['p.id', 'p.name', 'p.sku', 'p.stock_quantity', 'p.manage_stock', 'p.updated_at']).orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc').limit(limit).execute(),
    variations
      .select(['v.id', 'v.product_id', 'p.name', 'v.sku', 'v.attributes', 'v.stock_quantity', 'v.manage_stock', 'v.updated_at'])
      .orderBy('v.updated_at', 'desc')
      .orderBy('v.id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  const items = [
    ...prows.map((r) => ({ at: r.updated_at, item: { productId: r.id, variationId: null, name: r.name, variation: null, sku: r.sku, quantity: r.manage_stock ? r.stock_quantity : null, threshold: null } })),
    ...vrows.map((r) => ({
      at: r.updated_at,
      item: { productId: r.product_id, variationId: r.id, name: r.name, variation: choiceLabel(r.attributes), sku: r.sku, quantity: r.manage_stock ? r.stock_quantity : null, threshold: null },
    })),
  ];
  items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return { count: Number(pc?.n ?? 0) + Number(vc?.n ?? 0), items: items.slice(0, limit).map((x) => x.item) };
}
