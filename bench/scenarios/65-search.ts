import { sql } from 'kysely';
import { parseQuery, searchProductIds } from '../../app/features/search/search.server.ts';
import { reindexProducts } from '../../db/search/search-index.ts';
import { recomputeProducts } from '../../app/features/catalog/catalog-write.server.ts';
import { waitForIdle } from '../lib/cpu.ts';
import { measureLoop } from '../lib/stats.ts';
import type { BenchContext, CustomScenario, HttpScenario } from '../lib/types.ts';

/*
 * Live search (issue 16): GET /api/search/suggestions over a fixed list of three-letter and
 * two-word queries on the generated catalog (db/seed/bench.ts), each connection taking the
 * next query in turn.
 * - warm: the answers the server keeps per query, category and store version (the list
 *   repeats, as shoppers' queries do), beside the bare Fastify JSON route;
 * - cold: every request a query the server has not answered yet (the same words with a
 *   different run of punctuation, which the engine ignores but the answer cache does not),
 *   so each one runs the whole engine: typo vocabulary, SKU look-up, candidates, ranking,
 *   prices and pictures; beside the bare Fastify JSON route;
 * - the engine alone in the runner (searchProductIds, no cache, no HTTP) beside a plain
 *   `LIKE '%q%'` scan of the products table for the same queries;
 * - the index build for the whole catalog, and an edit found by the next request.
 */
export const QUERIES = [
  'can', 'cot', 'woo', 'cla', 'lam', 'oak', 'ste', 'pla', 'boo', 'tea',
  'oak lamp', 'cotton shirt', 'wool jumper', 'steel pan', 'canvas bag', 'linen dress', 'copper lamp', 'ceramic plate', 'leather boot', 'bamboo tray',
];

const path = (q: string) => `/api/search/suggestions?q=${encodeURIComponent(q)}`;
const PUNCTUATION = ['.', ',', ';', ':', '!', '?', '-', '/'];
/** The n-th distinct spelling of a query that searches the same words: punctuation after it (base 8). */
function variant(q: string, n: number): string {
  let tail = '';
  for (let k = n; k > 0; k = Math.floor(k / PUNCTUATION.length)) tail += PUNCTUATION[k % PUNCTUATION.length];
  return `${q} ${tail}`;
}

function inTurn(make: (n: number) => string, label: string) {
  let next = 0;
  return {
    path: make(next++),
    headers: { accept: 'application/json' },
    label,
    autocannon: { requests: [{ setupRequest: (req: object) => ({ ...req, path: make(next++) }) }] },
  };
}

const warm: HttpScenario = {
  name: 'GET /api/search/suggestions (warm: answers kept per store version)',
  request: inTurn((n) => path(QUERIES[n % QUERIES.length]), `${QUERIES.length} queries in turn`),
  baseline: { kind: 'fastify-json' },
  targets: { minThroughput: 2000, maxP99Ms: 15 },
};

const cold: HttpScenario = {
  name: 'GET /api/search/suggestions (cold: every query new to the server)',
  request: inTurn((n) => path(variant(QUERIES[n % QUERIES.length], 1 + Math.floor(n / QUERIES.length))), `${QUERIES.length} queries, each request a new spelling`),
  baseline: { kind: 'fastify-json' },
  targets: { maxP99Ms: 15 },
};

/** The naive search the engine replaces: every product's name and short description scanned for each word. */
function likeScan(ctx: BenchContext) {
  return async () => {
    let k = 0;
    return async () => {
      const words = QUERIES[k++ % QUERIES.length].split(' ');
      await sql`select id from products where status = 'publish' and catalog_visibility in ('visible', 'search')
        and ${sql.join(words.map((w) => sql`(name like ${`%${w}%`} or short_description like ${`%${w}%`})`), sql` and `)}
        order by total_sales desc, id limit 10`.execute(ctx.db);
    };
  };
}

const engine: CustomScenario = {
  name: 'searchProductIds() cold (in-process)',
  async run(ctx) {
    await waitForIdle(ctx.serverPid);
    const loopMs = Math.min(ctx.durationS, 5) * 1000;
    const warmMs = Math.min(ctx.warmupS, 1) * 1000;
    let k = 0;
    const result = await measureLoop(() => searchProductIds(ctx.db, parseQuery(QUERIES[k++ % QUERIES.length]), {}, 10), loopMs, warmMs, 'queries/s');
    result.note = `the engine alone, no answer cache, no HTTP: ${QUERIES.length} queries in turn (10 products each)`;
    const scan = await measureLoop(await likeScan(ctx)(), loopMs, warmMs, 'queries/s');
    return { result, baseline: { name: "plain LIKE '%q%' scan of products (name, short description)", result: scan } };
  },
};

const build: CustomScenario = {
  name: 'search index build (whole catalog, in-process)',
  async run(ctx) {
    await waitForIdle(ctx.serverPid);
    const start = performance.now();
    await ctx.db.transaction().execute((trx) => reindexProducts(trx, 'all'));
    const seconds = (performance.now() - start) / 1000;
    const indexed = Number((await ctx.db.selectFrom('search_documents').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

    // An edit through the catalog's write path, then the very next suggestion request.
    const product = await ctx.db.selectFrom('search_documents').select('product_id').orderBy('product_id', 'desc').limit(1).executeTakeFirstOrThrow();
    const word = `zephyrine${Date.now() % 100000}`;
    const editStart = performance.now();
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ name: `Renamed ${word}` }).where('id', '=', Number(product.product_id)).execute();
      await recomputeProducts(trx, [Number(product.product_id)]);
    });
    const res = await fetch(`${ctx.baseUrl}${path(word)}`);
    const body = (await res.json()) as { suggestions: { id: number }[] };
    const found = body.suggestions.some((s) => s.id === Number(product.product_id));
    const editMs = performance.now() - editStart;
    return {
      result: {
        throughput: indexed / seconds,
        unit: 'products/s',
        note: `${indexed} products indexed in ${seconds.toFixed(1)} s (one transaction: documents, word index, typo vocabulary); an edit committed and searched for by the next request: ${found ? 'found' : 'NOT FOUND'} (${editMs.toFixed(1)} ms for the edit and the request)`,
        details: { seconds, indexed, editFound: found, editMs },
      },
    };
  },
};

const scenarios = [warm, cold, engine, build];
export default scenarios;
