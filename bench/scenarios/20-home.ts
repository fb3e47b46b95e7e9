import { BR_SHARE, BROWSER_HEADERS, COMPRESSED, PAGE_CPU_MS } from '../lib/load.ts';
import type { HttpScenario } from '../lib/types.ts';

const render = { kind: 'render', path: '/' } as const;
const PLAIN = 'GET / (home SSR)';

/**
 * The home page as a first-time visitor gets it — the demo home page with one block of every
 * type, which the bench seed publishes (db/seed/bench.ts): root and home loaders, the rendered
 * document (from the page cache after the first request), security headers. The baseline is
 * renderToString of the same page's tree (bench/baselines/render-page.ts). Once
 * uncompressed (the same bytes as the baseline) and once with the `accept-encoding` a
 * browser sends, which is what shoppers get.
 */
const home: HttpScenario[] = [
  { name: PLAIN, request: { path: '/', headers: BROWSER_HEADERS }, baseline: render, targets: { maxCpuMs: PAGE_CPU_MS } },
  {
    name: 'GET / (home SSR, br)',
    request: { path: '/', headers: { ...BROWSER_HEADERS, ...COMPRESSED } },
    baseline: render,
    compareTo: PLAIN,
    targets: { maxCpuMs: PAGE_CPU_MS, minShareOfCompared: BR_SHARE },
  },
];

export default home;
