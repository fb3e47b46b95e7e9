import type { FastifyInstance } from 'fastify';
import {
  login,
  register,
  requestPasswordReset,
  resetPassword,
  setupFirstAdmin,
} from '../../app/features/account/account.server.ts';
import { destroySession, sessionCookie } from '../../app/features/account/session.server.ts';
import { mergeGuestCartAtLogin } from '../../app/features/cart/cart-http.server.ts';
import { refreshCsrfTokenCookie } from '../context.ts';
import { mergeGuestWishlists } from '../../app/features/wishlist/wishlist-lists.server.ts';
import { WISHLIST_COOKIE } from '../../app/features/wishlist/wishlist.schema.ts';

/** Accounts: session info, register, log in/out, password reset, first-admin setup. */
export async function accountRoutes(api: FastifyInstance) {
  const services = api.services;

  api.get('/session', async (request, reply) => {
    refreshCsrfTokenCookie(request, reply);
    return { user: request.ctx.user, csrfToken: request.ctx.csrfToken };
  });

  api.post('/account/register', async (request, reply) => {
    const { user, token } = await register(services, request.body, request.ctx.sessionToken);
    await mergeGuestWishlists(services, request.cookies[WISHLIST_COOKIE], user.id);
    reply.header('set-cookie', sessionCookie(token, request.ctx.secure));
    return reply.status(201).send({ user });
  });

  api.post('/account/login', async (request, reply) => {
    const { user, token } = await login(services, request.body, request.ctx.clientIp, request.ctx.sessionToken);
    await mergeGuestCartAtLogin(services.db, request.cookies.vt_cart, user.id);
    await mergeGuestWishlists(services, request.cookies[WISHLIST_COOKIE], user.id);
    reply.header('set-cookie', sessionCookie(token, request.ctx.secure));
    return { user };
  });

  api.post('/account/logout', async (request, reply) => {
    await destroySession(services.db, request.cookies.vt_session);
    reply.header('set-cookie', sessionCookie(null, request.ctx.secure));
    return reply.status(204).send();
  });

  api.post('/account/password-reset', async (request, reply) => {
    await requestPasswordReset(services, request.body, request.ctx.requestOrigin, request.ctx.clientIp);
    return reply.status(202).send({ message: 'If an account uses this address, a reset link is on its way.' });
  });

  api.post('/account/password-reset/confirm', async (request) => {
    const user = await resetPassword(services, request.body);
    return { user: { id: user.id, email: user.email } };
  });

  api.post('/admin/setup', async (request, reply) => {
    const user = await setupFirstAdmin(services, request.body, request.ctx.clientIp);
    return reply.status(201).send({ user });
  });
}
