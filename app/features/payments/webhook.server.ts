import { HttpError } from '../../lib/http-error.ts';
import type { Services } from '../../lib/services.server.ts';
import { getSettings } from '../settings/settings.server.ts';
import { trustedOrigin } from '../settings/origin.server.ts';
import { notifyStatus } from '../orders/emails.server.ts';
import { refundOrder } from '../orders/order-status.server.ts';
import { getOrderAdmin } from '../orders/orders.server.ts';
import { applyPaymentResult } from '../orders/placement.server.ts';
import { gateway, type WebhookRequest } from './gateway.ts';

/**
 * A payment provider's notification (POST /api/payments/:gateway/webhook): the gateway
 * authenticates and reads it; a payment moves the order on (paid → processing, declined →
 * failed), a refund is recorded like a manual one. Unknown gateways and orders are 404.
 */
export async function handleWebhook(services: Services, gatewayId: string, request: WebhookRequest, requestOrigin: string | null = null): Promise<{ orderId: number; status: string }> {
  const g = gateway(gatewayId);
  if (!g?.webhook && !g?.receive) throw new HttpError(404, 'not_found', 'No such payment webhook.');
  const settings = await getSettings(services.db);
  const ctx = { settings, origin: (await trustedOrigin(services, requestOrigin)) ?? '', services };
  if (g.receive) {
    const got = await g.receive(request, ctx);
    return { orderId: got.orderId ?? 0, status: got.status ?? 'ignored' };
  }
  const event = await g.webhook!(request, ctx);
  const order = await getOrderAdmin(services.db, event.orderId);
  if (!order || order.paymentMethod !== g.id) throw new HttpError(404, 'not_found', 'Order not found.');
  if (event.status && event.status !== order.status) {
    const from = await applyPaymentResult(services, order.id, { status: event.status, transactionId: event.transactionId, note: event.note }, g.id);
    if (from) notifyStatus(services, order.id, from, event.status);
  }
  if (event.refund) await refundOrder(services, order.id, { amount: event.refund.amount, reason: event.refund.reason }, { name: g.id });
  const after = (await getOrderAdmin(services.db, order.id))!;
  return { orderId: after.id, status: after.status };
}

/**
 * Admin: captures a payment the gateway only authorised (order on hold), moving the order
 * on as the gateway answers. 409 when the order's gateway cannot capture.
 */
export async function capturePayment(services: Services, orderId: number, actor: { name: string }, requestOrigin: string | null = null, amount?: number): Promise<{ status: string }> {
  const order = await getOrderAdmin(services.db, orderId);
  if (!order) throw new HttpError(404, 'not_found', 'Order not found.');
  const g = gateway(order.paymentMethod);
  if (!g?.capture) throw new HttpError(409, 'capture_unsupported', `${order.paymentMethodTitle} payments cannot be captured.`);
  const settings = await getSettings(services.db);
  const result = await g.capture(order, { settings, origin: (await trustedOrigin(services, requestOrigin)) ?? '', services }, amount);
  const from = await applyPaymentResult(services, order.id, { ...result, note: result.note ?? `Payment captured by ${actor.name}.` }, g.id);
  if (from) notifyStatus(services, order.id, from, result.status);
  return { status: (await getOrderAdmin(services.db, order.id))!.status };
}
