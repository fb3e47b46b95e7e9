import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, sessionUser } from '../app/features/account/session.server.ts';
import type { RequestContext, Services } from '../app/lib/services.server.ts';
import type { ChatRealtime } from '../app/features/chat/chat-realtime.server.ts';
import { inRequest, newRequestFreshness, staleFromHere, type RequestFreshness } from '../db/freshness.ts';
import { allowedRequestOrigin } from '../app/features/settings/origin.server.ts';
import { CSRF_TOKEN_COOKIE } from '../app/lib/csrf-token.ts';
import { CSRF_COOKIE, csrfToken, issuedCsrfSeed, newCsrfSeed, newNonce } from './security.ts';
import { authenticateApiKey, type ApiKeyAuth } from '../app/features/api-keys/api-keys.server.ts';
import { HttpError } from '../app/lib/http-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
    /** The request's `vt_csrf` cookie when the server issued it (not one issued by this answer), else undefined. */
    csrfCookie: string | undefined;
    freshness: RequestFreshness;
    /** The API key this request authenticated with (admin JSON API only), else undefined. */
    apiKey?: ApiKeyAuth;
  }
  interface FastifyInstance {
    services: Services;
    chat: ChatRealtime;
  }
}

/** Whether the client reached us over TLS (directly or through a trusted proxy). */
export function isSecure(request: FastifyRequest, publicUrl?: string): boolean {
  return request.protocol === 'https' || (publicUrl?.startsWith('https:') ?? false);
}

/**
 * Runs each request's hooks and handler with its own freshness memo (db/freshness.ts): the
 * store version and stock versions it read are reused until it writes itself (the body
 * parser keeps the hook's async context: server/request-freshness.test.ts). Once the answer
 * has gone (or the client left), work the request started falls back to the process-wide rule.
 */
export function registerRequestFreshness(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const scope = newRequestFreshness();
    request.freshness = scope;
    inRequest(scope, done);
  });
  // (An answer given before the hook above, by an earlier hook or the framework, has none.)
  const end = (request: FastifyRequest, _reply: unknown, done: () => void) => {
    if (request.freshness) request.freshness.ended = true;
    done();
  };
  app.addHook('onResponse', end);
  app.addHook('onRequestAbort', (request, done) => end(request, undefined, done));
}

/**
 * Builds the per-request context (user, CSRF token, CSP nonce) before any handler runs.
 * Anonymous requests without a session cookie cost no database query.
 */
export function attachContext(services: Services, request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined {
  // What this request reads must include every write committed before it arrived.
  staleFromHere();
  const secure = isSecure(request, services.config.publicUrl);
  const secret = services.config.sessionSecret;
  // Only a seed the server issued is the visitor's (decision 0006): anything else is replaced.
  const sent = request.cookies[CSRF_COOKIE];
  request.csrfCookie = issuedCsrfSeed(secret, sent) ? sent : undefined;
  // A visitor without a seed gets a new one when a token is first made (a page, /api/session),
  // not on every request: API reads, health checks, media and cached answers need none, and a
  // new seed (random bytes and an HMAC) was a tenth of such a request's CPU.
  let seed = request.csrfCookie;
  let seedToSend = false;
  const seedNow = (): string => {
    if (seed === undefined) {
      // Headless cart clients identify by Cart-Token and get no CSRF cookie: with no seed,
      // no CSRF token is ever valid for them (the cart API does not ask for one).
      if (request.headers['cart-token']) seed = '';
      else [seed, seedToSend] = [newCsrfSeed(secret), true];
    }
    return seed;
  };
  let token: string | undefined;
  const sessionToken = request.cookies[SESSION_COOKIE] ?? null;
  let nonce: string | undefined;
  request.ctx = {
    services,
    // Filled below when the request carries a session cookie.
    user: null,
    sessionToken: null,
    // Computed when first read: most API answers need neither. A new seed's cookie, and the
    // token cookie for our own scripts (app/lib/csrf-token.ts) when the visitor has none, go
    // out with the first token made (every page, /api/session), so static files, media and
    // plain API reads carry no Set-Cookie and stay cacheable. Pages rendered for one visitor
    // and GET /api/session also replace a stale token cookie (refreshCsrfTokenCookie).
    get csrfToken() {
      const current = seedNow();
      token ??= csrfToken(secret, current);
      // A new seed makes any token cookie the browser holds stale: both go out together.
      const newSeed = seedToSend;
      if (seedToSend) {
        seedToSend = false;
        reply.setCookie(CSRF_COOKIE, current, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      }
      if (current && (newSeed || request.cookies[CSRF_TOKEN_COOKIE] === undefined)) {
        request.cookies[CSRF_TOKEN_COOKIE] = token;
        reply.setCookie(CSRF_TOKEN_COOKIE, token, { path: '/', sameSite: 'lax', secure });
      }
      return token;
    },
    get cspNonce() {
      return (nonce ??= newNonce());
    },
    requestOrigin: allowedRequestOrigin(services.config, request),
    secure,
    clientIp: request.ip,
  };
  // An API key on the admin JSON API stands for the session (one indexed read, every call).
  if (wantsApiKey(request)) {
    return apiKeyOf(services, request).then((auth) => {
      request.ctx.user = auth.user;
    });
  }
  // Only a session cookie costs a query (and a promise); the hook goes on at once otherwise.
  if (!sessionToken) return undefined;
  return sessionUser(services.db, sessionToken).then((found) => {
    request.ctx.user = found;
    request.ctx.sessionToken = found ? sessionToken : null;
  });
}

/**
 * An `Authorization` header on the admin JSON API (`/api/admin/…`) must be a valid API key
 * (`Bearer vtk_…`, app/features/api-keys): anything else is 401 `invalid_api_key`, never a
 * session's answer. `Basic` is left to a proxy in front of the shop (the request goes on as
 * any other). A key works only while the administrator who made it is one.
 */
function wantsApiKey(request: FastifyRequest): boolean {
  const header = request.headers.authorization;
  return header !== undefined && request.url.startsWith('/api/admin/') && !/^Basic\s/i.test(header);
}

async function apiKeyOf(services: Services, request: FastifyRequest): Promise<ApiKeyAuth> {
  const auth = await authenticateApiKey(services.db, request.headers.authorization ?? '');
  if (auth.user.role !== 'admin') throw new HttpError(401, 'invalid_api_key', 'This API key no longer works: the account that made it is no longer an administrator.');
  request.apiKey = auth;
  return auth;
}

/** Hands this visitor the CSRF cookies if they have none yet (every page answer, cached or not). */
export function issueCsrfCookies(request: FastifyRequest): void {
  if (request.ctx.csrfToken === undefined) throw new Error('no request context');
}

/** Sets the script-readable token cookie again when it no longer matches the CSRF cookie (a new secret…). */
export function refreshCsrfTokenCookie(request: FastifyRequest, reply: FastifyReply) {
  if (request.cookies[CSRF_TOKEN_COOKIE] === undefined) return;
  // A headless cart client without a seed of ours has none, and no token.
  if (!request.csrfCookie && request.headers['cart-token']) return;
  const token = request.ctx.csrfToken;
  if (request.cookies[CSRF_TOKEN_COOKIE] !== token) reply.setCookie(CSRF_TOKEN_COOKIE, token, { path: '/', sameSite: 'lax', secure: request.ctx.secure });
}
