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
import { z } from 'zod';
import { apiSchema } from '../openapi.ts';
import { loginSchema, registerSchema, resetConfirmSchema, resetRequestSchema, setupSchema } from '../../app/features/account/account.schema.ts';

const user = z.looseObject({ id: z.number().int(), email: z.string(), name: z.string(), role: z.string() });
const userAnswer = z.object({ user });
const tags = ['Account'];

/** Accounts: session info, register, log in/out, password reset, first-admin setup. */
export async function accountRoutes(api: FastifyInstance) {
  const services = api.services;

  api.get('/session', { schema: apiSchema({ summary: 'The signed-in user and the CSRF token', description: 'Also sets the `vt_csrf` cookie (and `vt_csrf_token`) the token belongs to.', tags, responses: { 200: { description: 'The session.', body: z.object({ user: user.nullable(), csrfToken: z.string() }) } } }) }, async (request, reply) => {
    refreshCsrfTokenCookie(request, reply);
    return { user: request.ctx.user, csrfToken: request.ctx.csrfToken };
  });

  api.post('/account/register', { schema: apiSchema({ summary: 'Create a customer account and sign in', tags, access: 'csrf', body: registerSchema, cookies: ['vt_wishlist'], responses: { 201: { description: 'Registered and signed in.', body: userAnswer } } }) }, async (request, reply) => {
    const { user, token } = await register(services, request.body, request.ctx.sessionToken);
    await mergeGuestWishlists(services, request.cookies[WISHLIST_COOKIE], user.id);
    reply.header('set-cookie', sessionCookie(token, request.ctx.secure));
    return reply.status(201).send({ user });
  });

  api.post('/account/login', { schema: apiSchema({ summary: 'Sign in', tags, access: 'csrf', body: loginSchema, cookies: ['vt_cart', 'vt_wishlist'], responses: { 200: { description: 'Signed in: the session cookie is set.', body: userAnswer } } }) }, async (request, reply) => {
    const { user, token } = await login(services, request.body, request.ctx.clientIp, request.ctx.sessionToken);
    await mergeGuestCartAtLogin(services.db, request.cookies.vt_cart, user.id);
    await mergeGuestWishlists(services, request.cookies[WISHLIST_COOKIE], user.id);
    reply.header('set-cookie', sessionCookie(token, request.ctx.secure));
    return { user };
  });

  api.post('/account/logout', { schema: apiSchema({ summary: 'Sign out', tags, access: 'csrf', responses: { 204: { description: 'Signed out.' } } }) }, async (request, reply) => {
    await destroySession(services.db, request.cookies.vt_session);
    reply.header('set-cookie', sessionCookie(null, request.ctx.secure));
    return reply.status(204).send();
  });

  api.post('/account/password-reset', { schema: apiSchema({ summary: 'Ask for a password reset link', tags, access: 'csrf', body: resetRequestSchema, responses: { 202: { description: 'The same answer whether the address is known or not.', body: z.object({ message: z.string() }) } } }) }, async (request, reply) => {
    await requestPasswordReset(services, request.body, request.ctx.requestOrigin, request.ctx.clientIp);
    return reply.status(202).send({ message: 'If an account uses this address, a reset link is on its way.' });
  });

  api.post('/account/password-reset/confirm', { schema: apiSchema({ summary: 'Set a new password with a reset token', tags, access: 'csrf', body: resetConfirmSchema, responses: { 200: { description: 'The password is changed.', body: z.object({ user: z.object({ id: z.number().int(), email: z.string() }) }) } } }) }, async (request) => {
    const user = await resetPassword(services, request.body);
    return { user: { id: user.id, email: user.email } };
  });

  api.post('/admin/setup', { schema: apiSchema({ summary: 'Create the first administrator (once, with the setup code)', tags, access: 'csrf', body: setupSchema, responses: { 201: { description: 'The administrator account.', body: userAnswer } } }) }, async (request, reply) => {
    const user = await setupFirstAdmin(services, request.body, request.ctx.clientIp);
    return reply.status(201).send({ user });
  });
}
