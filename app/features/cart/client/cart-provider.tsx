import { useEffect, useRef, type ReactNode } from 'react';
import { CART_FRAGMENT_LIFETIME_MS } from '../../../config/constants.ts';
import { emptyCart } from '../display.ts';
import { cookieHashOf, createTabSync, currentCookieHash, identityDigest, isTrusted, readCache, setIdentity } from './cart-storage.ts';
import { cartState, pendingChanges, queueCartRefresh, setCartSync, storeCart } from './cart-queue.ts';

interface Props {
  children: ReactNode;
  /** Store currency, for the empty cart assumed when the browser has no cart cookie. */
  currency: string;
  /** The signed-in shopper's e-mail (null for guests): a cached cart belongs to one shopper. */
  userEmail: string | null;
}


let refreshing = false;
/** One refresh at a time; a failure is announced with a `vitrine:cart-error` event. */
function refreshOnce() {
  if (refreshing) return;
  refreshing = true;
  queueCartRefresh()
    .catch(() => window.dispatchEvent(new CustomEvent('vitrine:cart-error')))
    .finally(() => {
      refreshing = false;
    });
}

/**
 * Keeps the browser's cart current (spec §3, §4, §8): on load it uses the session-storage
 * copy when that is under 24 hours old and the cart-hash cookie agrees (no cookie and no
 * account means an empty cart: no request at all); otherwise, on focus, when the tab becomes
 * visible again, on a 24-hour timer and on a ping from another tab, it refetches
 * GET /api/cart through the queue. A failed refresh is retried (the spec's fallback) and
 * announced with a `vitrine:cart-error` event.
 */
export function CartProvider({ children, currency, userEmail }: Props) {
  const lastUser = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    setIdentity(identityDigest(userEmail));
    /** Refetch when the copy is missing, older than 24 h, or the cookie names another cart. */
    const check = () => {
      if (pendingChanges() > 0) return;
      const { cart, updatedAt } = cartState();
      if (!cart || Date.now() - updatedAt >= CART_FRAGMENT_LIFETIME_MS || cookieHashOf(cart) !== currentCookieHash()) refreshOnce();
    };
    const tabs = createTabSync((cart) => (cart ? storeCart(cart) : check()));
    setCartSync(tabs);

    const userChanged = lastUser.current !== undefined && lastUser.current !== userEmail;
    lastUser.current = userEmail;
    if (userChanged) {
      // Logged in or out without a reload: the server merged or switched carts.
      refreshOnce();
    } else if (cartState().cart) {
      // A page (the cart page) already put the server's cart here: it is the freshest there is.
      check();
    } else {
      const cached = readCache();
      if (isTrusted(cached)) storeCart(cached.cart, cached.created);
      else if (!currentCookieHash() && !userEmail) storeCart(emptyCart(currency));
      else refreshOnce();
    }

    const onVisible = () => document.visibilityState === 'visible' && check();
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    const timer = setInterval(refreshOnce, CART_FRAGMENT_LIFETIME_MS);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
      setCartSync(null);
      tabs.close();
    };
  }, [currency, userEmail]);

  return children;
}
