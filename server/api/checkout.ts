import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sessionCookie } from '../../app/features/account/session.server.ts';
import { getSettings } from '../../app/features/settings/settings.server.ts';
import { cartCallerFrom } from '../../app/features/cart/cart-http.server.ts';
import { CART_COUNT_COOKIE, CART_HASH_COOKIE } from '../../app/features/cart/cart-store.server.ts';
import { getOrderByKey, getOrderForUser, orderNotFound } from '../../app/features/orders/orders.server.ts';
import type { OrderDetail } from '../../app/features/orders/orders.ts';
import { placeOrder, type PlaceOrderResult } from '../../app/features/orders/placement.server.ts';
import { availableMethods, paymentInstructions, refreshPayment } from '../../app/features/payments/payments.server.ts';
import { handleWebhook } from '../../app/features/payments/webhook.server.ts';
import { parseInput, rowIdText } from '../../app/lib/validate.ts';
import { apiSchema } from '../openapi.ts';
import { checkoutSchema } from '../../app/features/orders/placement.server.ts';
import { billingAddressSchema, shippingAddressSchema } from '../../app/features/address/address.server.ts';
import { displaySchema } from './amounts-schema.ts';

const orderParams = z.object({ id: rowIdText });
const keyQuery = z.object({ key: z.string().max(100).optional() });
const gatewayParam = z.object({ gateway: z.string().regex(/^[a-z0-9_-]{1,40}$/) });

const tags = ['Checkout'];
const checkoutBody = checkoutSchema.extend({ billing_address: billingAddressSchema, shipping_address: shippingAddressSchema.optional() });
const checkoutHeaders = z.object({
  'cart-token': z.string().max(200).optional(),
  'idempotency-key': z.string().max(100).optional().describe('Repeating a request with the same key answers the first order again (`replayed: true`), whoever sends it; the key is kept with the order.'),
});
const orderAnswer = z.looseObject({ order_id: z.number().int(), order_number: z.string(), order_key: z.string(), status: z.string(), order: z.looseObject({ display: displaySchema }) });

/** The Store API's address shape for answers. */
const orderBody = (order: OrderDetail, extra: Record<string, unknown> = {}) => ({
  order_id: order.id,
  order_number: String(order.id),
  order_key: order.orderKey,
  status: order.status,
  customer_id: order.userId ?? 0,
  billing_address: order.billing,
  shipping_address: order.shipping,
  customer_note: order.customerNote,
  payment_method: order.paymentMethod,
  order_received_url: order.receivedUrl,
  ...extra,
  order,
});

function checkoutAnswer(result: PlaceOrderResult) {
  const details = result.instructions?.details.map((d) => ({ key: d.label, value: d.value })) ?? [];
  return orderBody(result.order, {
    payment_result: { payment_status: result.payment.status, payment_details: details, redirect_url: result.payment.redirect, message: result.payment.message ?? null },
    payment_instructions: result.instructions,
    replayed: result.replayed,
  });
}

const headerValue = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return typeof v === 'string' ? v : undefined;
};

/**
 * Checkout and orders (docs/API.md): GET /api/checkout (methods and options), POST
 * /api/checkout (place the order; Cart-Token or cookie + CSRF; Idempotency-Key), GET
 * /api/orders/:id (own order, or anyone's with ?key=), POST /api/payments/:gateway/webhook.
 */
export async function checkoutRoutes(api: FastifyInstance) {
  const services = api.services;

  api.get('/checkout', { schema: apiSchema({ summary: 'Payment methods and checkout options', tags, responses: { 200: { description: 'What the checkout offers.', body: z.object({ payment_methods: z.array(z.looseObject({})), guest_checkout: z.boolean(), account_creation: z.boolean(), terms_url: z.string().nullable() }) } } }) }, async (_request, reply) => {
    const s = await getSettings(services.db);
    reply.header('cache-control', 'no-store');
    return {
      payment_methods: availableMethods(s),
      guest_checkout: s.guestCheckout,
      account_creation: s.accountCreationAtCheckout,
      terms_url: s.termsUrl || null,
    };
  });

  // Its key is kept on the order itself (placement.server.ts), as long as the order: the
  // general record (server/idempotency.ts) would only repeat that.
  api.post('/checkout', { config: { idempotency: false }, schema: apiSchema({ summary: 'Place the order for the cart', description: 'Refused (nothing written) when the cart changed since the shopper saw it, stock ran out or a field is invalid. Repeating a request with the same `Idempotency-Key` answers the first order again.', tags, access: 'csrf-or-cart-token', headers: checkoutHeaders, cookies: ['vt_cart'], body: checkoutBody, responses: { 200: { description: 'The order, with the payment result.', body: orderAnswer } } }) }, async (request, reply) => {
    const viaHeader = !!request.headers['cart-token'];
    const result = await placeOrder(services, {
      caller: cartCallerFrom({ headerToken: headerValue(request, 'cart-token'), cookieToken: request.cookies.vt_cart, user: request.ctx.user }),
      // A Cart-Token client speaks for its cart only, never for the browser's session.
      user: viaHeader ? null : request.ctx.user,
      input: request.body,
      idempotencyKey: headerValue(request, 'idempotency-key') ?? null,
      clientIp: request.ctx.clientIp,
      userAgent: headerValue(request, 'user-agent'),
      requestOrigin: request.ctx.requestOrigin,
    });
    reply.header('cache-control', 'no-store');
    if (!viaHeader) {
      const attrs = `Path=/; SameSite=Lax${request.ctx.secure ? '; Secure' : ''}`;
      reply.header('set-cookie', `${CART_HASH_COOKIE}=; Max-Age=0; ${attrs}`);
      reply.header('set-cookie', `${CART_COUNT_COOKIE}=; Max-Age=0; ${attrs}`);
      if (result.account) reply.header('set-cookie', sessionCookie(result.account.token, request.ctx.secure));
    }
    return reply.status(200).send(checkoutAnswer(result));
  });

  api.get('/orders/:id', { schema: apiSchema({ summary: 'An order: your own, or any with its key', tags, params: orderParams, query: keyQuery, responses: { 200: { description: 'The order.', body: orderAnswer } } }) }, async (request, reply) => {
    const { id } = parseInput(orderParams, request.params);
    const { key } = parseInput(keyQuery, request.query);
    const user = request.ctx.user;
    const find = () => (key ? getOrderByKey(services.db, id, key) : user ? getOrderForUser(services.db, id, user.id) : null);
    let order = await find();
    if (!order) throw orderNotFound();
    // As the return page: a pending payment is read from its provider (the query string is not trusted).
    if (await refreshPayment(services, order, request.ctx.requestOrigin)) order = (await find())!;
    reply.header('cache-control', 'no-store');
    const s = await getSettings(services.db);
    return orderBody(order, { payment_instructions: paymentInstructions(order, s) });
  });

  // Sent by the provider's servers, not the shop's clients: the gateway decides what a repeat
  // means. Its own scope keeps the body's bytes as sent (signatures are over the raw body).
  await api.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    scope.post('/payments/:gateway/webhook', { config: { idempotency: false }, schema: apiSchema({ summary: "A payment provider's notification", description: 'Called by the provider; authenticated by the gateway (signature headers, over the raw body), not by CSRF.', tags: ['Payments'], params: gatewayParam, body: z.unknown(), responses: { 200: { description: 'Received.', body: z.looseObject({}) } } }) }, async (request) => {
      const { gateway } = parseInput(gatewayParam, request.params);
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let body: unknown = null;
      try {
        body = rawBody.length ? JSON.parse(rawBody.toString('utf8')) : null;
      } catch {
        body = null;
      }
      return handleWebhook(services, gateway, { headers: request.headers, body, rawBody }, request.ctx.requestOrigin);
    });
  });
}
