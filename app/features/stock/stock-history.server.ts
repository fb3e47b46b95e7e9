import type { DB } from '../../../db/client.ts';
import { BACK_OFFICE_STOCK } from '../../config/constants.ts';
import { idFromText } from '../../lib/validate.ts';
import { lookupProducts } from '../catalog-admin/product-links.server.ts';
import { isStockReason, type StockHistoryPage, type StockHistoryRow, type StockReason } from './stock.ts';
import { variationLabels } from './stock-names.server.ts';

/*
 * Reading the stock log for the back office: newest first, a page at a time, by reason and by
 * product. Filters use the log's indexes (product_id, id) and (reason, id); names are read for
 * the page's rows only (products and users by id, variations' choices).
 */

export interface StockHistoryQuery {
  reason: StockReason | '';
  /** Exact product (the per-product history, or `?product=`). */
  productId: number | null;
  /** A product search (name, SKU, or #id) for the global list. */
  q: string;
  page: number;
}

/** The list's query from an address; anything unknown falls back to "all". */
export function parseHistoryQuery(params: URLSearchParams): StockHistoryQuery {
  const reason = params.get('reason') ?? '';
  const page = Number(params.get('page'));
  return {
    reason: isStockReason(reason) ? reason : '',
    // An id the column can hold, or none (a larger number is no product, not a database error).
    productId: idFromText(params.get('product')),
    q: (params.get('q') ?? '').trim().slice(0, 100),
    page: Number.isSafeInteger(page) && page > 0 ? Math.min(page, 100_000) : 1,
  };
}

/** Product ids a search names: `#12` or `12` is that id; otherwise the editor's product search (name or SKU). */
async function productsFor(db: DB, q: string): Promise<number[]> {
  const id = /^#?(\d{1,9})$/.exec(q);
  if (id) return [Number(id[1])];
  return (await lookupProducts(db, q)).map((p) => p.id);
}

export async function stockHistory(db: DB, query: StockHistoryQuery, perPage: number = BACK_OFFICE_STOCK.historyPerPage): Promise<StockHistoryPage> {
  let products: number[] | null = query.productId !== null ? [query.productId] : null;
  if (products === null && query.q) products = await productsFor(db, query.q);
  if (products !== null && products.length === 0) return { rows: [], total: 0, page: 1, pages: 1 };
  const reason = query.reason;
  const counted = await db
    .selectFrom('stock_log')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .$if(reason !== '', (qb) => qb.where('stock_log.reason', '=', reason as StockReason))
    .$if(products !== null, (qb) => qb.where('stock_log.product_id', 'in', products!))
    .executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(query.page, pages);
  const rows = await db
    .selectFrom('stock_log')
    .leftJoin('products', 'products.id', 'stock_log.product_id')
    .leftJoin('users', 'users.id', 'stock_log.user_id')
    .select([
      'stock_log.id',
      'stock_log.created_at',
      'stock_log.product_id',
      'stock_log.variation_id',
      'stock_log.quantity_before',
      'stock_log.quantity_after',
      'stock_log.status_before',
      'stock_log.status_after',
      'stock_log.reason',
      'stock_log.source',
      'stock_log.order_id',
      'stock_log.user_id',
      'stock_log.actor',
      'stock_log.alert',
      'products.name as product_name',
      'users.name as user_name',
      'users.email as user_email',
    ])
    .$if(reason !== '', (qb) => qb.where('stock_log.reason', '=', reason as StockReason))
    .$if(products !== null, (qb) => qb.where('stock_log.product_id', 'in', products!))
    .orderBy('stock_log.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const labels = await variationLabels(
    db,
    rows.flatMap((r) => (r.variation_id ? [r.variation_id] : [])),
  );
  return {
    rows: rows.map((r): StockHistoryRow => ({
      id: r.id,
      createdAt: r.created_at,
      productId: r.product_id,
      productName: r.product_name ?? null,
      variationId: r.variation_id,
      variationLabel: r.variation_id ? (labels.get(r.variation_id) ?? null) : null,
      quantityBefore: r.quantity_before,
      quantityAfter: r.quantity_after,
      statusBefore: r.status_before,
      statusAfter: r.status_after,
      reason: r.reason,
      source: r.source,
      orderId: r.order_id,
      userId: r.user_id,
      actor: r.user_id !== null ? r.user_name || r.user_email || `User #${r.user_id}` : r.actor || 'System',
      alert: r.alert,
    })),
    total,
    page,
    pages,
  };
}
