import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { rolesOf } from '../../app/features/account/admin-access.ts';
import { trustedOrigin } from '../../app/features/settings/origin.server.ts';
import { getSettings } from '../../app/features/settings/settings.server.ts';
import { getOrderByKey, orderNotFound } from '../../app/features/orders/orders.server.ts';
import type { OrderDetail } from '../../app/features/orders/orders.ts';
import { notePayPal } from '../../app/features/payments/paypal/paypal-apply.server.ts';
import { checkPayPalKeys, paypalAdminView, savePayPalSettings } from '../../app/features/payments/paypal/paypal-admin.server.ts';
import { retryUrl, settleFromPayPal, startPayPal } from '../../app/features/payments/paypal/paypal-gateway.server.ts';
import { PAYPAL_PROVIDER } from '../../app/features/payments/paypal/paypal-client.server.ts';
import { activeClientId, paypalUsable } from '../../app/features/settings/paypal-settings.ts';
import { HttpError } from '../../app/lib/http-error.ts';
import { parseInput, rowIdText } from '../../app/lib/validate.ts';
import { apiSchema } from '../openapi.ts';
import { allowFormAction } from '../security.ts';

const orderRef = z.object({ order_id: rowIdText, order_key: z.string().min(1).max(100) });
/** PayPal sends the shopper back with `token` and `PayerID` too: they are not read. */
const backQuery = z.looseObject({ order: rowIdText, key: z.string().min(1).max(100) });
const tags = ['Payments'];
const backAnswer = z.object({ status: z.string(), redirect_url: z.string() });
/** A browser is sent on (303); a script asking for JSON gets where it would have been sent. */
const goTo = (request: FastifyRequest, reply: FastifyReply, status: string, url: string) => {
  const accept = String(request.headers.accept ?? '');
  if (accept.includes('application/json') && !accept.includes('text/html')) return reply.send({ status, redirect_url: url });
  return reply.redirect(url, 303);
};

function requireStaff(request: FastifyRequest) {
  const user = request.ctx.user;
  if (!user) throw new HttpError(401, 'unauthorized', 'Sign in with a staff account first.');
  if (!rolesOf('settings').includes(user.role)) throw new HttpError(403, 'forbidden', 'Only administrators and shop managers may do this.');
  return user;
}

/**
 * PayPal (docs/API.md, "Payments"): where PayPal sends the shopper back (approved: captured
 * here; cancelled: the page to try again), the JS buttons' server side (the order's PayPal
 * order, its capture), and the admin's settings (client secrets only masked) and key check.
 * The webhook is POST /api/payments/paypal/webhook (checkout.ts).
 */
export async function paypalRoutes(api: FastifyInstance) {
  const services = api.services;
  // Checkout's form (and the page to pay again) end on PayPal's approval page.
  for (const origin of ['https://www.paypal.com', 'https://www.sandbox.paypal.com', ...(services.config.paypalApiUrl ? [services.config.paypalApiUrl] : [])]) allowFormAction(origin);
  const ctxOf = async (request: FastifyRequest) => ({ settings: await getSettings(services.db), origin: (await trustedOrigin(services, request.ctx.requestOrigin)) ?? '', services });
  const findOrder = async (id: number, key: string): Promise<OrderDetail> => {
    const order = await getOrderByKey(services.db, id, key);
    if (!order || order.paymentMethod !== PAYPAL_PROVIDER) throw orderNotFound();
    return order;
  };
  /** Back from PayPal: the order its key names; one since switched to another method (its pay page) is only shown, nothing captured. */
  const findReturning = async (id: number, key: string): Promise<{ order: OrderDetail; paypal: boolean }> => {
    const order = await getOrderByKey(services.db, id, key);
    if (!order) throw orderNotFound();
    return { order, paypal: order.paymentMethod === PAYPAL_PROVIDER };
  };

  api.get('/payments/paypal/return', { schema: apiSchema({ summary: 'Where PayPal sends the shopper after approving: the payment is captured and read from PayPal', tags, query: backQuery, responses: { 200: { description: 'Asked for JSON (`Accept: application/json`): the order status and where to go.', body: backAnswer }, 303: { description: 'A browser: to the order-received page, or back to the page to try again.' } } }) }, async (request, reply) => {
    const { order: id, key } = parseInput(backQuery, request.query);
    const { order, paypal } = await findReturning(id, key);
    reply.header('cache-control', 'no-store');
    if (!paypal) return goTo(request, reply, order.status, order.receivedUrl);
    let declined = false;
    try {
      declined = !!(await settleFromPayPal(services, order, await ctxOf(request), 'return'))?.declined;
    } catch (err) {
      services.log.warn({ err, orderId: id }, 'PayPal could not be asked at the return');
      return goTo(request, reply, order.status, retryUrl(order, 'unavailable'));
    }
    const after = (await getOrderByKey(services.db, id, key))!;
    return goTo(request, reply, after.status, after.status === 'pending' ? retryUrl(after, declined ? 'declined' : 'cancelled') : after.receivedUrl);
  });

  api.get('/payments/paypal/cancel', { schema: apiSchema({ summary: 'Where PayPal sends a shopper who cancelled: back to the page to try again; the order stays pending', tags, query: backQuery, responses: { 200: { description: 'Asked for JSON (`Accept: application/json`): the order status and where to go.', body: backAnswer }, 303: { description: 'A browser: to the page to try again.' } } }) }, async (request, reply) => {
    const { order: id, key } = parseInput(backQuery, request.query);
    const { order, paypal } = await findReturning(id, key);
    reply.header('cache-control', 'no-store');
    if (!paypal) return goTo(request, reply, order.status, order.receivedUrl);
    if (order.status === 'pending' && order.transactionId) await notePayPal(services, order.id, { id: `cancelled:${order.transactionId}`, type: 'payer.cancelled' }, `The shopper cancelled at PayPal (${order.transactionId}); the order waits for payment.`);
    return goTo(request, reply, order.status, order.status === 'pending' ? retryUrl(order, 'cancelled') : order.receivedUrl);
  });

  api.get('/payments/paypal/config', { schema: apiSchema({ summary: "What PayPal's JS buttons need on checkout (nothing when PayPal is off)", tags, responses: { 200: { description: 'Whether PayPal is offered, and the public client id and SDK address.', body: z.looseObject({ enabled: z.boolean() }) } } }) }, async () => {
    const s = await getSettings(services.db);
    if (!paypalUsable(s.paypal)) return { enabled: false };
    const clientId = activeClientId(s.paypal);
    return { enabled: true, sandbox: s.paypal.sandbox, client_id: clientId, currency: s.currency, sdk_url: `https://www.paypal.com/sdk/js?client-id=${encodeURIComponent(clientId)}&currency=${encodeURIComponent(s.currency)}&intent=capture&components=buttons` };
  });

  api.post('/payments/paypal/order', { schema: apiSchema({ summary: "The order's PayPal order for the JS buttons (createOrder)", tags, access: 'csrf', body: orderRef, responses: { 200: { description: 'The PayPal order id and its approval address.', body: z.looseObject({ id: z.string() }) } } }) }, async (request, reply) => {
    const { order_id, order_key } = parseInput(orderRef, request.body);
    const order = await findOrder(order_id, order_key);
    reply.header('cache-control', 'no-store');
    if (order.status !== 'pending') throw new HttpError(409, 'not_payable', 'This order is not waiting for payment.');
    const result = await startPayPal(services, order, await ctxOf(request));
    if (!result.transactionId || !result.redirect) throw new HttpError(409, 'paypal_unavailable', result.message ?? 'PayPal is not available just now.');
    if (result.transactionId !== order.transactionId) {
      await services.db.updateTable('orders').set({ transaction_id: result.transactionId }).where('id', '=', order.id).where('status', '=', 'pending').execute();
    }
    return { id: result.transactionId, approve_url: result.redirect };
  });

  api.post('/payments/paypal/capture', { schema: apiSchema({ summary: 'After the JS buttons approved: capture, as PayPal has it', tags, access: 'csrf', body: orderRef, responses: { 200: { description: 'The order status now.', body: z.looseObject({ status: z.string(), paid: z.boolean() }) } } }) }, async (request, reply) => {
    const { order_id, order_key } = parseInput(orderRef, request.body);
    const order = await findOrder(order_id, order_key);
    reply.header('cache-control', 'no-store');
    let declined = false;
    try {
      declined = !!(await settleFromPayPal(services, order, await ctxOf(request), 'capture'))?.declined;
    } catch (err) {
      services.log.warn({ err, orderId: order_id }, 'PayPal could not be asked at capture');
      throw new HttpError(503, 'paypal_unreachable', 'PayPal is not answering just now. Your order is saved: please try again in a moment.');
    }
    const after = (await getOrderByKey(services.db, order_id, order_key))!;
    return { status: after.status, paid: ['processing', 'completed'].includes(after.status), declined, redirect_url: after.status === 'pending' ? retryUrl(after, declined ? 'declined' : 'cancelled') : after.receivedUrl };
  });

  api.get('/admin/payments/paypal', { schema: apiSchema({ summary: 'PayPal settings (client secrets masked)', tags, responses: { 200: { description: 'Settings, masked secrets, webhook URL, problems.', body: z.looseObject({}) } } }) }, async (request, reply) => {
    requireStaff(request);
    reply.header('cache-control', 'no-store');
    return paypalAdminView(services, request.ctx.requestOrigin);
  });
  api.put('/admin/payments/paypal', { schema: apiSchema({ summary: 'Save PayPal settings and credentials (credentials changed are checked with PayPal)', tags, access: 'csrf', body: z.looseObject({}), responses: { 200: { description: 'Settings, masked secrets, webhook URL, problems.', body: z.looseObject({}) } } }) }, async (request, reply) => {
    requireStaff(request);
    reply.header('cache-control', 'no-store');
    return savePayPalSettings(services, (request.body ?? {}) as Record<string, unknown>, request.ctx.requestOrigin);
  });
  api.post('/admin/payments/paypal/check', { schema: apiSchema({ summary: 'Check the PayPal credentials with PayPal', tags, access: 'csrf', responses: { 200: { description: 'What the check found.', body: z.looseObject({}) } } }) }, async (request, reply) => {
    requireStaff(request);
    reply.header('cache-control', 'no-store');
    return paypalAdminView(services, request.ctx.requestOrigin, await checkPayPalKeys(services));
  });
}
