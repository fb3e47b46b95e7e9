import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import '../app/load-context.ts';
import type { RequestContext } from '../app/lib/services.server.ts';
import { contentSecurityPolicy, type CspSources, CSRF_FIELD, CSRF_HEADER, pageFormAllowed, UNSAFE_METHODS } from './security.ts';
import { issueCsrfCookies, refreshCsrfTokenCookie } from './context.ts';
import { paymentSourcesFor } from './payment-csp.ts';
import { readStoreVersion } from '../app/lib/store-version.server.ts';
import { collectShown, stampsCurrent } from '../app/lib/stock-stamps.server.ts';
import { listingSearchOf, recordRepeatedSearch } from '../app/features/search/search-stats.server.ts';
import { formBodyRefusal } from './input.ts';
import { FEEDBACK_BODY_BYTES } from '../app/features/forms/pipeline.server.ts';
import {
  compressBoth,
  etagsOf,
  hashMarkedScripts,
  isCacheablePage,
  newRenderMark,
  notModified,
  PageCache,
  pickEncoding,
  type CachedPage,
  type Encoding,
} from './page-cache.ts';
import { withClientErrors } from './page-errors.ts';
import { loginPath, SETTINGS_ROLES, staffGate } from '../app/features/admin/admin.server.ts';
import { PRODUCT_ADMIN_ROLES } from '../app/features/catalog-admin/roles.ts';
import { MEDIA_ROLES } from '../app/features/media/roles.ts';
import { DOWNLOAD_FILE_BYTES } from '../app/features/downloads/limits.ts';
import { PAGE_EDITOR_ROLES } from '../app/features/pages/roles.ts';
import type { Role } from '../app/lib/roles.ts';
import { LIMITS } from '../app/config/constants.ts';
import { ADDED_COOKIE } from '../app/features/cart/visitor-cart.server.ts';
import { WISHLIST_ADDED_COOKIE } from '../app/features/wishlist/visitor-wishlist.server.ts';

export const BUILD_DIR = path.resolve('build');
/** Largest CSV accepted by the admin's catalog import (about 100,000 WooCommerce rows). */
export const IMPORT_UPLOAD_BYTES = 64 * 1024 * 1024;
/** Largest body of a product picture upload (several pictures of up to 10 MB each). */
export const PRODUCT_UPLOAD_BYTES = 40 * 1024 * 1024;
/** Largest body of a downloadable product's file upload (one file and the form). */
export const DOWNLOAD_UPLOAD_BYTES = DOWNLOAD_FILE_BYTES + 1024 * 1024;
/** Largest body of a category's picture upload (one picture of up to 10 MB, and the form). */
export const CATEGORY_UPLOAD_BYTES = 11 * 1024 * 1024;
export const SERVER_BUILD = path.join(BUILD_DIR, 'server', 'index.js');

/**
 * Admin forms that upload files, the roles that may send one (checked before the body is
 * read) and their body limit (only the catalog import takes more than LIMITS.bodyBytes).
 * Each is also reachable with React Router's `.data` suffix (a form submitted with scripts).
 */
/** Pages whose contact form may be posted with files (without scripts). */
export const FORM_PAGES = ['/contact'] as const;

export const ADMIN_UPLOADS: readonly { path: string; roles: readonly Role[]; bodyLimit: number }[] = [
  { path: '/admin/import', roles: SETTINGS_ROLES, bodyLimit: IMPORT_UPLOAD_BYTES },
  { path: '/admin/tax', roles: SETTINGS_ROLES, bodyLimit: LIMITS.bodyBytes },
  { path: '/admin/products/images', roles: PRODUCT_ADMIN_ROLES, bodyLimit: PRODUCT_UPLOAD_BYTES },
  { path: '/admin/pages/media', roles: PAGE_EDITOR_ROLES, bodyLimit: PRODUCT_UPLOAD_BYTES },
  { path: '/admin/products/images.json', roles: PRODUCT_ADMIN_ROLES, bodyLimit: PRODUCT_UPLOAD_BYTES },
  { path: '/admin/categories/image', roles: PRODUCT_ADMIN_ROLES, bodyLimit: CATEGORY_UPLOAD_BYTES },
  { path: '/admin/media', roles: MEDIA_ROLES, bodyLimit: PRODUCT_UPLOAD_BYTES },
  { path: '/admin/media.json', roles: MEDIA_ROLES, bodyLimit: PRODUCT_UPLOAD_BYTES },
  { path: '/admin/products/downloads', roles: PRODUCT_ADMIN_ROLES, bodyLimit: DOWNLOAD_UPLOAD_BYTES },
];
/** Under /admin, only the first-run form takes posts from anyone (it has its own rules). */
const OPEN_ADMIN_PATHS = new Set(['/admin/setup']);

/**
 * The admin path a request addresses as React Router would match it (any letter case, a
 * trailing slash or `.data`, percent-encoding), or null outside /admin.
 */
export function adminPath(url: string): string | null {
  let p = url.split('?')[0]!;
  try {
    p = decodeURIComponent(p);
  } catch {
    // Malformed escapes: judge the raw path.
  }
  p = p.toLowerCase().replace(/\/{2,}/g, '/').replace(/\.data$/, '').replace(/\/+$/, '');
  return p === '/admin' || p.startsWith('/admin/') ? p : null;
}

const FORBIDDEN_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not allowed</title></head><body><main><h1>Not allowed</h1><p>This page is for the shop\u2019s staff. <a href="/account/login">Log in</a> with an account that may use it.</p></main></body></html>';

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
    build = async () => withClientErrors((await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild);
  } else {
    if (!existsSync(SERVER_BUILD)) throw new Error('No production build found: run `npm run build` first.');
    build = withClientErrors((await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild);
  }
  const handle = createRequestHandler(build, opts.dev ? 'development' : 'production');
  const dev = opts.dev;
  const cache = !dev && opts.pageCacheBytes > 0 ? new PageCache(opts.pageCacheBytes) : null;

  /**
   * Renders a catalog page for the shared cache: with a mark in place of the nonce (our
   * inline scripts get allowed by hash instead), no CSRF token, then compressed both ways.
   * Otherwise the response to send this visitor alone (not a 200 page, cookies…), whose
   * scripts carry the render's mark as their nonce: a fresh one, only ever sent this once.
   */
  const renderShared = async (
    request: FastifyRequest,
    version: string,
    keyCookies: string,
  ): Promise<{ page?: CachedPage; response?: Response; nonce: string }> => {
    const ctx = request.ctx;
    const mark = newRenderMark();
    const shared: RequestContext = {
      services: ctx.services,
      user: null,
      sessionToken: null,
      csrfToken: '',
      cspNonce: mark,
      requestOrigin: ctx.requestOrigin,
      secure: ctx.secure,
      clientIp: ctx.clientIp,
      sharedPage: true,
    };
    // Only the cookies the cache key holds reach the render: nothing else of this visitor can end up in it.
    // The products it shows, with the stock versions read with them (app/lib/stock-stamps.server.ts).
    const { result: response, ids, versions } = await collectShown(() => handle(toWebRequest(request, keyCookies), shared as unknown as AppLoadContext));
    const type = response.headers.get('content-type') ?? '';
    if (response.status !== 200 || !type.startsWith('text/html') || response.headers.has('set-cookie') || response.headers.has('cache-control')) {
      return { response, nonce: mark };
    }
    const html = await response.text();
    const prepared = hashMarkedScripts(html, mark);
    if (!prepared) return { response: new Response(html, { status: response.status, headers: response.headers }), nonce: mark };
    const body = Buffer.from(prepared.body);
    const { br, gzip } = await compressBoth(body);
    const etags = etagsOf(body);
    const common: Record<string, string> = {};
    for (const [k, v] of response.headers) if (k !== 'content-length') common[k] = v;
    Object.assign(common, {
      'content-security-policy': contentSecurityPolicy({ hashes: prepared.hashes }, dev),
      // The same bytes for every visitor, but signed-in visitors get their own page at the
      // same address: browsers may keep it, shared caches may not, and both ask again.
      'cache-control': 'private, no-cache',
      vary: 'accept-encoding',
    });
    const headersFor = (encoding: Encoding) =>
      Object.freeze({ ...common, etag: etags[encoding], ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }) });
    const page: CachedPage = {
      version,
      born: Date.now(),
      status: 200,
      bodies: { identity: body, br, gzip },
      headers: { identity: headersFor('identity'), br: headersFor('br'), gzip: headersFor('gzip') },
      etags: Object.values(etags),
      bytes: body.length + br.length + gzip.length,
      ...(ids.length ? { stock: { ids, versions } } : {}),
    };
    return { page, nonce: mark };
  };

  /** A catalog page for a visitor who is not signed in: from the cache, else rendered into it. */
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const ctx = request.ctx;
    const notices = Object.keys(request.cookies).filter((n) => n.startsWith('vt_store_notice_hidden_')).sort();
    // Pages depend on the request's address only through a trusted origin (never its raw Host).
    const key = `${ctx.secure ? 'https' : 'http'}|${ctx.requestOrigin ?? ''}|${request.url}|${notices.join(',')}`;
    const version = await readStoreVersion(ctx.services.db);
    let page = cache!.get(key, version);
    // An order moves the stock versions of its products, not the store version: a page showing
    // one of them is rendered again, the others stay (docs/ARCHITECTURE.md, "Caches and processes").
    let stockMoved = false;
    if (page?.stock && !(await stampsCurrent(ctx.services.db, page.stock.ids, page.stock.versions))) {
      stockMoved = true;
      page = undefined;
    }
    reply.header('x-page-cache', page ? 'hit' : 'miss');
    // A search answered from the cache still counts in the admin's search statistics.
    const searched = page ? listingSearchOf(request.url) : null;
    if (searched) recordRepeatedSearch(ctx.services.db, searched);
    if (!page) {
      // One render per page and version: visitors arriving meanwhile wait for it.
      // (Not a render that began before the stock moved.)
      const waiting = stockMoved ? undefined : cache!.pending(key, version);
      page = waiting ? await waiting.catch(() => undefined) : undefined;
      if (!page) {
        const rendering = renderShared(request, version, notices.map((n) => `${n}=1`).join('; '));
        const stored = rendering.then((r) => {
          if (r.page) cache!.set(key, r.page);
          return r.page;
        });
        cache!.track(key, version, stored);
        const { response, nonce } = await rendering;
        if (response) return sendWebResponse(reply, response, nonce, dev);
        page = (await stored)!;
      }
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    reply.headers(page.headers[encoding]);
    if (notModified(request.headers['if-none-match'], page.etags)) return reply.status(304).send();
    return reply.status(page.status).send(page.bodies[encoding]);
  };

  await app.register(async (pages) => {
    // Who may send a body to /admin is decided from the session alone, before a byte of the
    // body is read: a visitor cannot make the server buffer and parse an upload only to be
    // refused. Pages and actions still check their own, narrower roles.
    pages.addHook('onRequest', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD') return;
      const target = adminPath(request.url);
      if (target === null || OPEN_ADMIN_PATHS.has(target)) return;
      const upload = ADMIN_UPLOADS.find((u) => u.path === target);
      const gate = staffGate(request.ctx.user?.role, upload?.roles);
      if (gate === 'ok') return;
      // Closing the connection after the answer stops the client sending the rest.
      reply.header('connection', 'close');
      const pathname = request.url.split('?')[0]!;
      if (gate === 'login' && !pathname.endsWith('.data')) return reply.redirect(loginPath(pathname), 303);
      return reply.status(403).type('text/html; charset=utf-8').send(FORBIDDEN_PAGE);
    });
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method === 'GET') issueCsrfCookies(request);
      // A cached page needs no web Request: build one only for React Router.
      // A visitor just back from adding to the cart or a wishlist without scripts sees a notice
      // and their count on the page: rendered for them alone (app/features/cart/visitor-cart.server.ts,
      // app/features/wishlist/visitor-wishlist.server.ts).
      const justAdded = ADDED_COOKIE in request.cookies || WISHLIST_ADDED_COOKIE in request.cookies;
      if (cache && !request.ctx.user && !justAdded && isCacheablePage(request.method, request.url)) return servePage(request, reply);
      const webRequest = toWebRequest(request);
      if (UNSAFE_METHODS.has(request.method) && !(await formCsrfOk(request, webRequest.clone()))) {
        return reply
          .status(403)
          .type('text/html; charset=utf-8')
          .send(
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Form expired</title></head><body><main><h1>This form has expired</h1><p>Please go back, reload the page and try again.</p></main></body></html>',
          );
      }
      // The body rules (server/input.ts), once the post is known to come from our own form.
      if (UNSAFE_METHODS.has(request.method)) {
        const refusal = await formBodyRefusal(request, webRequest.clone());
        if (refusal) return reply.status(refusal.status).type('text/html; charset=utf-8').send(refusal.html);
      }
      const response = await handle(webRequest, request.ctx as unknown as AppLoadContext);
      if (request.method === 'GET') refreshCsrfTokenCookie(request, reply);
      return sendWebResponse(reply, response, request.ctx.cspNonce, dev, await paymentSourcesFor(request.ctx.services, request.url));
    };
    pages.all('/*', handler);
    // Uploads are larger than any other form; only staff allowed by the hook above get here.
    for (const u of ADMIN_UPLOADS) {
      pages.post(u.path, { bodyLimit: u.bodyLimit }, handler);
      pages.post(`${u.path}.data`, { bodyLimit: u.bodyLimit }, handler);
    }
    // Contact forms posted without scripts carry their files: the feedback endpoint's limit.
    for (const p of FORM_PAGES) pages.post(p, { bodyLimit: FEEDBACK_BODY_BYTES }, handler);
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
  const ctx = request.ctx;
  return pageFormAllowed({
    secret,
    cookieSeed: request.csrfCookie,
    token,
    headers: request.headers,
    // Our public address, and the address this request was sent to (which is ours: the
    // visitor's browser chose it), should the two differ behind a proxy.
    origins: [ctx.services.config.publicUrl, ctx.requestOrigin, `${ctx.secure ? 'https' : 'http'}://${request.headers.host ?? ''}`].filter(
      (o): o is string => !!o,
    ),
  });
}

/** The request for React Router; `cookie`, when given, replaces the request's cookies. */
function toWebRequest(request: FastifyRequest, cookie?: string): Request {
  const origin = `${request.protocol}://${request.headers.host ?? 'localhost'}`;
  const headers = new Headers();
  if (cookie) headers.set('cookie', cookie);
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || (cookie !== undefined && key === 'cookie')) continue;
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

async function sendWebResponse(reply: FastifyReply, response: Response, nonce: string, dev: boolean, sources?: CspSources) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  if ((response.headers.get('content-type') ?? '').startsWith('text/html')) {
    reply.header('content-security-policy', contentSecurityPolicy({ nonce }, dev, sources));
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
