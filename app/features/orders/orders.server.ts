import { timingSafeEqual } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { DB } from '../../../db/client.ts';
import type { OrderItemsTable, OrderNotesTable, OrderRefundsTable, OrdersTable } from '../../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseJson } from '../../lib/json.ts';
import type { OrderSort } from './order-list.schema.ts';
import { whereOrders, type OrderFilter } from './order-filter.server.ts';
import { EMPTY_ADDRESS, type Address } from '../address/address.ts';
import {
  ORDER_STATUSES,
  receivedUrl,
  type OrderDetail,
  type OrderItem,
  type OrderStatus,
  type OrderSummary,
  type Page,
} from './orders.ts';
import { statusName } from './status-name.ts';
import { presentOrder } from './display.ts';

export * from './orders.ts';

/*
 * Reading orders. Every way in is scoped: a customer reaches only their own orders, a guest
 * an order only with its random key (or, on the tracking page, the billing e-mail). Anything
 * else is "not found" — the same answer as for an id that does not exist.
 */

type OrderRow = Selectable<OrdersTable>;

export const orderNotFound = () => new HttpError(404, 'not_found', 'Order not found.');

const address = (json: string): Address => ({ ...EMPTY_ADDRESS, ...parseJson<Partial<Address>>(json, {}) });

function toSummary(r: OrderRow, itemCount: number): OrderSummary {
  const billing = address(r.billing);
  return {
    id: r.id,
    status: r.status,
    statusLabel: statusName(r.status),
    createdAt: r.created_at,
    total: r.total,
    refundedTotal: r.refunded_total,
    currency: r.currency,
    itemCount,
    billingName: [billing.first_name, billing.last_name].filter(Boolean).join(' '),
    billingEmail: r.billing_email,
    paymentMethodTitle: r.payment_method_title,
  };
}

function toItem(r: Selectable<OrderItemsTable>): OrderItem {
  return {
    id: r.id,
    productId: r.product_id,
    variationId: r.variation_id,
    name: r.name,
    sku: r.sku,
    attributes: parseJson<{ name: string; value: string }[]>(r.attributes, []),
    quantity: r.quantity,
    unitPrice: r.unit_price,
    subtotal: r.subtotal,
    total: r.total,
    tax: r.tax,
    refundedQuantity: r.refunded_quantity,
  };
}

/** The whole order from its row; `allNotes` includes the shop's private notes (admin). */
export async function loadOrder(db: DB, row: OrderRow, allNotes = false): Promise<OrderDetail> {
  const [items, notes, refunds] = await Promise.all([
    db.selectFrom('order_items').selectAll().where('order_id', '=', row.id).orderBy('id').execute(),
    db
      .selectFrom('order_notes')
      .selectAll()
      .where('order_id', '=', row.id)
      .$if(!allNotes, (q) => q.where('customer_note', '=', 1))
      .orderBy('id', 'desc')
      .execute(),
    db.selectFrom('order_refunds').selectAll().where('order_id', '=', row.id).orderBy('id').execute(),
  ]);
  return orderDetail(row, items, notes, refunds);
}

/**
 * The whole order from its rows as stored: items in id order, notes newest first (the ones
 * given are the ones shown), refunds in id order. Checkout builds a new order's from the rows
 * it has just written, without reading them back.
 */
export function orderDetail(
  row: OrderRow,
  items: Selectable<OrderItemsTable>[],
  notes: Selectable<OrderNotesTable>[],
  refunds: Selectable<OrderRefundsTable>[],
): OrderDetail {
  const lines = items.map(toItem);
  const order: Omit<OrderDetail, 'display'> = {
    ...toSummary(row, lines.reduce((a, i) => a + i.quantity, 0)),
    orderKey: row.order_key,
    userId: row.user_id,
    billing: address(row.billing),
    shipping: address(row.shipping),
    customerNote: row.customer_note,
    paymentMethod: row.payment_method,
    transactionId: row.transaction_id,
    pricesIncludeTax: row.prices_include_tax === 1,
    subtotal: row.subtotal,
    discountTotal: row.discount_total,
    shippingTotal: row.shipping_total,
    taxTotal: row.tax_total,
    shippingLines: parseJson(row.shipping_lines, []),
    couponLines: parseJson(row.coupon_lines, []),
    taxLines: parseJson(row.tax_lines, []),
    stockReduced: row.stock_reduced === 1,
    paidAt: row.paid_at,
    completedAt: row.completed_at,
    updatedAt: row.updated_at,
    items: lines,
    notes: notes.map((n) => ({ id: n.id, content: n.content, customerNote: n.customer_note === 1, author: n.author, createdAt: n.created_at })),
    refunds: refunds.map((f) => ({
      id: f.id,
      amount: f.amount,
      reason: f.reason,
      items: parseJson(f.items, []),
      shipping: f.shipping,
      createdBy: f.created_by,
      createdAt: f.created_at,
    })),
    receivedUrl: receivedUrl(row.id, row.order_key),
  };
  return { ...order, display: presentOrder(order) };
}

const validId = (id: unknown): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0;

async function rowById(db: DB, id: number): Promise<OrderRow | undefined> {
  if (!validId(id)) return undefined;
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A signed-in customer's own order; null for someone else's or a missing one. */
export async function getOrderForUser(db: DB, id: number, userId: number): Promise<OrderDetail | null> {
  const row = await rowById(db, id);
  return row && row.user_id === userId ? loadOrder(db, row) : null;
}

/** The order behind an order-received link (id + key); null when they do not match. */
export async function getOrderByKey(db: DB, id: number, key: string): Promise<OrderDetail | null> {
  if (typeof key !== 'string' || key.length === 0 || key.length > 100) return null;
  const row = await rowById(db, id);
  return row && sameSecret(row.order_key, key) ? loadOrder(db, row) : null;
}

/** Order tracking for guests: order number + billing e-mail (any case). */
export async function trackOrder(db: DB, id: number, email: string): Promise<OrderDetail | null> {
  const row = await rowById(db, id);
  const given = typeof email === 'string' ? email.trim().toLowerCase() : '';
  return row && given && row.billing_email.toLowerCase() === given ? loadOrder(db, row) : null;
}

/** Any order with every note (admin); null when missing. */
export async function getOrderAdmin(db: DB, id: number): Promise<OrderDetail | null> {
  const row = await rowById(db, id);
  return row ? loadOrder(db, row, true) : null;
}

async function itemCounts(db: DB, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_items')
    .select(['order_id', (eb) => eb.fn.sum<number>('quantity').as('n')])
    .where('order_id', 'in', ids)
    .groupBy('order_id')
    .execute();
  return new Map(rows.map((r) => [r.order_id, Number(r.n)]));
}

const clampPage = (n: unknown, fallback: number, max = 10_000) => (Number.isInteger(n) && (n as number) >= 1 ? Math.min(n as number, max) : fallback);

/** A customer's orders, newest first. */
export async function listOrdersForUser(db: DB, userId: number, opts: { page?: number; perPage?: number } = {}): Promise<Page<OrderSummary>> {
  const perPage = clampPage(opts.perPage, 10, 100);
  const page = clampPage(opts.page, 1);
  const base = db.selectFrom('orders').where('user_id', '=', userId);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
  ]);
  const counts = await itemCounts(db, rows.map((r) => r.id));
  const total = Number(n);
  return { items: rows.map((r) => toSummary(r, counts.get(r.id) ?? 0)), total, page, perPage, pages: Math.max(1, Math.ceil(total / perPage)) };
}

export interface AdminOrderFilter extends Omit<OrderFilter, 'status'> {
  status?: OrderStatus | '' | null;
  sort?: OrderSort;
  dir?: 'asc' | 'desc';
  page?: number;
  perPage?: number;
}

/** The payment methods orders were placed with, for the list's filter. */
export async function orderPaymentMethods(db: DB): Promise<{ id: string; title: string }[]> {
  const rows = await db
    .selectFrom('orders')
    .select(['payment_method', (eb) => eb.fn.max('payment_method_title').as('title')])
    .where('payment_method', '!=', '')
    .groupBy('payment_method')
    .orderBy('payment_method')
    .execute();
  return rows.map((r) => ({ id: r.payment_method, title: r.title || r.payment_method }));
}

/**
 * Every order for the admin list, filtered as `whereOrders` says (status, payment method, a
 * search text in the order or its lines, a date range, a customer),
 * sorted by date (the default, newest first), total or status; ties by number, so pages
 * neither repeat nor skip. A page past the last gives the last.
 */
export async function listOrdersAdmin(db: DB, filter: AdminOrderFilter = {}): Promise<Page<OrderSummary> & { counts: Record<OrderStatus, number> }> {
  const perPage = clampPage(filter.perPage, 20, 100);
  const status = filter.status && (ORDER_STATUSES as readonly string[]).includes(filter.status) ? filter.status : null;
  const dir = filter.dir === 'asc' ? 'asc' : 'desc';
  const base = whereOrders(db.selectFrom('orders'), { ...filter, status });
  const [{ n }, byStatus] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('orders').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute(),
  ]);
  const total = Number(n);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(clampPage(filter.page, 1), pages);
  const column = ({ date: 'created_at', total: 'total', status: 'status' } as const)[filter.sort ?? 'date'] ?? 'created_at';
  const rows = await base.selectAll().orderBy(column, dir).orderBy('id', dir).limit(perPage).offset((page - 1) * perPage).execute();
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  for (const r of byStatus) counts[r.status] = Number(r.n);
  const itemsBy = await itemCounts(db, rows.map((r) => r.id));
  return { items: rows.map((r) => toSummary(r, itemsBy.get(r.id) ?? 0)), total, page, perPage, pages, counts };
}
