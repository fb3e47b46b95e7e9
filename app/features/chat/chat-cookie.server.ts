import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DB } from '../../../db/client.ts';
import { validChatCookie, visitorKeyOf } from './chat-token.server.ts';

/*
 * The visitor's `vt_chat` cookie is issued by the server only. A value planted in a browser
 * (by another site's script on a sibling domain, a shared computer) must not become that
 * browser's chat identity, or whoever chose it could read the conversation. So a new
 * cookie is 24 random bytes followed by their HMAC with the session secret, and a value is
 * adopted only when it carries a valid signature, or — cookies issued before they were
 * signed — when a visitor record already holds its key. Anything else is replaced.
 */

const RANDOM_CHARS = 32; // 24 bytes, base64url
const sign = (secret: string, random: string) => createHmac('sha256', `chat-cookie:${secret}`).update(random).digest().subarray(0, 16).toString('base64url');

export const newChatCookie = (secret: string) => {
  const random = randomBytes(24).toString('base64url');
  return `${random}${sign(secret, random)}`;
};

function signedByUs(secret: string, value: string): boolean {
  if (value.length <= RANDOM_CHARS) return false;
  const given = Buffer.from(value.slice(RANDOM_CHARS));
  const expected = Buffer.from(sign(secret, value.slice(0, RANDOM_CHARS)));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The cookie's value when the server issued it (signed, or on record); null for anything else. */
export async function knownChatCookie(db: DB, secret: string, value: unknown): Promise<string | null> {
  if (!validChatCookie(value)) return null;
  if (signedByUs(secret, value)) return value;
  const onRecord = await db.selectFrom('chat_users').select('id').where('visitor_key', '=', visitorKeyOf(value)).where('kind', '=', 'visitor').executeTakeFirst();
  return onRecord ? value : null;
}
