import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Services, SessionUser } from '../../lib/services.server.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput } from '../../lib/validate.ts';
import { getSettings } from '../settings/settings.server.ts';
import { trustedOrigin } from '../settings/origin.server.ts';
import { gateway } from '../payments/gateway.ts';
import { availableMethods, chooseGateway, paymentInstructions, type PaymentMethodInfo, type PaymentResult } from '../payments/payments.server.ts';
import { kickStockAlerts } from '../stock/stock-alerts.server.ts';
import { notifyStatus } from './emails.server.ts';
import { insertNote, transitionInTrx } from './order-status.server.ts';
import { getOrderAdmin, getOrderByKey, getOrderForUser, orderNotFound } from './orders.server.ts';
import { needsPayment, receivedUrl, STATUS_LABELS, type OrderDetail, type OrderStatus, type PaymentInstructions } from './orders.ts';
import { applyPaymentResult } from './placement.server.ts';
import { withTransaction } from './transaction.server.ts';

/*
 * "Pay for order" (WooCommerce's order-pay endpoint): an order whose payment failed, or that
 * still waits for it (the shopper left the provider's page), is paid later on its own page,
 * `/checkout/order-pay/:id?key=…` (or POST /api/orders/:id/pay). Only the order's secret key
 * or its signed-in owner reach it; anything else is the same 404 as an order that does not
 * exist. The shopper picks any enabled method and its gateway's `process` runs on this
 * order: no new order is written and its stock moves only as its status does (a failed
 * order gave its stock back, and takes it again when it is paid or waits for the provider).
 */

export const payForOrderSchema = z.object({
  payment_method: z.preprocess((v) => v ?? '', z.string({ message: 'Choose a payment method' }).trim().max(100, 'At most 100 characters')),
  /** The order's key; a signed-in owner may leave it out. */
  key: z.string().trim().max(100).optional(),
});

/** Who asks: the key from the link, and the signed-in customer, if any. */
export interface PayCaller {
  key?: string | null;
  user: SessionUser | null;
}

/** The order behind a pay link (its key) or its signed-in owner's; null for anything else. A wrong key is refused even for the owner. */
export async function findOrderToPay(db: DB, id: number, caller: PayCaller): Promise<OrderDetail | null> {
  if (caller.key) return getOrderByKey(db, id, caller.key);
  return caller.user ? getOrderForUser(db, id, caller.user.id) : null;
}

export interface PayPageData {
  order: OrderDetail;
  payable: boolean;
  methods: PaymentMethodInfo[];
  instructions: PaymentInstructions | null;
}

/** What the pay page shows: the order, whether it can still be paid, the enabled methods. 404 when the caller may not see it. */
export async function payPageData(services: Services, id: number, caller: PayCaller): Promise<PayPageData> {
  const order = await findOrderToPay(services.db, id, caller);
  if (!order) throw orderNotFound();
  const settings = await getSettings(services.db);
  const payable = needsPayment(order.status);
  return { order, payable, methods: payable ? availableMethods(settings) : [], instructions: payable ? null : paymentInstructions(order, settings) };
}

export interface PayForOrderResult {
  order: OrderDetail;
  payment: { status: PaymentResult['status']; redirect: string; message?: string };
  instructions: PaymentInstructions | null;
}

/** 409 for an order that no longer waits for its money, naming what it is now. */
export const notPayable = (status: OrderStatus) =>
  new HttpError(409, 'not_payable', status === 'cancelled' || status === 'refunded'
    ? `This order has been ${STATUS_LABELS[status].toLowerCase()}, so it can no longer be paid.`
    : status === 'on-hold'
      ? 'This order is on hold: the payment arranged for it is awaited, so it cannot be paid another way.'
      : `This order has already been paid for (status: ${STATUS_LABELS[status]}).`, undefined, undefined, { status });

async function lockRow(trx: DB, id: number) {
  const q = trx.selectFrom('orders').select(['id', 'status']).where('id', '=', id);
  return (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirst();
}

/**
 * Pays an existing order with the method chosen. 404 (not the caller's), 400 (no or
 * unavailable method), 409 `not_payable` (paid, cancelled: nothing changes), 409
 * `out_of_stock` (a failed order whose items sold meanwhile), 409 `paid_at_provider` (the
 * method it was begun with has the money already: the order is moved on by that instead). An offline method's status is
 * set in the transaction that checks the order still waits for payment, so two submits at
 * once move it on once; an online method is asked after that transaction, as at checkout.
 */
export async function payForOrder(services: Services, id: number, caller: PayCaller, input: unknown, requestOrigin: string | null = null): Promise<PayForOrderResult> {
  const data = parseInput(payForOrderSchema, input);
  const found = await findOrderToPay(services.db, id, { key: caller.key || data.key || null, user: caller.user });
  if (!found) throw orderNotFound();
  if (!needsPayment(found.status)) throw notPayable(found.status);
  const settings = await getSettings(services.db);
  const g = chooseGateway(data.payment_method, settings);
  const settled = g.outcome && (g.outcome.status === 'on-hold' || g.outcome.status === 'processing') ? { ...g.outcome, status: g.outcome.status } : null;
  const title = g.title(settings);
  const origin = (await trustedOrigin(services, requestOrigin)) ?? '';
  // Another method than the one begun: that payment is closed at its provider first, so a tab
  // still open on the provider's page cannot pay it too (one already taken stops the switch).
  if (found.paymentMethod !== g.id) await gateway(found.paymentMethod)?.abandon?.(found, { settings, origin, services });
  const moved = await withTransaction(services.db, async (trx): Promise<{ from: OrderStatus; to: OrderStatus } | null> => {
    const row = await lockRow(trx, id);
    if (!row) throw orderNotFound();
    if (!needsPayment(row.status)) throw notPayable(row.status);
    await trx.updateTable('orders').set({ payment_method: g.id, payment_method_title: title, updated_at: nowIso() }).where('id', '=', id).execute();
    await insertNote(trx, id, `Payment retried by the customer with ${title} (pay for order).`, false, 'system');
    if (!settled) return null;
    const from = await transitionInTrx(trx, id, settled.status, { name: g.id }, settled.note);
    return from ? { from, to: settled.status } : null;
  });
  let result: PaymentResult;
  let change = moved;
  if (settled) {
    result = settled;
  } else {
    try {
      result = await g.process((await getOrderAdmin(services.db, id))!, { settings, origin, services });
    } catch (err) {
      services.log.error({ err, orderId: id }, 'payment gateway failed');
      result = { status: 'failed', message: 'The payment could not be taken. Please try again or choose another payment method.', note: 'Payment error.' };
    }
    change = await applyRetryResult(services, id, result, g.id);
  }
  if (change) {
    notifyStatus(services, id, change.from, change.to, { settings });
    // A failed order paid again took its stock back, which may cross the low-stock line.
    if (change.from === 'failed') kickStockAlerts(services);
  }
  const order = (await getOrderAdmin(services.db, id))!;
  const publicOrder = { ...order, notes: order.notes.filter((n) => n.customerNote) };
  return {
    order: publicOrder,
    payment: { status: result.status, redirect: result.redirect ?? receivedUrl(order.id, order.orderKey), message: result.message },
    instructions: paymentInstructions(order, settings),
  };
}

/**
 * An online gateway's answer to a retry. A failed order sent to the provider's page waits
 * for it as pending payment again (its stock held, and the hold time counting); an answer
 * that leaves the status as it is keeps only its note and transaction id.
 */
async function applyRetryResult(services: Services, id: number, result: PaymentResult, by: string): Promise<{ from: OrderStatus; to: OrderStatus } | null> {
  const current = (await services.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  if (result.status === 'pending' && current === 'failed') {
    const from = await withTransaction(services.db, (trx) => transitionInTrx(trx, id, 'pending', { name: by }, result.note ?? 'Awaiting payment at the provider.', { transactionId: result.transactionId }));
    return from ? { from, to: 'pending' } : null;
  }
  if (result.status === current) {
    await applyPaymentResult(services, id, { ...result, status: 'pending' }, by);
    return null;
  }
  const from = await applyPaymentResult(services, id, result, by);
  return from ? { from, to: result.status } : null;
}
