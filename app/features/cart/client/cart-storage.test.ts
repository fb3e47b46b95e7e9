import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CART_FRAGMENT_LIFETIME_MS } from '../../../config/constants.ts';
import type { Cart } from '../cart.schema.ts';
import { emptyCart } from '../display.ts';
import { CHANNEL_NAME, cookieHashOf, countFromCookie, createTabSync, identityDigest, isTrusted, readCache, setIdentity, writeCache } from './cart-storage.ts';

/** The two browser stores the module reads, as plain objects (Node has BroadcastChannel itself). */
function fakeBrowser() {
  const store = new Map<string, string>();
  const g = globalThis as unknown as Record<string, unknown>;
  g.document = { cookie: '' };
  g.sessionStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  g.window = { addEventListener() {}, removeEventListener() {} };
}

const cart = (itemCount: number, hash: string): Cart => ({ ...emptyCart('GBP'), itemCount, hash });

describe('cart cache in session storage', () => {
  beforeEach(() => {
    fakeBrowser();
    setIdentity('');
  });

  it('the cookie carries the hash only while the cart has items', () => {
    expect(cookieHashOf(cart(2, 'abc'))).toBe('abc');
    expect(cookieHashOf(cart(0, 'abc'))).toBe('');
  });

  it('reads the item count cookie, ignoring anything that is not a positive whole number', () => {
    document.cookie = 'vt_other=1; vt_cart_items=3';
    expect(countFromCookie()).toBe(3);
    document.cookie = 'vt_cart_items=abc';
    expect(countFromCookie()).toBe(0);
  });

  it('trusts a copy under 24 hours old whose hash the cookie confirms, for the same shopper', () => {
    const now = Date.now();
    document.cookie = 'vt_cart_hash=abc; vt_cart_items=2';
    writeCache(cart(2, 'abc'), now - 1000);
    expect(isTrusted(readCache(), now)).toBe(true);
    expect(isTrusted(readCache(), now - 1000 + CART_FRAGMENT_LIFETIME_MS)).toBe(false);

    document.cookie = 'vt_cart_hash=changed-in-another-tab';
    expect(isTrusted(readCache(), now)).toBe(false);

    document.cookie = 'vt_cart_hash=abc';
    setIdentity(identityDigest('shopper@example.test'));
    expect(isTrusted(readCache(), now), 'logging in makes the guest copy stale').toBe(false);
  });

  it('an empty cart is trusted while there is no hash cookie', () => {
    writeCache(cart(0, 'whatever'));
    expect(isTrusted(readCache())).toBe(true);
  });

  it('a damaged entry is no copy at all', () => {
    sessionStorage.setItem('vitrine_cart', '{not json');
    expect(readCache()).toBeNull();
  });
});

describe('tab sync over BroadcastChannel', () => {
  const open: { close(): void }[] = [];
  afterEach(() => open.splice(0).forEach((s) => s.close()));

  it('another tab receives the whole cart; a malformed message asks it to refetch', async () => {
    fakeBrowser();
    const received: (Cart | null)[] = [];
    const a = createTabSync(() => {});
    const b = createTabSync((c) => received.push(c));
    open.push(a, b);
    a.post(cart(1, 'h1'));
    const stranger = new BroadcastChannel(CHANNEL_NAME);
    stranger.postMessage({ cart: { nonsense: true } });
    await expect.poll(() => received.length).toBe(2);
    stranger.close();
    expect(received[0]?.hash).toBe('h1');
    expect(received[1]).toBeNull();
  });
});
