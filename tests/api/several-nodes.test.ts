import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { LIMITS } from '../../app/config/constants.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { until } from '../helpers/chat.ts';
import { freePort, HAPROXY, type Proc, run, stop } from '../helpers/nodes.ts';

/*
 * The documented topology (deploy/haproxy.cfg, docs/ARCHITECTURE.md "Several nodes"): two
 * shop processes on PostgreSQL and a Redis of this test's own (so it can be stopped), behind
 * HAProxy. Real processes throughout: shared login limit, a job taken by one node, an order
 * on one node seen by the other's page cache, Redis stopped and started again mid-run, and
 * one node killed (SIGKILL) while 50 shoppers check out through the proxy.
 */

const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));
const SECRET = 'several-nodes-secret-that-is-at-least-32-characters';
const BILLING = { first_name: 'Pat', last_name: 'Buyer', address_1: '1 Main St', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB', email: 'pat@example.com' };

async function reachable(url: string): Promise<boolean> {
  return fetch(url).then(
    (r) => r.ok,
    () => false,
  );
}

const runs = !!HAPROXY && !!REDIS_SERVER && (await dialects()).includes('postgres');

describe.runIf(runs)('two nodes behind HAProxy on PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let redis: Proc | undefined;
  let proxy: Proc | undefined;
  const nodes: { name: string; port: number; p: Proc }[] = [];
  let redisPort = 0;
  let proxyUrl = '';
  let lamp = { id: 0, slug: '' };
  let rug = { id: 0, slug: '' };
  let last = { id: 0, slug: '' };
  const base = (i: number) => `http://127.0.0.1:${nodes[i]!.port}`;

  const startRedis = async () => {
    redis = run(REDIS_SERVER!, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
    await until(() => redis!.logs.some((l) => /Ready to accept connections/i.test(l)), 'redis-server ready', 10_000);
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const db = database.db;
    lamp = await createProduct(db, { name: 'Brass Lamp', regular_price: 2500, manage_stock: 1, stock_quantity: 100, categories: [['Lighting']] });
    rug = await createProduct(db, { name: 'Wool Rug', regular_price: 9000, manage_stock: 1, stock_quantity: 100, categories: [['Floors']] });
    last = await createProduct(db, { name: 'Last Thirty Vase', regular_price: 1500, manage_stock: 1, stock_quantity: 30, categories: [['Vases']] });
    const world = await addMethod(db, null, { type: 'flat_rate' });
    await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');

    redisPort = await freePort();
    await startRedis();
    const prefix = `vt-nodes-${process.pid}`;
    for (const name of ['a', 'b']) {
      const port = await freePort();
      const dataDir = path.join(database.dataDir, name);
      mkdirSync(dataDir, { recursive: true });
      const p = run(process.execPath, ['--import', 'tsx', 'tests/helpers/shop-node.ts'], {
        NODE_ENV: 'production',
        // Debug: the job turns are logged there.
        LOG_LEVEL: 'debug',
        PORT: String(port),
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        SESSION_SECRET: SECRET,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        REDIS_PREFIX: prefix,
        TRUST_PROXY: '1',
        WORKERS: '1',
      });
      nodes.push({ name, port, p });
    }
    await Promise.all(nodes.map((n) => until(() => n.p.logs.some((l) => l.startsWith('LISTENING')), `node ${n.name} listening`, 60_000)));
    const proxyPort = await freePort();
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    proxy = run(HAPROXY!, ['-f', 'deploy/haproxy.cfg', '-db'], {
      VITRINE_LISTEN: `127.0.0.1:${proxyPort}`,
      VITRINE_NODE_1: `127.0.0.1:${nodes[0]!.port}`,
      VITRINE_NODE_2: `127.0.0.1:${nodes[1]!.port}`,
    });
    const deadline = Date.now() + 15_000;
    while (!(await reachable(`${proxyUrl}/api/health`))) {
      if (Date.now() > deadline) throw new Error(`haproxy did not start: ${proxy.logs.join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);

  afterAll(async () => {
    await stop(proxy);
    for (const n of nodes) await stop(n.p);
    await stop(redis);
    await database?.cleanup();
  });

  /** A login attempt from a browser (cookies and CSRF token) on one node. */
  const login = async (url: string, email: string) => {
    const session = await fetch(`${url}/api/session`);
    const csrf = ((await session.json()) as { csrfToken: string }).csrfToken;
    const cookie = session.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const res = await fetch(`${url}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie },
      body: JSON.stringify({ email, password: 'not-the-password' }),
    });
    return res.status;
  };
  const attempts = async (url: string, email: string, n: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push(await login(url, email));
    return out;
  };

  const checkout = async (url: string, productId: number, token: string, key?: string) => {
    const add = await fetch(`${url}/api/cart/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cart-token': token },
      body: JSON.stringify({ productId, quantity: 1 }),
    });
    expect(add.status).toBe(201);
    const cartToken = add.headers.get('cart-token')!;
    return { cartToken, place: () => placeOrder(url, cartToken, key) };
  };
  const placeOrder = (url: string, cartToken: string, key?: string) =>
    fetch(`${url}/api/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cart-token': cartToken, ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify({ billing_address: BILLING, payment_method: 'cod' }),
    });

  it(`the login limit is shared: ${LIMITS.loginAttempts} attempts on node A, the next on node B is refused`, async () => {
    expect(new Set(await attempts(base(0), 'shared@example.com', LIMITS.loginAttempts))).toEqual(new Set([401]));
    expect(await login(base(1), 'shared@example.com')).toBe(429);
  });

  it('each background job ran on one node only', () => {
    const taken = (job: string) => nodes.filter((n) => n.p.logs.some((l) => l.includes(`"job":"${job}"`) && l.includes('background job runs on this node')));
    for (const job of ['cart-expiry', 'scheduled-sales', 'publish-scheduled', 'chat-cleanup', 'cancel-unpaid-orders']) expect(taken(job).map((n) => n.name), job).toHaveLength(1);
  });

  it("an order on node A refreshes node B's page of that product, not a page without it; a settings change refreshes all", async () => {
    const page = async (url: string) => {
      const res = await fetch(`${base(1)}${url}`);
      expect(res.status).toBe(200);
      return { cache: res.headers.get('x-page-cache'), body: await res.text() };
    };
    for (const url of [`/product/${lamp.slug}`, '/product-category/floors']) {
      await page(url);
      expect((await page(url)).cache).toBe('hit');
    }
    const { place } = await checkout(base(0), lamp.id, 'cache-buyer');
    expect((await place()).status).toBe(200);
    const product = await page(`/product/${lamp.slug}`);
    expect(product.cache).toBe('miss');
    expect(product.body).toContain('99 in stock');
    expect((await page('/product-category/floors')).cache).toBe('hit');
    await saveSettings(database.db, { storeNotice: 'Free delivery this week' });
    expect((await page('/product-category/floors')).cache).toBe('miss');
  });

  it('Redis stopped: the shop keeps selling, limits count per node with a warning; shared again once it is back', async () => {
    await stop(redis);
    await until(() => nodes.every((n) => n.p.logs.some((l) => l.includes('Redis unreachable'))), 'the warning on both nodes', 10_000);
    const { place } = await checkout(proxyUrl, rug.id, 'no-redis-buyer');
    expect((await place()).status).toBe(200);
    // Per node now: node B has not seen node A's attempts.
    expect(new Set(await attempts(base(0), 'alone@example.com', LIMITS.loginAttempts))).toEqual(new Set([401]));
    expect(await login(base(1), 'alone@example.com')).toBe(401);
    expect(await login(base(0), 'alone@example.com')).toBe(429);

    await startRedis();
    await until(() => nodes.every((n) => n.p.logs.some((l) => l.includes('Redis reachable again'))), 'both nodes back on Redis', 15_000);
    expect(new Set(await attempts(base(1), 'back@example.com', LIMITS.loginAttempts))).toEqual(new Set([401]));
    expect(await login(base(0), 'back@example.com')).toBe(429);
  }, 60_000);

  it('node A killed while 50 shoppers check out through the proxy: each order placed once or refused clearly, stock exact', async () => {
    const SHOPPERS = 50;
    const carts: string[] = [];
    for (let i = 0; i < SHOPPERS; i++) carts.push((await checkout(proxyUrl, last.id, `vase-${i}`)).cartToken);
    // A shopper's browser sends the same Idempotency-Key again until it has an answer.
    const shop = async (i: number) => {
      for (let tries = 0; tries < 40; tries++) {
        const res = await placeOrder(proxyUrl, carts[i]!, `vase-order-${i}`).catch(() => null);
        if (res && res.status < 500) return { status: res.status, body: (await res.json()) as { order_id?: number; error?: { code: string } } };
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`shopper ${i} got no answer`);
    };
    const all = Promise.all(carts.map((_, i) => shop(i)));
    await new Promise((r) => setTimeout(r, 40));
    await stop(nodes[0]!.p, 'SIGKILL');
    const answers = await all;

    const placed = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    for (const r of refused) {
      expect(r.status).toBe(409);
      // Sold out, or the cart was told its line no longer fits the stock left.
      expect(['out_of_stock', 'cart_changed']).toContain(r.body.error?.code);
    }
    expect(placed.length).toBeGreaterThan(0);
    const db = database.db;
    const items = await db.selectFrom('order_items').select(['order_id', 'quantity']).where('product_id', '=', last.id).execute();
    // Once each: one order per shopper who was answered 200, none for the others.
    expect(items).toHaveLength(placed.length);
    expect(new Set(items.map((i) => i.order_id))).toEqual(new Set(placed.map((p) => p.body.order_id)));
    const row = await db.selectFrom('products').select(['stock_quantity']).where('id', '=', last.id).executeTakeFirstOrThrow();
    expect(row.stock_quantity).toBe(30 - placed.length);
    // No half-written order anywhere.
    const orphans = await sql<{ n: number }>`select count(*)::int as n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`.execute(db);
    expect(orphans.rows[0]!.n).toBe(0);
  }, 60_000);
});
