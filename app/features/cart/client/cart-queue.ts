import { createContext, useContext, useSyncExternalStore } from 'react';
import { useIsMutating, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Cart } from '../cart.schema.ts';
import { fetchCart, runCartOp, type CartOp } from './cart-api.ts';
import { writeCache } from './cart-storage.ts';

/*
 * The cart queue (spec §4: "requests to add and remove cart items are queued and run one
 * at a time"). Every cart request — changes and refreshes alike — is a TanStack mutation in
 * the one scope `cart`, and mutations of a scope run strictly in the order they were
 * started. So a fast double click sends two adds, the second after the first has answered,
 * and a refresh can never land on top of a newer change.
 */

export const CART_KEY = ['cart'] as const;
export const CART_SCOPE = { id: 'cart' } as const;
const CHANGE_KEY = ['cart', 'change'];
export const REFRESH_KEY = ['cart', 'refresh'];

/** What the sync component shares with the hooks: telling other tabs about a change. */
export interface CartSyncApi {
  post(cart: Cart): void;
}
export const CartSyncContext = createContext<CartSyncApi | null>(null);

/** Stores a cart answer in the query cache and in session storage (with when it was fetched). */
export function applyCart(client: QueryClient, cart: Cart, created = Date.now()): void {
  client.setQueryData(CART_KEY, cart, { updatedAt: created });
  writeCache(cart, created);
}

/** The cart as this browser last saw it; undefined until it is known (and always during SSR). */
export function useCart(): Cart | undefined {
  return useQuery({ queryKey: CART_KEY, queryFn: fetchCart, enabled: false, staleTime: Infinity, gcTime: Infinity }).data;
}

/** True while a change is queued or running: widgets show the blocking overlay. */
export function useCartBusy(): boolean {
  return useIsMutating({ mutationKey: CHANGE_KEY, exact: true }) > 0;
}

/**
 * Queues one change; the promise settles with the new cart or a CartApiError. Every call
 * is its own mutation, so calling again before the last one answered queues another.
 */
export function useCartAction(): (op: CartOp) => Promise<Cart> {
  const client = useQueryClient();
  const sync = useContext(CartSyncContext);
  const { mutateAsync } = useMutation({
    mutationKey: CHANGE_KEY,
    scope: CART_SCOPE,
    // Always try the request: a failure must surface so the caller can fall back to a link.
    networkMode: 'always',
    mutationFn: runCartOp,
    onSuccess: (cart) => {
      applyCart(client, cart);
      sync?.post(cart);
    },
  });
  return mutateAsync;
}

const noop = () => () => {};
/** False during SSR and hydration, true afterwards: browser-only state renders after it. */
export const useHydrated = () => useSyncExternalStore(noop, () => true, () => false);
