import { quickView } from '../../app/features/catalog/quick-view.server.ts';
import { quickViewIds } from '../lib/catalog.ts';
import { waitForIdle } from '../lib/cpu.ts';
import { captureQueries, formatQueryTimes, rawConnection, timeEach } from '../lib/sql.ts';
import { measureLoop } from '../lib/stats.ts';
import type { CustomScenario, HttpScenario } from '../lib/types.ts';

/*
 * Quick view (issue 3): GET /api/products/:id/quick-view over 1,000 products spread over
 * the catalog, each connection taking the next id in turn (so no one row stays hot),
 * beside the bare Fastify JSON route; then quickView() itself in the runner beside the raw
 * SQL it sends for one product.
 */
const path = (id: number) => `/api/products/${id}/quick-view`;

const http: HttpScenario = {
  name: 'GET /api/products/:id/quick-view',
  async request(ctx) {
    const ids = await quickViewIds(ctx);
    let next = 0;
    return {
      path: path(ids[0]),
      headers: { accept: 'application/json' },
      label: `${ids.length} products in turn`,
      autocannon: {
        requests: [
          {
            // Shared by every connection: each request takes the next id.
            setupRequest: (req) => ({ ...req, path: path(ids[next++ % ids.length]) }),
          },
        ],
      },
    };
  },
  baseline: { kind: 'fastify-json' },
  targets: { maxP95Ms: 10 },
};

const inProcess: CustomScenario = {
  name: 'quickView() (in-process)',
  async run(ctx) {
    const ids = await quickViewIds(ctx);
    await waitForIdle(ctx.serverPid);
    const queries = await captureQueries(ctx, (db) => quickView(db, ids[0]));
    const raw = await rawConnection(ctx);
    const each = await timeEach(raw, queries, ctx.quick ? 100 : 250);
    const statements = queries.map((q) => raw.prepare(q));
    const loopMs = Math.min(ctx.durationS, 3) * 1000;
    const warmMs = Math.min(ctx.warmupS, 1) * 1000;
    let k = 0;
    const result = await measureLoop(() => quickView(ctx.db, ids[k++ % ids.length]), loopMs, warmMs, 'views/s');
    result.note = `quickView() through Kysely over the same ids; ${queries.length} statements for product ${ids[0]}, each alone (raw, median): ${formatQueryTimes(each)}`;
    const baseline = await measureLoop(
      async () => {
        for (const run of statements) await run();
      },
      loopMs,
      warmMs,
      'views/s',
    );
    return { result, baseline: { name: `raw SQL: the same ${queries.length} statements in a row`, result: baseline } };
  },
};

const scenarios = [http, inProcess];
export default scenarios;
