import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../../../db/client.ts';
import { LIMITS } from '../../config/constants.ts';
import type { SessionUser } from '../../lib/services.server.ts';
import type { Role } from '../../lib/roles.ts';
import { isoIn, nowIso } from '../../lib/time.ts';

/** Session cookie name. The cookie holds a random token; the database keeps only its hash. */
export const SESSION_COOKIE = 'vt_session';

const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Starts a new session for a user and returns its token (always a fresh id). */
export async function createSession(db: DB, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({ id_hash: hash(token), user_id: userId, created_at: nowIso(), expires_at: isoIn(LIMITS.sessionMs) })
    .execute();
  return token;
}

/** The signed-in user for a session token, or null when unknown or expired. */
export async function sessionUser(db: DB, token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.email', 'users.name', 'users.role', 'sessions.expires_at'])
    .where('sessions.id_hash', '=', hash(token))
    .executeTakeFirst();
  if (!row || row.expires_at <= nowIso()) return null;
  return { id: row.id, email: row.email, name: row.name, role: row.role as Role };
}

export async function destroySession(db: DB, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.deleteFrom('sessions').where('id_hash', '=', hash(token)).execute();
}

/** Ends every session of a user (after a password reset). */
export async function destroyUserSessions(db: DB, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** The Set-Cookie value that stores (or, with null, clears) the session token. */
export function sessionCookie(token: string | null, secure: boolean): string {
  const attrs = ['Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (secure) attrs.push('Secure');
  if (token === null) return [`${SESSION_COOKIE}=`, 'Max-Age=0', ...attrs].join('; ');
  return [`${SESSION_COOKIE}=${token}`, `Max-Age=${Math.floor(LIMITS.sessionMs / 1000)}`, ...attrs].join('; ');
}
