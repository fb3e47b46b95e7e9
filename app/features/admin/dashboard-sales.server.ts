import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { BACK_OFFICE_STOCK } from '../../config/constants.ts';
import { ORDER_STATUSES, type OrderStatus } from '../orders/orders.ts';

/*
 * The dashboard's sales figures. An order counts as a sale while it is processing, on hold
 * (bank transfer or cheque: ordered, payment on its way) or completed, as WooCommerce's
 * reports count them; pending-payment, failed and cancelled orders do not, and a fully
 * refunded order no longer does. Amounts are net of refunds (total − refunded), in the
 * store's currency only (an order placed under another currency is left out rather than
 * added as if it were the same money). Days are UTC days, as the rest of the shop's dates.
 *
 * One query reads the last 30 days per day (the chart), and today, 7 and 30 days are summed
 * from it; it reads orders by the (created_at, status) index, so its cost follows the orders
 * of the window, not the shop's history.
 */

export const SALES_STATUSES: readonly OrderStatus[] = ['processing', 'on-hold', 'completed'];
/** Statuses that wait for the shop: shown as links to the orders list. */
export const ACTION_STATUSES: readonly OrderStatus[] = ['processing', 'on-hold'];

const DAY = 86_400_000;

export interface SalesWindow {
  /** Net sales, minor units. */
  total: number;
  orders: number;
}

export interface SalesDay extends SalesWindow {
  /** YYYY-MM-DD (UTC). */
  day: string;
}

export interface SalesFigures {
  currency: string;
  today: SalesWindow;
  week: SalesWindow;
  month: SalesWindow;
  /** Every day of the window, oldest first, with zeros for days without sales. */
  days: SalesDay[];
  /** Orders placed in the window by status (every status, zeros included). */
  byStatus: { status: OrderStatus; count: number }[];
  /** Orders waiting for the shop now, whenever placed. */
  waiting: { status: OrderStatus; count: number }[];
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The first day of the window ending today (UTC). */
export function windowStart(now: Date, days: number): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight - (days - 1) * DAY);
}

export async function salesFigures(db: DB, currency: string, now: Date = new Date(), days: number = BACK_OFFICE_STOCK.salesChartDays): Promise<SalesFigures> {
  const start = windowStart(now, days);
  const from = start.toISOString();
  const dayExpr = sql<string>`substr(created_at, 1, 10)`;
  const [perDay, byStatus, waiting] = await Promise.all([
    db
      .selectFrom('orders')
      .select([dayExpr.as('day'), (eb) => eb.fn.countAll<number | string>().as('orders'), sql<number | string>`sum(total - refunded_total)`.as('net')])
      .where('created_at', '>=', from)
      .where('status', 'in', [...SALES_STATUSES])
      .where('currency', '=', currency)
      .groupBy(dayExpr)
      .execute(),
    db
      .selectFrom('orders')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('created_at', '>=', from)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('orders')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('status', 'in', [...ACTION_STATUSES])
      .groupBy('status')
      .execute(),
  ]);
  const byDay = new Map(perDay.map((r) => [r.day, { total: Number(r.net ?? 0), orders: Number(r.orders) }]));
  const list: SalesDay[] = [];
  for (let i = 0; i < days; i++) {
    const day = dayOf(new Date(start.getTime() + i * DAY));
    list.push({ day, ...(byDay.get(day) ?? { total: 0, orders: 0 }) });
  }
  const sum = (rows: SalesDay[]): SalesWindow => rows.reduce((a, r) => ({ total: a.total + r.total, orders: a.orders + r.orders }), { total: 0, orders: 0 });
  const count = (rows: { status: string; n: number | string }[], s: OrderStatus) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return {
    currency,
    today: sum(list.slice(-1)),
    week: sum(list.slice(-7)),
    month: sum(list),
    days: list,
    byStatus: ORDER_STATUSES.map((status) => ({ status, count: count(byStatus, status) })),
    waiting: ACTION_STATUSES.map((status) => ({ status, count: count(waiting, status) })),
  };
}

export interface TopSeller {
  productId: number;
  name: string;
  /** Units sold, less units refunded. */
  quantity: number;
  /** What the units kept were sold for: line totals (after discounts, before tax) less the refunded units' share, minor units. */
  netSales: number;
  /** Line totals as ordered, before any refund, minor units. */
  grossSales: number;
  /** Whether the product still exists (its editor can be opened). */
  exists: boolean;
}

/**
 * The products sold most in the window (units kept), from orders that count as sales. A
 * refund gives units back line by line (`order_items.refunded_quantity`), each unit taking its
 * share of the line's total with it, so the units and the money describe the same sales. A
 * refund of an amount without units (a goodwill gesture, shipping) belongs to the order, not
 * to a product: it lowers the order's net sales in the figures above, not a product's here.
 */
export async function topSellers(db: DB, currency: string, now: Date = new Date(), limit: number = BACK_OFFICE_STOCK.dashboardListRows): Promise<TopSeller[]> {
  const from = windowStart(now, BACK_OFFICE_STOCK.salesChartDays).toISOString();
  const qty = sql<number | string>`sum(oi.quantity - oi.refunded_quantity)`;
  // Rounded per line to whole minor units, the same way on both databases.
  const net = sql<number | string>`sum(CASE WHEN oi.refunded_quantity = 0 THEN oi.total ELSE oi.total - CAST(ROUND(oi.total * oi.refunded_quantity * 1.0 / oi.quantity) AS INTEGER) END)`;
  const rows = await db
    .selectFrom('order_items as oi')
    .innerJoin('orders as o', 'o.id', 'oi.order_id')
    .select(['oi.product_id', qty.as('quantity'), net.as('net'), sql<number | string>`sum(oi.total)`.as('gross'), sql<string>`max(oi.name)`.as('name')])
    .where('o.created_at', '>=', from)
    .where('o.status', 'in', [...SALES_STATUSES])
    .where('o.currency', '=', currency)
    .where('oi.product_id', 'is not', null)
    .groupBy('oi.product_id')
    .having(qty, '>', 0)
    .orderBy(qty, 'desc')
    .orderBy(net, 'desc')
    .orderBy('oi.product_id')
    .limit(limit)
    .execute();
  const ids = rows.map((r) => r.product_id!);
  const names = new Map(ids.length ? (await db.selectFrom('products').select(['id', 'name']).where('id', 'in', ids).execute()).map((p) => [p.id, p.name]) : []);
  return rows.map((r) => ({
    productId: r.product_id!,
    name: names.get(r.product_id!) ?? r.name,
    quantity: Number(r.quantity),
    netSales: Number(r.net),
    grossSales: Number(r.gross),
    exists: names.has(r.product_id!),
  }));
}
