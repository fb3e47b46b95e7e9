import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider, useMutation, useQueryClient } from '@tanstack/react-query';
import { CART_FRAGMENT_LIFETIME_MS } from '../../../config/constants.ts';
import type { Cart } from '../cart.schema.ts';
import { fetchCart } from './cart-api.ts';
import { cookieHashOf, createTabSync, currentCookieHash, identityDigest, isTrusted, readCache, setIdentity } from './cart-storage.ts';
import { applyCart, CART_KEY, CART_SCOPE, CartSyncContext, REFRESH_KEY, type CartSyncApi } from './cart-queue.ts';

interface Props {
  children: ReactNode;
  /** Store currency, for the empty cart assumed when the browser has no cart cookie. */
  currency: string;
  /** The signed-in shopper's e-mail (null for guests): a cached cart belongs to one shopper. */
  userEmail: string | null;
}

/** One query client per page load (per request on the server), with the cart kept in sync. */
export function CartProvider({ children, currency, userEmail }: Props) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { mutations: { networkMode: 'always' } } }));
  return (
    <QueryClientProvider client={client}>
      <CartSync currency={currency} userEmail={userEmail}>
        {children}
      </CartSync>
    </QueryClientProvider>
  );
}

const emptyCart = (currency: string): Cart => ({
  items: [],
  coupons: [],
  shipping: { address: null, packages: [], ready: true },
  totals: { subtotal: 0, discount: 0, shipping: 0, tax: 0, total: 0, currency, taxLines: [], pricesIncludeTax: false },
  itemCount: 0,
  hash: '',
  notices: [],
});

/**
 * Keeps the browser's cart current (spec §3, §4, §8): on load it uses the session-storage
 * copy when that is under 24 hours old and the cart-hash cookie agrees (no cookie and no
 * account means an empty cart: no request at all); otherwise, on focus, when the tab becomes
 * visible again, on a 24-hour timer and on a ping from another tab, it refetches
 * GET /api/cart through the queue. A failed refresh is retried (the spec's fallback) and
 * announced with a `vitrine:cart-error` event.
 */
function CartSync({ children, currency, userEmail }: Omit<Props, 'children'> & { children: ReactNode }) {
  const client = useQueryClient();
  const syncRef = useRef<ReturnType<typeof createTabSync> | null>(null);
  const refreshing = useRef(false);
  const lastUser = useRef<string | null | undefined>(undefined);
  const { mutate: refresh } = useMutation({
    mutationKey: REFRESH_KEY,
    scope: CART_SCOPE,
    mutationFn: fetchCart,
    retry: 2,
    onMutate: () => {
      refreshing.current = true;
    },
    onSuccess: (cart) => applyCart(client, cart),
    onError: () => window.dispatchEvent(new CustomEvent('vitrine:cart-error')),
    onSettled: () => {
      refreshing.current = false;
    },
  });
  const api = useMemo<CartSyncApi>(() => ({ post: (cart) => syncRef.current?.post(cart) }), []);

  useEffect(() => {
    setIdentity(identityDigest(userEmail));
    const refreshOnce = () => {
      if (!refreshing.current) refresh();
    };
    /** Refetch when the copy is missing, older than 24 h, or the cookie names another cart. */
    const check = () => {
      if (client.isMutating({ mutationKey: ['cart', 'change'] }) > 0) return;
      const cart = client.getQueryData<Cart>(CART_KEY);
      const age = Date.now() - (client.getQueryState(CART_KEY)?.dataUpdatedAt ?? 0);
      if (!cart || age >= CART_FRAGMENT_LIFETIME_MS || cookieHashOf(cart) !== currentCookieHash()) refreshOnce();
    };
    syncRef.current = createTabSync((cart) => (cart ? applyCart(client, cart) : check()));

    const userChanged = lastUser.current !== undefined && lastUser.current !== userEmail;
    lastUser.current = userEmail;
    if (userChanged) {
      // Logged in or out without a reload: the server merged or switched carts.
      refreshOnce();
    } else if (client.getQueryData(CART_KEY)) {
      // A page (the cart page) already put the server's cart here: it is the freshest there is.
      check();
    } else {
      const cached = readCache();
      if (isTrusted(cached)) client.setQueryData(CART_KEY, cached.cart, { updatedAt: cached.created });
      else if (!currentCookieHash() && !userEmail) applyCart(client, emptyCart(currency));
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
      syncRef.current?.close();
      syncRef.current = null;
    };
  }, [client, currency, userEmail, refresh]);

  return <CartSyncContext.Provider value={api}>{children}</CartSyncContext.Provider>;
}
