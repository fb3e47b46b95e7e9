import { CheckoutPaymentIntent, type Order as PayPalOrder } from '@paypal/paypal-server-sdk';
import { HttpError } from '../../../lib/http-error.ts';
import type { Services } from '../../../lib/services.server.ts';
import { refundOrder } from '../../orders/order-status.server.ts';
import type { OrderDetail } from '../../orders/orders.ts';
import { eventSeen, recordEventOnce } from '../events.server.ts';
import type { GatewayContext, PaymentGateway, PaymentResult, ReceivedEvent, WebhookRequest } from '../gateway.ts';
import { applyPayPal, customIdFor, notePayPal, orderOfCustomId, PAYPAL_ACTOR, viewOfOrder, type PayPalView } from './paypal-apply.server.ts';
import { fromPayPalValue, paypalRefusal, toPayPalValue } from './paypal-amounts.ts';
import { PAYPAL_PROVIDER, paypalAccess, paypalDashboardUrl, paypalProblem, verifyWebhook, type PayPalAccess } from './paypal-client.server.ts';
import { paypalUsable } from '../../settings/paypal-settings.ts';

/*
 * PayPal as a payment gateway (gateway.ts), Orders v2 through the official SDK. One PayPal
 * order per attempt for exactly the order's stored total and currency, created with a
 * PayPal-Request-Id made from our order (and the attempt it replaces), so a double submit makes
 * one. The shopper approves on PayPal's page (a plain redirect: no scripts needed); back at the
 * return address the shop captures server-side (PayPal-Request-Id again: the return and a
 * webhook racing it capture once) and reads PayPal's answer, never the query string.
 */

export const PAYPAL_RETURN_PATH = '/api/payments/paypal/return';
export const PAYPAL_CANCEL_PATH = '/api/payments/paypal/cancel';
/** The page a shopper comes back to when PayPal did not take the payment: it offers to try again. */
export const retryUrl = (order: Pick<OrderDetail, 'id' | 'orderKey'>, reason: 'cancelled' | 'declined' | 'unavailable') => `/checkout/paypal/${order.id}?key=${encodeURIComponent(order.orderKey)}&reason=${reason}`;

const needServices = (ctx: GatewayContext): Services => {
  if (!ctx.services) throw new Error('The PayPal gateway needs the shop services');
  return ctx.services;
};

async function access(services: Services, ctx: GatewayContext): Promise<PayPalAccess> {
  const a = await paypalAccess(services, ctx.settings);
  if (!a) throw new HttpError(409, 'paypal_not_set_up', 'PayPal is not set up: add the client id and secret in Admin → Payments → PayPal.');
  return a;
}

/** A PayPal order id as the shop stores it while the payment is pending (PayPal's ids are upper-case letters and digits). */
const isPayPalId = (v: string | null | undefined): v is string => !!v && /^[A-Z0-9]{8,36}$/.test(v);
const approveLink = (o: PayPalOrder) => o.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;

/** Starts (or resumes) the order's PayPal payment; the shopper's redirect to PayPal's approval page. */
export async function startPayPal(services: Services, order: OrderDetail, ctx: GatewayContext): Promise<PaymentResult> {
  const refusal = paypalRefusal(order.total, order.currency);
  if (refusal) return { status: 'pending', message: `${refusal} Please choose another payment method.`, note: `PayPal cannot take ${order.total} ${order.currency} (minor units): ${refusal}` };
  if (!ctx.origin) return { status: 'pending', message: 'PayPal is not available just now.', note: 'PayPal needs the store address (Admin → Settings) for its return page.' };
  try {
    const a = await access(services, ctx);
    const previous = isPayPalId(order.transactionId) ? order.transactionId : null;
    if (previous) {
      // The attempt before, if PayPal still waits for the shopper: the same PayPal order again.
      const before = (await a.orders.getOrder({ id: previous })).result;
      const link = approveLink(before);
      if ((before.status === 'CREATED' || before.status === 'PAYER_ACTION_REQUIRED') && link) return { status: 'pending', redirect: link, transactionId: previous };
    }
    const q = `order=${order.id}&key=${encodeURIComponent(order.orderKey)}`;
    const res = await a.orders.createOrder({
      paypalRequestId: `vitrine-${customIdFor(order)}-order-${previous ?? 'first'}`,
      prefer: 'return=representation',
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [{ referenceId: 'default', customId: customIdFor(order), description: `${ctx.settings.storeName || 'Order'} #${order.id}`.slice(0, 127), amount: { currencyCode: order.currency.toUpperCase(), value: toPayPalValue(order.total, order.currency)! } }],
        paymentSource: { paypal: { experienceContext: { brandName: (ctx.settings.storeName || 'Shop').slice(0, 127), returnUrl: `${ctx.origin}${PAYPAL_RETURN_PATH}?${q}`, cancelUrl: `${ctx.origin}${PAYPAL_CANCEL_PATH}?${q}` } } },
      },
    });
    const link = approveLink(res.result);
    if (!res.result.id || !link) throw new Error('PayPal gave no approval address');
    return { status: 'pending', redirect: link, transactionId: res.result.id, note: `PayPal order ${res.result.id} created; waiting for the shopper to approve it at PayPal.` };
  } catch (err) {
    if (err instanceof HttpError) return { status: 'pending', message: 'PayPal is not available just now.', note: err.message };
    const p = paypalProblem(err);
    services.log.warn({ err: p, orderId: order.id }, 'PayPal order could not be created');
    return { status: 'pending', message: 'PayPal is not answering just now. Your order is saved: please try again in a moment.', note: `PayPal order could not be created: ${p.name || p.status} ${p.message}` };
  }
}

export interface CaptureOutcome {
  received: ReceivedEvent;
  /** PayPal declined the payer's funding source: the order waits, the shopper may approve again. */
  declined: boolean;
}

/**
 * Captures the PayPal order (when approved) and applies PayPal's answer. The capture carries
 * a PayPal-Request-Id made from the PayPal order, so a return and a webhook at once capture
 * once; ORDER_ALREADY_CAPTURED and ORDER_NOT_APPROVED are answered by reading the order.
 */
export async function captureAndApply(services: Services, a: PayPalAccess, order: { id: number; orderKey: string }, paypalOrderId: string, source: string): Promise<CaptureOutcome> {
  let view: PayPalView;
  try {
    const res = await a.orders.captureOrder({ id: paypalOrderId, paypalRequestId: `vitrine-capture-${paypalOrderId}`, prefer: 'return=representation' });
    view = viewOfOrder(res.result);
  } catch (err) {
    const p = paypalProblem(err);
    if (p.issue === 'INSTRUMENT_DECLINED') {
      await notePayPal(services, order.id, { id: `declined:${paypalOrderId}:${Date.now()}:${Math.random()}`, type: 'capture.declined' }, `PayPal declined the payer's funding source for ${paypalOrderId}: ${p.message.trim()} The order waits for another try.`);
      return { received: { orderId: order.id, status: 'pending', applied: true }, declined: true };
    }
    if (p.issue !== 'ORDER_ALREADY_CAPTURED' && p.issue !== 'ORDER_NOT_APPROVED') throw err;
    view = viewOfOrder((await a.orders.getOrder({ id: paypalOrderId })).result);
  }
  const c = view.capture;
  const received = await applyPayPal(services, view, { id: `${source}:${view.paypalOrderId}:${view.status}:${c?.id ?? ''}:${c?.status ?? ''}`, type: `${source}.${view.status.toLowerCase()}` });
  return { received, declined: false };
}

/** The return from PayPal (or the return page, or the JS buttons' onApprove): capture the order's stored PayPal order and apply it. */
export async function settleFromPayPal(services: Services, order: OrderDetail, ctx: GatewayContext, source = 'return'): Promise<CaptureOutcome | null> {
  // An order switched to another method on its pay page no longer takes its PayPal order's money.
  if (!isPayPalId(order.transactionId) || order.status !== 'pending' || order.paymentMethod !== PAYPAL_PROVIDER) return null;
  const a = await access(services, ctx);
  return captureAndApply(services, a, order, order.transactionId, source);
}

const header = (h: WebhookRequest['headers'], name: string) => {
  const v = h[name];
  return typeof v === 'string' ? v : '';
};

async function receive(request: WebhookRequest, ctx: GatewayContext & { services: Services }): Promise<ReceivedEvent> {
  const { services } = ctx;
  const a = await paypalAccess(services, ctx.settings);
  if (!a?.webhookId) throw new HttpError(400, 'webhook_not_set_up', 'PayPal webhooks are not set up in this shop.');
  const sig = { auth_algo: header(request.headers, 'paypal-auth-algo'), cert_url: header(request.headers, 'paypal-cert-url'), transmission_id: header(request.headers, 'paypal-transmission-id'), transmission_sig: header(request.headers, 'paypal-transmission-sig'), transmission_time: header(request.headers, 'paypal-transmission-time') };
  const event = request.body as { id?: unknown; event_type?: unknown; resource?: Record<string, unknown> } | null;
  if (Object.values(sig).some((v) => !v) || !event || typeof event.id !== 'string' || typeof event.event_type !== 'string' || !event.resource || !request.rawBody?.length) {
    throw new HttpError(400, 'bad_signature', 'Webhook signature does not match.');
  }
  let genuine: boolean;
  try {
    genuine = await verifyWebhook(a, sig, request.rawBody.toString('utf8'));
  } catch (err) {
    services.log.warn({ err: paypalProblem(err) }, 'PayPal signature check failed');
    // PayPal delivers a webhook again when it fails.
    throw new HttpError(503, 'paypal_unreachable', 'PayPal could not check this notification; send it again later.');
  }
  if (!genuine) throw new HttpError(400, 'bad_signature', 'Webhook signature does not match.');
  const type = event.event_type;
  const r = event.resource;
  if (await eventSeen(services.db, PAYPAL_PROVIDER, event.id)) return { orderId: null, status: null, applied: false };
  try {
    if (type === 'CHECKOUT.ORDER.APPROVED') {
      const unit = (r.purchase_units as { custom_id?: string }[] | undefined)?.[0];
      const known = await orderOfCustomId(services, unit?.custom_id ?? '');
      const ppId = String(r.id ?? '');
      if (!known || !isPayPalId(ppId)) return unknown(services, event.id, type);
      // The shopper approved but may never come back: capture it now, as the return would.
      if (known.transaction_id === ppId) return (await captureAndApply(services, a, { id: known.id, orderKey: known.order_key }, ppId, `webhook:${event.id}`)).received;
      return applyPayPal(services, viewOfOrder((await a.orders.getOrder({ id: ppId })).result), { id: event.id, type });
    }
    if (type.startsWith('PAYMENT.CAPTURE.') && type !== 'PAYMENT.CAPTURE.REFUNDED') {
      const ppId = String((r.supplementary_data as { related_ids?: { order_id?: string } } | undefined)?.related_ids?.order_id ?? '');
      if (!isPayPalId(ppId) || !(await orderOfCustomId(services, String(r.custom_id ?? '')))) return unknown(services, event.id, type);
      // The PayPal order as it is now, whatever order the events came in.
      return applyPayPal(services, viewOfOrder((await a.orders.getOrder({ id: ppId })).result), { id: event.id, type });
    }
    if (type === 'PAYMENT.CAPTURE.REFUNDED') return refundFromPayPal(services, event.id, r);
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const p = paypalProblem(err);
    if (p.status === 404) return unknown(services, event.id, type);
    services.log.warn({ err: p, event: event.id }, 'PayPal could not be asked about a webhook');
    throw new HttpError(503, 'paypal_unreachable', 'PayPal could not be asked about this payment; send it again later.');
  }
  services.log.info({ event: event.id, type }, 'PayPal event not used by the shop; ignored');
  return { orderId: null, status: null, applied: false };
}

function unknown(services: Services, eventId: string, type: string): ReceivedEvent {
  services.log.warn({ event: eventId, type }, 'PayPal event for a payment this shop does not know; ignored');
  return { orderId: null, status: null, applied: false };
}

/** A refund made in PayPal (its dashboard, or ours coming back): each refund id once on the order. */
async function refundFromPayPal(services: Services, eventId: string, r: Record<string, unknown>): Promise<ReceivedEvent> {
  const known = await orderOfCustomId(services, String(r.custom_id ?? ''));
  const refundId = String(r.id ?? '');
  const amount = r.amount as { value?: string; currency_code?: string } | undefined;
  if (!known || !isPayPalId(refundId) || !amount?.value) return unknown(services, eventId, 'PAYMENT.CAPTURE.REFUNDED');
  const order = await services.db.selectFrom('orders').select(['currency']).where('id', '=', known.id).executeTakeFirstOrThrow();
  const minor = amount.currency_code === order.currency ? fromPayPalValue(amount.value, order.currency) : null;
  let applied = false;
  if (minor === null) {
    await notePayPal(services, known.id, { id: `refund:${refundId}`, type: 'refund' }, `PayPal refunded ${amount.value} ${amount.currency_code ?? ''} (${refundId}), which cannot be recorded in ${order.currency}: check it in PayPal.`);
  } else {
    try {
      await refundOrder(services, known.id, { amount: minor, reason: `Refunded in PayPal (${refundId})` }, PAYPAL_ACTOR, {
        once: (trx) => recordEventOnce(trx, { provider: PAYPAL_PROVIDER, eventId: `refund:${refundId}`, orderId: known.id, type: 'refund', summary: `Refund ${refundId} made in PayPal` }),
      });
      applied = true;
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      if (err.code !== 'refund_recorded') await notePayPal(services, known.id, { id: `refund:${refundId}`, type: 'refund' }, `PayPal refunded ${amount.value} ${amount.currency_code ?? ''} (${refundId}) but it could not be recorded here: ${err.message}`);
    }
  }
  await services.db
    .insertInto('payment_events')
    .values({ provider: PAYPAL_PROVIDER, event_id: eventId, order_id: known.id, type: 'PAYMENT.CAPTURE.REFUNDED', summary: `Refund ${refundId}`, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .execute();
  const after = await services.db.selectFrom('orders').select('status').where('id', '=', known.id).executeTakeFirstOrThrow();
  return { orderId: known.id, status: after.status, applied };
}

export const paypalGateway: PaymentGateway = {
  id: PAYPAL_PROVIDER,
  defaultTitle: 'PayPal',
  provider: 'PayPal',
  enabled: (s) => paypalUsable(s.paypal),
  title: (s) => s.paypal.title,
  description: (s) => s.paypal.description,
  process: (order, ctx) => startPayPal(needServices(ctx), order, ctx),
  async refund(order, amount, reason, ctx) {
    const services = needServices(ctx);
    const a = await access(services, ctx);
    const value = toPayPalValue(amount, order.currency);
    if (!isPayPalId(order.transactionId) || value === null) return { ok: false, message: 'This order has no PayPal payment to refund.' };
    try {
      const res = await a.payments.refundCapturedPayment({
        captureId: order.transactionId,
        // The same refund asked twice (a double submit) is one refund in PayPal.
        paypalRequestId: `vitrine-refund-${order.id}-${order.refundedTotal}-${amount}`,
        prefer: 'return=representation',
        body: { amount: { currencyCode: order.currency.toUpperCase(), value }, noteToPayer: reason.slice(0, 255) || undefined },
      });
      return { ok: true, transactionId: res.result.id };
    } catch (err) {
      const p = paypalProblem(err);
      return { ok: false, message: `PayPal refused the refund: ${p.message}` };
    }
  },
  receive,
  async abandon(order, ctx) {
    // Nothing to close at PayPal (an order never captured expires there): the shop forgets it.
    // From now on neither the return nor the approval webhook captures it, as the order is no
    // longer PayPal's (settleFromPayPal, orderOfCustomId).
    if (!isPayPalId(order.transactionId) || !['pending', 'failed'].includes(order.status)) return;
    const note = `PayPal order ${order.transactionId} is no longer this order's payment: the shopper chose another payment method. Approving it in a tab left open takes no money.`;
    await notePayPal(needServices(ctx), order.id, { id: `forgotten:${order.transactionId}`, type: 'order.forgotten' }, note);
  },
  // Sandbox payments are on PayPal's sandbox site, live ones on paypal.com.
  transactionUrl: (id, settings) => paypalDashboardUrl(id, settings.paypal.sandbox),
  async refresh(order, ctx) {
    await settleFromPayPal(needServices(ctx), order, ctx, 'read');
  },
};
