import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, sessionUser } from '../app/features/account/session.server.ts';
import type { RequestContext, Services } from '../app/lib/services.server.ts';
import { staleFromHere } from '../db/freshness.ts';
import { CSRF_COOKIE, csrfToken, newCsrfSeed, newNonce } from './security.ts';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
    csrfSeed: string;
  }
  interface FastifyInstance {
    services: Services;
  }
}

/** Whether the client reached us over TLS (directly or through a trusted proxy). */
export function isSecure(request: FastifyRequest, publicUrl?: string): boolean {
  return request.protocol === 'https' || (publicUrl?.startsWith('https:') ?? false);
}

/**
 * Builds the per-request context (user, CSRF token, CSP nonce) before any handler runs.
 * Anonymous requests without a session cookie cost no database query.
 */
export async function attachContext(services: Services, request: FastifyRequest, reply: FastifyReply) {
  // What this request reads must include every write committed before it arrived.
  staleFromHere();
  const secure = isSecure(request, services.config.publicUrl);
  let seed = request.cookies[CSRF_COOKIE];
  if (!seed || seed.length > 64) {
    // Headless cart clients identify by Cart-Token and get no CSRF cookie: with no seed,
    // no CSRF token is ever valid for them (the cart API does not ask for one).
    if (request.headers['cart-token']) seed = '';
    else reply.setCookie(CSRF_COOKIE, (seed = newCsrfSeed()), { path: '/', httpOnly: true, sameSite: 'lax', secure });
  }
  request.csrfSeed = seed;
  const sessionToken = request.cookies[SESSION_COOKIE] ?? null;
  const user = sessionToken ? await sessionUser(services.db, sessionToken) : null;
  const host = request.headers.host ?? `localhost:${services.config.port}`;
  let token: string | undefined;
  let nonce: string | undefined;
  request.ctx = {
    services,
    user,
    sessionToken: user ? sessionToken : null,
    // Computed when first read: most API answers need neither.
    get csrfToken() {
      return (token ??= csrfToken(services.config.sessionSecret, seed));
    },
    get cspNonce() {
      return (nonce ??= newNonce());
    },
    origin: services.config.publicUrl?.replace(/\/$/, '') ?? `${secure ? 'https' : 'http'}://${host}`,
    secure,
    clientIp: request.ip,
  };
}
