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
import { clearRemovedCookie, REMOVED_COOKIE, removedCookie, restoreItem } from '../../app/features/cart/cart-undo.server.ts';
import { parseInput } from '../../app/lib/validate.ts';
import { jsonOnce, JSON_TYPE } from '../json-once.ts';
import { cartJson } from '../../app/features/cart/totals.server.ts';
import { displaySchema } from './amounts-schema.ts';
import { apiSchema } from '../openapi.ts';
import { addItemSchema, couponCodeSchema, customerSchema, shippingRateSchema, updateItemSchema } from '../../app/features/cart/cart.schema.ts';

const keyParam = z.object({ key: z.string().min(1).max(64) });
const codeParam = z.object({ code: z.string().min(1).max(100) });

const tags = ['Cart'];
/** A headless client's cart: the token every cart answer's `Cart-Token` header carries. */
const cartHeaders = z.object({ 'cart-token': z.string().max(200).optional() });
const cartBody = z.looseObject({
  items: z.array(z.looseObject({ key: z.string(), productId: z.number().int(), quantity: z.number().int() })),
  coupons: z.array(z.looseObject({ code: z.string(), discount: z.number().int() })),
  shipping: z.looseObject({ ready: z.boolean() }),
  totals: z.looseObject({ subtotal: z.number().int(), discount: z.number().int(), shipping: z.number().int(), tax: z.number().int(), total: z.number().int(), currency: z.string() }),
  itemCount: z.number().int(),
  hash: z.string(),
  notices: z.array(z.string()),
  display: displaySchema,
});

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
    // What Undo puts back (a browser's record of its last removal).
    if (result.removed) reply.header('set-cookie', removedCookie(result.removed, request.ctx.secure));
  }
  // A cart answered again unchanged (the pricing memo) is the same object.
  return reply.status(status).type(JSON_TYPE).send(jsonOnce(result.cart, cartJson));
}

/** The cart API (docs/API.md). A request with a Cart-Token header needs no cookie and no CSRF token. */
export async function cartRoutes(api: FastifyInstance) {
  const services = api.services;
  api.get('/cart', { schema: apiSchema({ summary: 'The current cart', tags, access: 'public', headers: cartHeaders, cookies: ['vt_cart'], responses: { 200: { description: 'The cart.', body: cartBody } } }) }, async (request, reply) => send(request, reply, await getCart(services, caller(request))));
  api.post('/cart/items', { schema: apiSchema({ summary: 'Add a product to the cart', tags, access: 'csrf-or-cart-token', headers: cartHeaders, cookies: ['vt_cart'], body: addItemSchema, responses: { 201: { description: 'The cart with the line added.', body: cartBody } } }) }, async (request, reply) => send(request, reply, await addItem(services, caller(request), request.body), 201));
  api.patch('/cart/items/:key', { schema: apiSchema({ summary: "Change a line's quantity (0 removes it)", tags, access: 'csrf-or-cart-token', headers: cartHeaders, cookies: ['vt_cart'], params: keyParam, body: updateItemSchema, responses: { 200: { description: 'The cart.', body: cartBody } } }) }, async (request, reply) => {
    const { key } = parseInput(keyParam, request.params);
    return send(request, reply, await updateItem(services, caller(request), key, request.body));
  });
  api.delete('/cart/items/:key', { schema: apiSchema({ summary: 'Remove a line', tags, access: 'csrf-or-cart-token', headers: cartHeaders, cookies: ['vt_cart'], params: keyParam, responses: { 200: { description: 'The cart.', body: cartBody } } }) }, async (request, reply) => {
    const { key } = parseInput(keyParam, request.params);
    return send(request, reply, await removeItem(services, caller(request), key));
  });
  api.post('/cart/items/:key/restore', { schema: apiSchema({ summary: 'Undo the removal of a line (the one this browser removed last)', tags, access: 'csrf-or-cart-token', headers: cartHeaders, cookies: ['vt_cart', REMOVED_COOKIE], params: keyParam, responses: { 201: { description: 'The cart with the line back.', body: cartBody } } }) }, async (request, reply) => {
    const { key } = parseInput(keyParam, request.params);
    const result = await restoreItem(services, caller(request), request.cookies[REMOVED_COOKIE], key);
    reply.header('set-cookie', clearRemovedCookie(request.ctx.secure));
    return send(request, reply, result, 201);
  });
  api.post('/cart/coupons', { schema: apiSchema({ summary: 'Apply a coupon', tags, access: 'csrf-or-cart-token', headers: cartHeaders, cookies: ['vt_cart'], body: couponCodeSchema, responses: { 200: { description: 'The cart.', body: cartBody } } }) }, async (request, reply) => send(request, reply, await applyCoupon(services, caller(request), request.body)));
  api.delete('/cart/coupons/:code', { schema: apiSchema({ summary: 'Remove a coupon', tags, access: 'csrf-or-cart-token', headers: cartHeaders, cookies: ['vt_cart'], params: codeParam, responses: { 200: { description: 'The cart.', body: cartBody } } }) }, async (request, reply) => {
    const { code } = parseInput(codeParam, request.params);
    return send(request, reply, await removeCoupon(services, caller(request), code));
  });
  api.post('/cart/customer', { schema: apiSchema({ summary: 'Set the shipping destination (for rates and tax)', tags, access: 'csrf-or-cart-token', headers: cartHeaders, cookies: ['vt_cart'], body: customerSchema, responses: { 200: { description: 'The cart.', body: cartBody } } }) }, async (request, reply) => send(request, reply, await setCustomer(services, caller(request), request.body)));
  api.post('/cart/shipping-rate', { schema: apiSchema({ summary: "Choose a package's shipping rate", tags, access: 'csrf-or-cart-token', headers: cartHeaders, cookies: ['vt_cart'], body: shippingRateSchema, responses: { 200: { description: 'The cart.', body: cartBody } } }) }, async (request, reply) => send(request, reply, await setShippingRate(services, caller(request), request.body)));
}
