import { readCsrfToken } from '../../../lib/csrf-token.ts';
import { sendOnce } from '../../../lib/send-once.ts';
import { WISHLIST_EVENT } from './wishlist-events.ts';

/** Browser calls to the wishlist API (docs/API.md); errors come back as the house error body. */
export interface ApiResult<T> {
  ok: boolean;
  status: number;
  body: T & { error?: { code: string; message: string; fields?: Record<string, string> } };
}

/** The token from its cookie (cached pages carry none in their HTML). */
const csrf = readCsrfToken;

export async function wishlistApi<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<ApiResult<T>> {
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'GET' ? {} : { 'x-csrf-token': csrf() }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  // A change carries one Idempotency-Key, sent again with it when the answer was lost.
  const res = method === 'GET' ? await fetch(`/api${path}`, init) : await sendOnce(`/api${path}`, init);
  let parsed: ApiResult<T>['body'];
  try {
    parsed = await res.json();
  } catch {
    parsed = { error: { code: 'network', message: res.statusText } } as ApiResult<T>['body'];
  }
  return { ok: res.ok, status: res.status, body: parsed };
}

/** Tells other parts of the page (the header count, hearts) and other tabs that the lists changed. */
export function announceWishlistChange(detail: { count: number; products?: number[]; added?: boolean }): void {
  window.dispatchEvent(new CustomEvent(WISHLIST_EVENT, { detail }));
  try {
    const channel = new BroadcastChannel('vt-wishlist');
    channel.postMessage(detail);
    channel.close();
  } catch {
    // Old browsers: other tabs refresh on their next load.
  }
}
