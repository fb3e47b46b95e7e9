import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sessionCookie } from '../../app/features/account/session.server.ts';
import { cartCallerFrom } from '../../app/features/cart/cart-http.server.ts';
import { CART_COUNT_COOKIE, CART_HASH_COOKIE } from '../../app/features/cart/cart-store.server.ts';
import { formFieldErrors, submitCheckout } from '../../app/features/checkout/checkout-page.server.ts';
import { HttpError } from '../../app/lib/http-error.ts';
import { parseInput } from '../../app/lib/validate.ts';
import { apiSchema } from '../openapi.ts';

/** The checkout form's fields as the page posts them (`billing_postcode`, `rate[0]`, `terms`…). */
const formBody = z.record(z.string().max(100), z.string().max(5000)).refine((v) => Object.keys(v).length <= 200, 'Too many fields');
const placedAnswer = z.object({ order_id: z.number().int(), order_key: z.string(), status: z.string(), received_url: z.string(), redirect_url: z.string(), message: z.string().nullable() });

/**
 * POST /api/checkout/form (docs/API.md, "Payments in the page"): the checkout form placed by
 * the page's own script, for the payment widgets that pay in the page (Stripe's Payment
 * Element, PayPal's buttons). The same placement as the form's post (the destination and
 * shipping rates first, then the order with the shown total and the form's idempotency key),
 * answered with the order's reference instead of a redirect; refusals carry the form's field
 * names. The cart cookie and the session speak for the shopper; CSRF as for every script call.
 */
export async function checkoutFormRoutes(api: FastifyInstance) {
  const services = api.services;
  api.post('/checkout/form', { schema: apiSchema({ summary: 'Place the order from the checkout form’s fields (the page’s payment widgets)', tags: ['Checkout'], access: 'csrf', cookies: ['vt_cart'], body: formBody, responses: { 200: { description: 'The order placed (pending until paid) and where the form would have sent the shopper.', body: placedAnswer } } }) }, async (request, reply) => {
    const values = parseInput(formBody, request.body);
    let result;
    try {
      result = await submitCheckout(services, {
        caller: cartCallerFrom({ cookieToken: request.cookies.vt_cart, user: request.ctx.user }),
        user: request.ctx.user,
        values,
        clientIp: request.ctx.clientIp,
        userAgent: String(request.headers['user-agent'] ?? ''),
        requestOrigin: request.ctx.requestOrigin,
      });
    } catch (err) {
      if (err instanceof HttpError && err.fields) throw new HttpError(err.status, err.code, err.message, formFieldErrors(err.fields), err.headers, err.details);
      throw err;
    }
    reply.header('cache-control', 'no-store');
    const attrs = `Path=/; SameSite=Lax${request.ctx.secure ? '; Secure' : ''}`;
    reply.header('set-cookie', `${CART_HASH_COOKIE}=; Max-Age=0; ${attrs}`);
    reply.header('set-cookie', `${CART_COUNT_COOKIE}=; Max-Age=0; ${attrs}`);
    if (result.account) reply.header('set-cookie', sessionCookie(result.account.token, request.ctx.secure));
    const { order, payment } = result;
    return { order_id: order.id, order_key: order.orderKey, status: order.status, received_url: order.receivedUrl, redirect_url: payment.redirect || order.receivedUrl, message: payment.message ?? null };
  });
}
