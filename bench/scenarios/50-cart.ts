import { addItem, getCart } from '../../app/features/cart/cart.server.ts';
import { cartCallerFrom } from '../../app/features/cart/cart-http.server.ts';
import { benchServices } from '../lib/app-context.ts';
import { unlimitedProducts } from '../lib/catalog.ts';
import { waitForIdle } from '../lib/cpu.ts';
import { captureQueries, formatQueryTimes, rawConnection, timeEach } from '../lib/sql.ts';
import { measureLoop } from '../lib/stats.ts';
import type { BenchContext, CustomScenario, HttpScenario } from '../lib/types.ts';

/*
 * The cart API (issue 4) with a cart of 10 lines, as headless clients use it: one cart per
 * connection (50 shoppers, not 50 tabs on one cart), identified by its Cart-Token header,
 * which also spares the CSRF token. Products have no stock limit, so adding one more of a
 * line already in the cart always succeeds and the cart stays at 10 lines.
 */
const LINES = 10;
const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' };

interface Carts {
  tokens: string[];
  products: number[];
}

let prepared: Promise<Carts> | undefined;

async function addLine(ctx: BenchContext, token: string, productId: number): Promise<{ token: string; lines: number }> {
  const res = await fetch(`${ctx.baseUrl}/api/cart/items`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, 'cart-token': token },
    body: JSON.stringify({ productId, quantity: 1 }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as { items?: unknown[] };
  const next = res.headers.get('cart-token');
  if (res.status !== 201 || !next) throw new Error(`POST /api/cart/items (product ${productId}) answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { token: next, lines: body.items?.length ?? 0 };
}

/** One 10-line cart per connection, filled through the API; an unknown token starts a new cart. */
function carts(ctx: BenchContext): Promise<Carts> {
  prepared ??= (async () => {
    const products = await unlimitedProducts(ctx, LINES);
    const fill = async () => {
      let token = 'new';
      let lines = 0;
      for (const p of products) ({ token, lines } = await addLine(ctx, token, p));
      if (lines !== LINES) throw new Error(`a bench cart has ${lines} lines instead of ${LINES}`);
      return token;
    };
    const tokens: string[] = [];
    // A few carts at a time: setup should not be a load test of its own.
    for (let i = 0; i < ctx.connections; i += 10) {
      tokens.push(...(await Promise.all(Array.from({ length: Math.min(10, ctx.connections - i) }, fill))));
    }
    return { tokens, products };
  })();
  return prepared;
}

const getCartHttp: HttpScenario = {
  name: `GET /api/cart (${LINES} lines)`,
  async request(ctx) {
    const { tokens } = await carts(ctx);
    let k = 0;
    return {
      path: '/api/cart',
      label: `${tokens.length} carts, Cart-Token`,
      autocannon: { setupClient: (client) => client.setHeaders({ accept: 'application/json', 'cart-token': tokens[k++ % tokens.length] }) },
    };
  },
  baseline: { kind: 'fastify-json' },
  targets: { minThroughput: 2000, maxP95Ms: 20 },
};

const addItemHttp: HttpScenario = {
  name: `POST /api/cart/items (+1 of a line, ${LINES} lines)`,
  async request(ctx) {
    const { tokens, products } = await carts(ctx);
    let k = 0;
    return {
      method: 'POST',
      path: '/api/cart/items',
      label: `${tokens.length} carts, Cart-Token`,
      autocannon: {
        // Each connection cycles through its cart's lines, starting at a different one.
        setupClient: (client) => {
          const n = k++;
          const token = tokens[n % tokens.length];
          client.setRequests(
            products.map((_, j) => ({
              method: 'POST',
              path: '/api/cart/items',
              headers: { ...JSON_HEADERS, 'cart-token': token },
              body: JSON.stringify({ productId: products[(n + j) % products.length], quantity: 1 }),
            })),
          );
        },
      },
    };
  },
  baseline: { kind: 'fastify-json' },
  targets: { minThroughput: 2000, maxP95Ms: 20 },
};

const inProcess: CustomScenario = {
  name: `getCart() ${LINES} lines (in-process)`,
  async run(ctx) {
    const { tokens, products } = await carts(ctx);
    // The server must be done with the POST run's last requests: SQLite refuses at once
    // (SQLITE_BUSY_SNAPSHOT) a write of ours in a transaction that began reading before
    // the server's last write committed.
    await waitForIdle(ctx.serverPid);
    const caller = cartCallerFrom({ headerToken: tokens[0], user: null });
    const queries = await captureQueries(ctx, (db) => getCart(benchServices(ctx, db), caller));
    const adding = await captureQueries(ctx, (db) => addItem(benchServices(ctx, db), caller, { productId: products[0], quantity: 1 }));
    const raw = await rawConnection(ctx);
    const each = await timeEach(raw, queries, ctx.quick ? 100 : 250);
    const statements = queries.map((q) => raw.prepare(q));
    const loopMs = Math.min(ctx.durationS, 3) * 1000;
    const warmMs = Math.min(ctx.warmupS, 1) * 1000;
    const services = benchServices(ctx, ctx.db);
    let k = 0;
    const result = await measureLoop(() => getCart(services, cartCallerFrom({ headerToken: tokens[k++ % tokens.length], user: null })), loopMs, warmMs, 'carts/s');
    const slowest = [...each].sort((a, b) => b.ms - a.ms).slice(0, 4);
    result.note = `getCart() through Kysely: ${queries.length} statements (addItem: ${adding.length}); slowest alone (raw, median): ${formatQueryTimes(slowest)}`;
    result.details = { statements: each, addItemStatements: adding.map((q) => q.sql) };
    const baseline = await measureLoop(
      async () => {
        for (const run of statements) await run();
      },
      loopMs,
      warmMs,
      'carts/s',
    );
    return { result, baseline: { name: `raw SQL: the same ${queries.length} statements in a row`, result: baseline } };
  },
};

const scenarios = [getCartHttp, addItemHttp, inProcess];
export default scenarios;
