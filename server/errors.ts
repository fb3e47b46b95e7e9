import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, type ErrorBody } from '../app/lib/http-error.ts';

const body = (code: string, message: string, fields?: Record<string, string>): ErrorBody => ({
  error: fields ? { code, message, fields } : { code, message },
});

/** Fastify's own client-error codes, mapped to ours. */
const FASTIFY_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'too_large', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', message: 'Send JSON (application/json).' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_json', message: 'The JSON body is empty.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'invalid', message: 'Content-Length does not match the body.' },
};

/**
 * The database cannot be reached or dropped the connection (a restart, a network cut): the
 * request may be tried again, so 503 with Retry-After rather than 500. PostgreSQL's
 * connection-exception (08…) and operator-intervention (57P…) classes, and the socket errors.
 */
export function databaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (/^(08|57P0)/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|terminating connection due to administrator command|Client has encountered a connection error/i.test(message);
}

/** Every API error leaves as `{ error: { code, message, fields? } }` with the right status. */
export function registerErrorHandling(app: FastifyInstance) {
  // The API speaks JSON only. Fastify also parses text/plain by default, which would hand
  // handlers a bare string (a 400 at best); refusing it here makes it a clear 415. The
  // pages context installs its own parsers, so forms are unaffected.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      const payload = body(err.code, err.message, err.fields);
      if (err.details) Object.assign(payload.error, err.details);
      return reply.status(err.status).send(payload);
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return reply.status(known.status).send(body(known.code, known.message));
    if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send(body('invalid_json', 'The body is not valid JSON.'));
    }
    if (databaseUnavailable(err)) {
      request.log.warn({ err: err.message }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(body('unavailable', 'The shop is briefly unavailable. Please try again in a moment.'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body('bad_request', err.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('internal', 'Something went wrong on our side.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body('not_found', `No API route ${request.method} ${request.url.split('?')[0]}.`));
  });
}
