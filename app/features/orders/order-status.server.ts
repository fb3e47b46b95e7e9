import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Services } from '../../lib/services.server.ts';
import { touchStore } from '../../lib/store-version.server.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput, rowIdText } from '../../lib/validate.ts';
import { releaseCoupons } from '../coupons/coupons.server.ts';
import { recomputeProducts } from '../catalog/catalog-write.server.ts';
import { withTransaction } from './transaction.server.ts';
import { canTransition, ORDER_STATUSES, RELEASING_STATUSES, STATUS_LABELS, type OrderStatus } from './orders.ts';
import { statusName } from './status-name.ts';
import { addTotalSales, reduceStock, restoreStock, type StockRef } from './stock.server.ts';
import { getOrderAdmin, orderNotFound } from './orders.server.ts';
import { refundBasis } from './refund-amount.ts';
import { gateway } from '../payments/gateway.ts';
import { recordEventOnce } from '../payments/events.server.ts';
import { getSettings } from '../settings/settings.server.ts';
import { formatPrice } from '../../lib/money.ts';
import { t } from '../../i18n/t-admin.ts';
import { trustedOrigin } from '../settings/origin.server.ts';
import { notifyNote, notifyStatus } from './emails.server.ts';
import { kickWishlistAlerts } from '../wishlist/wishlist-alerts.server.ts';
import { alertPolicy, type StockActor } from '../stock/stock-log.server.ts';
import { kickStockAlerts } from '../stock/stock-alerts.server.ts';
import { issueCreditNoteInTrx, issueInvoiceInTrx } from '../invoices/invoices.server.ts';
import { grantOrderDownloadsInTrx, revokeOrderDownloadsInTrx, revokeRefundedInTrx, REVOKING_STATUSES } from '../downloads/access.server.ts';

/*
 * What the shop (admin) and payment gateways do to an order: change its status, write
 * notes, record refunds. Each runs in one transaction; stock and coupon uses go back when
 * an order is cancelled, refunded or fails, and are taken again if a failed order is
 * revived. E-mails go out after the commit.
 */

interface Actor {
  /** Shown as the note's author: a staff member's name, "system" or a gateway id. */
  name: string;
  userId?: number | null;
}

/** The stock log's name for who moved an order: the staff member (by id), else the note's author ("system", a payment method). */
const stockActor = (actor: Actor): StockActor =>
  actor.userId ? { userId: actor.userId, name: actor.name } : { userId: null, name: actor.name === 'system' ? 'System' : actor.name };

async function lockOrder(trx: DB, id: number) {
  if (!Number.isSafeInteger(id) || id <= 0) throw orderNotFound();
  // Take the row lock first (PostgreSQL): two admins changing one order wait for each other.
  const q = trx.selectFrom('orders').selectAll().where('id', '=', id);
  const row = await (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirst();
  if (!row) throw orderNotFound();
  return row;
}

export async function insertNote(trx: DB, orderId: number, content: string, customerNote: boolean, author: string): Promise<number> {
  const row = await trx
    .insertInto('order_notes')
    .values({ order_id: orderId, content, customer_note: customerNote ? 1 : 0, author, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Moves an order to `to` inside `trx` (the caller's transaction): checks the transition,
 * releases or retakes stock and coupon uses, stamps paid/completed times, adds a note.
 * Returns the previous status, or null when the order already had this status.
 */
/** The private note a status change leaves: "Order status changed from Pending payment to Processing." and the reason. */
export function statusChangeNote(from: OrderStatus, to: OrderStatus, note?: string): string {
  return `Order status changed from ${STATUS_LABELS[from]} to ${STATUS_LABELS[to]}.${note ? ` ${note}` : ''}`;
}

export async function transitionInTrx(
  trx: DB,
  id: number,
  to: OrderStatus,
  actor: Actor,
  note?: string,
  extra: { transactionId?: string; paymentMethod?: { id: string; title: string }; paidAfterCancel?: boolean } = {},
): Promise<OrderStatus | null> {
  const row = await lockOrder(trx, id);
  const from = row.status;
  if (from === to) return null;
  // A provider's payment that arrives for a cancelled order (WooCommerce: cancelled → processing, with a note).
  const revived = extra.paidAfterCancel === true && from === 'cancelled' && (to === 'processing' || to === 'on-hold');
  if (!revived && !canTransition(from, to)) {
    throw new HttpError(409, 'invalid_transition', `An order that is ${STATUS_LABELS[from].toLowerCase()} cannot become ${STATUS_LABELS[to].toLowerCase()}.`, {
      status: `Not allowed from ${STATUS_LABELS[from]}`,
    });
  }
  const now = nowIso();
  let stockReduced = row.stock_reduced === 1;
  let stockChanged = false;
  if (RELEASING_STATUSES.includes(to) && stockReduced) {
    const refs = await remainingRefs(trx, id);
    // Products before variations, as placement takes them, so the two cannot deadlock.
    await addTotalSales(trx, refs, -1);
    stockChanged = await restoreStock(trx, refs, { reason: to === 'refunded' ? 'refund' : 'cancellation', source: to, orderId: id, actor: stockActor(actor) });
    await releaseCoupons(trx, id);
    stockReduced = false;
  } else if (!RELEASING_STATUSES.includes(to) && !stockReduced && (from === 'failed' || revived)) {
    const refs = await remainingRefs(trx, id);
    await addTotalSales(trx, refs, 1);
    const { shortfalls, changed, flipped } = await reduceStock(trx, refs, { reason: 'order', source: to, orderId: id, actor: stockActor(actor), policy: alertPolicy(await getSettings(trx)) });
    if (shortfalls.length) {
      throw new HttpError(409, 'out_of_stock', `Not enough stock to revive this order: ${shortfalls.map((s) => `“${s.name}” (${s.available} left)`).join(', ')}.`, undefined, undefined, {
        lines: shortfalls,
      });
    }
    if (flipped.length) await recomputeProducts(trx, flipped);
    stockChanged = changed;
    stockReduced = true;
  }
  await trx
    .updateTable('orders')
    .set({
      status: to,
      stock_reduced: stockReduced ? 1 : 0,
      updated_at: now,
      ...(to === 'processing' || to === 'completed' ? { paid_at: row.paid_at ?? now } : {}),
      ...(to === 'completed' ? { completed_at: now } : {}),
      ...(extra.transactionId ? { transaction_id: extra.transactionId } : {}),
      ...(extra.paymentMethod ? { payment_method: extra.paymentMethod.id, payment_method_title: extra.paymentMethod.title } : {}),
    })
    .where('id', '=', id)
    .execute();
  await insertNote(trx, id, statusChangeNote(from, to, note), false, actor.name);
  // Downloads: given when the order is paid, taken away when it is refunded, cancelled or fails.
  if (to === 'processing' || to === 'completed') await grantOrderDownloadsInTrx(trx, id);
  else if ((REVOKING_STATUSES as readonly string[]).includes(to)) await revokeOrderDownloadsInTrx(trx, id);
  if (stockChanged) await touchStore(trx);
  // A completed order is invoiced (once: an order completed again keeps its invoice).
  if (to === 'completed') await issueInvoiceInTrx(trx, id);
  return from;
}

/** Quantities an order still holds (refunds that restocked already gave theirs back). */
async function remainingRefs(trx: DB, orderId: number): Promise<StockRef[]> {
  const items = await trx.selectFrom('order_items').select(['id', 'product_id', 'variation_id', 'quantity', 'name']).where('order_id', '=', orderId).execute();
  const refunds = await trx.selectFrom('order_refunds').select('items').where('order_id', '=', orderId).execute();
  const restocked = new Map<number, number>();
  for (const r of refunds) {
    for (const it of JSON.parse(r.items) as { itemId: number; quantity: number; restock?: boolean }[]) {
      if (it.restock) restocked.set(it.itemId, (restocked.get(it.itemId) ?? 0) + it.quantity);
    }
  }
  return items.map((i) => ({ productId: i.product_id, variationId: i.variation_id, quantity: i.quantity - (restocked.get(i.id) ?? 0), name: i.name }));
}

const statusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { message: 'Choose a status' }),
  note: z.string().trim().max(2000).optional(),
});

/** Admin: changes an order's status (input `{status, note?}`); e-mails the customer where the status calls for it. */
export async function changeOrderStatus(services: Services, id: number, input: unknown, actor: Actor): Promise<{ from: OrderStatus | null; to: OrderStatus }> {
  const { status, note } = parseInput(statusSchema, input);
  const current = await getOrderAdmin(services.db, id);
  const g = current ? gateway(current.paymentMethod) : undefined;
  if (current && current.status !== status && g?.beforeStatusChange) {
    await g.beforeStatusChange(current, status, { settings: await getSettings(services.db), origin: (await trustedOrigin(services, null)) ?? '', services });
  }
  const from = await withTransaction(services.db, (trx) => transitionInTrx(trx, id, status, actor, note));
  if (from) notifyStatus(services, id, from, status);
  // Stock may have come back: wishlist alerts look after the commit, in the background.
  if (from) kickWishlistAlerts(services);
  // A failed order revived takes stock again, which may cross the low-stock line.
  if (from) kickStockAlerts(services);
  return { from, to: status };
}

const bulkStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { message: 'Choose a status' }),
  ids: z.array(rowIdText).min(1, 'Select at least one order').max(500, 'At most 500 orders at once'),
});

export interface BulkStatusResult {
  to: OrderStatus;
  changed: number;
  /** Orders left as they were, each with why (already in that status, a transition not allowed, out of stock, gone). */
  skipped: { id: number; name: string; reason: string }[];
}

/**
 * Admin: changes the status of each order chosen (input `{status, ids}`), one by one through
 * `changeOrderStatus`, so stock, coupons, notes and e-mails go exactly as for one order; each
 * order in its own transaction, and one that cannot move is reported and left as it was.
 */
export async function bulkChangeOrderStatus(services: Services, input: unknown, actor: Actor): Promise<BulkStatusResult> {
  const { status, ids } = parseInput(bulkStatusSchema, input);
  const result: BulkStatusResult = { to: status, changed: 0, skipped: [] };
  for (const id of [...new Set(ids)]) {
    try {
      const { from } = await changeOrderStatus(services, id, { status }, actor);
      if (from) result.changed++;
      else result.skipped.push({ id, name: `#${id}`, reason: t('admin.orders.already', { status: statusName(status, { inText: true }) }) });
    } catch (e) {
      if (!(e instanceof HttpError) || e.status >= 500) throw e;
      result.skipped.push({ id, name: `#${id}`, reason: e.message });
    }
  }
  return result;
}

const noteSchema = z.object({
  content: z.string().trim().min(1, 'Write the note').max(5000, 'At most 5000 characters'),
  customerNote: z.preprocess((v) => v === true || v === '1' || v === 'on' || v === 'true' || v === 'customer', z.boolean()).default(false),
});

/** Admin: adds a note; a note to the customer is e-mailed to them and shown in my account. */
export async function addOrderNote(services: Services, id: number, input: unknown, actor: Actor): Promise<{ id: number }> {
  const { content, customerNote } = parseInput(noteSchema, input);
  const noteId = await withTransaction(services.db, async (trx) => {
    await lockOrder(trx, id);
    return insertNote(trx, id, content, customerNote, actor.name);
  });
  if (customerNote) notifyNote(services, id, content);
  return { id: noteId };
}

/** Admin: deletes a note of an order (404 when it belongs to another order). */
export async function deleteOrderNote(services: Services, orderId: number, noteId: number): Promise<void> {
  const res = await services.db.deleteFrom('order_notes').where('id', '=', noteId).where('order_id', '=', orderId).executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) throw new HttpError(404, 'not_found', 'Note not found.');
}

const refundSchema = z.object({
  /** Minor units. */
  amount: z.coerce.number({ message: 'Enter an amount' }).int('Use minor units (whole number)').positive('The amount must be more than 0'),
  reason: z.string().trim().max(500).default(''),
  /** Lines refunded: quantity per order item; `restock` puts them back in stock. */
  items: z
    .array(z.object({ itemId: rowIdText, quantity: z.coerce.number().int().min(0).max(9999), restock: z.boolean().default(false) }))
    .max(500)
    .default([]),
  /** Shipping given back (minor units), at most what the order shows for shipping less earlier refunds' shipping. */
  shipping: z.coerce.number().int('Use minor units (whole number)').min(0, 'The shipping may not be negative').default(0),
});

/**
 * Admin: records a refund (money given back outside the shop: a manual record). The amount may not exceed what is
 * left to refund, nor an item's quantity what is left of it. With `throughGateway` the
 * order's gateway gives the money back first (409 when it cannot or refuses). A refund of the whole
 * remainder marks the order refunded (which returns whatever stock it still holds).
 */
export async function refundOrder(
  services: Services,
  id: number,
  input: unknown,
  actor: Actor,
  options: {
    throughGateway?: boolean;
    requestOrigin?: string | null;
    /**
     * Runs first inside the refund's transaction; false: this refund was recorded already (a
     * provider's refund id seen before) and nothing is written (409 `refund_recorded`).
     */
    once?: (trx: DB) => Promise<boolean>;
  } = {},
): Promise<{ refundId: number; refundedTotal: number; status: OrderStatus }> {
  const data = parseInput(refundSchema, input);
  // Check the amount before asking a gateway to move money.
  const pre = await services.db.selectFrom('orders').select(['total', 'refunded_total', 'status']).where('id', '=', id).executeTakeFirst();
  if (!pre) throw orderNotFound();
  const tooMuch = () =>
    new HttpError(409, 'refund_too_large', 'The refund is more than what is left to refund on this order.', { amount: 'More than the remaining amount' });
  if (data.amount > pre.total - pre.refunded_total) throw tooMuch();
  if (options.throughGateway) {
    const order = (await getOrderAdmin(services.db, id))!;
    const g = gateway(order.paymentMethod);
    if (!g?.refund) throw new HttpError(409, 'refund_unsupported', `${order.paymentMethodTitle} cannot refund automatically: refund the money yourself and record a manual refund.`);
    const settings = await getSettings(services.db);
    const res = await g.refund(order, data.amount, data.reason, { settings, origin: (await trustedOrigin(services, options.requestOrigin)) ?? '', services });
    if (!res.ok) throw new HttpError(409, 'refund_failed', res.message ?? 'The payment provider refused the refund.');
    // The provider will report this refund back (webhook): its id marks it as recorded here.
    if (res.transactionId && !options.once) {
      const refundId = res.transactionId;
      options = { ...options, once: (trx) => recordEventOnce(trx, { provider: g.id, eventId: `refund:${refundId}`, orderId: id, type: 'refund', summary: `Refund ${refundId} by ${actor.name}` }) };
    }
  }
  let from: OrderStatus | null = null;
  const result = await withTransaction(services.db, async (trx) => {
    const row = await lockOrder(trx, id);
    if (options.once && !(await options.once(trx))) throw new HttpError(409, 'refund_recorded', 'This refund is on the order already.');
    if (data.amount > row.total - row.refunded_total) throw tooMuch();
    if (['pending', 'cancelled', 'failed'].includes(row.status)) {
      throw new HttpError(409, 'not_refundable', `An order that is ${STATUS_LABELS[row.status].toLowerCase()} has not been paid, so it cannot be refunded.`);
    }
    if (data.shipping > 0) {
      const basis = refundBasis((await getOrderAdmin(trx, id))!);
      if (data.shipping > basis.shippingLeft) {
        throw new HttpError(409, 'refund_too_large', 'The shipping refunded is more than what is left of the shipping.', { shipping: 'More than what is left' });
      }
    }
    const items = await trx.selectFrom('order_items').select(['id', 'product_id', 'variation_id', 'quantity', 'refunded_quantity', 'name']).where('order_id', '=', id).execute();
    const restock: StockRef[] = [];
    const wanted = data.items.filter((i) => i.quantity > 0);
    for (const w of wanted) {
      const item = items.find((i) => i.id === w.itemId);
      if (!item) throw new HttpError(400, 'invalid', 'That line is not part of this order.', { [`items.${w.itemId}`]: 'Not in this order' });
      if (w.quantity > item.quantity - item.refunded_quantity) {
        throw new HttpError(409, 'refund_too_large', `At most ${item.quantity - item.refunded_quantity} of “${item.name}” can still be refunded.`, {
          [`items.${w.itemId}`]: 'More than what is left',
        });
      }
      await trx.updateTable('order_items').set({ refunded_quantity: item.refunded_quantity + w.quantity }).where('id', '=', item.id).execute();
      if (w.restock) restock.push({ productId: item.product_id, variationId: item.variation_id, quantity: w.quantity, name: item.name });
    }
    // A downloadable line refunded in full takes its downloads away.
    if (wanted.length) await revokeRefundedInTrx(trx, id);
    const now = nowIso();
    const refund = await trx
      .insertInto('order_refunds')
      .values({ order_id: id, amount: data.amount, reason: data.reason, items: JSON.stringify(wanted), shipping: data.shipping, created_by: actor.userId ?? null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    // An invoiced order's refund gets its credit note, numbered in this transaction.
    await issueCreditNoteInTrx(trx, id, refund.id);
    const refundedTotal = row.refunded_total + data.amount;
    await trx.updateTable('orders').set({ refunded_total: refundedTotal, updated_at: now }).where('id', '=', id).execute();
    let stockChanged = false;
    if (restock.length && row.stock_reduced === 1) stockChanged = await restoreStock(trx, restock, { reason: 'refund', source: 'refund', orderId: id, actor: stockActor(actor) });
    const settings = await getSettings(trx);
    await insertNote(trx, id, `Refunded ${formatPrice(data.amount, { ...settings, currency: row.currency })}${data.reason ? `: ${data.reason}` : ''}.${stockChanged ? ' Items restocked.' : ''}`, false, actor.name);
    if (stockChanged) await touchStore(trx);
    let status = row.status;
    if (refundedTotal >= row.total) {
      from = await transitionInTrx(trx, id, 'refunded', actor, 'Fully refunded.');
      status = 'refunded';
    }
    return { refundId: refund.id, refundedTotal, status };
  });
  if (from) notifyStatus(services, id, from, 'refunded');
  else notifyStatus(services, id, result.status, result.status, { partialRefund: data.amount });
  kickWishlistAlerts(services);
  return result;
}
