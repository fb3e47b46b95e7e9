import type Stripe from 'stripe';
import { HttpError } from '../../../lib/http-error.ts';
import { formatPrice } from '../../../lib/money.ts';
import type { Services } from '../../../lib/services.server.ts';
import type { StoreSettings } from '../../settings/settings.schema.ts';
import { insertNote, refundOrder } from '../../orders/order-status.server.ts';
import type { OrderDetail } from '../../orders/orders.ts';
import { recordEventOnce } from '../events.server.ts';
import type { GatewayContext, PaymentGateway, PaymentResult, ReceivedEvent } from '../gateway.ts';
import { applyIntent, noteOnce, STRIPE_ACTOR } from './stripe-apply.server.ts';
import { fromStripeAmount, toStripeAmount } from './stripe-amounts.ts';
import { dashboardUrl, STRIPE_PROVIDER, stripeAccess, stripeErrorMessage, type StripeAccess } from './stripe-client.server.ts';
import { stripeUsable } from '../../settings/stripe-settings.ts';

/*
 * Stripe as a payment gateway (gateway.ts). One PaymentIntent per order for exactly its stored
 * total and currency; every call that creates or moves money carries an idempotency key made
 * from the order (and the attempt it replaces), so a double submit makes one. Checkout sends
 * the shopper to a hosted Checkout Session (works without scripts); the Payment Element asks
 * for a PaymentIntent's client secret (stripe-intents.server.ts). The order moves only on what
 * Stripe says: webhooks (`receive`) and the return page (`refresh`) read the PaymentIntent.
 */

const needServices = (ctx: GatewayContext): Services => {
  if (!ctx.services) throw new Error('The Stripe gateway needs the shop services');
  return ctx.services;
};

async function access(ctx: GatewayContext): Promise<StripeAccess> {
  const a = await stripeAccess(needServices(ctx), ctx.settings);
  if (!a) throw new HttpError(409, 'stripe_not_set_up', 'Stripe is not set up: add the secret key in Admin → Payments.');
  return a;
}

const money = (settings: StoreSettings, minor: number, currency: string) => formatPrice(minor, { ...settings, currency });

/** Idempotency keys: the order, its key, what is asked and the attempt it follows. */
export const orderKey = (order: Pick<OrderDetail, 'id' | 'orderKey'>, what: string, after: string | null) => `vitrine-${order.id}-${order.orderKey}-${what}-${after ?? 'first'}`;

/** PaymentIntent data shared by the hosted page and the Payment Element. */
export function intentData(order: OrderDetail, settings: StoreSettings, flow: 'checkout' | 'element') {
  const s = settings.stripe;
  return {
    capture_method: s.captureMode === 'manual' ? ('manual' as const) : ('automatic' as const),
    description: `${settings.storeName || 'Order'} #${order.id}`,
    metadata: { order_id: String(order.id), order_key: order.orderKey, flow },
    ...(s.statementDescriptor ? { statement_descriptor_suffix: s.statementDescriptor } : {}),
  };
}

/** A Checkout Session for the order (a new one only when the previous is over); the shopper's redirect. */
export async function startCheckout(services: Services, order: OrderDetail, ctx: GatewayContext): Promise<PaymentResult> {
  const amount = toStripeAmount(order.total, order.currency);
  if (amount === null) return { status: 'pending', message: 'This total cannot be paid by card. Please choose another payment method.', note: `Stripe cannot charge ${order.total} ${order.currency} exactly.` };
  if (!ctx.origin) return { status: 'pending', message: 'Card payments are not available just now.', note: 'Stripe needs the store address (Admin → Settings) for its return page.' };
  try {
    const { stripe } = await access(ctx);
    const received = `${ctx.origin}${order.receivedUrl}`;
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: order.currency.toLowerCase(), unit_amount: amount, product_data: { name: `Order #${order.id}` } } }],
        success_url: `${received}${received.includes('?') ? '&' : '?'}stripe_session={CHECKOUT_SESSION_ID}`,
        cancel_url: received,
        client_reference_id: String(order.id),
        customer_email: order.billing.email || undefined,
        metadata: { order_id: String(order.id), order_key: order.orderKey },
        payment_intent_data: intentData(order, ctx.settings, 'checkout'),
      },
      { idempotencyKey: orderKey(order, 'checkout', order.transactionId) },
    );
    const pi = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? undefined);
    return { status: 'pending', redirect: session.url ?? undefined, transactionId: pi, note: `Stripe Checkout started (${session.id}).` };
  } catch (err) {
    const e = stripeErrorMessage(err);
    services.log.warn({ err, orderId: order.id }, 'Stripe checkout could not start');
    return { status: 'pending', message: e.unreachable ? e.message : 'Card payments are not available just now. Your order is saved: please try again.', note: `Stripe Checkout could not start: ${e.message}` };
  }
}

async function currentIntent(a: StripeAccess, order: OrderDetail): Promise<Stripe.PaymentIntent | null> {
  if (!order.transactionId?.startsWith('pi_')) return null;
  return a.stripe.paymentIntents.retrieve(order.transactionId);
}

/** Reads the order's PaymentIntent from Stripe and applies it (the return page; never the query string). */
export async function refreshFromStripe(services: Services, order: OrderDetail, settings: StoreSettings): Promise<ReceivedEvent | null> {
  const a = await stripeAccess(services, settings);
  if (!a || !order.transactionId?.startsWith('pi_')) return null;
  const pi = await a.stripe.paymentIntents.retrieve(order.transactionId);
  return applyIntent(services, pi, { id: `read:${pi.id}:${pi.status}:${pi.amount_received}:${pi.last_payment_error?.code ?? ''}:${pi.latest_charge ?? ''}`, type: `read.${pi.status}` });
}

async function receive(request: Parameters<NonNullable<PaymentGateway['receive']>>[0], ctx: GatewayContext & { services: Services }): Promise<ReceivedEvent> {
  const { services } = ctx;
  const a = await stripeAccess(services, ctx.settings);
  const signature = request.headers['stripe-signature'];
  if (!a?.webhookSecret) throw new HttpError(400, 'webhook_not_set_up', 'Stripe webhooks are not set up in this shop.');
  let event: Stripe.Event;
  try {
    event = a.stripe.webhooks.constructEvent(request.rawBody ?? Buffer.alloc(0), typeof signature === 'string' ? signature : '', a.webhookSecret);
  } catch {
    throw new HttpError(400, 'bad_signature', 'Webhook signature does not match.');
  }
  const obj = event.data.object as { object?: string; id?: string; payment_intent?: string | { id: string } | null };
  const piId = obj.object === 'payment_intent' ? obj.id : typeof obj.payment_intent === 'string' ? obj.payment_intent : obj.payment_intent?.id;
  if (!piId) {
    services.log.info({ event: event.id, type: event.type }, 'Stripe event not about a payment; ignored');
    return { orderId: null, status: null, applied: false };
  }
  // The PaymentIntent as it is now, whatever order the events came in.
  let pi: Stripe.PaymentIntent;
  try {
    pi = await a.stripe.paymentIntents.retrieve(piId);
  } catch (err) {
    if ((err as { code?: string }).code === 'resource_missing') {
      services.log.warn({ event: event.id, paymentIntent: piId }, 'Stripe event for an unknown payment; ignored');
      return { orderId: null, status: null, applied: false };
    }
    // Stripe retries a webhook that fails.
    throw new HttpError(503, 'stripe_unreachable', 'Stripe could not be asked about this payment; send it again later.');
  }
  if (event.type === 'charge.refunded' || event.type === 'refund.created' || event.type === 'refund.updated') return refundsFromStripe(services, a, pi, event, ctx.settings);
  if (event.type === 'charge.dispute.created') {
    const d = event.data.object as Stripe.Dispute;
    const known = await applyIntent(services, pi, { id: `${event.id}:payment`, type: 'payment.read' });
    if (!known.orderId) return known;
    const order = await services.db.selectFrom('orders').select(['currency']).where('id', '=', known.orderId).executeTakeFirstOrThrow();
    const note = `The card holder disputed ${money(ctx.settings, fromStripeAmount(d.amount, order.currency), order.currency)} in Stripe (${d.id}, reason: ${d.reason.replace(/_/g, ' ')}). Respond in Stripe's dashboard.`;
    return noteOnce(services, known.orderId, event, note, 'on-hold');
  }
  return applyIntent(services, pi, event);
}

/**
 * Refunds made in Stripe (its dashboard, or ours coming back): each refund id once on the order
 * whose PaymentIntent it is (its metadata: id and key), whatever method the order has now. A
 * refund of the order's own payment is recorded as its refund; one of a payment the order does
 * not count (made in a tab left open after it was paid otherwise) is a note: the order's own
 * payment is unchanged.
 */
async function refundsFromStripe(services: Services, a: StripeAccess, pi: Stripe.PaymentIntent, event: Stripe.Event, settings: StoreSettings): Promise<ReceivedEvent> {
  const orderId = Number(pi.metadata?.order_id);
  const order = Number.isSafeInteger(orderId) ? await services.db.selectFrom('orders').select(['id', 'order_key', 'payment_method', 'payment_method_title', 'transaction_id', 'currency', 'status']).where('id', '=', orderId).executeTakeFirst() : undefined;
  if (!order || order.order_key !== pi.metadata?.order_key) {
    services.log.warn({ event: event.id, paymentIntent: pi.id }, 'Stripe refund for a payment this shop does not know; ignored');
    return { orderId: null, status: null, applied: false };
  }
  const own = order.payment_method === STRIPE_PROVIDER && order.transaction_id === pi.id;
  const refunds = await a.stripe.refunds.list({ payment_intent: pi.id, limit: 100 });
  let applied = false;
  for (const re of refunds.data.filter((r) => r.status === 'succeeded' || r.status === 'pending').reverse()) {
    if (!own) {
      const paidBy = order.payment_method === STRIPE_PROVIDER ? `Stripe (${order.transaction_id})` : order.payment_method_title;
      const note = `Stripe refunded ${money(settings, fromStripeAmount(re.amount, order.currency), order.currency)} (${re.id}) of the payment ${pi.id}, which this order does not count: its own payment through ${paidBy} is unchanged.`;
      applied = (await noteOnce(services, orderId, { id: `refund:${re.id}`, type: 'refund.other-payment' }, note)).applied || applied;
      continue;
    }
    try {
      await refundOrder(
        services,
        orderId,
        { amount: fromStripeAmount(re.amount, order.currency), reason: `Refunded in Stripe (${re.id})${re.reason ? `: ${re.reason.replace(/_/g, ' ')}` : ''}` },
        STRIPE_ACTOR,
        { once: (trx) => recordEventOnce(trx, { provider: STRIPE_PROVIDER, eventId: `refund:${re.id}`, orderId, type: 'refund', summary: `Refund ${re.id} made in Stripe` }) },
      );
      applied = true;
    } catch (err) {
      if (err instanceof HttpError && err.code === 'refund_recorded') continue;
      if (err instanceof HttpError) {
        await noteOnce(services, orderId, { id: `refund:${re.id}`, type: 'refund' }, `Stripe refunded ${re.amount} (${re.id}) but it could not be recorded here: ${err.message}`);
        continue;
      }
      throw err;
    }
  }
  await services.db
    .insertInto('payment_events')
    .values({ provider: STRIPE_PROVIDER, event_id: event.id, order_id: orderId, type: event.type, summary: `${pi.id} refunds`, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .execute();
  const after = await services.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
  return { orderId, status: after.status, applied };
}

/**
 * An order pending payment is about to be cancelled (the hold time, or the shop) or paid
 * another way (its pay page): its open Checkout Session is expired and its PaymentIntent
 * cancelled at Stripe, so no payment can arrive late. A payment Stripe already took (its
 * webhook not here yet) is applied instead and the change stopped (409 `paid_at_provider`).
 * Stripe unreachable: the error is thrown.
 */
async function closeOpenPayment(services: Services, a: StripeAccess, order: OrderDetail, why: 'cancel' | 'switch' = 'cancel'): Promise<void> {
  const before = why === 'cancel' ? 'the order was cancelled' : 'the shopper chose another payment method';
  const pi = await currentIntent(a, order);
  if (!pi) return;
  if (pi.status === 'succeeded' || pi.status === 'requires_capture' || pi.status === 'processing') {
    await applyIntent(services, pi, { id: `read:${pi.id}:${pi.status}:${pi.amount_received}:${pi.latest_charge ?? ''}`, type: `read.${pi.status}` });
    if (why === 'switch') throw new HttpError(409, 'paid_at_provider', 'This order has been paid by card already: there is nothing more to pay.');
    throw new HttpError(409, 'paid_at_provider', `Stripe has this order's payment (${pi.id}, ${pi.status.replace(/_/g, ' ')}): it is not cancelled.`);
  }
  if (pi.status === 'canceled') return;
  if (pi.metadata?.flow === 'checkout') {
    const sessions = await a.stripe.checkout.sessions.list({ payment_intent: pi.id, limit: 10 });
    for (const cs of sessions.data.filter((x) => x.status === 'open')) await a.stripe.checkout.sessions.expire(cs.id, {}, { idempotencyKey: `vitrine-expire-${cs.id}` });
  }
  // Expiring a session cancels the PaymentIntent it made; one of the Payment Element is cancelled here.
  const now = await a.stripe.paymentIntents.retrieve(pi.id);
  if (now.status !== 'canceled') await a.stripe.paymentIntents.cancel(pi.id, { cancellation_reason: 'abandoned' }, { idempotencyKey: `vitrine-abandon-${pi.id}` });
  await services.db.transaction().execute((trx) => insertNote(trx, order.id, `Stripe payment ${pi.id} cancelled at Stripe before ${before}: no late payment can be taken.`, false, STRIPE_ACTOR.name));
}

export const stripeGateway: PaymentGateway = {
  id: STRIPE_PROVIDER,
  defaultTitle: 'Credit / debit card',
  provider: 'Stripe',
  enabled: (s) => stripeUsable(s.stripe),
  title: (s) => s.stripe.title,
  // While test keys are used the shopper is told, as WooCommerce's Stripe gateway does.
  description: (s) => (s.stripe.testMode ? `${s.stripe.description} TEST MODE: no money is taken; pay with the test card 4242 4242 4242 4242.`.trim() : s.stripe.description),
  process: (order, ctx) => startCheckout(needServices(ctx), order, ctx),
  async capture(order, ctx, amount) {
    const a = await access(ctx);
    const pi = await currentIntent(a, order);
    if (!pi) throw new HttpError(409, 'nothing_to_capture', 'This order has no Stripe payment to capture.');
    if (pi.status === 'succeeded') return { status: 'processing', transactionId: pi.id, note: `Already captured in Stripe (${pi.id}).` };
    if (pi.status !== 'requires_capture') throw new HttpError(409, 'nothing_to_capture', `The Stripe payment is ${pi.status.replace(/_/g, ' ')}: there is nothing to capture.`);
    const want = amount === undefined ? pi.amount_capturable : toStripeAmount(amount, order.currency);
    if (want === null || want < 1 || want > pi.amount_capturable) {
      throw new HttpError(400, 'invalid', `Capture at most ${money(ctx.settings, fromStripeAmount(pi.amount_capturable, order.currency), order.currency)}.`, { amount: 'More than was authorised' });
    }
    try {
      const done = await a.stripe.paymentIntents.capture(pi.id, { amount_to_capture: want }, { idempotencyKey: `vitrine-capture-${pi.id}` });
      const got = fromStripeAmount(done.amount_received, order.currency);
      const rest = want < pi.amount_capturable ? `; the other ${money(ctx.settings, fromStripeAmount(pi.amount_capturable - want, order.currency), order.currency)} was released` : '';
      return { status: 'processing', transactionId: pi.id, note: `Captured ${money(ctx.settings, got, order.currency)} in Stripe (${pi.id})${rest}.` };
    } catch (err) {
      throw new HttpError(409, 'capture_failed', `Stripe did not capture the payment: ${stripeErrorMessage(err).message}`);
    }
  },
  async refund(order, amount, reason, ctx) {
    const a = await access(ctx);
    const stripeAmount = toStripeAmount(amount, order.currency);
    if (!order.transactionId?.startsWith('pi_') || stripeAmount === null) return { ok: false, message: 'This order has no Stripe payment to refund.' };
    try {
      const re = await a.stripe.refunds.create(
        { payment_intent: order.transactionId, amount: stripeAmount, reason: 'requested_by_customer', metadata: { order_id: String(order.id), reason: reason.slice(0, 450) } },
        // The same refund asked twice (a double submit) is one refund in Stripe.
        { idempotencyKey: `vitrine-refund-${order.id}-${order.refundedTotal}-${amount}` },
      );
      return { ok: true, transactionId: re.id };
    } catch (err) {
      return { ok: false, message: `Stripe refused the refund: ${stripeErrorMessage(err).message}` };
    }
  },
  receive,
  transactionUrl: (id, settings) => dashboardUrl(id, settings.stripe.testMode),
  async abandon(order, ctx) {
    const services = needServices(ctx);
    const a = await stripeAccess(services, ctx.settings);
    if (!a || !['pending', 'failed'].includes(order.status)) return;
    try {
      await closeOpenPayment(services, a, order, 'switch');
    } catch (err) {
      if (err instanceof HttpError) throw err;
      // Stripe down: the shopper may still pay another way; a payment that still arrives is applied by its webhook.
      services.log.warn({ err, orderId: order.id }, 'Stripe payment could not be closed before a change of method');
      const note = `Stripe could not be asked to close the payment ${order.transactionId} before the shopper chose another payment method (${stripeErrorMessage(err).message}). If it is paid later, the order shows it.`;
      await services.db.transaction().execute((trx) => insertNote(trx, order.id, note, false, STRIPE_ACTOR.name));
    }
  },
  async beforeStatusChange(order, to, ctx) {
    if (to !== 'completed' && to !== 'cancelled') return;
    const services = needServices(ctx);
    const a = await stripeAccess(services, ctx.settings);
    if (!a) return;
    if (to === 'cancelled' && order.status === 'pending') {
      try {
        return await closeOpenPayment(services, a, order);
      } catch (err) {
        if (err instanceof HttpError) throw err;
        throw new HttpError(409, 'release_failed', `Stripe could not close the order's payment: ${stripeErrorMessage(err).message}`);
      }
    }
    const pi = await currentIntent(a, order).catch(() => null);
    if (!pi || pi.status !== 'requires_capture') return;
    if (to === 'completed') {
      const result = await stripeGateway.capture!(order, ctx);
      await services.db.transaction().execute((trx) => insertNote(trx, order.id, result.note ?? 'Captured in Stripe.', false, STRIPE_ACTOR.name));
      return;
    }
    try {
      await a.stripe.paymentIntents.cancel(pi.id, { cancellation_reason: 'requested_by_customer' }, { idempotencyKey: `vitrine-release-${pi.id}` });
    } catch (err) {
      throw new HttpError(409, 'release_failed', `Stripe did not release the authorisation: ${stripeErrorMessage(err).message}`);
    }
    await services.db.transaction().execute((trx) => insertNote(trx, order.id, `Authorisation released in Stripe (${pi.id}).`, false, STRIPE_ACTOR.name));
  },
  async refresh(order, ctx) {
    await refreshFromStripe(needServices(ctx), order, ctx.settings);
  },
};
