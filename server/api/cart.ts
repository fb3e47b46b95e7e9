import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  addItem,
  applyCoupon,
  getCart,
  removeCoupon,
  removeItem,
  setCustomer,
  setShippingRate,
  updateItem,
  type CartAnswer,
  type CartCaller,
} from '../../app/features/cart/cart.server.ts';
import { answerToken, cartCallerFrom, cartCookies } from '../../app/features/cart/cart-http.server.ts';
import { parseInput } from '../../app/lib/validate.ts';
import { jsonOnce, JSON_TYPE } from '../json-once.ts';
import { cartJson } from '../../app/features/cart/totals.server.ts';

const keyParam = z.object({ key: z.string().min(1).max(64) });
const codeParam = z.object({ code: z.string().min(1).max(100) });

function caller(request: FastifyRequest): CartCaller {
  return cartCallerFrom({
    headerToken: request.headers['cart-token'] as string | undefined,
    cookieToken: request.cookies.vt_cart,
    user: request.ctx.user,
  });
}

/** Every cart answer: the whole cart, the Cart-Token header, and (for browsers) the cart cookies. */
function send(request: FastifyRequest, reply: FastifyReply, result: CartAnswer, status = 200) {
  reply.header('cache-control', 'no-store');
  reply.header('cart-token', answerToken(result, request.headers['cart-token'] as string | undefined));
  if (!request.headers['cart-token']) {
    for (const c of cartCookies(result, request.ctx.secure)) reply.header('set-cookie', c);
  }
  // A cart answered again unchanged (the pricing memo) is the same object.
  return reply.status(status).type(JSON_TYPE).send(jsonOnce(result.cart, cartJson));
}

/** The cart API (docs/API.md). A request with a Cart-Token header needs no cookie and no CSRF token. */
export async function cartRoutes(api: FastifyInstance) {
  const services = api.services;
  api.get('/cart', async (request, reply) => send(request, reply, await getCart(services, caller(request))));
  api.post('/cart/items', async (request, reply) => send(request, reply, await addItem(services, caller(request), request.body), 201));
  api.patch('/cart/items/:key', async (request, reply) => {
    const { key } = parseInput(keyParam, request.params);
    return send(request, reply, await updateItem(services, caller(request), key, request.body));
  });
  api.delete('/cart/items/:key', async (request, reply) => {
    const { key } = parseInput(keyParam, request.params);
    return send(request, reply, await removeItem(services, caller(request), key));
  });
  api.post('/cart/coupons', async (request, reply) => send(request, reply, await applyCoupon(services, caller(request), request.body)));
  api.delete('/cart/coupons/:code', async (request, reply) => {
    const { code } = parseInput(codeParam, request.params);
    return send(request, reply, await removeCoupon(services, caller(request), code));
  });
  api.post('/cart/customer', async (request, reply) => send(request, reply, await setCustomer(services, caller(request), request.body)));
  api.post('/cart/shipping-rate', async (request, reply) => send(request, reply, await setShippingRate(services, caller(request), request.body)));
}
