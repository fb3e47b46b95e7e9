import { performance } from 'node:perf_hooks';
import { addMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { touchStore } from '../../app/lib/store-version.server.ts';
import { measureBaseline } from '../lib/baselines.ts';
import { unlimitedProducts } from '../lib/catalog.ts';
import { cpuMeter, waitForIdle } from '../lib/cpu.ts';
import { latencySummary } from '../lib/stats.ts';
import type { BenchContext, CustomScenario } from '../lib/types.ts';

/*
 * Order placement (issue 6): 20 buyers at once, each buying a different product, as
 * headless clients do it — a new cart (POST /api/cart/items with an unknown Cart-Token
 * makes one), then POST /api/checkout with cash on delivery. Each buyer starts again as
 * soon as its order is placed. Orders per second count whole purchases; the latencies are
 * those of the checkout request alone. Products without stock limits, so no buyer is
 * refused; the stock update, coupon claim and order insert all run as in a real order.
 */
const BUYERS = 20;
const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' };
const BILLING = {
  first_name: 'Bench', last_name: 'Buyer', company: '', address_1: '1 Test Street', address_2: '', city: 'London',
  state: '', postcode: 'SW1A 1AA', country: 'GB', email: 'bench@example.com', phone: '',
};

async function post(ctx: BenchContext, path: string, token: string, body: unknown): Promise<Response> {
  return fetch(`${ctx.baseUrl}${path}`, { method: 'POST', headers: { ...JSON_HEADERS, 'cart-token': token }, body: JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
}

/** Every destination needs a shipping rate to order; the bench catalog has none of its own. */
async function ensureShipping(ctx: BenchContext): Promise<void> {
  const any = await ctx.db.selectFrom('shipping_methods').select('id').where('enabled', '=', 1).executeTakeFirst();
  if (any) return;
  await addMethod(ctx.db, null, { type: 'flat_rate' });
  await touchStore(ctx.db);
}

const checkout: CustomScenario = {
  name: `POST /api/checkout (${BUYERS} buyers, distinct products)`,
  async run(ctx) {
    const products = await unlimitedProducts(ctx, BUYERS);
    await ensureShipping(ctx);
    await waitForIdle(ctx.serverPid);
    const durationMs = Math.min(ctx.durationS, 5) * 1000;
    const warmupMs = Math.min(ctx.warmupS, 1) * 1000;
    const times: number[] = [];
    let failures = 0;
    let firstFailure = '';
    let measuring = false;
    let stopAt = performance.now() + warmupMs;
    const buyer = async (productId: number) => {
      while (performance.now() < stopAt) {
        const added = await post(ctx, '/api/cart/items', `bench-${Math.random()}`, { productId, quantity: 1 });
        const token = added.headers.get('cart-token');
        await added.arrayBuffer();
        if (added.status !== 201 || !token) throw new Error(`POST /api/cart/items answered ${added.status}`);
        const t0 = performance.now();
        const res = await post(ctx, '/api/checkout', token, { billing_address: BILLING, payment_method: 'cod' });
        const text = await res.text();
        if (!measuring) continue;
        if (res.status === 200) times.push(performance.now() - t0);
        else {
          failures++;
          firstFailure ||= `${res.status} ${text.slice(0, 200)}`;
        }
      }
    };
    // Warm-up, then the measured run with the same buyers.
    await Promise.all(products.map(buyer));
    measuring = true;
    const cpu = cpuMeter(ctx.serverPid);
    const start = performance.now();
    stopAt = start + durationMs;
    await Promise.all(products.map(buyer));
    const elapsedS = (performance.now() - start) / 1000;
    if (times.length === 0) throw new Error(`no order was placed: ${firstFailure}`);
    const result = {
      throughput: times.length / elapsedS,
      unit: 'orders/s',
      count: times.length,
      non2xx: failures,
      cpuMs: cpu(times.length),
      ...latencySummary(times),
      note: `${BUYERS} concurrent buyers, each: new cart + 1 line, then checkout (cash on delivery); latencies of POST /api/checkout; cpu ms per whole purchase${failures ? `; first refusal: ${firstFailure}` : ''}`,
    };
    const baseline = await measureBaseline(ctx, { kind: 'fastify-json' });
    return { result, baseline };
  },
};

const scenarios = [checkout];
export default scenarios;
