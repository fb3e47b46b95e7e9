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

const tokenParam = z.object({ token: z.string().max(64) });
const itemParams = z.object({ token: z.string().max(64), id: z.coerce.number().int().positive().max(2_147_483_647) });

const caller = (request: FastifyRequest) => wishlistCaller(request.ctx.user, request.cookies[WISHLIST_COOKIE]);

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

  api.get('/wishlist/count', async (request, reply) => send(request, reply, await wishlistCount(services, caller(request))));
  api.get('/wishlists', async (request, reply) => send(request, reply, await myLists(services, caller(request))));
  api.post('/wishlists', async (request, reply) => send(request, reply, await createList(services, caller(request), request.body, newGuestToken), 201));
  api.get('/wishlists/:token', async (request, reply) => {
    const { token } = parseInput(tokenParam, request.params);
    return send(request, reply, await viewList(services, caller(request), token, request.query));
  });
  api.patch('/wishlists/:token', async (request, reply) => {
    const { token } = parseInput(tokenParam, request.params);
    return send(request, reply, await updateList(services, caller(request), token, request.body));
  });
  api.delete('/wishlists/:token', async (request, reply) => {
    const { token } = parseInput(tokenParam, request.params);
    return send(request, reply, await deleteList(services, caller(request), token));
  });
  api.post('/wishlist/items', async (request, reply) => send(request, reply, await addToWishlist(services, caller(request), request.body), 201));
  api.post('/wishlist/remove-from-all', async (request, reply) => send(request, reply, await removeFromAll(services, caller(request), request.body)));
  api.post('/wishlists/:token/remove', async (request, reply) => {
    const { token } = parseInput(tokenParam, request.params);
    return send(request, reply, await removeFromList(services, caller(request), token, request.body));
  });
  api.delete('/wishlists/:token/items/:id', async (request, reply) => {
    const { token, id } = parseInput(itemParams, request.params);
    return send(request, reply, await deleteItem(services, caller(request), token, id));
  });
  api.patch('/wishlists/:token/items/:id', async (request, reply) => {
    const { token, id } = parseInput(itemParams, request.params);
    return send(request, reply, await updateQuantity(services, caller(request), token, id, request.body));
  });
  api.post('/wishlists/:token/items/:id/move', async (request, reply) => {
    const { token, id } = parseInput(itemParams, request.params);
    return send(request, reply, await moveItem(services, caller(request), token, id, request.body));
  });
  api.post('/wishlists/:token/sort', async (request, reply) => {
    const { token } = parseInput(tokenParam, request.params);
    return send(request, reply, await sortItems(services, caller(request), token, request.body));
  });
  api.post('/wishlists/:token/estimate', async (request, reply) => {
    const { token } = parseInput(tokenParam, request.params);
    return send(request, reply, await askEstimate(services, caller(request), token, request.body, request.ctx.clientIp, request.ctx.requestOrigin), 201);
  });
  // Alert e-mails' unsubscribe link: the token is the key (no login, no CSRF token: mail
  // programs post it themselves, RFC 8058); unknown tokens are 404.
  api.get('/wishlist/alerts/:token', async (request, reply) => {
    const { token } = parseInput(tokenParam, request.params);
    return send(request, reply, await alertsByToken(services.db, token));
  });
  await api.register(async (scope) => {
    // Mail programs post "List-Unsubscribe=One-Click" as a form; the body says nothing more.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, body));
    scope.post('/wishlist/alerts/:token/unsubscribe', async (request, reply) => {
      const { token } = parseInput(tokenParam, request.params);
      return send(request, reply, await unsubscribeAlerts(services.db, token));
    });
  });
}
