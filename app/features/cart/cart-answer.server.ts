/**
 * What every cart change answers with: the priced cart and the token naming it. Line changes
 * (cart.server.ts) and the shopper's choices (cart-choices.server.ts) both end here.
 */
import type { Services } from '../../lib/services.server.ts';
import { getSettings } from '../settings/settings.server.ts';
import type { Cart } from './cart.schema.ts';
import type { CartCustomer } from './contracts.ts';
import type { RemovedLine } from './cart-undo.server.ts';
import { resolveCart, type CartIdentity, type CartItemRow, type CartRow } from './cart-store.server.ts';
import { priceCart } from './totals.server.ts';
import { emptyCart } from './display.ts';

export interface CartCaller {
  identity: CartIdentity;
  customer: CartCustomer;
}

export interface CartAnswer {
  cart: Cart;
  /** The cart token to hand back; null when there is no cart yet. */
  token: string | null;
  /** After a removal: the line taken out, for Undo (cart-undo.server.ts). */
  removed?: RemovedLine;
}

export async function answer(services: Services, row: CartRow, token: string, caller: CartCaller, lines?: CartItemRow[], memo = false): Promise<CartAnswer> {
  const settings = await getSettings(services.db);
  return { cart: await priceCart(services.db, row, settings, caller.customer, { memo, lines }), token };
}

export async function mustHave(services: Services, caller: CartCaller) {
  const found = await resolveCart(services.db, caller.identity, true);
  return found!;
}

/** The cart as it is now; an empty cart (and no token) when the caller has none yet. */
export async function getCart(services: Services, caller: CartCaller): Promise<CartAnswer> {
  const found = await resolveCart(services.db, caller.identity, false);
  if (found) return answer(services, found.cart, found.token, caller, found.lines, true);
  const { currency } = await getSettings(services.db);
  return {
    token: null,
    cart: emptyCart(currency),
  };
}

