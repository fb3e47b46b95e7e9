import { performance } from 'node:perf_hooks';
import { BUYERS, barePurchase } from '../lib/bare-purchase.ts';
import { measureBaseline } from '../lib/baselines.ts';
import { unlimitedProducts } from '../lib/catalog.ts';
import { cpuMeter, waitForIdle } from '../lib/cpu.ts';
import { latencySummary } from '../lib/stats.ts';
import { ensureShipping, placeOrders, type OrderStream } from '../lib/orders.ts';
import type { CustomScenario } from '../lib/types.ts';

/*
 * Order placement (issue 6): 20 buyers at once, each buying a different product, as
 * headless clients do it — a new cart (POST /api/cart/items with an unknown Cart-Token
 * makes one), then POST /api/checkout with cash on delivery. Each buyer starts again as
 * soon as its order is placed. Orders per second count whole purchases; the latencies are
 * those of the checkout request alone. Products without stock limits, so no buyer is
 * refused; the stock update, coupon claim and order insert all run as in a real order.
 */

const checkout: CustomScenario = {
  name: `POST /api/checkout (${BUYERS} buyers, distinct products)`,
  async run(ctx) {
    const products = await unlimitedProducts(ctx, BUYERS);
    await ensureShipping(ctx);
    await waitForIdle(ctx.serverPid);
    const durationMs = Math.min(ctx.durationS, 5) * 1000;
    const warmupMs = Math.min(ctx.warmupS, 1) * 1000;
    const stream: OrderStream = { times: [], failures: 0, firstFailure: '' };
    let measuring = false;
    let stopAt = performance.now() + warmupMs;
    // Warm-up, then the measured run with the same buyers.
    await placeOrders(ctx, products, () => stopAt, () => measuring, stream);
    measuring = true;
    const cpu = cpuMeter(ctx.serverPid);
    const client = process.cpuUsage();
    const start = performance.now();
    stopAt = start + durationMs;
    await placeOrders(ctx, products, () => stopAt, () => measuring, stream);
    const { times, failures, firstFailure } = stream;
    const elapsedS = (performance.now() - start) / 1000;
    // The load generator shares the cores: what it costs per purchase is printed beside the server's.
    const used = process.cpuUsage(client);
    const clientCpu = times.length ? (used.user + used.system) / 1000 / times.length : undefined;
    if (times.length === 0) throw new Error(`no order was placed: ${firstFailure}`);
    const result = {
      throughput: times.length / elapsedS,
      unit: 'orders/s',
      count: times.length,
      non2xx: failures,
      cpuMs: cpu(times.length),
      ...latencySummary(times),
      note: `${BUYERS} concurrent buyers, each: new cart + 1 line, then checkout (cash on delivery); latencies of POST /api/checkout; cpu ms per whole purchase (the buyers' own: ${clientCpu?.toFixed(2) ?? '?'} ms)${failures ? `; first refusal: ${firstFailure}` : ''}`,
    };
    // The same writes through the same driver, with nothing of the shop around them.
    const baseline = await measureBaseline(ctx, barePurchase);
    return { result, baseline };
  },
  targets: { minShareOfBaseline: 0.5 },
};

const scenarios = [checkout];
export default scenarios;
