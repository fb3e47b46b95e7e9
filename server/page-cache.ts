import { createHash } from 'node:crypto';
import { randomText } from './random-pool.ts';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { RESERVED_SLUGS } from '../app/features/pages/blocks.schema.ts';

/**
 * Rendered catalog pages for visitors who are not signed in. A page is rendered once per
 * store version (app/lib/store-version.server.ts) and address, and the bytes are the same
 * for every visitor: nothing per visitor is written into them. The CSRF token reaches
 * scripts through its own cookie (app/lib/csrf-token.ts) and forms without scripts are
 * checked by cookie and origin (server/security.ts); our own inline scripts are allowed by
 * their hashes instead of a per-response nonce. So each entry is compressed once, with
 * brotli and gzip, when it is stored, and served as it is, with an ETag (`If-None-Match` →
 * 304). Anything a page shows per visitor (the cart count, the mini-cart) is drawn by
 * scripts from the visitor's own cookies and storage.
 */

/** Addresses whose pages are the same for every anonymous visitor. */
const CACHEABLE = /^\/(?:$|\?|shop(?:[/?]|$)|product-category\/|product-tag\/|product\/|contact(?:[/?]|$))/;

/** A block page's address (app/features/pages): one segment that is a page slug, not a shop route. */
const BLOCK_PAGE = /^\/([a-z0-9]+(?:-[a-z0-9]+)*)(?:\?|$)/;
const RESERVED = new Set<string>(RESERVED_SLUGS);

export function isCacheablePage(method: string, url: string): boolean {
  if (method !== 'GET' || url.length > 2048) return false;
  if (!CACHEABLE.test(url)) {
    const slug = BLOCK_PAGE.exec(url)?.[1];
    if (!slug || RESERVED.has(slug)) return false;
  }
  // Client-side navigations fetch route data (`/shop.data`), not documents.
  const path = url.split('?', 1)[0]!;
  return !path.endsWith('.data');
}

/** Like the store cache (store-cache.server.ts): the clock moves prices too. */
const MAX_AGE_MS = 60_000;

export type Encoding = 'br' | 'gzip' | 'identity';

export interface CachedPage {
  version: string;
  /** When it was rendered (ms). */
  born: number;
  status: number;
  /** The rendered body and its two compressed forms, made once when stored. */
  bodies: Record<Encoding, Buffer>;
  /** Response headers per encoding (content type, CSP, ETag, Vary…), built once. */
  headers: Record<Encoding, Readonly<Record<string, string>>>;
  /** Every ETag this entry answers to (one per encoding), for If-None-Match. */
  etags: readonly string[];
  bytes: number;
  /**
   * The products it shows and the stock versions they had (migration 018): an order moves
   * those instead of the store version, and the page is rendered again when one moved.
   */
  stock?: { ids: readonly number[]; versions: readonly number[] };
}

/**
 * A value that marks our own inline scripts during one shared render: React and React Router
 * put it in the `nonce` attribute of each script they write. Random per render and never
 * sent, so text a shopper or an importer managed to slip into a page cannot carry it.
 */
export const newRenderMark = () => `vtr${randomText(12, 'hex')}`;

// React escapes `>` in attribute values and `<` in text, and React Router escapes `<` in
// the data it writes into scripts, so in a rendered page this finds every script element.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * Takes the render mark out of a rendered body and returns the SHA-256 (base64) of each
 * inline script that carried it, for the CSP's `script-src`; scripts without the mark (none
 * of ours) get no hash and stay blocked. Undefined when the mark shows up anywhere else: the
 * page then cannot be shared.
 */
export function hashMarkedScripts(body: string, mark: string): { body: string; hashes: string[] } | undefined {
  const attr = ` nonce="${mark}"`;
  const hashes = new Set<string>();
  for (const m of body.matchAll(SCRIPT)) {
    if (!m[1]!.includes(attr) || m[2] === '') continue;
    hashes.add(createHash('sha256').update(m[2]!).digest('base64'));
  }
  const stripped = body.replaceAll(attr, '');
  if (stripped.includes(mark)) return undefined;
  return { body: stripped, hashes: [...hashes] };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli quality for stored pages. On a 100 KB category page quality 5 takes about 5 ms and
 * gives 11.4 KB; 9 takes 40 ms for 11.1 KB and 11 (the best) half a second for 9.8 KB. Entries
 * are made again at least every minute, for every page a crawler reaches, so 5.
 */
const BROTLI_QUALITY = 5;

/** Brotli and gzip (level 9: a few ms), on libuv's thread pool rather than the event loop: paid once per entry. */
export async function compressBoth(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/** A strong ETag per encoding, from the bytes themselves: an unchanged page keeps its tag across renders. */
export function etagsOf(body: Buffer): Record<Encoding, string> {
  const h = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { identity: `"${h}"`, br: `"${h}-br"`, gzip: `"${h}-gz"` };
}

/**
 * The encoding to send for an `Accept-Encoding` header: the accepted one of brotli and gzip
 * with the higher weight (brotli when equal), else none. Honours `q=0` and `*`.
 */
export function pickEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  // What browsers send (`gzip, deflate, br, zstd`): no weights to read.
  if (!header.includes(';') && !header.includes('*')) {
    return /(?:^|[\s,])br(?:$|[\s,])/i.test(header) ? 'br' : /(?:^|[\s,])(?:x-)?gzip(?:$|[\s,])/i.test(header) ? 'gzip' : 'identity';
  }
  const q: Record<string, number> = {};
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    // No weight is 1; one that is not a number accepts nothing.
    const param = params.find((p) => /^\s*q\s*=/.test(p));
    const value = param === undefined ? 1 : Number(/=\s*([\d.]+)\s*$/.exec(param)?.[1] ?? NaN);
    q[name === 'x-gzip' ? 'gzip' : name!] = value > 0 ? value : 0;
  }
  // The weights say which the client prefers; brotli (the smaller) when they are equal.
  const br = q.br ?? q['*'] ?? 0;
  const gzip = q.gzip ?? q['*'] ?? 0;
  if (br === 0 && gzip === 0) return 'identity';
  return br >= gzip ? 'br' : 'gzip';
}

/** Whether an `If-None-Match` header names one of the entry's tags (weak comparison, as RFC 9110 asks). */
export function notModified(header: string | undefined, etags: readonly string[]): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => etags.includes(tag.trim().replace(/^W\//, '')));
}

/** Least-recently-used pages within a byte budget. */
export class PageCache {
  readonly #pages = new Map<string, CachedPage>();
  /** Renders under way, so that visitors arriving meanwhile wait for one instead of starting their own. */
  readonly #pending = new Map<string, Promise<CachedPage | undefined>>();
  #bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string, version: string): CachedPage | undefined {
    const page = this.#pages.get(key);
    if (!page) return undefined;
    this.#pages.delete(key);
    if (page.version !== version || Date.now() - page.born > MAX_AGE_MS) {
      this.#bytes -= page.bytes;
      return undefined;
    }
    this.#pages.set(key, page);
    return page;
  }

  set(key: string, page: CachedPage): void {
    if (page.bytes > this.maxBytes / 8) return;
    const old = this.#pages.get(key);
    if (old) {
      this.#pages.delete(key);
      this.#bytes -= old.bytes;
    }
    this.#pages.set(key, page);
    this.#bytes += page.bytes;
    for (const [k, p] of this.#pages) {
      if (this.#bytes <= this.maxBytes) break;
      this.#pages.delete(k);
      this.#bytes -= p.bytes;
    }
  }

  /** The render of `key` at `version` under way, if any. */
  pending(key: string, version: string): Promise<CachedPage | undefined> | undefined {
    return this.#pending.get(`${version}|${key}`);
  }

  /** Records a render under way until it settles. */
  track(key: string, version: string, render: Promise<CachedPage | undefined>): void {
    const id = `${version}|${key}`;
    this.#pending.set(id, render);
    const done = () => {
      if (this.#pending.get(id) === render) this.#pending.delete(id);
    };
    render.then(done, done);
  }

  get size(): number {
    return this.#pages.size;
  }
}
