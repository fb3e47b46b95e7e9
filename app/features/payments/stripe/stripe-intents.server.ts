import { HttpError } from '../../../lib/http-error.ts';
import type { Services } from '../../../lib/services.server.ts';
import { trustedOrigin } from '../../settings/origin.server.ts';
import { getSettings } from '../../settings/settings.server.ts';
import { getOrderByKey, orderNotFound } from '../../orders/orders.server.ts';
import { applyPaymentResult } from '../../orders/placement.server.ts';
import type { OrderDetail } from '../../orders/orders.ts';
import { toStripeAmount } from './stripe-amounts.ts';
import { STRIPE_PROVIDER, stripeAccess, stripeErrorMessage } from './stripe-client.server.ts';
import { intentData, orderKey, refreshFromStripe } from './stripe-gateway.server.ts';
import { stripeUsable } from '../../settings/stripe-settings.ts';

/*
 * The Payment Element's server side: the client secret of the order's PaymentIntent (made once
 * per attempt under an idempotency key from the order, so two tabs or a double click share
 * one), and the result after the browser confirmed it — read from Stripe, not from the browser.
 */

async function payableOrder(services: Services, orderId: number, key: string): Promise<OrderDetail> {
  const order = await getOrderByKey(services.db, orderId, key);
  if (!order) throw orderNotFound();
  if (order.paymentMethod !== STRIPE_PROVIDER) throw new HttpError(409, 'not_payable', 'This order is not paid by card.');
  return order;
}

export async function elementIntent(services: Services, orderId: number, key: string): Promise<{ client_secret: string; publishable_key: string; amount: number; currency: string; test_mode: boolean }> {
  const order = await payableOrder(services, orderId, key);
  if (order.status !== 'pending') throw new HttpError(409, 'not_payable', 'This order is not waiting for payment.');
  const settings = await getSettings(services.db);
  const a = stripeUsable(settings.stripe) ? await stripeAccess(services, settings) : null;
  if (!a) throw new HttpError(409, 'stripe_unavailable', 'Card payments are not available just now.');
  const amount = toStripeAmount(order.total, order.currency);
  if (amount === null) throw new HttpError(409, 'amount_not_payable', 'This total cannot be paid by card. Please choose another payment method.');
  try {
    let pi = order.transactionId?.startsWith('pi_') ? await a.stripe.paymentIntents.retrieve(order.transactionId) : null;
    const reusable = pi && pi.metadata?.flow === 'element' && ['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status);
    if (!reusable) {
      pi = await a.stripe.paymentIntents.create(
        { amount, currency: order.currency.toLowerCase(), automatic_payment_methods: { enabled: true }, ...intentData(order, settings, 'element') },
        { idempotencyKey: orderKey(order, 'intent', order.transactionId) },
      );
      await applyPaymentResult(services, order.id, { status: 'pending', transactionId: pi.id, note: `Stripe payment started on the checkout page (${pi.id}).` }, STRIPE_PROVIDER);
    }
    const s = settings.stripe;
    return { client_secret: pi!.client_secret!, publishable_key: s.testMode ? s.testPublishableKey : s.livePublishableKey, amount: order.total, currency: order.currency, test_mode: s.testMode };
  } catch (err) {
    const e = stripeErrorMessage(err);
    services.log.warn({ err, orderId }, 'Stripe PaymentIntent could not be made');
    throw new HttpError(503, 'stripe_unreachable', e.unreachable ? e.message : 'Card payments are not available just now. Your order is saved: please try again.');
  }
}

/** After the browser confirmed: the order as Stripe's answer left it, with the decline message if any. */
export async function confirmResult(services: Services, orderId: number, key: string, requestOrigin: string | null): Promise<{ status: string; paid: boolean; message: string | null; received_url: string }> {
  const order = await payableOrder(services, orderId, key);
  const settings = await getSettings(services.db);
  void (await trustedOrigin(services, requestOrigin));
  let message: string | null = null;
  try {
    await refreshFromStripe(services, order, settings);
    const a = await stripeAccess(services, settings);
    if (a && order.transactionId?.startsWith('pi_')) {
      const pi = await a.stripe.paymentIntents.retrieve(order.transactionId);
      if (pi.status === 'requires_payment_method' && pi.last_payment_error) message = pi.last_payment_error.message ?? 'Your card was declined.';
      if (pi.status === 'requires_action') message = 'Please complete the verification your bank asks for.';
    }
  } catch (err) {
    message = stripeErrorMessage(err).message;
  }
  const after = (await getOrderByKey(services.db, orderId, key))!;
  return { status: after.status, paid: ['processing', 'completed'].includes(after.status), message, received_url: after.receivedUrl };
}
