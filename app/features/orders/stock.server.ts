import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { recomputeProducts } from '../catalog/catalog-write.server.ts';
import { managedStatus, writeStockLog, type StockChange, type StockLogContext } from '../stock/stock-log.server.ts';

/*
 * Stock moves for orders, race-free: one conditional UPDATE per product or variation
 * (`… where stock_quantity >= q` unless backorders are allowed), so two orders can never
 * both take the last unit — PostgreSQL re-checks the condition after waiting for the row
 * lock, SQLite runs writers one at a time. Rows are updated in a fixed order (products
 * before variations, by id) so concurrent orders cannot deadlock. Each move is logged
 * (app/features/stock) from what the UPDATE returns: one INSERT for the whole order.
 */

export interface StockRef {
  productId: number | null;
  variationId: number | null;
  quantity: number;
  /** For messages. */
  name?: string;
  key?: string;
}

/** A managed-stock row an order line draws from. */
interface Owner {
  table: 'products' | 'product_variations';
  id: number;
  quantity: number;
  refs: StockRef[];
  /** For the stock log: the product, the variation (when it holds the stock), the product's own low-stock threshold. */
  productId: number;
  variationId: number | null;
  ownThreshold: number | null;
}

export interface StockShortfall {
  key?: string;
  productId: number | null;
  variationId: number | null;
  name: string;
  requested: number;
  available: number;
}

/** The products addTotalSales updated, as its UPDATE left them (the rows are locked from then on). */
export type SoldProducts = Map<number, { id: number; manage_stock: number; low_stock_amount: number | null; sku: string | null }>;

/**
 * Which row holds the stock of each line (a variation manages its own stock only when it says
 * so). Products already in `known` are not read again.
 */
async function owners(trx: DB, refs: StockRef[], known?: SoldProducts): Promise<Owner[]> {
  const variationIds = [...new Set(refs.map((r) => r.variationId).filter((v): v is number => v !== null))];
  const productIds = [...new Set(refs.map((r) => r.productId).filter((v): v is number => v !== null && !known?.has(v)))];
  const [vars, read] = await Promise.all([
    variationIds.length ? trx.selectFrom('product_variations').select(['id', 'manage_stock']).where('id', 'in', variationIds).execute() : Promise.resolve([]),
    productIds.length ? trx.selectFrom('products').select(['id', 'manage_stock', 'low_stock_amount']).where('id', 'in', productIds).execute() : Promise.resolve([]),
  ]);
  const prods = known ? [...read, ...known.values()] : read;
  const byKey = new Map<string, Owner>();
  for (const ref of refs) {
    if (ref.quantity <= 0) continue;
    const v = ref.variationId !== null ? vars.find((x) => x.id === ref.variationId) : undefined;
    const p = ref.productId !== null ? prods.find((x) => x.id === ref.productId) : undefined;
    const own = { productId: ref.productId ?? 0, ownThreshold: p?.low_stock_amount ?? null };
    const owner =
      v && v.manage_stock === 1
        ? { table: 'product_variations' as const, id: v.id, variationId: v.id, ...own }
        : p && p.manage_stock === 1
          ? { table: 'products' as const, id: p.id, variationId: null, ...own }
          : null;
    if (!owner) continue;
    const key = `${owner.table}:${owner.id}`;
    const o = byKey.get(key) ?? { ...owner, quantity: 0, refs: [] };
    o.quantity += ref.quantity;
    o.refs.push(ref);
    byKey.set(key, o);
  }
  return [...byKey.values()].sort((a, b) => (a.table === b.table ? a.id - b.id : a.table === 'products' ? -1 : 1));
}

const statusAfter = (q: number) =>
  sql<string>`case when coalesce(stock_quantity, 0) - ${q} > 0 then 'instock' when backorders = 'no' then 'outofstock' else 'onbackorder' end`;
const statusAfterRestock = (q: number) =>
  sql<string>`case when coalesce(stock_quantity, 0) + ${q} > 0 then 'instock' when backorders = 'no' then 'outofstock' else 'onbackorder' end`;

/**
 * Takes the lines' quantities from stock inside `trx`. Returns the lines that could not
 * be served (with what is left); the caller must then roll back — rows updated before the
 * shortfall was found are only undone by the rollback. Returns whether any stock moved and
 * the products whose stock ran out (their derived listing columns need recomputing).
 */
export async function reduceStock(
  trx: DB,
  refs: StockRef[],
  log: StockLogContext,
  /** What addTotalSales answered in the same transaction, if it ran first. */
  sold?: SoldProducts,
): Promise<{ shortfalls: StockShortfall[]; changed: boolean; flipped: number[]; alerts: boolean }> {
  const shortfalls: StockShortfall[] = [];
  const flipped = new Set<number>();
  const moves: StockChange[] = [];
  let changed = false;
  for (const o of await owners(trx, refs, sold)) {
    const q = o.quantity;
    const res = await trx
      .updateTable(o.table)
      .set({
        stock_quantity: sql<number>`coalesce(stock_quantity, 0) - ${q}`,
        stock_status: statusAfter(q),
        // Moves this row's stock version instead of the store version (migration 018).
        stock_version: sql<number>`stock_version + 1`,
        updated_at: new Date().toISOString(),
      } as never)
      .where('id', '=', o.id)
      .where('manage_stock', '=', 1)
      .where((eb) => eb.or([eb('backorders', '<>', 'no'), eb(sql`coalesce(stock_quantity, 0)`, '>=', q)]))
      .returning(['stock_quantity', 'stock_status', 'backorders'])
      .executeTakeFirst();
    if (res) {
      changed = true;
      moves.push(move(o, res, q, -1));
      // Sold out now: parents that derive their stock status from this row must follow.
      if ((res.stock_quantity ?? 0) <= 0 && (res.stock_quantity ?? 0) + q > 0) for (const r of o.refs) if (r.productId !== null) flipped.add(r.productId);
      continue;
    }
    const left = await trx.selectFrom(o.table).select('stock_quantity').where('id', '=', o.id).executeTakeFirst();
    for (const ref of o.refs) {
      shortfalls.push({
        key: ref.key,
        productId: ref.productId,
        variationId: ref.variationId,
        name: ref.name ?? 'A product',
        requested: ref.quantity,
        available: Math.max(0, left?.stock_quantity ?? 0),
      });
    }
  }
  // Refused orders roll back and log nothing.
  const alerts = shortfalls.length ? false : await writeStockLog(trx, moves, log);
  return { shortfalls, changed, flipped: [...flipped], alerts };
}

/** One log row from an update's answer: `sign` -1 took `q` units, +1 put them back. */
function move(o: Owner, res: { stock_quantity: number | null; stock_status: StockChange['statusAfter']; backorders: string }, q: number, sign: 1 | -1): StockChange {
  const after = res.stock_quantity ?? 0;
  const before = after - sign * q;
  return { productId: o.productId, variationId: o.variationId, before, after, statusBefore: managedStatus(before, res.backorders), statusAfter: res.stock_status, ownThreshold: o.ownThreshold };
}

/** Puts quantities back (cancelled, refunded, failed orders; refunds with restock). */
export async function restoreStock(trx: DB, refs: StockRef[], log: StockLogContext): Promise<boolean> {
  let changed = false;
  const flipped = new Set<number>();
  const moves: StockChange[] = [];
  for (const o of await owners(trx, refs)) {
    const q = o.quantity;
    const res = await trx
      .updateTable(o.table)
      .set({ stock_quantity: sql<number>`coalesce(stock_quantity, 0) + ${q}`, stock_status: statusAfterRestock(q), updated_at: new Date().toISOString() } as never)
      .where('id', '=', o.id)
      .where('manage_stock', '=', 1)
      .returning(['stock_quantity', 'stock_status', 'backorders'])
      .executeTakeFirst();
    if (!res) continue;
    changed = true;
    moves.push(move(o, res, q, 1));
    if ((res.stock_quantity ?? 0) > 0 && (res.stock_quantity ?? 0) - q <= 0) for (const r of o.refs) if (r.productId !== null) flipped.add(r.productId);
  }
  if (flipped.size) await recomputeProducts(trx, [...flipped]);
  await writeStockLog(trx, moves, log);
  return changed;
}

/** Counts units sold on the products (popularity sorting); negative to take back. */
export async function addTotalSales(trx: DB, refs: StockRef[], sign: 1 | -1): Promise<SoldProducts> {
  const byProduct = new Map<number, number>();
  for (const r of refs) if (r.productId !== null && r.quantity > 0) byProduct.set(r.productId, (byProduct.get(r.productId) ?? 0) + r.quantity);
  const sold: SoldProducts = new Map();
  for (const [id, q] of [...byProduct].sort((a, b) => a[0] - b[0])) {
    const n = sign * q;
    const row = await trx
      .updateTable('products')
      .set({
        total_sales: sql<number>`case when total_sales + ${n} < 0 then 0 else total_sales + ${n} end`,
        // The product's stock version (its variations' stock included) moves, not the store version.
        stock_version: sql<number>`stock_version + 1`,
      })
      .where('id', '=', id)
      .returning(['id', 'manage_stock', 'low_stock_amount', 'sku'])
      .executeTakeFirst();
    if (row) sold.set(row.id, row);
  }
  return sold;
}
