import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '../app/config/constants.ts';
import { HttpError } from '../app/lib/http-error.ts';
import { bodyTextProblem, JSON_MAX_DEPTH } from '../app/lib/validate.ts';

/**
 * The input rules every route shares (docs/API.md, "Input rules"): applied here, before any
 * route or page sees a request, so no handler has to remember them.
 *
 * - NUL characters (raw or `%00`) are removed from the URL, path and query alike: neither
 *   database can be trusted with them (PostgreSQL refuses them, SQLite stores them).
 * - A repeated query parameter counts once: the first value wins, as `URLSearchParams.get`.
 * - JSON bodies must be UTF-8 (a `charset` other than UTF-8 is 415), may be empty (as if no
 *   body was sent), may nest at most JSON_MAX_DEPTH deep, and their strings and keys may not
 *   hold NUL characters or unpaired surrogates (400 `invalid`, naming the field).
 */

/** Fastify's `rewriteUrl`: the URL without NUL characters. */
export function withoutNul(url: string): string {
  return url.includes('%00') || url.includes('\u0000') ? url.replaceAll('%00', '').replaceAll('\u0000', '') : url;
}

/** Fastify's query-string parser: decoded like a browser does, the first of repeated names wins. */
export function parseQuery(query: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const [k, v] of new URLSearchParams(query)) if (!(k in out)) out[k] = v;
  return out;
}

const houseBody = (code: string, message: string) => ({ error: { code, message } });

/**
 * Fastify's `frameworkErrors`: a path whose percent-encoding is not UTF-8 (`%ff`) or a path
 * segment longer than the router takes is a client mistake: 400 in the house shape for
 * /api, a short HTML page elsewhere.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const message = err.code === 'FST_ERR_BAD_URL' ? 'The address is not valid: a %-escape does not spell UTF-8 text.' : 'The address is too long.';
  if ((request.raw.url ?? '').startsWith('/api/')) return reply.status(400).send(houseBody('invalid', message));
  return reply
    .status(400)
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bad request</title></head><body><main><h1>Bad request</h1><p>${message}</p><p><a href="/">Go to the home page</a></p></main></body></html>`);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** `charset` of a Content-Type header, lower-case and unquoted; undefined when absent. */
function charsetOf(contentType: string | undefined): string | undefined {
  const m = /;\s*charset\s*=\s*("?)([^";\s]*)\1/i.exec(contentType ?? '');
  return m ? m[2]!.toLowerCase() : undefined;
}

/** Replaces Fastify's JSON parser with one that applies the body rules above. */
export function registerJsonParser(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, raw, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      return done(new HttpError(415, 'unsupported_media_type', 'Send JSON encoded as UTF-8 (application/json or application/json; charset=utf-8).'), undefined);
    }
    let text: string;
    try {
      text = utf8.decode(raw as Buffer);
    } catch {
      return done(new HttpError(400, 'invalid_json', 'The body is not valid UTF-8.'), undefined);
    }
    // An empty body is no body: routes that take none (logout) accept it, others say what is missing.
    if (text.trim() === '') return done(null, undefined);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return done(new HttpError(400, 'invalid_json', 'The body is not valid JSON.'), undefined);
    }
    const problem = bodyTextProblem(body);
    if (problem === 'too_deep') return done(new HttpError(400, 'invalid_json', `The body nests deeper than ${JSON_MAX_DEPTH} levels.`), undefined);
    if (problem === 'prototype') return done(new HttpError(400, 'invalid_json', 'The body names a forbidden property (__proto__ or constructor.prototype).'), undefined);
    if (problem) {
      const message = 'Contains a character that cannot be stored (NUL or an unpaired surrogate)';
      return done(new HttpError(400, 'invalid', `${problem.field}: ${message}`, { [problem.field]: message }), undefined);
    }
    done(null, body);
  });
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p><p><a href="/">Go to the home page</a></p></main></body></html>`;

/**
 * The body rules for page posts (server/pages.ts): pages take forms only (415 otherwise, before
 * any action tries to read another type), and a form field may not hold a NUL character (400),
 * as JSON strings may not. Multipart bodies are checked up to the usual body limit (the
 * catalog import's larger uploads are CSV files, checked by the importer).
 */
export async function formBodyRefusal(request: FastifyRequest, clone: Request): Promise<{ status: number; html: string } | null> {
  const type = (request.headers['content-type'] ?? '').toLowerCase();
  if (!FORM_TYPES.some((t) => type.startsWith(t))) {
    return { status: 415, html: page('Unsupported form', 'Send this form from its page.') };
  }
  const body = Buffer.isBuffer(request.body) ? request.body : null;
  if (!body) return null;
  const refused = { status: 400, html: page('Form not saved', 'A field holds a character that cannot be stored (NUL). Go back, correct it and send the form again.') };
  if (type.startsWith('application/x-www-form-urlencoded')) return body.includes('%00') || body.includes(0) ? refused : null;
  if (body.length > LIMITS.bodyBytes) return null;
  const form = await clone.formData().catch(() => null);
  if (!form) return { status: 400, html: page('Form not saved', 'The form could not be read. Go back and send it again.') };
  for (const value of form.values()) if (typeof value === 'string' && value.includes('\u0000')) return refused;
  return null;
}
