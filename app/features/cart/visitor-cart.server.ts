import type { AppLoadContext } from 'react-router';
import { requestCookie } from '../../lib/cookies.ts';
import { CART_COUNT_COOKIE } from './cart-store.server.ts';

/*
 * What the page header shows of the visitor's own cart when a page is rendered for this
 * visitor alone (not for the shared page cache): the item count, and after an add to cart
 * without scripts, WooCommerce's "“X” has been added to your cart" notice.
 *
 * The form post of an add (routes/cart.tsx) sets a short-lived cookie naming the product and
 * redirects back; a request carrying it is never answered from the page cache (server/pages.ts),
 * and the page that shows the notice clears the cookie, so it shows once.
 */

export const ADDED_COOKIE = 'vt_added';
/** Long enough for the redirect that follows the add. */
const ADDED_SECONDS = 60;

const attrs = (secure: boolean) => `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

export const addedCookie = (productId: number, quantity: number, secure: boolean) =>
  `${ADDED_COOKIE}=${productId}x${quantity}; Max-Age=${ADDED_SECONDS}; ${attrs(secure)}`;
const clearAddedCookie = (secure: boolean) => `${ADDED_COOKIE}=; Max-Age=0; ${attrs(secure)}`;


export interface VisitorCart {
  /** Items in the visitor's cart (from the cart's own count cookie); null on a page rendered for the shared cache. */
  count: number | null;
  /** The product just added without scripts, for the notice. */
  added: { name: string; quantity: number } | null;
  /** Set-Cookie clearing the added marker once shown. */
  setCookie: string | null;
}

export async function visitorCart(request: Request, context: AppLoadContext): Promise<VisitorCart> {
  // Rendered once for every anonymous visitor (server/page-cache.ts): nothing of anyone's cart.
  if (context.sharedPage) return { count: null, added: null, setCookie: null };
  const n = Number(requestCookie(request, CART_COUNT_COOKIE));
  const count = Number.isInteger(n) && n > 0 ? n : 0;
  const marker = requestCookie(request, ADDED_COOKIE);
  if (marker === undefined) return { count, added: null, setCookie: null };
  const m = /^(\d{1,12})x(\d{1,4})$/.exec(marker);
  const row = m
    ? await context.services.db.selectFrom('products').select('name').where('id', '=', Number(m[1])).where('status', '=', 'publish').executeTakeFirst()
    : undefined;
  return { count, added: row ? { name: row.name, quantity: Number(m![2]) } : null, setCookie: clearAddedCookie(context.secure) };
}
