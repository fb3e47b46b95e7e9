import { CART_FRAGMENT_LIFETIME_MS } from '../../../config/constants.ts';
import { cookieFrom } from '../../../lib/cookies.ts';
import type { Cart } from '../cart.schema.ts';

/*
 * The browser's copy of the cart (spec §3 "browser storage"): session storage keeps the
 * last cart answer with its hash and the time it was fetched; the server's cookies say
 * which hash is current and how many items there are, so any page (even one served from
 * a cache) can tell whether its copy is stale without asking.
 */

/** Cookies the server sets on every cart answer (cart-store.server.ts); readable by scripts. */
export const HASH_COOKIE = 'vt_cart_hash';
export const COUNT_COOKIE = 'vt_cart_items';
/** Session-storage entry: {cart, hash, created}. */
const CACHE_KEY = 'vitrine_cart';
/** Cross-tab channel, and the local-storage key pinged where BroadcastChannel is missing. */
export const CHANNEL_NAME = 'vitrine-cart';
const PING_KEY = 'vitrine-cart-ping';

/** Whether a value looks like a cart answer (messages from other tabs are checked before use). */
export function isCart(v: unknown): v is Cart {
  const c = v as Cart | null;
  return !!c && typeof c === 'object' && Array.isArray(c.items) && typeof c.hash === 'string' && typeof c.itemCount === 'number' && !!c.totals;
}

export function readCookie(name: string): string | null {
  return cookieFrom(document.cookie, name) ?? null;
}

/** The hash the cookie should carry for this cart: the server clears the cookie when the cart is empty. */
export const cookieHashOf = (cart: Cart) => (cart.itemCount > 0 ? cart.hash : '');

export const currentCookieHash = () => readCookie(HASH_COOKIE) ?? '';

/** The header's count before the cart itself is known. */
export function countFromCookie(): number {
  const n = Number(readCookie(COUNT_COOKIE));
  return Number.isInteger(n) && n > 0 ? n : 0;
}

export interface CachedCart {
  cart: Cart;
  hash: string;
  created: number;
  /** Whose cart it was (a digest of the signed-in e-mail, "" for a guest): logging in or out invalidates it. */
  who: string;
}

export function readCache(): CachedCart | null {
  try {
    const raw = sessionStorage.getItem(CACHE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as CachedCart;
    return isCart(parsed.cart) && typeof parsed.created === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/** A short digest of the shopper's identity, so the e-mail itself is not stored. */
export function identityDigest(email: string | null | undefined): string {
  if (!email) return '';
  let h = 5381;
  for (let i = 0; i < email.length; i++) h = ((h << 5) + h + email.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

let currentWho = '';
/** Set once by the sync component from the page's signed-in user. */
export const setIdentity = (who: string) => {
  currentWho = who;
};

export function writeCache(cart: Cart, created = Date.now()): void {
  try {
    sessionStorage.setItem(CACHE_KEY, JSON.stringify({ cart, hash: cart.hash, created, who: currentWho } satisfies CachedCart));
  } catch {
    // Storage full or blocked (private mode): the cart is simply fetched again next time.
  }
}

/** A cached cart is trusted for 24 hours, only while the cookie agrees with its hash, and only for the same shopper. */
export function isTrusted(cached: CachedCart | null, now = Date.now()): cached is CachedCart {
  return (
    !!cached &&
    now - cached.created < CART_FRAGMENT_LIFETIME_MS &&
    cookieHashOf(cached.cart) === currentCookieHash() &&
    (cached.who ?? '') === currentWho
  );
}

type Listener = (cart: Cart | null) => void;

/**
 * Tells other tabs about a change. BroadcastChannel carries the whole cart (they apply it
 * at once); without it, a local-storage write fires `storage` in the other tabs, which then
 * compare the cookie and refetch. A null cart asks them to refetch.
 */
export function createTabSync(onMessage: Listener) {
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  const onBroadcast = (e: MessageEvent) => onMessage(isCart((e.data as { cart?: unknown })?.cart) ? (e.data as { cart: Cart }).cart : null);
  const onStorage = (e: StorageEvent) => {
    if (e.key === PING_KEY && e.newValue) onMessage(null);
  };
  channel?.addEventListener('message', onBroadcast);
  if (!channel) window.addEventListener('storage', onStorage);
  return {
    post(cart: Cart) {
      if (channel) {
        channel.postMessage({ cart });
        return;
      }
      try {
        localStorage.setItem(PING_KEY, `${cart.hash}:${Date.now()}`);
      } catch {
        // No storage: other tabs catch up on focus through the cookie.
      }
    },
    close() {
      channel?.removeEventListener('message', onBroadcast);
      channel?.close();
      window.removeEventListener('storage', onStorage);
    },
  };
}
