import http from 'node:http';
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

/**
 * The buyers' requests go through one keep-alive agent of `node:http`, not `fetch`: on two
 * cores the load generator shares the CPU with the server, and `fetch` (WHATWG streams,
 * headers and abort signals per request) cost about 5 ms of CPU per purchase, near half of
 * what the server spent.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

interface Answer {
  status: number;
  cartToken: string | undefined;
  text: string;
}

function post(ctx: BenchContext, path: string, token: string, body: unknown): Promise<Answer> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${ctx.baseUrl}${path}`,
      { method: 'POST', agent, timeout: 30_000, headers: { ...JSON_HEADERS, 'cart-token': token, 'content-length': payload.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const header = res.headers['cart-token'];
          resolve({ status: res.statusCode ?? 0, cartToken: Array.isArray(header) ? header[0] : header, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`POST ${path}: no answer in 30 s`)));
    req.on('error', reject);
    req.end(payload);
  });
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
export async function placeOrders(ctx: BenchContext, products: number[], until: () => number, measuring: () => boolean, into: OrderStream, paymentMethod = 'cod'): Promise<void> {
  const buyer = async (productId: number) => {
    while (performance.now() < until()) {
      const added = await post(ctx, '/api/cart/items', `bench-${Math.random()}`, { productId, quantity: 1 });
      const token = added.cartToken;
      if (added.status !== 201 || !token) throw new Error(`POST /api/cart/items answered ${added.status}`);
      const t0 = performance.now();
      const res = await post(ctx, '/api/checkout', token, { billing_address: BILLING, payment_method: paymentMethod });
      const text = res.text;
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
