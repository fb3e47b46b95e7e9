import { benchProduct } from '../lib/catalog.ts';
import { BR_SHARE, BROWSER_HEADERS, COMPRESSED, PAGE_CPU_MS } from '../lib/load.ts';
import type { HttpScenario } from '../lib/types.ts';

/*
 * A product page (a variable product with the most reviews) as a first-time visitor gets
 * it, uncompressed and with a browser's `accept-encoding`, beside a bare renderToString of
 * the same page.
 */
const PLAIN = 'GET product page';

function productPage(br: boolean): HttpScenario {
  return {
    name: br ? `${PLAIN} (br)` : PLAIN,
    async request(ctx) {
      const p = await benchProduct(ctx);
      return { path: `/product/${p.slug}`, headers: br ? { ...BROWSER_HEADERS, ...COMPRESSED } : BROWSER_HEADERS, label: p.name };
    },
    baseline: async (ctx) => ({ kind: 'render', path: `/product/${(await benchProduct(ctx)).slug}` }),
    compareTo: br ? PLAIN : undefined,
    targets: { maxCpuMs: PAGE_CPU_MS, ...(br ? { minShareOfCompared: BR_SHARE } : {}) },
  };
}

const scenarios = [productPage(false), productPage(true)];
export default scenarios;
