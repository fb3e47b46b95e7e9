import { presentAmounts, type PresentedAmounts } from '../../lib/amounts.ts';
import type { Cart } from './cart.schema.ts';

/**
 * The cart's amounts as shown (lib/amounts.ts): lines before coupons, a row per coupon
 * and per package, tax rows or the "includes" note, adding up to the total. The cart
 * page, mini-cart, checkout and the cart API all show this and nothing else.
 */
export function presentCart(cart: Omit<Cart, 'display'>): PresentedAmounts {
  const incl = cart.totals.pricesIncludeTax;
  const shown = (r: { cost: number; tax: number }) => r.cost + (incl ? r.tax : 0);
  return presentAmounts({
    basis: incl ? 'incl' : 'excl',
    lines: cart.items.map((i) => ({ key: i.key, amount: i.lineSubtotal })),
    coupons: cart.coupons.map((c) => ({ code: c.code, weight: c.discount })),
    discountTotal: cart.totals.discount,
    shipping: cart.shipping.packages.map((p) => {
      const chosen = p.rates.find((r) => r.id === p.selected);
      return {
        id: String(p.id),
        rateId: chosen?.id ?? null,
        title: chosen?.title ?? '',
        weight: chosen ? shown(chosen) : 0,
        rates: p.rates.map((r) => ({ id: r.id, title: r.title, amount: shown(r) })),
      };
    }),
    shippingTotal: cart.totals.shipping,
    taxes: cart.totals.taxLines,
    taxTotal: cart.totals.tax,
    total: cart.totals.total,
  });
}

/** The cart's presentation; a cart kept by the browser from before it carried one gets it made here. */
export const displayOf = (cart: Cart): PresentedAmounts => cart.display ?? presentCart(cart);

/** A cart with nothing in it, in the store's currency. */
export function emptyCart(currency: string): Cart {
  const cart: Omit<Cart, 'display'> = {
    items: [],
    coupons: [],
    shipping: { address: null, packages: [], ready: true },
    totals: { subtotal: 0, discount: 0, shipping: 0, tax: 0, total: 0, currency, taxLines: [], pricesIncludeTax: false },
    itemCount: 0,
    hash: '',
    notices: [],
  };
  return { ...cart, display: presentCart(cart) };
}
