import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { EMBED_FRAME_ORIGINS } from '../app/features/pages/embeds.ts';
import { randomText } from './random-pool.ts';

/**
 * CSRF protection (docs/decisions/0003-shared-pages-csrf-and-csp.md): a random value in an
 * HttpOnly cookie, and a token derived from it with the server secret. Scripts read the
 * token from a second cookie of our own origin (`vt_csrf_token`) and send it as
 * `x-csrf-token`; forms rendered for one visitor carry it in `_csrf`. Forms on pages shared
 * by every visitor (the page cache) carry none: a form post without a valid token is taken
 * only from a browser that sent the cookie (SameSite=Lax: never on another site's post) and
 * says the post comes from our own origin (`pageFormAllowed`). An attacker's page can
 * neither read the cookies, compute the token, nor make a browser lie about the origin.
 */
export const CSRF_COOKIE = 'vt_csrf';
export const CSRF_FIELD = '_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/*
 * The seed in `vt_csrf` is the server's (docs/decisions/0006-server-issued-csrf-seed.md): 18
 * random bytes followed by their HMAC with the server secret. A value the server did not
 * issue (planted by a sibling subdomain, a shared computer, a script) is never adopted as
 * the visitor's seed: the request is treated as having none, and a new seed is issued.
 */
const SEED_RANDOM_CHARS = 24; // 18 bytes, base64url
const SEED_CHARS = SEED_RANDOM_CHARS + 22; // + 16 bytes of HMAC, base64url
const seedSignature = (secret: string, random: string) => createHmac('sha256', `csrf-seed:${secret}`).update(random).digest().subarray(0, 16).toString('base64url');

export function newCsrfSeed(secret: string): string {
  const random = randomText(18, 'base64url');
  const seed = `${random}${seedSignature(secret, random)}`;
  // Made when a token is needed at once (server/context.ts): the token is worked out now.
  rememberSeed(secret, seed, tokenOf(secret, seed));
  return seed;
}

/*
 * Seeds already checked with a secret, and their tokens: a returning visitor's page or call
 * costs a map lookup instead of two HMACs. Bounded (the oldest go first); only seeds whose
 * signature matched get in, so a visitor cannot fill it with made-up values.
 */
const KNOWN_SEEDS_MAX = 10_000;
let knownFor = '';
const knownSeeds = new Map<string, string>();

function knownToken(secret: string, seed: string): string | undefined {
  return knownFor === secret ? knownSeeds.get(seed) : undefined;
}

function rememberSeed(secret: string, seed: string, token: string): void {
  if (knownFor !== secret) {
    knownSeeds.clear();
    knownFor = secret;
  }
  if (knownSeeds.size >= KNOWN_SEEDS_MAX) knownSeeds.delete(knownSeeds.keys().next().value!);
  knownSeeds.set(seed, token);
}

/** Whether `value` is a CSRF seed this server issued (its signature matches). */
export function issuedCsrfSeed(secret: string, value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== SEED_CHARS) return false;
  if (knownToken(secret, value) !== undefined) return true;
  const given = Buffer.from(value.slice(SEED_RANDOM_CHARS));
  const expected = Buffer.from(seedSignature(secret, value.slice(0, SEED_RANDOM_CHARS)));
  const issued = given.length === expected.length && timingSafeEqual(given, expected);
  if (issued) rememberSeed(secret, value, tokenOf(secret, value));
  return issued;
}

const tokenOf = (secret: string, seed: string) => createHmac('sha256', secret).update(`csrf:${seed}`).digest('base64url');

export function csrfToken(secret: string, seed: string): string {
  return knownToken(secret, seed) ?? tokenOf(secret, seed);
}

export function csrfValid(secret: string, seed: string | undefined, token: string | undefined | null): boolean {
  if (!seed || !token) return false;
  const expected = Buffer.from(csrfToken(secret, seed));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Whether a browser says this request comes from a page of our own origin: `Sec-Fetch-Site`
 * when it sends one (every current browser), else `Origin`, else the `Referer`'s origin.
 * Browsers set these themselves; another site's page cannot change them. Nothing at all
 * (a very old browser, or a client that is not one) counts as no.
 */
export function fromOwnOrigin(headers: IncomingHttpHeaders, origins: readonly string[]): boolean {
  const site = headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = headers.origin;
  if (origin !== undefined) return origins.includes(origin);
  const referer = headers.referer;
  if (!referer) return false;
  try {
    return origins.includes(new URL(referer).origin);
  } catch {
    return false;
  }
}

/**
 * The CSRF check of a form post to a page: its token (`x-csrf-token` or the `_csrf` field),
 * or — for forms on shared pages, which carry none — the visitor's own CSRF cookie together
 * with a browser's word that the post comes from our origin.
 */
export function pageFormAllowed(o: {
  secret: string;
  /** The CSRF cookie as the request sent it (not one just issued). */
  cookieSeed: string | undefined;
  token: string | undefined;
  headers: IncomingHttpHeaders;
  origins: readonly string[];
}): boolean {
  if (csrfValid(o.secret, o.cookieSeed, o.token)) return true;
  return !!o.cookieSeed && fromOwnOrigin(o.headers, o.origins);
}

export const newNonce = () => randomText(16, 'base64');

/**
 * Where a form of ours may end up besides the shop (`form-action`; Chromium applies it to the
 * redirect after the post too): the payment providers' hosted pages, Stripe's Checkout by
 * default and PayPal's approval pages registered by their routes (a local stand-in's too).
 */
const formActionOrigins = new Set<string>(['https://checkout.stripe.com']);
export function allowFormAction(origin: string): void {
  formActionOrigins.add(new URL(origin).origin);
}

/**
 * Content-Security-Policy for a page. Inline scripts run only with the response's nonce
 * (pages rendered for one visitor) or when their SHA-256 is listed (pages shared from the
 * cache: page-cache.ts hashes the scripts the render wrote).
 */
/** Hosts a page adds to its policy (server/payment-csp.ts: the payment widgets, on the pages showing them only). */
export type CspSources = { script: readonly string[]; frame: readonly string[]; connect: readonly string[]; img: readonly string[] };

export function contentSecurityPolicy(scripts: { nonce: string } | { hashes: readonly string[] }, dev: boolean, extra?: CspSources): string {
  const allowed = 'nonce' in scripts ? `'nonce-${scripts.nonce}'` : scripts.hashes.map((h) => `'sha256-${h}'`).join(' ');
  const more = (list: readonly string[] | undefined) => (list?.length ? ` ${list.join(' ')}` : '');
  const directives = [
    "default-src 'self'",
    `script-src 'self'${allowed ? ` ${allowed}` : ''}${more(extra?.script)}${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    // Gravatar: only an operator who chose it for their chat picture (app/features/chat/components/chat-avatar.tsx).
    `img-src 'self' data: blob: https://secure.gravatar.com${more(extra?.img)}`,
    "font-src 'self' data:",
    // Video and map blocks of block pages (app/features/pages/embeds.ts): these players only.
    `frame-src 'self' ${EMBED_FRAME_ORIGINS.join(' ')}${more(extra?.frame)}`,
    `connect-src 'self'${more(extra?.connect)}${dev ? ' ws: wss:' : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    `form-action 'self'${[...formActionOrigins].map((o) => ` ${o}`).join('')}`,
    "object-src 'none'",
  ];
  return directives.join('; ');
}

/**
 * Headers every response carries (documents get a Content-Security-Policy of their own,
 * with a nonce, in the page adapter). The usual hardening set — the values helmet would
 * send, minus its CSP — computed once: setting them per request through a middleware chain
 * cost more than answering a cart call.
 */
export function securityHeaders(options: { hsts: boolean }): Readonly<Record<string, string>> {
  return Object.freeze({
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    // "no-referrer" would make browsers send `Origin: null` on our own form posts, which
    // React Router rightly refuses as cross-site; this keeps the origin for same-site posts.
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(options.hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
}

export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
