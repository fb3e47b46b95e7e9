import { randomBytes } from 'node:crypto';
import { cookieFrom } from '../../lib/cookies.ts';
import type { SessionUser } from '../../lib/services.server.ts';
import { WISHLIST_COOKIE, WISHLIST_GUEST_DAYS } from './wishlist.schema.ts';
import { guestKnown, type WishlistCaller } from './wishlist-store.server.ts';
import type { DB } from '../../../db/client.ts';

/**
 * The wishlist identity of a request: the signed-in account, else the guest cookie — only
 * when the server issued it, that is when it holds lists here (a guest identity is made
 * with its first list). A value planted in a browser is not adopted: that browser's next
 * change gets a new cookie, so whoever chose the value never sees what it saves.
 */
export async function wishlistCaller(db: DB, user: SessionUser | null, guestToken: string | undefined | null): Promise<WishlistCaller> {
  const caller: WishlistCaller = { userId: user?.id ?? null, role: user?.role ?? null, guestToken: null };
  if (user || typeof guestToken !== 'string' || !/^[A-Za-z0-9_-]{20,64}$/.test(guestToken)) return caller;
  return (await guestKnown(db, guestToken)) ? { ...caller, guestToken } : caller;
}

/** The guest wishlist cookie from a Cookie header (page loaders and actions see only the web Request). */
export function wishlistTokenFromCookies(cookieHeader: string | null): string | undefined {
  return cookieFrom(cookieHeader, WISHLIST_COOKIE);
}

/** Set-Cookie for a new guest identity (HttpOnly: scripts never see it). */
export function wishlistCookie(token: string, secure: boolean): string {
  return `${WISHLIST_COOKIE}=${token}; Max-Age=${WISHLIST_GUEST_DAYS * 86_400}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export const newGuestToken = () => randomBytes(24).toString('base64url');
