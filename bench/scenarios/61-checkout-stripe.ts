import { performance } from 'node:perf_hooks';
import type { Services } from '../../app/lib/services.server.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { writeSecrets } from '../../app/features/payments/secrets.server.ts';
import { unlimitedProducts } from '../lib/catalog.ts';
import { cpuMeter, waitForIdle } from '../lib/cpu.ts';
import { latencySummary } from '../lib/stats.ts';
import { ensureShipping, placeOrders, type OrderStream } from '../lib/orders.ts';
import type { BenchContext, CustomScenario, Measurement } from '../lib/types.ts';

/*
 * Checkout paid by card (issue 32) beside the offline method in the same run: the same 20
 * buyers as 60-checkout.ts, first with cash on delivery, then with Stripe — the order is placed
 * and a Checkout Session is made through the real SDK against the local stand-in (loopback
 * HTTP, never Stripe). The ratio is what the card payment's round trip costs a checkout.
 */
const BUYERS = 20;

async function measure(ctx: BenchContext, products: number[], method: string, label: string): Promise<Measurement> {
  await waitForIdle(ctx.serverPid);
  const durationMs = Math.min(ctx.durationS, 5) * 1000;
  const stream: OrderStream = { times: [], failures: 0, firstFailure: '' };
  let measuring = false;
  let stopAt = performance.now() + Math.min(ctx.warmupS, 1) * 1000;
  await placeOrders(ctx, products, () => stopAt, () => measuring, stream, method);
  measuring = true;
  const cpu = cpuMeter(ctx.serverPid);
  const start = performance.now();
  stopAt = start + durationMs;
  await placeOrders(ctx, products, () => stopAt, () => measuring, stream, method);
  const elapsedS = (performance.now() - start) / 1000;
  if (stream.times.length === 0) throw new Error(`no ${label} order was placed: ${stream.firstFailure}`);
  return {
    throughput: stream.times.length / elapsedS,
    unit: 'orders/s',
    count: stream.times.length,
    non2xx: stream.failures,
    cpuMs: cpu(stream.times.length),
    ...latencySummary(stream.times),
    note: `${BUYERS} concurrent buyers, new cart + checkout (${label}); latencies of POST /api/checkout`,
  };
}

const checkoutStripe: CustomScenario = {
  name: `POST /api/checkout by card via Stripe stand-in (${BUYERS} buyers) vs cash on delivery`,
  needs: ['stripe'],
  async run(ctx) {
    if (!ctx.stripe) throw new Error('the Stripe stand-in was not started');
    const products = await unlimitedProducts(ctx, BUYERS);
    await ensureShipping(ctx);
    // Keys as the admin would save them (sealed with the server's secret), already checked.
    const services = { db: ctx.db, config: { sessionSecret: String(ctx.serverEnv.SESSION_SECRET) } } as unknown as Services;
    await writeSecrets(services, 'stripe', { test_secret_key: [...ctx.stripe.keys][0]!, test_webhook_secret: ctx.stripe.webhookSecret });
    await saveSettings(ctx.db, { storeUrl: ctx.baseUrl, stripe: { enabled: true, testMode: true, testKeys: { state: 'ok', message: '', checkedAt: new Date().toISOString() } } });
    const offline = await measure(ctx, products, 'cod', 'cash on delivery');
    const card = await measure(ctx, products, 'stripe', 'Stripe Checkout Session through the stand-in');
    return { result: card, baseline: { name: 'same checkout, cash on delivery', result: offline } };
  },
};

export default [checkoutStripe];
