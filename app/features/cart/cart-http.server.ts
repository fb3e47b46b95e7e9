import type { DB } from '../../../db/client.ts';
import { cookieFrom } from '../../lib/cookies.ts';
import type { SessionUser } from '../../lib/services.server.ts';
import { isCartTokenShape, newCartToken, resolveCart } from './cart-store.server.ts';
import type { CartAnswer, CartCaller } from './cart.server.ts';
import { CART_COOKIE, CART_COUNT_COOKIE, CART_HASH_COOKIE } from './cart-store.server.ts';
import { GUEST_CART_DAYS } from './cart-expiry.server.ts';

/** The cart identity of a request, from the Cart-Token header, else the cookie and the signed-in user. */
export function cartCallerFrom(req: { headerToken?: string; cookieToken?: string; user: SessionUser | null }): CartCaller {
  const viaHeader = typeof req.headerToken === 'string' && req.headerToken.length > 0;
  return {
    identity: {
      token: viaHeader ? req.headerToken! : (req.cookieToken ?? null),
      userId: viaHeader ? null : (req.user?.id ?? null),
      viaHeader,
    },
    customer: { userId: viaHeader ? null : (req.user?.id ?? null), email: viaHeader ? null : (req.user?.email ?? null) },
  };
}

/**
 * The Cart-Token every API cart answer carries. With no cart yet (nothing stored), a
 * headless client's token of the right shape is handed back as it came, else a new one:
 * the first change then creates the cart under it (resolveCart), so no row is written
 * for a read.
 */
export function answerToken(result: CartAnswer, headerToken: string | undefined): string {
  return result.token ?? (isCartTokenShape(headerToken) ? headerToken : newCartToken());
}

/**
 * Set-Cookie values after a cart answer: the cart token (HttpOnly), and two cookies scripts
 * read — the cart hash (to know when their cached cart is stale) and the item count.
 */
export function cartCookies(result: CartAnswer, secure: boolean): string[] {
  const attrs = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  // As long as the server keeps an unchanged guest cart; renewed with every cart answer.
  const lifetime = `Max-Age=${GUEST_CART_DAYS * 86_400}`;
  const out: string[] = [];
  if (result.token) out.push(`${CART_COOKIE}=${result.token}; ${lifetime}; HttpOnly; ${attrs}`);
  if (result.cart.itemCount > 0) {
    out.push(`${CART_HASH_COOKIE}=${result.cart.hash}; ${lifetime}; ${attrs}`);
    out.push(`${CART_COUNT_COOKIE}=${result.cart.itemCount}; ${lifetime}; ${attrs}`);
  } else {
    out.push(`${CART_HASH_COOKIE}=; Max-Age=0; ${attrs}`, `${CART_COUNT_COOKIE}=; Max-Age=0; ${attrs}`);
  }
  return out;
}

/** The cart token from a Cookie header (page loaders and actions see only the web Request). */
export function cartTokenFromCookies(cookieHeader: string | null): string | undefined {
  return cookieFrom(cookieHeader, CART_COOKIE);
}

/** At login: the guest cart this browser holds joins the account's cart right away. */
export async function mergeGuestCartAtLogin(db: DB, cookieToken: string | undefined, userId: number): Promise<void> {
  if (cookieToken) await resolveCart(db, { token: cookieToken, userId, viaHeader: false }, false);
}
