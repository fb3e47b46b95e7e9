import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { HttpError } from '../../lib/http-error.ts';
import { formatPrice, plainPrice } from '../../lib/money.ts';
import type { Services, SessionUser } from '../../lib/services.server.ts';
import { touchStore } from '../../lib/store-version.server.ts';
import { nowIso } from '../../lib/time.ts';
import { addressLines } from '../address/address.server.ts';
import { getSettings } from '../settings/settings.server.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import { recomputeProducts } from '../catalog/catalog-write.server.ts';
import { findCoupon, redeemCoupons, type Coupon } from '../coupons/coupons.server.ts';
import { orderDocuments } from '../invoices/invoices.server.ts';
import { alertPolicy, staffActor } from '../stock/stock-log.server.ts';
import { kickStockAlerts } from '../stock/stock-alerts.server.ts';
import { checkedAndPriced, orderLinesOf, orderTotalsOf, refuseShortfalls } from './admin-order-create.server.ts';
import { emptyDraft, type Draft } from './order-draft.server.ts';
import { getOrderAdmin } from './orders.server.ts';
import { STATUS_LABELS, type OrderDetail, type OrderStatus } from './orders.ts';
import { skusOf } from './placement-write.server.ts';
import { addTotalSales, reduceStock, restoreStock, type StockRef } from './stock.server.ts';
import { withTransaction } from './transaction.server.ts';

/*
 * Editing an order in the back office (/admin/orders/:id/edit) while it is pending, on hold or
 * processing: its lines, quantities, unit prices, addresses and shipping. The draft is priced
 * again by the cart's code; the stock moves by the difference and is logged; a note says what
 * changed and who changed it. A save based on a stale copy is refused (the version is the
 * order's updated_at as the form read it), and any refusal leaves everything as it was.
 */

export const EDITABLE_STATUSES: readonly OrderStatus[] = ['pending', 'on-hold', 'processing'];

export const ORDER_CONFLICT_MESSAGE = 'This order was changed since you opened it. Reload it to see the other changes, then make yours again.';

/** Why the order cannot be edited, or null when it can. */
export async function editProblem(db: DB, order: Pick<OrderDetail, 'id' | 'status' | 'refunds'>): Promise<string | null> {
  if (!EDITABLE_STATUSES.includes(order.status)) return `it is ${STATUS_LABELS[order.status].toLowerCase()}; only pending, on-hold and processing orders can be edited.`;
  const { invoice } = await orderDocuments(db, order.id);
  if (invoice) return 'an invoice has been issued for it, and an issued invoice must match its order. Refund it and make a new order instead.';
  if (order.refunds.length) return 'it has refunds, which name its lines as they were.';
  return null;
}

/** The order as the edit form starts: its lines at their own prices, its addresses, shipping and coupon. */
export function draftFromOrder(order: OrderDetail, row: { updated_at: string }, settings: StoreSettings): Draft {
  const d = emptyDraft();
  const f = { currency: order.currency, pricePrecision: settings.pricePrecision };
  // A line's price as stored is as the order showed it; it is the entered price when both have the same basis.
  const sameBasis = !settings.taxesEnabled || settings.pricesIncludeTax === order.pricesIncludeTax;
  d.customer = order.userId !== null ? `account:${order.userId}` : 'guest';
  d.billing = { ...order.billing, email: order.billingEmail };
  d.shipping = { ...order.shipping };
  d.shipToDifferent = addressLines(order.shipping).join('|') !== addressLines({ ...order.billing, email: '', phone: '' }).join('|');
  for (const i of order.items) {
    if (i.productId === null) {
      // A fee is entered as prices are: with its tax when the shop enters prices with tax.
      const entered = sameBasis ? i.subtotal : settings.pricesIncludeTax ? i.subtotal + i.tax : i.subtotal - i.tax;
      d.fees.push({ name: i.name, amount: plainPrice(entered, f) });
      continue;
    }
    d.lines.push({
      productId: i.productId,
      variationId: i.variationId,
      name: i.attributes.length ? `${i.name} — ${i.attributes.map((a) => a.value).join(', ')}` : i.name,
      attributes: {},
      quantity: String(i.quantity),
      price: sameBasis ? plainPrice(Math.round(i.subtotal / i.quantity), f) : '',
      itemId: i.id,
    });
  }
  const ship = order.shippingLines[0];
  if (ship) {
    d.shippingMethod = ship.rateId;
    d.shippingTitle = ship.title;
    d.shippingCost = plainPrice(ship.cost, f);
  }
  d.coupon = order.couponLines[0]?.code ?? '';
  d.status = order.status;
  d.customerNote = order.customerNote;
  d.version = row.updated_at;
  return d;
}

/** The chosen options of each line as stored with the order (slug → value), read from the variation. */
export async function withLineOptions(db: DB, d: Draft): Promise<Draft> {
  const ids = d.lines.map((l) => l.variationId).filter((v): v is number => v !== null);
  if (!ids.length) return d;
  const rows = await db.selectFrom('product_variations').select(['id', 'attributes']).where('id', 'in', ids).execute();
  const of = new Map(rows.map((r) => [r.id, JSON.parse(r.attributes) as Record<string, string>]));
  return { ...d, lines: d.lines.map((l) => (l.variationId !== null && of.has(l.variationId) ? { ...l, attributes: of.get(l.variationId)! } : l)) };
}

const refKey = (productId: number | null, variationId: number | null) => `${productId}:${variationId ?? ''}`;

/**
 * Saves the edit. Throws HttpError 400 (fields), 404, 409 (conflict, not editable, out_of_stock).
 */
export async function saveOrderEdit(services: Services, orderId: number, d: Draft, staff: SessionUser): Promise<void> {
  const db = services.db;
  const settings = await getSettings(db);
  const who = staff.name || staff.email;
  let stockAlerts = false;
  await withTransaction(db, async (trx) => {
    // Taking the row for update (PostgreSQL) makes two saves of one order wait for each other, so the version check sees the first.
    const q = trx.selectFrom('orders').selectAll().where('id', '=', orderId);
    const row = await (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirst();
    if (!row) throw new HttpError(404, 'not_found', 'Order not found.');
    if (!d.version || d.version !== row.updated_at) throw new HttpError(409, 'conflict', ORDER_CONFLICT_MESSAGE);
    const before = (await getOrderAdmin(trx, orderId))!;
    const problem = await editProblem(trx, before);
    if (problem) throw new HttpError(409, 'not_editable', `This order cannot be edited: ${problem}`);
    // The customer stays who they were; the billing e-mail may be corrected.
    const customer = { userId: row.user_id, email: d.billing.email.trim().toLowerCase() || row.billing_email };
    const { checked, cart } = await checkedAndPriced(trx, { ...d, customer: row.user_id !== null ? `account:${row.user_id}` : 'guest' }, settings, customer);

    // Stock by the difference, per product or variation, when the order holds its stock.
    const held = new Map<string, StockRef>();
    for (const i of before.items) {
      if (i.productId === null) continue;
      const k = refKey(i.productId, i.variationId);
      const r = held.get(k) ?? { productId: i.productId, variationId: i.variationId, quantity: 0, name: i.name };
      r.quantity -= i.quantity;
      held.set(k, r);
    }
    for (const i of cart.items) {
      const k = refKey(i.productId, i.variationId);
      const r = held.get(k) ?? { productId: i.productId, variationId: i.variationId, quantity: 0, name: i.name };
      r.quantity += i.quantity;
      r.name = i.name;
      r.key = i.key;
      held.set(k, r);
    }
    const take = [...held.values()].filter((r) => r.quantity > 0);
    const give = [...held.values()].filter((r) => r.quantity < 0).map((r) => ({ ...r, quantity: -r.quantity }));
    const log = { reason: 'order' as const, source: 'edit', orderId, actor: staffActor(staff), policy: alertPolicy(settings) };
    let flipped: number[] = [];
    if (row.stock_reduced === 1) {
      if (take.length) {
        const sold = await addTotalSales(trx, take, 1);
        const r = await reduceStock(trx, take, log, sold);
        refuseShortfalls(r.shortfalls, checked);
        stockAlerts = r.alerts;
        flipped = r.flipped;
      }
      if (give.length) {
        await addTotalSales(trx, give, -1);
        await restoreStock(trx, give, log);
      }
      if (flipped.length) await recomputeProducts(trx, flipped);
    }
    // A coupon new to the order claims its use now; the order's own coupon was claimed when it was made.
    const had = new Set(before.couponLines.map((c) => c.code));
    const fresh: Coupon[] = [];
    for (const c of cart.coupons) {
      if (had.has(c.code)) continue;
      const coupon = await findCoupon(trx, c.code);
      if (coupon) fresh.push(coupon);
    }
    if (fresh.length) await redeemCoupons(trx, fresh, customer, orderId);

    const refs: StockRef[] = cart.items.map((i) => ({ productId: i.productId, variationId: i.variationId, quantity: i.quantity }));
    const skus = await skusOf(trx, refs, new Map());
    await trx.deleteFrom('order_items').where('order_id', '=', orderId).execute();
    await trx.insertInto('order_items').values(orderLinesOf(cart, orderId, skus)).execute();
    let now = nowIso();
    if (now === row.updated_at) now = new Date(Date.parse(now) + 1).toISOString();
    const totals = orderTotalsOf(cart);
    await trx
      .updateTable('orders')
      .set({ ...totals, billing_email: customer.email, billing: JSON.stringify({ ...checked.billing, email: customer.email }), shipping: JSON.stringify(checked.shipping), updated_at: now })
      .where('id', '=', orderId)
      .execute();
    const changes = describeChanges(before, cart.items, cart.fees ?? [], totals, checked, { ...settings, currency: row.currency });
    await trx
      .insertInto('order_notes')
      .values({ order_id: orderId, content: `Order edited by ${who}: ${changes.join('; ')}.`, customer_note: 0, author: who, created_at: now })
      .execute();
    if (flipped.length) await touchStore(trx);
  });
  if (stockAlerts) kickStockAlerts(services);
}

/** What the edit changed, in words, for the order's note. */
function describeChanges(
  before: OrderDetail,
  items: { productId: number; variationId: number | null; name: string; quantity: number; unitPrice: number }[],
  fees: { name: string; amount: number }[],
  totals: { total: number; shipping_total: number },
  checked: { billing: Record<string, string>; shipping: Record<string, string> },
  s: StoreSettings,
): string[] {
  const m = (n: number) => formatPrice(n, s);
  const out: string[] = [];
  const old = new Map(before.items.filter((i) => i.productId !== null).map((i) => [refKey(i.productId, i.variationId), i]));
  for (const i of items) {
    const was = old.get(refKey(i.productId, i.variationId));
    old.delete(refKey(i.productId, i.variationId));
    if (!was) out.push(`added ${i.quantity} × ${i.name}`);
    else {
      if (was.quantity !== i.quantity) out.push(`${i.name} quantity ${was.quantity} → ${i.quantity}`);
      if (was.unitPrice !== i.unitPrice) out.push(`${i.name} price ${m(was.unitPrice)} → ${m(i.unitPrice)}`);
    }
  }
  for (const was of old.values()) out.push(`removed ${was.quantity} × ${was.name}`);
  const oldFees = before.items.filter((i) => i.productId === null).map((i) => `${i.name} ${m(i.subtotal)}`).join(', ');
  const newFees = fees.map((f) => `${f.name} ${m(f.amount)}`).join(', ');
  if (oldFees !== newFees) out.push(`fees ${oldFees || 'none'} → ${newFees || 'none'}`);
  if (before.shippingTotal !== totals.shipping_total) out.push(`shipping ${m(before.shippingTotal)} → ${m(totals.shipping_total)}`);
  if (addressLines(before.billing).join('|') !== addressLines(checked.billing).join('|')) out.push('billing address changed');
  if (addressLines(before.shipping).join('|') !== addressLines(checked.shipping).join('|')) out.push('shipping address changed');
  if (before.total !== totals.total) out.push(`total ${m(before.total)} → ${m(totals.total)}`);
  return out.length ? out : ['nothing changed'];
}
