import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../app/features/account/session.server.ts';
import {
  beginWith,
  IDEMPOTENCY_HEADER,
  keyInFlight,
  keyRecord,
  keyReused,
  parseIdempotencyKey,
  requestHash,
  sealAnswer,
  type IdempotencyStore,
  type KeyRecord,
  type StoredAnswer,
} from '../app/lib/idempotency.server.ts';
import { UNSAFE_METHODS } from './security.ts';

/*
 * The Idempotency-Key mechanism for every state-changing route (rule in
 * app/lib/idempotency.server.ts): a preHandler in each scope that takes keys (/api after its
 * CSRF check, and the contact forms' addresses) claims the key or answers from its record,
 * and one onSend hook on the app, registered before the compression hooks, stores the
 * answer as it leaves: the uncompressed bytes, with the headers a repeat needs.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False: the route keeps no Idempotency-Key record (it has its own, or needs none). */
    idempotency?: boolean;
  }
  interface FastifyRequest {
    /** This request's claimed Idempotency-Key record, until its answer is stored. */
    idempotencyClaim?: { record: KeyRecord; hash: string };
  }
}

/** Headers a repeat must carry to be the same answer (the cart's token and cookies above all). */
const REPEATED_HEADERS = ['content-type', 'cache-control', 'set-cookie', 'cart-token', 'location', 'retry-after'];

/** Marks an answer given again from its record. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/**
 * Who is asking, by the credential that stays the same across a repeat: an API key, else a browser's CSRF
 * cookie (random, HttpOnly, set before its first state-changing call and never by one), else
 * a headless client's Cart-Token, else its session, else its address. Cookies an answer sets
 * (the cart's, a new wishlist's, the session's after registering) must not make a repeat a
 * stranger. One caller's key never reaches another's answer.
 */
function callerScope(request: FastifyRequest): string {
  if (request.apiKey) return `k=${request.apiKey.id}`;
  const csrf = request.csrfCookie;
  if (csrf) return `c=${csrf}`;
  const token = request.headers['cart-token'];
  if (typeof token === 'string' && token) return `t=${token}`;
  const session = request.cookies[SESSION_COOKIE];
  if (session) return `s=${session}`;
  return `ip=${request.ctx.clientIp}`;
}

/** The body as the client sent it; a multipart body without its boundary (a new one on each send). */
function bodyBytes(request: FastifyRequest): string | Buffer {
  const body = request.body;
  if (body === undefined || body === null) return '';
  if (Buffer.isBuffer(body)) {
    const boundary = /boundary="?([^";]+)"?/i.exec(String(request.headers['content-type'] ?? ''))?.[1];
    return boundary ? body.toString('latin1').replaceAll(boundary, '') : body;
  }
  return typeof body === 'string' ? body : JSON.stringify(body);
}

function replay(reply: FastifyReply, answer: StoredAnswer) {
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
  reply.header(REPLAYED_HEADER, 'true');
  reply.code(answer.status);
  return reply.send(answer.status === 204 ? undefined : Buffer.from(answer.body, 'base64'));
}

/** Claims (or answers from) the request's Idempotency-Key in this scope's state-changing routes. */
export function takeIdempotencyKeys(scope: FastifyInstance, store: () => IdempotencyStore) {
  const secret = scope.services.config.sessionSecret;
  const claim = async (request: FastifyRequest, reply: FastifyReply, key: string) => {
    const record = keyRecord(secret, callerScope(request), key);
    const hash = requestHash(request.method, request.url, bodyBytes(request));
    const begun = await beginWith(store(), record, hash);
    if (begun.state === 'conflict') throw keyReused();
    if (begun.state === 'in_flight') throw keyInFlight();
    if (begun.state === 'done') return replay(reply, begun.answer);
    request.idempotencyClaim = { record, hash };
  };
  // A plain hook: a call without a key (every read) passes without a promise of its own.
  scope.addHook('preHandler', (request, reply, done) => {
    if (!UNSAFE_METHODS.has(request.method) || request.routeOptions.config.idempotency === false) return done();
    const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
    if (key === null) return done();
    return claim(request, reply, key);
  });
}

/**
 * Stores each claimed request's answer as it is sent (before compression). A server error
 * or a "too many requests" is no outcome: the claim is released and a repeat runs again.
 */
export function storeIdempotentAnswers(app: FastifyInstance, store: () => IdempotencyStore) {
  const keep = async (request: FastifyRequest, reply: FastifyReply, payload: unknown, claim: NonNullable<FastifyRequest['idempotencyClaim']>) => {
    const status = reply.statusCode;
    const bytes = typeof payload === 'string' || Buffer.isBuffer(payload) ? Buffer.from(payload) : payload == null ? Buffer.alloc(0) : null;
    try {
      if (status >= 500 || status === 429 || bytes === null) {
        await store().release(claim.record.id);
      } else {
        const headers: StoredAnswer['headers'] = {};
        for (const name of REPEATED_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.map(String) : String(value);
        }
        await store().finish(claim.record.id, status, sealAnswer(claim.record.seal, { status, headers, body: bytes.toString('base64') }));
      }
    } catch (err) {
      // The answer still goes out; a repeat then finds the key in flight, never runs twice.
      request.log.error({ err }, 'storing the Idempotency-Key answer failed');
    }
    return payload;
  };
  // A plain hook: an answer without a claim (nearly all) goes on without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = request.idempotencyClaim;
    if (!claim) return done(null, payload);
    request.idempotencyClaim = undefined;
    keep(request, reply, payload, claim).then((kept) => done(null, kept), done);
  });
}
