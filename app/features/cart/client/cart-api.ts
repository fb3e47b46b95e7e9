import type { Cart, CustomerAddress } from '../cart.schema.ts';
import { readCsrfToken } from '../../../lib/csrf-token.ts';
import { sendOnce } from '../../../lib/send-once.ts';

/** A refused cart call: the API's `{error:{code,message,fields?,productUrl?}}` with its status. */
export class CartApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    /** Set when the shopper must choose options on the product page first (spec: go there). */
    public productUrl?: string,
  ) {
    super(message);
  }
}

/** One change to the cart, as the queue runs it. */
export type CartOp =
  | { type: 'add'; productId: number; quantity: number; variationId?: number; attributes?: Record<string, string> }
  | { type: 'update'; key: string; quantity: number }
  | { type: 'remove'; key: string }
  | { type: 'restore'; key: string }
  | { type: 'apply_coupon'; code: string }
  | { type: 'remove_coupon'; code: string }
  | { type: 'customer'; address: CustomerAddress }
  | { type: 'rate'; packageId: number; rateId: string };


async function call(method: string, path: string, body?: unknown): Promise<Cart> {
  let res: Response;
  try {
    // One key per change: a repeat after a lost answer is answered, not applied again.
    const init: RequestInit = {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(method === 'GET' ? {} : { 'x-csrf-token': readCsrfToken() }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    };
    res = method === 'GET' ? await fetch(`/api/cart${path}`, init) : await sendOnce(`/api/cart${path}`, init);
  } catch {
    throw new CartApiError(0, 'network', 'The cart could not be reached. Check your connection and try again.');
  }
  const json = (await res.json().catch(() => null)) as (Cart & { error?: { code: string; message: string; productUrl?: string } }) | null;
  if (!res.ok || !json || json.error) {
    const err = json?.error;
    throw new CartApiError(res.status, err?.code ?? 'error', err?.message ?? 'Something went wrong. Please try again.', err?.productUrl);
  }
  return json;
}

export const fetchCart = () => call('GET', '');

/** Runs one change against the documented API; every answer is the whole cart. */
export function runCartOp(op: CartOp): Promise<Cart> {
  switch (op.type) {
    case 'add':
      return call('POST', '/items', { productId: op.productId, quantity: op.quantity, variationId: op.variationId, attributes: op.attributes });
    case 'update':
      return call('PATCH', `/items/${encodeURIComponent(op.key)}`, { quantity: op.quantity });
    case 'remove':
      return call('DELETE', `/items/${encodeURIComponent(op.key)}`);
    case 'restore':
      return call('POST', `/items/${encodeURIComponent(op.key)}/restore`);
    case 'apply_coupon':
      return call('POST', '/coupons', { code: op.code });
    case 'remove_coupon':
      return call('DELETE', `/coupons/${encodeURIComponent(op.code)}`);
    case 'customer':
      return call('POST', '/customer', op.address);
    case 'rate':
      return call('POST', '/shipping-rate', { packageId: op.packageId, rateId: op.rateId });
  }
}

export { isCart } from './cart-storage.ts';
