import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { CHAT_COOKIE, CHAT_COOKIE_DAYS, CHAT_TOKEN_TTL_MS } from './chat.schema.ts';

/**
 * Chat tokens: what POST /api/chat/token hands out and a socket presents on connect. The
 * payload says who the holder is — a visitor (the SHA-256 of their chat cookie, and their
 * account if signed in) or an operator (their staff account) — and is signed with the
 * session secret, so the role a socket acts in comes from here, never from what it sends.
 */
export type ChatTokenClaims =
  | { role: 'visitor'; visitorKey: string; userId: number | null; vendorId: number; exp: number }
  | { role: 'operator'; userId: number; exp: number };

const sign = (secret: string, body: string) => createHmac('sha256', `chat-token:${secret}`).update(body).digest('base64url');

type WithoutExp<T> = T extends unknown ? Omit<T, 'exp'> : never;

export function issueChatToken(secret: string, claims: WithoutExp<ChatTokenClaims>, now = Date.now()): { token: string; expiresAt: string } {
  const exp = now + CHAT_TOKEN_TTL_MS;
  const body = Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url');
  return { token: `${body}.${sign(secret, body)}`, expiresAt: new Date(exp).toISOString() };
}

/** The claims of a valid, unexpired token; null for anything else. */
export function verifyChatToken(secret: string, token: unknown, now = Date.now()): ChatTokenClaims | null {
  if (typeof token !== 'string' || token.length > 1000) return null;
  const dot = token.indexOf('.');
  if (dot < 1) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(secret, body));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ChatTokenClaims;
    if (typeof claims.exp !== 'number' || claims.exp <= now) return null;
    if (claims.role === 'visitor' && typeof claims.visitorKey === 'string') return claims;
    if (claims.role === 'operator' && Number.isInteger(claims.userId)) return claims;
    return null;
  } catch {
    return null;
  }
}

/** The visitor identity a chat cookie stands for (the cookie itself is never stored). */
export const visitorKeyOf = (cookie: string) => createHash('sha256').update(`chat:${cookie}`).digest('base64url');
export const validChatCookie = (v: unknown): v is string => typeof v === 'string' && /^[A-Za-z0-9_-]{20,64}$/.test(v);

export function chatCookieHeader(value: string, secure: boolean): string {
  return `${CHAT_COOKIE}=${value}; Max-Age=${CHAT_COOKIE_DAYS * 86_400}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Gravatar's key: MD5 of the trimmed, lower-case address (empty without one). */
export const gravatarOf = (email: string) => (email ? createHash('md5').update(email.trim().toLowerCase()).digest('hex') : '');
