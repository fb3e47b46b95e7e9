import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import type { DayRange } from './report-range.ts';
import { salesOrders } from './revenue.server.ts';

/*
 * Sales by product and variation, and by category, on the dashboard's top sellers' bases:
 * units sold less refunded units; net sales = line totals (after coupons, before tax) less each
 * refunded unit's share of its line, rounded per line the same way on both databases; gross
 * sales = line totals as ordered. A product in two categories counts in both.
 */

export interface ProductRow {
  productId: number | null;
  variationId: number | null;
  name: string;
  /** The chosen attributes of a variation ("Size: M"), else empty. */
  variation: string;
  sku: string;
  quantity: number;
  netSales: number;
  grossSales: number;
  orders: number;
}

export interface CategoryRow {
  categoryId: number;
  name: string;
  quantity: number;
  netSales: number;
  grossSales: number;
}

const qty = sql<number | string>`sum(oi.quantity - oi.refunded_quantity)`;
const net = sql<number | string>`sum(CASE WHEN oi.refunded_quantity = 0 THEN oi.total ELSE oi.total - CAST(ROUND(oi.total * oi.refunded_quantity * 1.0 / oi.quantity) AS INTEGER) END)`;
const gross = sql<number | string>`sum(oi.total)`;

function variationText(json: string | null): string {
  try {
    const v = JSON.parse(json ?? '{}') as Record<string, unknown>;
    return Object.entries(v ?? {})
      .filter(([, x]) => x !== '' && x !== null && x !== undefined)
      .map(([k, x]) => `${k}: ${String(x)}`)
      .join(', ');
  } catch {
    return '';
  }
}

export async function productSales(db: DB, range: DayRange, currency: string): Promise<ProductRow[]> {
  const rows = await salesOrders(db, range, currency)
    .innerJoin('order_items as oi', 'oi.order_id', 'o.id')
    .select([
      'oi.product_id',
      'oi.variation_id',
      qty.as('quantity'),
      net.as('net'),
      gross.as('gross'),
      sql<number | string>`count(distinct o.id)`.as('orders'),
      sql<string>`max(oi.name)`.as('name'),
      sql<string>`max(oi.sku)`.as('sku'),
      sql<string>`max(oi.attributes)`.as('attributes'),
    ])
    .groupBy(['oi.product_id', 'oi.variation_id'])
    .orderBy(qty, 'desc')
    .orderBy(net, 'desc')
    .orderBy('oi.product_id')
    .orderBy('oi.variation_id')
    .execute();
  const ids = [...new Set(rows.map((r) => r.product_id).filter((id): id is number => id !== null))];
  const names = new Map(ids.length ? (await db.selectFrom('products').select(['id', 'name']).where('id', 'in', ids).execute()).map((p) => [p.id, p.name]) : []);
  return rows.map((r) => ({
    productId: r.product_id,
    variationId: r.variation_id,
    name: (r.product_id !== null ? names.get(r.product_id) : undefined) ?? r.name,
    variation: r.variation_id !== null ? variationText(r.attributes) : '',
    sku: r.sku ?? '',
    quantity: Number(r.quantity),
    netSales: Number(r.net),
    grossSales: Number(r.gross),
    orders: Number(r.orders),
  }));
}

export async function categorySales(db: DB, range: DayRange, currency: string): Promise<CategoryRow[]> {
  const rows = await salesOrders(db, range, currency)
    .innerJoin('order_items as oi', 'oi.order_id', 'o.id')
    .innerJoin('product_categories as pc', 'pc.product_id', 'oi.product_id')
    .innerJoin('categories as c', 'c.id', 'pc.category_id')
    .select(['c.id', sql<string>`max(c.name)`.as('name'), qty.as('quantity'), net.as('net'), gross.as('gross')])
    .groupBy('c.id')
    .orderBy(net, 'desc')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ categoryId: r.id, name: r.name, quantity: Number(r.quantity), netSales: Number(r.net), grossSales: Number(r.gross) }));
}
