import { readCsrfToken } from '../../../lib/csrf-token.ts';
import { sendOnce } from '../../../lib/send-once.ts';

/** The chat's HTTP calls from the browser (same origin, CSRF header). */
export async function postChat<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
  const res = await sendOnce(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-csrf-token': readCsrfToken() },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as T };
}

/** The vendor of the page (a vendor's product page marks itself with `data-chat-vendor`), 0 = the shop. */
export function pageVendorId(): number {
  const n = Number(document.querySelector<HTMLElement>('[data-chat-vendor]')?.dataset.chatVendor ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** A fresh token for a (re)connect: POST /api/chat/token; a visitor's names the page's vendor (spec §3). */
export async function chatToken(as: 'visitor' | 'operator'): Promise<string> {
  const { status, body } = await postChat<{ token?: string }>('/api/chat/token', as === 'visitor' ? { as, vendorId: pageVendorId() } : { as });
  if (status !== 200 || !body.token) throw new Error(`token ${status}`);
  return body.token;
}
