import { unlimitedProducts } from '../lib/catalog.ts';
import { BROWSER_HEADERS } from '../lib/load.ts';
import type { BenchContext, HttpScenario } from '../lib/types.ts';

/*
 * The wishlist API (issue 15) as the heart and the header icon use it: one guest per
 * connection (its wishlist cookie and CSRF token), each with a list of 10 products. The add
 * cycles through those products, so each answer is the full "already in the list" path
 * (list lookup, upsert, the shopper's lists and count); the count is the header's call.
 */
const ITEMS = 10;
const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' };

interface Guest {
  cookie: string;
  csrf: string;
}

let prepared: Promise<{ guests: Guest[]; products: number[] }> | undefined;

const cookiesOf = (res: Response, jar: Map<string, string>) => {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const eq = pair.indexOf('=');
    jar.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
};

async function guest(ctx: BenchContext, products: number[]): Promise<Guest> {
  const jar = new Map<string, string>();
  const session = await fetch(`${ctx.baseUrl}/api/session`, { signal: AbortSignal.timeout(30_000) });
  let cookie = cookiesOf(session, jar);
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  for (const productId of products) {
    const res = await fetch(`${ctx.baseUrl}/api/wishlist/items`, {
      method: 'POST',
      headers: { ...JSON_HEADERS, cookie, 'x-csrf-token': csrfToken },
      body: JSON.stringify({ productId }),
      signal: AbortSignal.timeout(30_000),
    });
    if (res.status !== 201) throw new Error(`POST /api/wishlist/items answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    cookie = cookiesOf(res, jar);
  }
  return { cookie, csrf: csrfToken };
}

function guests(ctx: BenchContext) {
  prepared ??= (async () => {
    const products = await unlimitedProducts(ctx, ITEMS);
    const out: Guest[] = [];
    for (let i = 0; i < ctx.connections; i += 10) out.push(...(await Promise.all(Array.from({ length: Math.min(10, ctx.connections - i) }, () => guest(ctx, products)))));
    return { guests: out, products };
  })();
  return prepared;
}

const addHttp: HttpScenario = {
  name: `POST /api/wishlist/items (already in a ${ITEMS}-item list)`,
  async request(ctx) {
    const { guests: all, products } = await guests(ctx);
    let k = 0;
    return {
      method: 'POST',
      path: '/api/wishlist/items',
      label: `${all.length} guests, cookie + CSRF`,
      autocannon: {
        setupClient: (client) => {
          const n = k++;
          const g = all[n % all.length];
          client.setRequests(
            products.map((_, j) => ({
              method: 'POST',
              path: '/api/wishlist/items',
              headers: { ...JSON_HEADERS, cookie: g.cookie, 'x-csrf-token': g.csrf },
              body: JSON.stringify({ productId: products[(n + j) % products.length] }),
            })),
          );
        },
      },
    };
  },
  baseline: { kind: 'fastify-json' },
  targets: { minThroughput: 2000, maxP95Ms: 20 },
};

const countHttp: HttpScenario = {
  name: `GET /api/wishlist/count (${ITEMS} items)`,
  async request(ctx) {
    const { guests: all } = await guests(ctx);
    let k = 0;
    return {
      path: '/api/wishlist/count',
      label: `${all.length} guests, cookie`,
      autocannon: { setupClient: (client) => client.setHeaders({ accept: 'application/json', cookie: all[k++ % all.length].cookie }) },
    };
  },
  baseline: { kind: 'fastify-json' },
  targets: { minThroughput: 2000, maxP95Ms: 20 },
};

/*
 * The wishlist page with 100 items: a guest fills a list through the API and shares it; the
 * page is requested as a visitor with the link gets it (no cookie, 100 rows on one page,
 * rendered per request: wishlist pages are never cached). The baseline renders the same page
 * with renderToString, so the ratio is what loaders, streaming and HTTP add to the render.
 */
const PAGE_ITEMS = 100;
let sharedPage: Promise<string> | undefined;

function wishlistPagePath(ctx: BenchContext): Promise<string> {
  sharedPage ??= (async () => {
    const products = await unlimitedProducts(ctx, PAGE_ITEMS);
    const jar = new Map<string, string>();
    const session = await fetch(`${ctx.baseUrl}/api/session`, { signal: AbortSignal.timeout(30_000) });
    let cookie = cookiesOf(session, jar);
    const { csrfToken } = (await session.json()) as { csrfToken: string };
    let token = '';
    for (const productId of products) {
      const res = await fetch(`${ctx.baseUrl}/api/wishlist/items`, {
        method: 'POST',
        headers: { ...JSON_HEADERS, cookie, 'x-csrf-token': csrfToken },
        body: JSON.stringify({ productId }),
        signal: AbortSignal.timeout(30_000),
      });
      if (res.status !== 201) throw new Error(`POST /api/wishlist/items answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      cookie = cookiesOf(res, jar);
      token = ((await res.json()) as { wishlist: { token: string } }).wishlist.token;
    }
    const shared = await fetch(`${ctx.baseUrl}/api/wishlists/${token}`, {
      method: 'PATCH',
      headers: { ...JSON_HEADERS, cookie, 'x-csrf-token': csrfToken },
      body: JSON.stringify({ visibility: 'shared' }),
      signal: AbortSignal.timeout(30_000),
    });
    if (shared.status !== 200) throw new Error(`PATCH /api/wishlists/:token answered ${shared.status}`);
    return `/wishlist/view/${token}?per_page=${PAGE_ITEMS}`;
  })();
  return sharedPage;
}

const pageHttp: HttpScenario = {
  name: `GET wishlist page (${PAGE_ITEMS} items, shared link)`,
  async request(ctx) {
    return { path: await wishlistPagePath(ctx), headers: BROWSER_HEADERS, label: 'visitor, SSR per request' };
  },
  baseline: async (ctx) => ({ kind: 'render', path: await wishlistPagePath(ctx) }),
};

const scenarios = [addHttp, countHttp, pageHttp];
export default scenarios;
