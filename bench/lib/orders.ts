import { performance } from 'node:perf_hooks';
import { addMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { touchStore } from '../../app/lib/store-version.server.ts';
import type { BenchContext } from './types.ts';

/*
 * Buyers as headless clients place orders: a new cart (POST /api/cart/items with an unknown
 * Cart-Token makes one), then POST /api/checkout with cash on delivery; each starts again as
 * soon as its order is placed. Shared by the checkout scenario and the one that loads a page
 * while orders stream in.
 */
const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' };
const BILLING = {
  first_name: 'Bench', last_name: 'Buyer', company: '', address_1: '1 Test Street', address_2: '', city: 'London',
  state: '', postcode: 'SW1A 1AA', country: 'GB', email: 'bench@example.com', phone: '',
};

async function post(ctx: BenchContext, path: string, token: string, body: unknown): Promise<Response> {
  return fetch(`${ctx.baseUrl}${path}`, { method: 'POST', headers: { ...JSON_HEADERS, 'cart-token': token }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
}

/** Every destination needs a shipping rate to order; the bench catalog has none of its own. */
export async function ensureShipping(ctx: BenchContext): Promise<void> {
  const any = await ctx.db.selectFrom('shipping_methods').select('id').where('enabled', '=', 1).executeTakeFirst();
  if (any) return;
  await addMethod(ctx.db, null, { type: 'flat_rate' });
  await touchStore(ctx.db);
}

export interface OrderStream {
  /** Checkout latencies (ms) of the orders placed while `measuring` was on. */
  times: number[];
  failures: number;
  firstFailure: string;
}

/**
 * One buyer per product, each buying it over and over until `until()` is past; only the
 * orders placed while `measuring()` holds are recorded.
 */
export async function placeOrders(ctx: BenchContext, products: number[], until: () => number, measuring: () => boolean, into: OrderStream): Promise<void> {
  const buyer = async (productId: number) => {
    while (performance.now() < until()) {
      const added = await post(ctx, '/api/cart/items', `bench-${Math.random()}`, { productId, quantity: 1 });
      const token = added.headers.get('cart-token');
      await added.arrayBuffer();
      if (added.status !== 201 || !token) throw new Error(`POST /api/cart/items answered ${added.status}`);
      const t0 = performance.now();
      const res = await post(ctx, '/api/checkout', token, { billing_address: BILLING, payment_method: 'cod' });
      const text = await res.text();
      if (!measuring()) continue;
      if (res.status === 200) into.times.push(performance.now() - t0);
      else {
        into.failures++;
        into.firstFailure ||= `${res.status} ${text.slice(0, 200)}`;
      }
    }
  };
  await Promise.all(products.map(buyer));
}
