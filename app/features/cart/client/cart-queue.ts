import { useSyncExternalStore } from 'react';
import type { Cart } from '../cart.schema.ts';
import type { CartOp } from './cart-api.ts';
import { writeCache } from './cart-storage.ts';

/*
 * The browser's cart and the cart queue (spec §4: "requests to add and remove cart items are
 * queued and run one at a time"). Every cart request — changes and refreshes alike — joins
 * one queue and starts only when the one before it has answered. So a fast double click
 * sends two adds, the second after the first has answered, and a refresh can never land on
 * top of a newer change. The cart itself is a small store the hooks read with
 * useSyncExternalStore: every page has it (the header count) without a data library in its
 * first JavaScript.
 */

/** Cache keys of the former query-based cart, kept for code that names them. */
export const CART_KEY = ['cart'] as const;
export const CART_SCOPE = { id: 'cart' } as const;
export const REFRESH_KEY = ['cart', 'refresh'];

/** What the sync component shares with the queue: telling other tabs about a change. */
export interface CartSyncApi {
  post(cart: Cart): void;
}

let current: Cart | undefined;
let updatedAt = 0;
let changes = 0;
let tail: Promise<unknown> = Promise.resolve();
let sync: CartSyncApi | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** The cart as this browser last saw it, and when it was fetched (0: never). */
export const cartState = () => ({ cart: current, updatedAt });
/** How many changes are queued or running. */
export const pendingChanges = () => changes;
/** Set by the sync component: changes made here are posted to the other tabs. */
export const setCartSync = (api: CartSyncApi | null) => {
  sync = api;
};

/** Stores a cart answer (and in session storage, with when it was fetched). */
export function storeCart(cart: Cart, created = Date.now()): void {
  current = cart;
  updatedAt = created;
  writeCache(cart, created);
  emit();
}

/** The requests themselves (and their error type) load with the first one. */
const cartApi = () => import('./cart-api.ts');

/** Puts a task at the end of the queue; it starts once every earlier one has settled. */
function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const run = tail.then(task, task);
  tail = run.catch(() => undefined);
  return run;
}

/** Queues one change; settles with the new cart (stored and posted to other tabs) or a CartApiError. */
export function queueCartChange(op: CartOp): Promise<Cart> {
  changes += 1;
  emit();
  const done = enqueue(() => cartApi().then((api) => api.runCartOp(op))).then((cart) => {
    storeCart(cart);
    sync?.post(cart);
    return cart;
  });
  void done.then(
    () => settle(),
    () => settle(),
  );
  return done;
}

function settle() {
  changes -= 1;
  emit();
}

/** Queues GET /api/cart, tried up to three times (the spec's fallback); rejects after the last failure. */
export function queueCartRefresh(): Promise<Cart> {
  const attempt = (left: number): Promise<Cart> =>
    cartApi().then((api) => api.fetchCart()).catch((err: unknown) => (left > 0 ? new Promise((r) => setTimeout(r, 1000 * (3 - left))).then(() => attempt(left - 1)) : Promise.reject(err)));
  return enqueue(() => attempt(2)).then((cart) => {
    storeCart(cart);
    return cart;
  });
}

const cartSnapshot = () => current;
const busySnapshot = () => changes > 0;
const never = () => undefined;
const idle = () => false;

/** The cart as this browser last saw it; undefined until it is known (and always during SSR). */
export function useCart(): Cart | undefined {
  return useSyncExternalStore(subscribe, cartSnapshot, never);
}

/** True while a change is queued or running: widgets show the blocking overlay. */
export function useCartBusy(): boolean {
  return useSyncExternalStore(subscribe, busySnapshot, idle);
}

/**
 * Queues one change; the promise settles with the new cart or a CartApiError. Every call
 * is its own request, so calling again before the last one answered queues another.
 */
export function useCartAction(): (op: CartOp) => Promise<Cart> {
  return queueCartChange;
}

const noop = () => () => {};
/** False during SSR and hydration, true afterwards: browser-only state renders after it. */
export const useHydrated = () => useSyncExternalStore(noop, () => true, () => false);
