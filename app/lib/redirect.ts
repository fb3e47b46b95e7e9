// Any base works: only whether the target stays on it matters.
const BASE = 'http://same-origin.invalid';

/**
 * Only same-site paths are followed after a form, so a link cannot bounce a shopper elsewhere.
 * The target is parsed the way a browser would read it in a `Location` header (tabs and
 * newlines dropped, `\` read as `/`, `..` resolved), then must still be on this site; what is
 * returned is that normalised path, never the raw input. The same checks hold for the value
 * decoded once more (a proxy or a later step may decode it), so `//evil.example`,
 * `/\evil.example`, `/%09/evil.example`, `/%2F%2Fevil.example` and `/.//evil.example` are refused.
 */
export function safeRedirect(to: string | null | undefined, fallback: string): string {
  if (typeof to !== 'string' || to.length > 2000) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return fallback;
  }
  const path = sameSitePath(to);
  return path !== null && sameSitePath(decoded) !== null ? path : fallback;
}

function sameSitePath(to: string): string | null {
  if (!to.startsWith('/')) return null;
  // Control characters and backslashes have no place in our own paths.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return null;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path that starts with two slashes would be read as another host by the browser.
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
}
