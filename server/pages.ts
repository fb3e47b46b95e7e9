import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import '../app/load-context.ts';
import { contentSecurityPolicy, csrfValid, CSRF_FIELD, CSRF_HEADER, UNSAFE_METHODS } from './security.ts';
import { readStoreVersion } from '../app/lib/store-version.server.ts';
import { CSRF_MARK, fillParts, isCacheablePage, NONCE_MARK, PageCache, toParts, type CachedPage } from './page-cache.ts';

export const BUILD_DIR = path.resolve('build');
/** Largest CSV accepted by the admin's catalog import (about 100,000 WooCommerce rows). */
export const IMPORT_UPLOAD_BYTES = 64 * 1024 * 1024;
export const SERVER_BUILD = path.join(BUILD_DIR, 'server', 'index.js');

export interface PagesOptions {
  /** Serve through Vite's dev server with HMR instead of the production build. */
  dev: boolean;
  /** Byte budget of the anonymous page cache (page-cache.ts); 0 = no cache. */
  pageCacheBytes: number;
}

/**
 * Hands every non-API path to React Router. Runs in its own encapsulated context so
 * bodies reach React Router untouched (as bytes) while /api keeps JSON parsing.
 */
export async function registerPages(app: FastifyInstance, opts: PagesOptions) {
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (opts.dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    await app.register((await import('@fastify/middie')).default);
    app.use(vite.middlewares);
    app.addHook('onClose', () => vite.close());
    build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    if (!existsSync(SERVER_BUILD)) throw new Error('No production build found: run `npm run build` first.');
    build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
  }
  const handle = createRequestHandler(build, opts.dev ? 'development' : 'production');
  const dev = opts.dev;
  const cache = !dev && opts.pageCacheBytes > 0 ? new PageCache(opts.pageCacheBytes) : null;

  /** A catalog page for a visitor who is not signed in: from the cache, else rendered into it. */
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const ctx = request.ctx;
    const notices = Object.keys(request.cookies).filter((n) => n.startsWith('vt_store_notice_hidden_')).sort().join(',');
    const key = `${ctx.secure ? 'https' : 'http'}|${request.headers.host ?? ''}|${request.url}|${notices}`;
    const version = await readStoreVersion(ctx.services.db);
    let page = cache!.get(key, version);
    reply.header('x-page-cache', page ? 'hit' : 'miss');
    if (!page) {
      const marked = { ...ctx, csrfToken: CSRF_MARK, cspNonce: NONCE_MARK };
      const response = await handle(toWebRequest(request), marked as unknown as AppLoadContext);
      if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return sendWebResponse(reply, response, ctx.cspNonce, dev);
      const body = await response.text();
      const cookies = response.headers.getSetCookie();
      page = {
        version,
        born: Date.now(),
        status: response.status,
        headers: [...response.headers].filter(([k]) => k !== 'set-cookie' && k !== 'content-length'),
        parts: toParts(body),
        bytes: Buffer.byteLength(body),
      } satisfies CachedPage;
      if (response.status === 200 && cookies.length === 0 && !response.headers.has('cache-control')) cache!.set(key, page);
      for (const cookie of cookies) reply.header('set-cookie', cookie);
    }
    reply.status(page.status);
    for (const [k, v] of page.headers) reply.header(k, v);
    reply.header('content-security-policy', contentSecurityPolicy(ctx.cspNonce, dev));
    reply.header('cache-control', 'private, no-cache');
    return reply.send(fillParts(page.parts, ctx.csrfToken, ctx.cspNonce));
  };

  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      // A cached page needs no web Request: build one only for React Router.
      if (cache && !request.ctx.user && isCacheablePage(request.method, request.url)) return servePage(request, reply);
      const webRequest = toWebRequest(request);
      if (UNSAFE_METHODS.has(request.method) && !(await formCsrfOk(request, webRequest.clone()))) {
        return reply
          .status(403)
          .type('text/html; charset=utf-8')
          .send(
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Form expired</title></head><body><main><h1>This form has expired</h1><p>Please go back, reload the page and try again.</p></main></body></html>',
          );
      }
      const response = await handle(webRequest, request.ctx as unknown as AppLoadContext);
      return sendWebResponse(reply, response, request.ctx.cspNonce, dev);
    };
    pages.all('/*', handler);
    // Catalog uploads are larger than any other form.
    pages.post('/admin/import', { bodyLimit: IMPORT_UPLOAD_BYTES }, handler);
  });
}

async function formCsrfOk(request: FastifyRequest, clone: Request): Promise<boolean> {
  const secret = request.ctx.services.config.sessionSecret;
  let token = request.headers[CSRF_HEADER] as string | undefined;
  if (!token) {
    const type = request.headers['content-type'] ?? '';
    if (type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')) {
      const form = await clone.formData().catch(() => null);
      const value = form?.get(CSRF_FIELD);
      token = typeof value === 'string' ? value : undefined;
    }
  }
  return csrfValid(secret, request.csrfSeed, token);
}

function toWebRequest(request: FastifyRequest): Request {
  const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete) controller.abort();
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
    signal: controller.signal,
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response, nonce: string, dev: boolean) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  if ((response.headers.get('content-type') ?? '').startsWith('text/html')) {
    reply.header('content-security-policy', contentSecurityPolicy(nonce, dev));
    // Pages can carry the signed-in shopper's name and forms' tokens: never share them.
    if (!response.headers.has('cache-control')) reply.header('cache-control', 'private, no-cache');
  }
  if (!response.body) return reply.send();
  // Pages are rendered whole (entry.server waits for all data), so send one buffer: compressing
  // it once costs a fraction of compressing and flushing every streamed chunk.
  if ((response.headers.get('content-type') ?? '').startsWith('text/html')) {
    return reply.send(Buffer.from(await response.arrayBuffer()));
  }
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}
