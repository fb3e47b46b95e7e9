/**
 * Rendered catalog pages for visitors who are not signed in. A page is rendered once per
 * store version (app/lib/store-version.server.ts) with markers where the visitor's CSRF
 * token and the response's CSP nonce go; serving it is a version check and a copy with the
 * visitor's own values put in. Anything a page shows per visitor (the cart count, the
 * mini-cart) is drawn by scripts from the visitor's own cookies and storage, so one copy
 * serves everybody who sees the same address with the same store-notice choice.
 */

/** Stand-ins rendered instead of the per-response values (letters only: no escaping changes them). */
export const CSRF_MARK = 'vtcsrfmarkQz7Rk2';
export const NONCE_MARK = 'vtnoncemarkQz7Rk2';
const MARKS = new RegExp(`(${CSRF_MARK}|${NONCE_MARK})`);

/** Addresses whose pages are the same for every anonymous visitor. */
const CACHEABLE = /^\/(?:$|\?|shop(?:[/?]|$)|product-category\/|product-tag\/|product\/)/;

export function isCacheablePage(method: string, url: string): boolean {
  if (method !== 'GET' || url.length > 2048 || !CACHEABLE.test(url)) return false;
  // Client-side navigations fetch route data (`/shop.data`), not documents.
  const path = url.split('?', 1)[0]!;
  return !path.endsWith('.data');
}

/** Like the store cache (store-cache.server.ts): the clock moves prices too. */
const MAX_AGE_MS = 60_000;

export interface CachedPage {
  version: string;
  /** When it was rendered (ms). */
  born: number;
  status: number;
  headers: [string, string][];
  /** The body cut at each marker: static parts interleaved with slot names. */
  parts: (Buffer | 'csrf' | 'nonce')[];
  bytes: number;
}

/** Splits a rendered body at its markers. */
export function toParts(body: string): CachedPage['parts'] {
  return body.split(MARKS).map((piece, i) => (i % 2 === 0 ? Buffer.from(piece) : piece === CSRF_MARK ? 'csrf' : 'nonce'));
}

/** The body for one response, with this visitor's token and this response's nonce. */
export function fillParts(parts: CachedPage['parts'], csrf: string, nonce: string): Buffer {
  const csrfBuf = Buffer.from(csrf);
  const nonceBuf = Buffer.from(nonce);
  return Buffer.concat(parts.map((p) => (p === 'csrf' ? csrfBuf : p === 'nonce' ? nonceBuf : p)));
}

/** Least-recently-used pages within a byte budget. */
export class PageCache {
  readonly #pages = new Map<string, CachedPage>();
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

  get size(): number {
    return this.#pages.size;
  }
}
