import { useMemo, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import { WISHLIST_EVENT } from './wishlist-events.ts';

/**
 * What this browser knows of the shopper's wishlists: the item count and the products in
 * them (for the header count and the hearts). Pages stay cacheable: nothing per visitor is
 * rendered by the server; the first reader fetches GET /api/wishlist/count once per page
 * load, and changes from this tab (events) or others (BroadcastChannel) update it.
 */
export interface WishlistState {
  count: number;
  products: Set<number>;
  /** The count just went up: the header shows its "added" flash. */
  addedAt: number;
}

let state: WishlistState | null = null;
let loading = false;
const listeners = new Set<() => void>();

function set(next: { count: number; products?: number[]; added?: boolean }) {
  state = {
    count: next.count,
    products: next.products ? new Set(next.products) : (state?.products ?? new Set()),
    addedAt: next.added ? Date.now() : (state?.addedAt ?? 0),
  };
  for (const l of listeners) l();
}

function load() {
  if (loading || typeof window === 'undefined') return;
  loading = true;
  fetch('/api/wishlist/count', { credentials: 'same-origin', headers: { accept: 'application/json' } })
    .then((r) => (r.ok ? r.json() : null))
    .then((body: { count: number; products: number[] } | null) => body && set(body))
    .catch(() => {});
  window.addEventListener(WISHLIST_EVENT, (e) => set((e as CustomEvent).detail));
  try {
    const channel = new BroadcastChannel('vt-wishlist');
    channel.onmessage = (e) => set({ ...(e.data as { count: number; products?: number[] }), added: false });
  } catch {
    // No BroadcastChannel: other tabs catch up on their next page.
  }
}

function subscribe(l: () => void) {
  listeners.add(l);
  load();
  return () => listeners.delete(l);
}

/**
 * The shared wishlist state, or null until the count has arrived. On the server (and until the
 * count arrives) it is what the root loader read for a page rendered for this visitor alone —
 * after a heart pressed without scripts (visitor-wishlist.server.ts) — else null.
 */
export function useWishlistState(): WishlistState | null {
  const live = useSyncExternalStore(subscribe, () => state, () => null);
  const seed = (useRouteLoaderData('root') as { wishlist?: { count: number; products: number[] } | null } | undefined)?.wishlist;
  const seeded = useMemo(() => (seed ? { count: seed.count, products: new Set(seed.products), addedAt: 0 } : null), [seed]);
  return live ?? seeded;
}

/** Marks a product as in a list right away (the answer of an add), without waiting for a refetch. */
export function rememberAdded(productId: number, count: number): void {
  set({ count, products: [...(state?.products ?? []), productId], added: true });
}
