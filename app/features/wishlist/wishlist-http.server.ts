import { randomBytes } from 'node:crypto';
import type { SessionUser } from '../../lib/services.server.ts';
import { WISHLIST_COOKIE, WISHLIST_GUEST_DAYS } from './wishlist.schema.ts';
import type { WishlistCaller } from './wishlist-store.server.ts';

/** The wishlist identity of a request: the signed-in account, else the guest cookie. */
export function wishlistCaller(user: SessionUser | null, guestToken: string | undefined | null): WishlistCaller {
  const valid = typeof guestToken === 'string' && /^[A-Za-z0-9_-]{20,64}$/.test(guestToken);
  return { userId: user?.id ?? null, role: user?.role ?? null, guestToken: user ? null : valid ? guestToken : null };
}

/** The guest wishlist cookie from a Cookie header (page loaders and actions see only the web Request). */
export function wishlistTokenFromCookies(cookieHeader: string | null): string | undefined {
  const m = new RegExp(`(?:^|;\\s*)${WISHLIST_COOKIE}=([^;]+)`).exec(cookieHeader ?? '');
  return m ? decodeURIComponent(m[1]) : undefined;
}

/** Set-Cookie for a new guest identity (HttpOnly: scripts never see it). */
export function wishlistCookie(token: string, secure: boolean): string {
  return `${WISHLIST_COOKIE}=${token}; Max-Age=${WISHLIST_GUEST_DAYS * 86_400}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export const newGuestToken = () => randomBytes(24).toString('base64url');
