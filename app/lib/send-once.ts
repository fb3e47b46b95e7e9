/*
 * A state-changing call from the shop's own scripts, sent with one Idempotency-Key per user
 * action (docs/API.md, "Idempotency"). When it gets no answer of its own — the connection
 * failed, the proxy answered 502/503/504 for a node that went away, or another node says the
 * first try is still being handled (409 `idempotency_key_in_flight`) — it is sent again with
 * the SAME key, so the server answers what it did instead of doing it twice. A new action
 * (the next click) gets a new key.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** How long the tries of one action wait before each repeat. */
const WAITS_MS = [250, 750, 1_500, 3_000];

/** A fresh key (8–100 of letters, digits, `.` `_` `:` `-`). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  c?.getRandomValues?.(bytes);
  return `k-${Date.now().toString(36)}-${Array.from(bytes, (b) => (b || Math.floor(Math.random() * 256)).toString(16).padStart(2, '0')).join('')}`;
}

async function inFlight(res: Response): Promise<boolean> {
  if (res.status !== 409) return false;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { error?: { code?: string } } | null;
  return body?.error?.code === 'idempotency_key_in_flight';
}

/**
 * fetch() for one user action: adds its Idempotency-Key and repeats it (same key) while it
 * has no answer. Rejects like fetch when the last try could not connect.
 */
export async function sendOnce(url: string, init: RequestInit, key: string = newIdempotencyKey()): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set(IDEMPOTENCY_HEADER, key);
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= WAITS_MS.length;
    try {
      const res = await fetch(url, { ...init, headers });
      if (last || !(res.status === 502 || res.status === 503 || res.status === 504 || (await inFlight(res)))) return res;
    } catch (err) {
      // The shopper left the page or the action was called off: no repeat.
      if (last || init.signal?.aborted) throw err;
    }
    await new Promise((r) => setTimeout(r, WAITS_MS[attempt]));
  }
}
