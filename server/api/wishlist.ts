import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../app/lib/validate.ts';
import { wishlistCaller, wishlistCookie, newGuestToken } from '../../app/features/wishlist/wishlist-http.server.ts';
import { addToWishlist, deleteItem, moveItem, removeFromAll, removeFromList, sortItems, updateQuantity } from '../../app/features/wishlist/wishlist.server.ts';
import { createList, deleteList, myLists, updateList, wishlistCount } from '../../app/features/wishlist/wishlist-lists.server.ts';
import { viewList } from '../../app/features/wishlist/wishlist-view.server.ts';
import { askEstimate } from '../../app/features/wishlist/wishlist-estimate.server.ts';
import { WISHLIST_COOKIE } from '../../app/features/wishlist/wishlist.schema.ts';
import { alertsByToken, unsubscribeAlerts } from '../../app/features/wishlist/wishlist-alerts.server.ts';
import { apiSchema } from '../openapi.ts';
import { addSchema, estimateSchema, moveSchema, newListSchema, pageSchema, productRefSchema, quantitySchema, sortSchema, updateListSchema } from '../../app/features/wishlist/wishlist.schema.ts';

const tokenParam = z.object({ token: z.string().max(64) });
const itemParams = z.object({ token: z.string().max(64), id: z.coerce.number().int().positive().max(2_147_483_647) });

const tags = ['Wishlists'];
const list = z.looseObject({ token: z.string(), name: z.string(), visibility: z.enum(['public', 'shared', 'private']), isDefault: z.boolean(), alerts: z.boolean(), count: z.number().int(), url: z.string() });

const caller = (request: FastifyRequest) => wishlistCaller(request.server.services.db, request.ctx.user, request.cookies[WISHLIST_COOKIE]);

/** Answers are per shopper: never cached; a new guest identity goes out as its cookie. */
function send(request: FastifyRequest, reply: FastifyReply, body: object, status = 200) {
  reply.header('cache-control', 'no-store');
  const { guestToken, ...rest } = body as { guestToken?: string };
  if (guestToken) reply.header('set-cookie', wishlistCookie(guestToken, request.ctx.secure));
  return reply.status(status).send(rest);
}

/** Wishlists (docs/API.md): the caller's lists and items; a guest is known by the vt_wishlist cookie. */
export async function wishlistRoutes(api: FastifyInstance) {
  const services = api.services;

  api.get('/wishlist/count', { schema: apiSchema({ summary: 'How many items the caller\'s wishlists hold', tags, cookies: ['vt_wishlist'], responses: { 200: { description: 'The count.', body: z.object({ count: z.number().int(), products: z.array(z.number().int()) }) } } }) }, async (request, reply) => send(request, reply, await wishlistCount(services, await caller(request))));
  api.get('/wishlists', { schema: apiSchema({ summary: "The caller's wishlists", tags, cookies: ['vt_wishlist'], responses: { 200: { description: 'The lists.', body: z.object({ userWishlists: z.array(list), count: z.number().int() }) } } }) }, async (request, reply) => send(request, reply, await myLists(services, await caller(request))));
  api.post('/wishlists', { schema: apiSchema({ summary: 'Create a wishlist', tags, cookies: ['vt_wishlist'], access: 'csrf', body: newListSchema, responses: { 201: { description: 'The new list.', body: z.looseObject({}) } } }) }, async (request, reply) => send(request, reply, await createList(services, await caller(request), request.body, newGuestToken), 201));
  api.get('/wishlists/:token', { schema: apiSchema({ summary: 'A wishlist with a page of its items', description: 'Public and shared lists are visible to anyone with the token; private ones to their owner only (404 otherwise).', tags, cookies: ['vt_wishlist'], params: tokenParam, query: pageSchema, responses: { 200: { description: 'The list.', body: list.extend({ isOwner: z.boolean(), items: z.array(z.looseObject({ id: z.number().int(), productId: z.number().int() })), page: z.number().int(), perPage: z.number().int(), pages: z.number().int(), total: z.number().int() }) } } }) }, async (request, reply) => {
    const { token } = parseInput(tokenParam, request.params);
    return send(request, reply, await viewList(services, await caller(request), token, request.query));
  });
  api.patch('/wishlists/:token', { schema: apiSchema({ summary: 'Rename a wishlist, change its visibility or alerts', tags, cookies: ['vt_wishlist'], access: 'csrf', params: tokenParam, body: updateListSchema, responses: { 200: { description: 'The list.', body: z.looseObject({}) } } }) }, async (request, reply) => {
    const { token } = parseInput(tokenParam, request.params);
    return send(request, reply, await updateList(services, await caller(request), token, request.body));
  });
  api.delete('/wishlists/:token', { schema: apiSchema({ summary: 'Delete a wishlist', tags, cookies: ['vt_wishlist'], access: 'csrf', params: tokenParam, responses: { 200: { description: 'Deleted.', body: z.looseObject({}) } } }) }, async (request, reply) => {
    const { token } = parseInput(tokenParam, request.params);
    return send(request, reply, await deleteList(services, await caller(request), token));
  });
  api.post('/wishlist/items', { schema: apiSchema({ summary: 'Add a product to a wishlist', tags, cookies: ['vt_wishlist'], access: 'csrf', body: addSchema, responses: { 201: { description: 'Added.', body: z.looseObject({}) } } }) }, async (request, reply) => send(request, reply, await addToWishlist(services, await caller(request), request.body), 201));
  api.post('/wishlist/remove-from-all', { schema: apiSchema({ summary: "Remove a product from all the caller's wishlists", tags, cookies: ['vt_wishlist'], access: 'csrf', body: productRefSchema, responses: { 200: { description: 'Removed.', body: z.looseObject({}) } } }) }, async (request, reply) => send(request, reply, await removeFromAll(services, await caller(request), request.body)));
  api.post('/wishlists/:token/remove', { schema: apiSchema({ summary: 'Remove a product from one wishlist', tags, cookies: ['vt_wishlist'], access: 'csrf', params: tokenParam, body: productRefSchema, responses: { 200: { description: 'Removed.', body: z.looseObject({}) } } }) }, async (request, reply) => {
    const { token } = parseInput(tokenParam, request.params);
    return send(request, reply, await removeFromList(services, await caller(request), token, request.body));
  });
  api.delete('/wishlists/:token/items/:id', { schema: apiSchema({ summary: 'Delete an item', tags, cookies: ['vt_wishlist'], access: 'csrf', params: itemParams, responses: { 200: { description: 'Deleted.', body: z.looseObject({}) } } }) }, async (request, reply) => {
    const { token, id } = parseInput(itemParams, request.params);
    return send(request, reply, await deleteItem(services, await caller(request), token, id));
  });
  api.patch('/wishlists/:token/items/:id', { schema: apiSchema({ summary: "Change an item's quantity", tags, cookies: ['vt_wishlist'], access: 'csrf', params: itemParams, body: quantitySchema, responses: { 200: { description: 'Changed.', body: z.looseObject({}) } } }) }, async (request, reply) => {
    const { token, id } = parseInput(itemParams, request.params);
    return send(request, reply, await updateQuantity(services, await caller(request), token, id, request.body));
  });
  api.post('/wishlists/:token/items/:id/move', { schema: apiSchema({ summary: 'Move an item to another (or a new) wishlist', tags, cookies: ['vt_wishlist'], access: 'csrf', params: itemParams, body: moveSchema, responses: { 200: { description: 'Moved.', body: z.looseObject({}) } } }) }, async (request, reply) => {
    const { token, id } = parseInput(itemParams, request.params);
    return send(request, reply, await moveItem(services, await caller(request), token, id, request.body));
  });
  api.post('/wishlists/:token/sort', { schema: apiSchema({ summary: 'Reorder the items of a page', tags, cookies: ['vt_wishlist'], access: 'csrf', params: tokenParam, body: sortSchema, responses: { 200: { description: 'Reordered.', body: z.looseObject({}) } } }) }, async (request, reply) => {
    const { token } = parseInput(tokenParam, request.params);
    return send(request, reply, await sortItems(services, await caller(request), token, request.body));
  });
  api.post('/wishlists/:token/estimate', { schema: apiSchema({ summary: 'Ask the shop for an estimate of a wishlist', tags, cookies: ['vt_wishlist'], access: 'csrf', params: tokenParam, body: estimateSchema, responses: { 201: { description: 'Sent.', body: z.looseObject({}) } } }) }, async (request, reply) => {
    const { token } = parseInput(tokenParam, request.params);
    return send(request, reply, await askEstimate(services, await caller(request), token, request.body, request.ctx.clientIp, request.ctx.requestOrigin), 201);
  });
  // Alert e-mails' unsubscribe link: the token is the key (no login, no CSRF token: mail
  // programs post it themselves, RFC 8058); unknown tokens are 404.
  api.get('/wishlist/alerts/:token', { schema: apiSchema({ summary: 'The wishlist alerts an unsubscribe link is for', tags, params: tokenParam, responses: { 200: { description: 'The alerts.', body: z.looseObject({}) } } }) }, async (request, reply) => {
    const { token } = parseInput(tokenParam, request.params);
    return send(request, reply, await alertsByToken(services.db, token));
  });
  await api.register(async (scope) => {
    // Mail programs post "List-Unsubscribe=One-Click" as a form; the body says nothing more.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, body));
    scope.post('/wishlist/alerts/:token/unsubscribe', { schema: apiSchema({ summary: 'Unsubscribe from wishlist alerts (one click, RFC 8058)', description: 'Posted by mail programs as `List-Unsubscribe=One-Click`; keyed by the token, no CSRF token.', tags, params: tokenParam, body: z.unknown(), bodyTypes: ['application/x-www-form-urlencoded'], responses: { 200: { description: 'Unsubscribed.', body: z.looseObject({}) } } }) }, async (request, reply) => {
      const { token } = parseInput(tokenParam, request.params);
      return send(request, reply, await unsubscribeAlerts(services.db, token));
    });
  });
}
