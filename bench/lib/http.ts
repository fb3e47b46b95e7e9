/** Helpers for scenarios that prepare state against the live server before loading it. */

export interface ApiSession {
  /** Send these with every request of the session: the cookies and the CSRF header. */
  headers: Record<string, string>;
  /** Merges the cookies a response sets into `headers.cookie` (e.g. a session after login). */
  absorb(res: Response): void;
}

/**
 * A visitor's session as the API sees it: the CSRF cookie and the matching
 * `x-csrf-token` from GET /api/session, which state-changing API calls require.
 */
export async function apiSession(baseUrl: string): Promise<ApiSession> {
  const jar = new Map<string, string>();
  const headers: Record<string, string> = {};
  const absorb = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  };
  const res = await fetch(`${baseUrl}/api/session`, { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`GET /api/session answered ${res.status}`);
  const body = (await res.json()) as { csrfToken?: string };
  if (!body.csrfToken) throw new Error('GET /api/session gave no csrfToken');
  absorb(res);
  headers['x-csrf-token'] = body.csrfToken;
  return { headers, absorb };
}
