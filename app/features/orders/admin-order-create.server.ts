import { randomBytes } from 'node:crypto';
import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseIdempotencyKey } from '../../lib/idempotency.server.ts';
import type { Services, SessionUser } from '../../lib/services.server.ts';
import { touchStore } from '../../lib/store-version.server.ts';
import { nowIso } from '../../lib/time.ts';
import { getSettings } from '../settings/settings.server.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import { recomputeProducts } from '../catalog/catalog-write.server.ts';
import { findCoupon, redeemCoupons, type Coupon } from '../coupons/coupons.server.ts';
import { alertPolicy, staffActor } from '../stock/stock-log.server.ts';
import { kickStockAlerts } from '../stock/stock-alerts.server.ts';
import { STATUS_LABELS, type OrderStatus } from './orders.ts';
import { checkDraft, CREATE_STATUSES, priceDraft, refuseFields, type CheckedDraft, type Draft, type PricedDraft } from './order-draft.server.ts';
import { productLineRows, skusOf } from './placement-write.server.ts';
import { addTotalSales, reduceStock, type StockRef, type StockShortfall } from './stock.server.ts';
import { withTransaction } from './transaction.server.ts';

/*
 * "Add order" in the back office (a phone order): the draft (order-draft.server.ts) checked,
 * priced by the cart's code, and written in one transaction with its stock taken and logged
 * as checkout takes it, the coupon's use claimed and a note saying who made it. Any refusal
 * throws before the commit, so nothing is written.
 */

/** Who the order is for: an account (by id) or a guest e-mail; 400 naming the field otherwise. */
export async function draftCustomer(db: DB, d: Draft): Promise<{ userId: number | null; email: string }> {
  const m = /^account:(\d{1,9})$/.exec(d.customer);
  if (m) {
    const u = await db.selectFrom('users').select(['id', 'email']).where('id', '=', Number(m[1])).executeTakeFirst();
    if (!u) throw new HttpError(400, 'invalid', 'This customer’s account no longer exists: choose another.', { customer_q: 'This account no longer exists' });
    return { userId: u.id, email: d.billing.email.trim().toLowerCase() || u.email };
  }
  return { userId: null, email: d.billing.email.trim().toLowerCase() };
}

/** The shipping line an order stores for its priced draft. */
export function shippingLinesOf(cart: PricedDraft): string {
  return JSON.stringify(
    cart.shipping.packages
      .map((p) => ({ p, r: p.rates.find((r) => r.id === p.selected) }))
      .filter((x) => !!x.r)
      .map(({ p, r }) => ({ packageId: p.id, rateId: r!.id, title: r!.title, cost: r!.cost, tax: r!.tax })),
  );
}

/** The order's lines as stored: the products' lines, then one line per fee (no product). */
export function orderLinesOf(cart: PricedDraft, orderId: number, skus: Map<string, string>) {
  return [
    ...productLineRows(cart.items, orderId, skus),
    ...(cart.fees ?? []).map((f) => ({ order_id: orderId, product_id: null, variation_id: null, name: f.name, sku: '', attributes: '[]', quantity: 1, unit_price: f.amount, subtotal: f.amount, total: f.amount, tax: f.tax })),
  ];
}

/** The order's amounts as stored for its priced draft (fees count in the subtotal, as lines). */
export function orderTotalsOf(cart: PricedDraft) {
  const fees = (cart.fees ?? []).reduce((a, f) => a + f.amount, 0);
  return {
    currency: cart.totals.currency,
    prices_include_tax: (cart.totals.pricesIncludeTax ? 1 : 0) as 0 | 1,
    subtotal: cart.totals.subtotal + fees,
    discount_total: cart.totals.discount,
    shipping_total: cart.totals.shipping,
    tax_total: cart.totals.tax,
    total: cart.totals.total,
    shipping_lines: shippingLinesOf(cart),
    coupon_lines: JSON.stringify(cart.coupons.map((c) => ({ code: c.code, discount: c.discount }))),
    tax_lines: JSON.stringify(cart.totals.taxLines),
  };
}

/** Refuses (409) a stock move that would take a line below zero, naming the line's quantity field. */
export function refuseShortfalls(shortfalls: StockShortfall[], c: CheckedDraft): void {
  if (!shortfalls.length) return;
  const fields: Record<string, string> = {};
  for (const s of shortfalls) {
    const at = c.lines.findIndex((l) => l.key === s.key);
    fields[`line_qty_${Math.max(at, 0)}`] = s.available > 0 ? `Only ${s.available} of “${s.name}” left in stock` : `“${s.name}” is out of stock`;
  }
  throw new HttpError(409, 'out_of_stock', Object.keys(fields).length === 1 ? Object.values(fields)[0] : `Not enough in stock (${Object.keys(fields).length} lines).`, fields);
}

async function couponsOf(trx: DB, cart: PricedDraft): Promise<Coupon[]> {
  const out: Coupon[] = [];
  for (const c of cart.coupons) {
    const coupon = await findCoupon(trx, c.code);
    if (coupon) out.push(coupon);
  }
  return out;
}

/** Checks and prices a draft for saving: every problem at once (400), named by field. */
export async function checkedAndPriced(db: DB, d: Draft, settings: StoreSettings, customer: { userId: number | null; email: string }) {
  const { checked, fields } = checkDraft(d, settings, true);
  const priced = Object.keys(fields).length ? null : await priceDraft(db, checked, settings, customer);
  refuseFields({ ...fields, ...(priced?.fields ?? {}) });
  return { checked, cart: priced!.cart };
}

/**
 * Creates the order. Throws HttpError 400 (fields), 409 (out_of_stock, coupon_limit). With
 * the form's key, a second submit answers the order the first one made.
 */
export async function createAdminOrder(services: Services, d: Draft, staff: SessionUser, idempotencyKey?: string | null): Promise<{ orderId: number; replayed: boolean }> {
  const db = services.db;
  const key = parseIdempotencyKey(idempotencyKey ? `admin-order:${idempotencyKey}` : null);
  if (key) {
    const earlier = await db.selectFrom('orders').select('id').where('idempotency_key', '=', key).executeTakeFirst();
    if (earlier) return { orderId: earlier.id, replayed: true };
  }
  const settings = await getSettings(db);
  const status = (CREATE_STATUSES as readonly string[]).includes(d.status) ? (d.status as OrderStatus) : null;
  if (!status) throw new HttpError(400, 'invalid', 'Choose the order’s status.', { status: 'Choose pending payment, on hold, processing or completed' });
  const customer = await draftCustomer(db, d);
  if (!customer.email) throw new HttpError(400, 'invalid', 'Give the customer’s e-mail address.', { billing_email: 'Enter the customer’s e-mail address' });
  let stockAlerts = false;
  const who = staff.name || staff.email;
  const orderId = await withTransaction(db, async (trx) => {
    // Priced inside the transaction, so the products and coupons are the ones the stock and uses are taken from.
    const { checked, cart } = await checkedAndPriced(trx, d, settings, customer);
    const now = nowIso();
    const paid = status === 'processing' || status === 'completed';
    const order = await trx
      .insertInto('orders')
      .values({
        order_key: `wc_order_${randomBytes(16).toString('base64url')}`,
        status,
        ...(paid ? { paid_at: now } : {}),
        ...(status === 'completed' ? { completed_at: now } : {}),
        user_id: customer.userId,
        billing_email: customer.email,
        billing: JSON.stringify({ ...checked.billing, email: customer.email }),
        shipping: JSON.stringify(checked.shipping),
        customer_note: d.customerNote.trim(),
        payment_method: '',
        payment_method_title: '',
        ...orderTotalsOf(cart),
        stock_reduced: 1,
        idempotency_key: key,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refs: StockRef[] = cart.items.map((i) => ({ productId: i.productId, variationId: i.variationId, quantity: i.quantity, name: i.name, key: i.key }));
    const sold = await addTotalSales(trx, refs, 1);
    const { shortfalls, changed, flipped, alerts } = await reduceStock(trx, refs, { reason: 'order', source: 'admin', orderId: order.id, actor: staffActor(staff), policy: alertPolicy(settings) }, sold);
    refuseShortfalls(shortfalls, checked);
    stockAlerts = alerts;
    if (flipped.length) await recomputeProducts(trx, flipped);
    await redeemCoupons(trx, await couponsOf(trx, cart), { userId: customer.userId, email: customer.email }, order.id);
    const skus = await skusOf(trx, refs, sold);
    await trx.insertInto('order_items').values(orderLinesOf(cart, order.id, skus)).execute();
    await trx
      .insertInto('order_notes')
      .values({ order_id: order.id, content: `Order created by ${who} in the back office, status ${STATUS_LABELS[status]}.`, customer_note: 0, author: who, created_at: now })
      .execute();
    if (changed && flipped.length) await touchStore(trx);
    return order.id;
  });
  if (stockAlerts) kickStockAlerts(services);
  return { orderId, replayed: false };
}
