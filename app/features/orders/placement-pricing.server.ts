import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import type { Address } from '../address/address.ts';
import type { Cart } from '../cart/cart.schema.ts';
import type { cartWithLines } from '../cart/cart-store.server.ts';
import { priceCart } from '../cart/totals.server.ts';
import { findCoupon, type Coupon } from '../coupons/coupons.server.ts';
import { cartEmpty, type Validated } from './placement-request.server.ts';

/*
 * Pricing an order inside its transaction: the cart re-priced with the cart's own code for
 * the shipping address, and refused (409) when it changed since the shopper saw it, has no
 * shipping, or its totals moved; the coupons it carries, read for redeeming.
 */

function toCustomerLocation(a: Address): string {
  return JSON.stringify({ country: a.country, state: a.state, postcode: a.postcode, city: a.city });
}

function conflictLines(cart: Cart) {
  return cart.items.map((i) => ({ key: i.key, productId: i.productId, variationId: i.variationId, name: i.name, quantity: i.quantity }));
}

/** The cart and its lines as read for the order. */
export type CartForOrder = Pick<NonNullable<Awaited<ReturnType<typeof cartWithLines>>>, 'cart' | 'lines'>;

/** The cart priced for the order (`row` is the cart as priced, with the shipping location), and its coupons. */
export async function priceForOrder(trx: DB, current: CartForOrder, v: Validated, settings: StoreSettings, customer: { userId: number | null; email: string }) {
  const row = { ...current.cart, customer: toCustomerLocation(v.shipping) };
  const cart = await priceCart(trx, row, settings, customer, { lines: current.lines });
  if (cart.items.length === 0 && cart.notices.length === 0) throw cartEmpty();
  if (cart.notices.length) {
    throw new HttpError(409, 'cart_changed', `Your cart changed: ${cart.notices.join(' ')}`, undefined, undefined, { notices: cart.notices, lines: conflictLines(cart), cart });
  }
  if (!cart.shipping.ready) {
    throw new HttpError(409, 'no_shipping', 'No shipping method is available for your address. Please check the address, or contact us for help.', {
      'shipping_address.country': 'We do not ship here',
    });
  }
  if ((v.data.cart_hash && v.data.cart_hash !== cart.hash) || (v.data.expected_total !== undefined && v.data.expected_total !== cart.totals.total)) {
    throw new HttpError(409, 'totals_changed', 'The prices or totals in your cart have changed since you saw them. Please review your order and place it again.', undefined, undefined, {
      cart,
      lines: conflictLines(cart),
    });
  }
  const coupons: Coupon[] = [];
  for (const c of cart.coupons) {
    const coupon = await findCoupon(trx, c.code);
    if (coupon) coupons.push(coupon);
  }
  return { row, cart, coupons };
}
