import { HttpError } from '../../lib/http-error.ts';
import type { Services } from '../../lib/services.server.ts';
import { addItem, type CartAnswer, type CartCaller } from '../cart/cart.server.ts';
import type { OrderDetail } from './orders.ts';

/**
 * "Order again" (my account): puts the order's lines back in the caller's cart, each with
 * the cart's own checks. Lines that cannot be bought any more are skipped with the reason.
 * The caller must have loaded `order` through a scoped read (the customer's own order).
 */
export async function orderAgain(services: Services, caller: CartCaller, order: OrderDetail): Promise<{ cart: CartAnswer | null; skipped: { name: string; reason: string }[] }> {
  let cart: CartAnswer | null = null;
  const skipped: { name: string; reason: string }[] = [];
  for (const item of order.items) {
    if (item.productId === null) {
      skipped.push({ name: item.name, reason: 'This product is no longer sold.' });
      continue;
    }
    const attributes = Object.fromEntries(item.attributes.map((a) => [a.name.toLowerCase(), a.value]));
    try {
      cart = await addItem(services, caller, {
        productId: item.productId,
        ...(item.variationId !== null ? { variationId: item.variationId } : {}),
        ...(item.attributes.length ? { attributes } : {}),
        quantity: item.quantity,
      });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      skipped.push({ name: item.name, reason: err.message });
    }
  }
  return { cart, skipped };
}
