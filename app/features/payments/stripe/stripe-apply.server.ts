import type Stripe from 'stripe';
import { isPostgres } from '../../../../db/dialect.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { formatPrice } from '../../../lib/money.ts';
import type { Services } from '../../../lib/services.server.ts';
import { getSettings } from '../../settings/settings.server.ts';
import { notifyStatus } from '../../orders/emails.server.ts';
import { insertNote, transitionInTrx } from '../../orders/order-status.server.ts';
import { canTransition, type OrderStatus } from '../../orders/orders.ts';
import { withTransaction } from '../../orders/transaction.server.ts';
import { recordEventOnce } from '../events.server.ts';
import type { ReceivedEvent } from '../gateway.ts';
import { STRIPE_PROVIDER } from './stripe-client.server.ts';
import { fromStripeAmount, toStripeAmount } from './stripe-amounts.ts';

/*
 * A PaymentIntent's state applied to its order — from a webhook event or from the return page
 * reading Stripe — once per event id: the event's row (payment_events) is written in the same
 * transaction as the status change, under the order's row lock, so repeats, races between the
 * webhook and the return page, and events in any order leave one paid order. What to do is
 * decided from the locked order and the PaymentIntent as Stripe has it now.
 */

export const STRIPE_ACTOR = { name: 'Stripe' };

interface Plan {
  to?: OrderStatus;
  note?: string;
  /** The money came through Stripe although the order was meant to be paid otherwise (or was cancelled): it becomes a Stripe order again. */
  takeOver?: boolean;
  /** A note about a payment this order does not count (each of its events would repeat it): once per PaymentIntent. */
  oncePerIntent?: boolean;
}

type OrderRow = { id: number; status: OrderStatus; total: number; currency: string; transaction_id: string | null; payment_method: string; payment_method_title: string };

function plan(o: OrderRow, pi: Stripe.PaymentIntent, money: (minor: number) => string): Plan {
  const paid = ['processing', 'completed', 'refunded'].includes(o.status);
  const otherMethod = o.payment_method !== STRIPE_PROVIDER;
  const other = !otherMethod && o.transaction_id && o.transaction_id !== pi.id;
  const expected = toStripeAmount(o.total, o.currency);
  if (pi.status === 'succeeded' || pi.status === 'requires_capture') {
    const got = fromStripeAmount(pi.status === 'succeeded' ? pi.amount_received : pi.amount_capturable, o.currency);
    const what = pi.status === 'succeeded' ? 'payment' : 'authorisation';
    if (paid && otherMethod) {
      return { oncePerIntent: true, note: `A Stripe ${what} (${pi.id}, ${money(got)}) arrived for this order, which is already paid with ${o.payment_method_title}: refund one of them.` };
    }
    if ((paid || o.status === 'on-hold') && other) {
      return { oncePerIntent: true, note: `A second Stripe payment (${pi.id}, ${money(got)}) was made for this order, which is paid through ${o.transaction_id}: refund one of them in Stripe.` };
    }
    if (paid) return {};
    const partialCapture = pi.status === 'succeeded' && pi.capture_method === 'manual' && pi.amount_received < pi.amount && pi.amount === expected;
    const to: OrderStatus = pi.status === 'succeeded' ? 'processing' : 'on-hold';
    // Paid after all: an order switched to another method on the pay page, or cancelled by the hold time (WooCommerce moves it to processing).
    const why = o.status === 'cancelled' ? ' after the order was cancelled; its stock is taken again' : otherMethod ? ` although the order had been switched to ${o.payment_method_title}; it is paid through Stripe now` : '';
    const takeOver = otherMethod || o.status === 'cancelled';
    if (!takeOver && !canTransition(o.status, to) && o.status !== to) {
      return { note: `Stripe reports ${pi.status === 'succeeded' ? 'a payment' : 'an authorisation'} of ${money(got)} (${pi.id}) for this ${o.status} order: refund or release it in Stripe.` };
    }
    if (!partialCapture && (pi.amount !== expected || (pi.status === 'succeeded' && got !== o.total))) {
      return { to: 'on-hold', takeOver, note: `Stripe ${pi.status === 'succeeded' ? 'charged' : 'authorised'} ${money(got)} (${pi.id})${why}, but the order total is ${money(o.total)}: check the payment before sending the order.` };
    }
    if (takeOver) return { to, takeOver, note: `Stripe ${pi.status === 'succeeded' ? 'payment of' : 'authorised'} ${money(got)} (${pi.id}) received${why}.` };
    if (pi.status === 'requires_capture') {
      return { to, note: `Stripe authorised ${money(got)} (${pi.id}). Capture it from this page or by completing the order; cancelling the order releases it.` };
    }
    return {
      to,
      note: partialCapture
        ? `Stripe payment captured: ${money(got)} of the ${money(fromStripeAmount(pi.amount, o.currency))} authorised (${pi.id}); the rest was released.`
        : `Stripe payment of ${money(got)} succeeded (${pi.id}).`,
    };
  }
  if (pi.status === 'requires_payment_method' && pi.last_payment_error) return { note: `Card payment declined: ${pi.last_payment_error.message ?? pi.last_payment_error.code ?? 'declined'} (${pi.id}). The order waits for another try.` };
  if (pi.status === 'requires_action') return { note: `Stripe asked the shopper to authenticate the payment (3-D Secure, ${pi.id}).` };
  if (pi.status === 'canceled') return { note: `Stripe payment ${pi.id} cancelled${paid ? '' : '; the authorisation, if any, is released'}.` };
  return {};
}

/**
 * Applies the PaymentIntent to the order its metadata names (with the order's key, so a
 * PaymentIntent of another shop on the same account cannot touch ours). `eventId` makes it once.
 */
export async function applyIntent(services: Services, pi: Stripe.PaymentIntent, event: { id: string; type: string }): Promise<ReceivedEvent> {
  const orderId = Number(pi.metadata?.order_id);
  const row = Number.isSafeInteger(orderId) && orderId > 0 ? await services.db.selectFrom('orders').select(['id', 'order_key']).where('id', '=', orderId).executeTakeFirst() : undefined;
  // The order's key in the metadata is what makes it ours: an order switched to another method keeps its Stripe payments.
  if (!row || row.order_key !== pi.metadata?.order_key) {
    services.log.warn({ paymentIntent: pi.id, event: event.id, type: event.type }, 'Stripe event for a payment this shop does not know; ignored');
    return { orderId: null, status: null, applied: false };
  }
  const settings = await getSettings(services.db);
  let change: { from: OrderStatus; to: OrderStatus } | null = null;
  const method = { id: STRIPE_PROVIDER, title: settings.stripe.title };
  const attempt = (restockFailed: string | null) =>
    withTransaction(services.db, async (trx) => {
      change = null;
      const q = trx.selectFrom('orders').select(['id', 'status', 'total', 'currency', 'transaction_id', 'payment_method', 'payment_method_title']).where('id', '=', orderId);
      const o = (await (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirstOrThrow()) as OrderRow;
      const money = (minor: number) => formatPrice(minor, { ...settings, currency: o.currency });
      const p: Plan = restockFailed
        ? { note: `Stripe payment (${pi.id}) received after the order was cancelled, but it could not be revived: ${restockFailed} Restock and change its status, or refund the payment in Stripe.` }
        : plan(o, pi, money);
      const amount = fromStripeAmount(pi.amount, o.currency);
      const first = await recordEventOnce(trx, { provider: STRIPE_PROVIDER, eventId: event.id, orderId, type: event.type, summary: `${pi.id} ${pi.status} ${money(amount)}${p.to ? ` → ${p.to}` : ''}` });
      if (!first) return { applied: false, status: o.status };
      let status = o.status;
      if (p.to && p.to !== o.status) {
        const from = await transitionInTrx(trx, orderId, p.to, STRIPE_ACTOR, p.note, { transactionId: pi.id, ...(p.takeOver ? { paymentMethod: method, paidAfterCancel: true } : {}) });
        if (from) change = { from, to: p.to };
        status = p.to;
      } else {
        if (p.takeOver) await trx.updateTable('orders').set({ payment_method: method.id, payment_method_title: method.title, transaction_id: pi.id }).where('id', '=', orderId).execute();
        const noteNow = !p.oncePerIntent || (await recordEventOnce(trx, { provider: STRIPE_PROVIDER, eventId: `extra-payment:${pi.id}`, orderId, type: 'payment.extra', summary: p.note ?? pi.id }));
        if (p.note && noteNow) await insertNote(trx, orderId, p.note, false, STRIPE_ACTOR.name);
      }
      return { applied: true, status };
    });
  let result: { applied: boolean; status: OrderStatus };
  try {
    result = await attempt(null);
  } catch (err) {
    // A cancelled order whose items sold meanwhile: the payment is still recorded, never lost.
    if (!(err instanceof HttpError && err.code === 'out_of_stock')) throw err;
    result = await attempt(err.message);
  }
  const done = change as { from: OrderStatus; to: OrderStatus } | null;
  if (done) notifyStatus(services, orderId, done.from, done.to);
  return { orderId, status: result.status, applied: result.applied };
}

/** A timeline entry (and a note) for something that moves no status, once per event id. */
export async function noteOnce(services: Services, orderId: number, event: { id: string; type: string }, note: string, to?: OrderStatus): Promise<ReceivedEvent> {
  let change: { from: OrderStatus; to: OrderStatus } | null = null;
  const result = await withTransaction(services.db, async (trx) => {
    change = null;
    const q = trx.selectFrom('orders').select(['status']).where('id', '=', orderId);
    const o = await (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirstOrThrow();
    if (!(await recordEventOnce(trx, { provider: STRIPE_PROVIDER, eventId: event.id, orderId, type: event.type, summary: note }))) return { applied: false, status: o.status };
    if (to && to !== o.status && canTransition(o.status, to)) {
      const from = await transitionInTrx(trx, orderId, to, STRIPE_ACTOR, note);
      if (from) change = { from, to };
      return { applied: true, status: to };
    }
    await insertNote(trx, orderId, note, false, STRIPE_ACTOR.name);
    return { applied: true, status: o.status };
  });
  const done = change as { from: OrderStatus; to: OrderStatus } | null;
  if (done) notifyStatus(services, orderId, done.from, done.to);
  return { orderId, status: result.status, applied: result.applied };
}
