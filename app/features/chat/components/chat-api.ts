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

/** A fresh token for a (re)connect: POST /api/chat/token. */
export async function chatToken(as: 'visitor' | 'operator'): Promise<string> {
  const { status, body } = await postChat<{ token?: string }>('/api/chat/token', { as });
  if (status !== 200 || !body.token) throw new Error(`token ${status}`);
  return body.token;
}
