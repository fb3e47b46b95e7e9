import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * CSRF protection: a random value in a cookie, and a token derived from it with the
 * server secret that forms carry in `_csrf` and scripts send as `x-csrf-token`. An
 * attacker's page can neither read the cookie nor compute the token.
 */
export const CSRF_COOKIE = 'vt_csrf';
export const CSRF_FIELD = '_csrf';
export const CSRF_HEADER = 'x-csrf-token';

export const newCsrfSeed = () => randomBytes(18).toString('base64url');

export function csrfToken(secret: string, seed: string): string {
  return createHmac('sha256', secret).update(`csrf:${seed}`).digest('base64url');
}

export function csrfValid(secret: string, seed: string | undefined, token: string | undefined | null): boolean {
  if (!seed || !token) return false;
  const expected = Buffer.from(csrfToken(secret, seed));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const newNonce = () => randomBytes(16).toString('base64');

/** Content-Security-Policy for a page; inline scripts run only with the request's nonce. */
export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
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
