import { en, type MessageKey } from './en.ts';
import { enWishlist, type WishlistMessageKey } from './en-wishlist.ts';
import { fill } from './t.ts';

/** `t` for wishlist screens and answers: their own catalog (en-wishlist.ts) and the shop's. */
export function t(key: MessageKey | WishlistMessageKey, vars?: Record<string, string | number>): string {
  const text: string = key in enWishlist ? enWishlist[key as WishlistMessageKey] : en[key as MessageKey];
  return fill(text, vars);
}
