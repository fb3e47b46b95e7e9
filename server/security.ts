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

export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
