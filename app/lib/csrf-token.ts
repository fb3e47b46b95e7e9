import { cookieFrom } from './cookies.ts';

/**
 * The CSRF token in the browser. Pages shared by every visitor (the server's page cache)
 * carry no token, so scripts read it from this cookie, which the server sets beside the
 * HttpOnly one the token is derived from (server/security.ts). Readable by our own pages
 * only: another site can neither read it nor send it in a header.
 */
export const CSRF_TOKEN_COOKIE = 'vt_csrf_token';

/** The token for `x-csrf-token` (browser only; empty when the cookie is missing). */
export function readCsrfToken(): string {
  if (typeof document === 'undefined') return '';
  return cookieFrom(document.cookie, CSRF_TOKEN_COOKIE) ?? '';
}
