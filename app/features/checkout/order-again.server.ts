import { HttpError } from '../../lib/http-error.ts';
import type { Services } from '../../lib/services.server.ts';
import { addItem, type CartAnswer, type CartCaller } from '../cart/cart.server.ts';
import type { OrderDetail } from '../orders/orders.ts';

/**
 * "Order again": each line of the order goes into the cart through the cart's own rules
 * (stock, purchasability, variations). Lines that cannot be bought any more are reported
 * by name; the others are added.
 */
export async function orderAgain(services: Services, caller: CartCaller, order: OrderDetail): Promise<{ answer: CartAnswer | null; failed: string[] }> {
  let answer: CartAnswer | null = null;
  const failed: string[] = [];
  for (const item of order.items) {
    if (item.productId === null) {
      failed.push(item.name);
      continue;
    }
    try {
      answer = await addItem(services, caller, {
        productId: item.productId,
        variationId: item.variationId ?? undefined,
        attributes: item.attributes.length ? Object.fromEntries(item.attributes.map((a) => [a.name.toLowerCase(), a.value])) : undefined,
        quantity: item.quantity,
      });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      failed.push(item.name);
    }
  }
  return { answer, failed };
}
