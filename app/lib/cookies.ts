/*
 * Reading cookies from a Cookie header (pages see only the web Request) or from
 * `document.cookie`. A cookie is whatever the client sends: a value that is not valid
 * percent-encoding (`%`, `%E0%A4%A`) counts as absent, never as an error, so it cannot
 * turn a page into a 500. The API reads cookies through @fastify/cookie, whose decoding
 * keeps such a value raw; the rules of each cookie (shape, the server's records) decide then.
 */

/** `decodeURIComponent`, or undefined for malformed escapes. */
export function safeDecode(value: string): string | undefined {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** The decoded value of the first cookie called `name` in a Cookie header; undefined when missing or malformed. */
export function cookieFrom(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/;\s*/)) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return safeDecode(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** The same for a web Request. */
export const requestCookie = (request: Request, name: string) => cookieFrom(request.headers.get('cookie'), name);
