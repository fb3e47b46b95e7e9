import type { AppLoadContext } from 'react-router';
import { requestCookie } from '../../lib/cookies.ts';
import { wishlistCaller, wishlistTokenFromCookies } from './wishlist-http.server.ts';
import { wishlistCount } from './wishlist-lists.server.ts';

/*
 * What the page shows of the visitor's wishlists after a heart pressed without scripts
 * (the cart's `vt_added` pattern, app/features/cart/visitor-cart.server.ts): the heart's form
 * post sets a short-lived cookie naming the product and redirects back; a request carrying it
 * is never answered from the page cache (server/pages.ts), and the page it reaches shows the
 * notice, the header count and the filled hearts, rendered for this visitor, then clears the
 * cookie, so it shows once. With scripts the same figures come from the API instead.
 */

export const WISHLIST_ADDED_COOKIE = 'vt_wl_added';
/** Long enough for the redirect that follows the add. */
const ADDED_SECONDS = 60;

const attrs = (secure: boolean) => `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

/** After a no-script add: the product, and whether it was added now or was in the list already. */
export const wishlistAddedCookie = (productId: number, result: 'added' | 'exists', secure: boolean) =>
  `${WISHLIST_ADDED_COOKIE}=${productId}${result === 'exists' ? 'e' : 'a'}; Max-Age=${ADDED_SECONDS}; ${attrs(secure)}`;
const clearCookie = (secure: boolean) => `${WISHLIST_ADDED_COOKIE}=; Max-Age=0; ${attrs(secure)}`;

export interface VisitorWishlist {
  /** The product the heart just added (or found there already), for the notice; null otherwise. */
  added: { name: string; already: boolean } | null;
  /** The visitor's wishlist count and products (header icon, hearts); null when the page is not rendered for them alone. */
  state: { count: number; products: number[] } | null;
  /** Set-Cookie clearing the marker once shown. */
  setCookie: string | null;
}

export async function visitorWishlist(request: Request, context: AppLoadContext): Promise<VisitorWishlist> {
  const marker = requestCookie(request, WISHLIST_ADDED_COOKIE);
  if (context.sharedPage || marker === undefined) return { added: null, state: null, setCookie: null };
  const m = /^(\d{1,12})([ae])$/.exec(marker);
  const row = m
    ? await context.services.db.selectFrom('products').select('name').where('id', '=', Number(m[1])).where('status', '=', 'publish').executeTakeFirst()
    : undefined;
  const state = await wishlistCount(context.services, await wishlistCaller(context.services.db, context.user, wishlistTokenFromCookies(request.headers.get('cookie'))));
  return { added: row ? { name: row.name, already: m![2] === 'e' } : null, state, setCookie: clearCookie(context.secure) };
}
