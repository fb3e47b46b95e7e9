import { performance } from 'node:perf_hooks';
import { benchCategories, unlimitedProducts } from '../lib/catalog.ts';
import { waitForIdle } from '../lib/cpu.ts';
import { BROWSER_HEADERS, loadTest } from '../lib/load.ts';
import { ensureShipping, placeOrders, type OrderStream } from '../lib/orders.ts';
import type { BenchContext, CustomScenario, Measurement, RequestSpec } from '../lib/types.ts';

/*
 * Invalidation by what changed (issue 21): the fullest leaf category page loaded at the
 * run's connections, first alone (the baseline), then while buyers place orders without
 * pause. An order moves only its products' stock versions, so the page stays in the page
 * cache unless an order touched one of the products it shows; with a store-wide flush per
 * order, nearly every request would render the page again. The page cache's answer
 * (x-page-cache: hit | miss) is sampled every 100 ms by a separate client during each run.
 */
const BUYERS = 5;
const PER_PAGE = 48;

/** Runs `load` while sampling the page's x-page-cache header; returns both. */
async function sampled(ctx: BenchContext, spec: RequestSpec, load: () => Promise<Measurement>) {
  const counts = { hit: 0, other: 0 };
  let on = true;
  const sampler = (async () => {
    while (on) {
      try {
        const res = await fetch(ctx.baseUrl + spec.path, { headers: spec.headers, signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        if (res.headers.get('x-page-cache') === 'hit') counts.hit++;
        else counts.other++;
      } catch {
        counts.other++;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const result = await load();
  on = false;
  await sampler;
  const share = counts.hit + counts.other ? counts.hit / (counts.hit + counts.other) : 0;
  return { result, share, samples: counts.hit + counts.other };
}

const pct = (x: number) => `${Math.round(x * 100)} %`;

const withOrders: CustomScenario = {
  name: `GET category, leaf (${PER_PAGE}/page) while orders stream in`,
  async run(ctx) {
    const c = (await benchCategories(ctx)).leaf;
    const spec: RequestSpec = { path: `/product-category/${c.path}?per_page=${PER_PAGE}`, headers: BROWSER_HEADERS };
    const products = await unlimitedProducts(ctx, BUYERS);
    await ensureShipping(ctx);
    await waitForIdle(ctx.serverPid);
    const settings = { pid: ctx.serverPid, connections: ctx.connections, durationS: ctx.durationS, warmupS: ctx.warmupS };
    const alone = await sampled(ctx, spec, () => loadTest(ctx.baseUrl, spec, settings));

    await waitForIdle(ctx.serverPid);
    const stream: OrderStream = { times: [], failures: 0, firstFailure: '' };
    let stopAt = Number.POSITIVE_INFINITY;
    const started = performance.now();
    const orders = placeOrders(ctx, products, () => stopAt, () => true, stream);
    // The server is never idle while orders stream in: no pid, so no wait for idle (and no CPU figure).
    const busy = await sampled(ctx, spec, () => loadTest(ctx.baseUrl, spec, { ...settings, pid: undefined }));
    stopAt = 0;
    await orders;
    const ordersPerS = stream.times.length / ((performance.now() - started) / 1000);
    if (stream.times.length === 0) throw new Error(`no order was placed alongside the page: ${stream.firstFailure}`);
    return {
      result: {
        ...busy.result,
        note: `${c.path}; ${BUYERS} buyers placed ${ordersPerS.toFixed(1)} orders/s alongside (${stream.failures} refused); page-cache hits sampled: ${pct(busy.share)} of ${busy.samples} with orders, ${pct(alone.share)} of ${alone.samples} alone`,
        details: { ...busy.result.details, ordersPerS, pageCacheHitShare: busy.share, pageCacheHitShareAlone: alone.share },
      },
      baseline: { name: 'the same page alone (same run)', result: alone.result },
    };
  },
};

export default withOrders;
