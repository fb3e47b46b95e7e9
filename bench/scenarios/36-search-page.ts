import { BR_SHARE, BROWSER_HEADERS, COMPRESSED, PAGE_CPU_MS } from '../lib/load.ts';
import type { HttpScenario } from '../lib/types.ts';

/*
 * The search results page for a two-word query (`/search?q=` answers with a redirect to
 * this listing), uncompressed and with a browser's `accept-encoding`, beside a bare
 * renderToString of the same page.
 */
const PLAIN = 'GET search results page';
const PATH = '/shop?s=walnut+cushion';

function searchPage(br: boolean): HttpScenario {
  return {
    name: br ? `${PLAIN} (br)` : PLAIN,
    request: { path: PATH, headers: br ? { ...BROWSER_HEADERS, ...COMPRESSED } : BROWSER_HEADERS, label: 'walnut cushion' },
    baseline: { kind: 'render', path: PATH },
    compareTo: br ? PLAIN : undefined,
    targets: { maxCpuMs: PAGE_CPU_MS, ...(br ? { minShareOfCompared: BR_SHARE } : {}) },
  };
}

const scenarios = [searchPage(false), searchPage(true)];
export default scenarios;
