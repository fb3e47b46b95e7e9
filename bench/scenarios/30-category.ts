import { loadListingPage } from '../../app/features/catalog/listing-page.server.ts';
import type { DB } from '../../db/client.ts';
import { anonymousContext, benchServices } from '../lib/app-context.ts';
import { benchCategories } from '../lib/catalog.ts';
import { waitForIdle } from '../lib/cpu.ts';
import { BR_SHARE, BROWSER_HEADERS, COMPRESSED, PAGE_CPU_MS } from '../lib/load.ts';
import { captureQueries, formatQueryTimes, queryLabel, rawConnection, timeEach } from '../lib/sql.ts';
import { measureLoop } from '../lib/stats.ts';
import type { CustomScenario, HttpScenario } from '../lib/types.ts';

/*
 * Category pages, 48 products a page (issue 3), for the fullest leaf category (~2,400
 * products at 100k) and the fullest top-level one (~14,500, subcategories included):
 *  - the page over HTTP, as a first-time visitor gets it, at the run's connections (once
 *    uncompressed, once with a browser's `accept-encoding`) and with one connection, beside
 *    a bare renderToString of the same page;
 *  - the page's own loader timed in the runner, beside the raw SQL of its 48-row product
 *    query alone, with each of the loader's statements timed raw in the note.
 */
type Which = 'leaf' | 'top';
const PER_PAGE = 48;
const pagePath = (path: string) => `/product-category/${path}?per_page=${PER_PAGE}`;
const kinds: Record<Which, string> = { leaf: 'leaf', top: 'top-level' };

const pageName = (which: Which, variant = '') => `GET category, ${kinds[which]} (${PER_PAGE}/page${variant})`;

/**
 * At the run's connections (the 50), uncompressed and with brotli as browsers ask
 * for it, and with one connection: a page slower than 50 × its own cost per request times
 * out under 50 connections on a busy machine, while one connection still gives its latency
 * without queueing and a clean CPU per request.
 */
function page(which: Which, variant: 'plain' | 'br' | 'single' = 'plain'): HttpScenario {
  return {
    name: pageName(which, variant === 'br' ? ', br' : variant === 'single' ? ', 1 connection' : ''),
    async request(ctx) {
      const c = (await benchCategories(ctx))[which];
      return {
        path: pagePath(c.path),
        headers: variant === 'br' ? { ...BROWSER_HEADERS, ...COMPRESSED } : BROWSER_HEADERS,
        label: `${c.path}, ${c.count.toLocaleString('en-GB')} products`,
        autocannon: variant === 'single' ? { connections: 1 } : undefined,
      };
    },
    baseline: async (ctx) => ({ kind: 'render', path: pagePath((await benchCategories(ctx))[which].path) }),
    compareTo: variant === 'br' ? pageName(which) : undefined,
    targets:
      variant === 'single'
        ? undefined
        : { minThroughput: 800, maxP95Ms: 50, maxCpuMs: PAGE_CPU_MS, ...(variant === 'br' ? { minShareOfCompared: BR_SHARE } : {}) },
  };
}

function loaderSql(which: Which): CustomScenario {
  return {
    name: `category loader, ${kinds[which]} (in-process)`,
    async run(ctx) {
      const c = (await benchCategories(ctx))[which];
      await waitForIdle(ctx.serverPid);
      const url = `${ctx.baseUrl}${pagePath(c.path)}`;
      const load = (db: DB) => loadListingPage(anonymousContext(benchServices(ctx, db), ctx.baseUrl), new Request(url), 'category', c.path);
      const queries = await captureQueries(ctx, load);
      const raw = await rawConnection(ctx);
      const each = await timeEach(raw, queries, ctx.quick ? 150 : 300);
      const pageQuery = queries.find((q) => queryLabel(q) === 'page');
      if (!pageQuery) throw new Error(`no paged product query among the loader's statements: ${queries.map(queryLabel).join(', ')}`);
      // In-process loops settle within seconds: no need for a whole load-run duration.
      const loopMs = Math.min(ctx.durationS, 3) * 1000;
      const warmMs = Math.min(ctx.warmupS, 1) * 1000;
      const services = benchServices(ctx, ctx.db);
      const result = await measureLoop(() => loadListingPage(anonymousContext(services, ctx.baseUrl), new Request(url), 'category', c.path), loopMs, warmMs, 'loads/s');
      result.note = `${c.path}: listing loader through Kysely, ${queries.length} statements, each alone (raw, median): ${formatQueryTimes(each)}`;
      result.details = { statements: each, sql: queries.map((q) => q.sql) };
      const baseline = await measureLoop(raw.prepare(pageQuery), loopMs, warmMs, 'queries/s');
      return { result, baseline: { name: `raw SQL: the ${PER_PAGE}-row product query alone`, result: baseline } };
    },
  };
}

// One connection for the leaf only: the top-level page's cost is its loader's, shown below it.
const scenarios = [page('leaf'), page('leaf', 'br'), page('leaf', 'single'), loaderSql('leaf'), page('top'), page('top', 'br'), loaderSql('top')];
export default scenarios;
