import { BROWSER_HEADERS, COMPRESSED } from '../lib/load.ts';
import type { HttpScenario } from '../lib/types.ts';

const render = { kind: 'render', path: '/' } as const;

/**
 * The home page as a first-time visitor gets it: root and home loaders, the streamed
 * SSR document, security headers. Once uncompressed (the same bytes as the baseline)
 * and once with the compression a browser asks for.
 */
const home: HttpScenario[] = [
  { name: 'GET / (home SSR)', request: { path: '/', headers: BROWSER_HEADERS }, baseline: render },
  { name: 'GET / (home SSR, br)', request: { path: '/', headers: { ...BROWSER_HEADERS, ...COMPRESSED } }, baseline: render },
];

export default home;
