import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { until } from '../helpers/chat.ts';
import { freePort, HAPROXY, type Proc, REDIS_URL, redisUp, run, stop } from '../helpers/nodes.ts';

/*
 * A node killed mid-request behind the shipped HAProxy configuration (deploy/haproxy.cfg):
 * the proxy re-sends only what cannot have reached a node, and a shopper's repeat carries the
 * Idempotency-Key of the first try (docs/ARCHITECTURE.md, "Retries and idempotency"). 100
 * guests each add one unit while node A is SIGKILLed: half send a key and try again on a 502
 * or a 409 in flight, as the shop's scripts do; half send none and do not retry. No cart
 * holds more than one unit; then every answered cart checks out and each order's totals are
 * its lines'.
 */

const SECRET = 'several-nodes-retries-secret-at-least-32-characters';
const BILLING = { first_name: 'Pat', last_name: 'Buyer', address_1: '1 Main St', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB', email: 'pat@example.com' };

const runs = !!HAPROXY && (await dialects()).includes('postgres') && (await redisUp());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(runs)('a node killed mid-request behind HAProxy: nothing applied twice', () => {
  let database: TestDatabase;
  let proxy: Proc | undefined;
  const nodes: Proc[] = [];
  let proxyUrl = '';
  let lamp = 0;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const db = database.db;
    lamp = (await createProduct(db, { name: 'Brass Lamp', regular_price: 2500, manage_stock: 1, stock_quantity: 1000 })).id;
    const world = await addMethod(db, null, { type: 'flat_rate' });
    await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
    const prefix = `vt-retries-${process.pid}-${Date.now()}`;
    const ports: number[] = [];
    for (const name of ['a', 'b']) {
      const port = await freePort();
      ports.push(port);
      const dataDir = path.join(database.dataDir, name);
      mkdirSync(dataDir, { recursive: true });
      nodes.push(
        run(process.execPath, ['--import', 'tsx', 'tests/helpers/api-node.ts'], {
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          PORT: String(port),
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          SESSION_SECRET: SECRET,
          REDIS_URL,
          REDIS_PREFIX: prefix,
          TRUST_PROXY: '1',
          WORKERS: '1',
        }),
      );
    }
    await Promise.all(
      nodes.map((n, i) =>
        until(() => n.logs.some((l) => l.startsWith('LISTENING')), `node ${i} listening`, 150_000).catch((err: unknown) => {
          throw new Error(`${String(err)}\n${n.logs.slice(-20).join('\n')}`);
        }),
      ),
    );
    const proxyPort = await freePort();
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    proxy = run(HAPROXY!, ['-f', 'deploy/haproxy.cfg', '-db'], {
      VITRINE_LISTEN: `127.0.0.1:${proxyPort}`,
      VITRINE_NODE_1: `127.0.0.1:${ports[0]}`,
      VITRINE_NODE_2: `127.0.0.1:${ports[1]}`,
    });
    const deadline = Date.now() + 15_000;
    for (;;) {
      const ok = await fetch(`${proxyUrl}/api/health`).then((r) => r.ok, () => false);
      // Both nodes in rotation, so that the kill below lands on requests in flight.
      if (ok && (await fetch(`${proxyUrl}/api/health`).then((r) => r.ok, () => false))) break;
      if (Date.now() > deadline) throw new Error(`haproxy did not start: ${proxy.logs.join('\n')}`);
      await sleep(100);
    }
    await sleep(2_500);
  }, 200_000);

  afterAll(async () => {
    await stop(proxy);
    for (const n of nodes) await stop(n);
    await database?.cleanup();
  });

  it('100 guests add once while node A is killed: no cart holds more than asked; their checkouts total their lines', async () => {
    const GUESTS = 100;
    /** A browser's visit: its cookies and CSRF token, from GET /api/session through the proxy. */
    const visit = async () => {
      for (;;) {
        const res = await fetch(`${proxyUrl}/api/session`).catch(() => null);
        if (res?.ok) {
          const csrf = ((await res.json()) as { csrfToken: string }).csrfToken;
          const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
          return { csrf, cookie };
        }
        await sleep(50);
      }
    };
    const guests = await Promise.all(Array.from({ length: GUESTS }, visit));

    type Outcome = { status: number; code?: string; cartToken?: string };
    const add = (i: number) => {
      const g = guests[i]!;
      return fetch(`${proxyUrl}/api/cart/items`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': g.csrf, cookie: g.cookie, ...(i % 2 === 0 ? { 'idempotency-key': `add-lamp-${i}-${process.pid}` } : {}) },
        body: JSON.stringify({ productId: lamp, quantity: 1 }),
      }).catch(() => null);
    };
    const shop = async (i: number): Promise<Outcome> => {
      const keyed = i % 2 === 0;
      // With a key, the shop's scripts send the same action again while it has no answer.
      let last: Outcome = { status: 0 };
      for (let tries = 1; tries <= 30; tries++) {
        const res = await add(i);
        const status = res?.status ?? 0;
        if (status === 201) return { status, cartToken: res!.headers.get('cart-token') ?? undefined };
        const code = res && status === 409 ? ((await res.json()) as { error?: { code?: string } }).error?.code : undefined;
        last = { status, code };
        if (!keyed || (status !== 0 && status < 500 && code !== 'idempotency_key_in_flight')) return last;
        await sleep(100);
      }
      return last;
    };
    const all = Promise.all(guests.map((_, i) => shop(i)));
    await sleep(60);
    await stop(nodes[0], 'SIGKILL');
    const outcomes = await all;

    const db = database.db;
    const perCart = await db
      .selectFrom('cart_items')
      .innerJoin('carts', 'carts.id', 'cart_items.cart_id')
      .select(['carts.id', (eb) => eb.fn.sum<string>('cart_items.quantity').as('units')])
      .where('cart_items.product_id', '=', lamp)
      .groupBy('carts.id')
      .execute();
    // Never two units for one add, whatever the proxy or the shopper sent again.
    for (const c of perCart) expect(Number(c.units), `cart ${c.id}`).toBe(1);
    const answered = outcomes.filter((o) => o.status === 201);
    expect(perCart.length).toBeGreaterThanOrEqual(answered.length);
    expect(perCart.length).toBeLessThanOrEqual(GUESTS);
    // With a key: added, or (its first try claimed the key on the node that died, which may or
    // may not have saved it) told it is in flight, never run a second time. Without a key: added,
    // or the proxy's 502 for a request the node may have received, which it does not re-send.
    for (const [i, o] of outcomes.entries()) {
      if (i % 2 === 0) expect(o.status === 201 || (o.status === 409 && o.code === 'idempotency_key_in_flight'), `guest ${i}: ${o.status} ${o.code}`).toBe(true);
      else expect([201, 502, 503, 0], `guest ${i}`).toContain(o.status);
    }
    // Most shoppers were answered: only those whose request was on node A when it died were not.
    expect(answered.length).toBeGreaterThan(GUESTS / 2);

    // Then each answered cart checks out (node B alone now): one unit, and totals that are the lines'.
    const orders = await Promise.all(
      answered.map(async (o, i) => {
        // Sent again with its key while the one node left is too busy to answer (a 503).
        for (let tries = 1; ; tries++) {
          const res = await fetch(`${proxyUrl}/api/checkout`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'cart-token': o.cartToken!, 'idempotency-key': `order-lamp-${i}-${process.pid}` },
            body: JSON.stringify({ billing_address: BILLING, payment_method: 'cod' }),
          }).catch(() => null);
          if (res && (res.status < 500 || tries === 20)) {
            expect(res.status).toBe(200);
            return ((await res.json()) as { order_id: number }).order_id;
          }
          await sleep(200);
        }
      }),
    );
    const placed = await db.selectFrom('orders').select(['id', 'subtotal', 'discount_total', 'shipping_total', 'tax_total', 'total']).where('id', 'in', orders).execute();
    const lines = await db.selectFrom('order_items').select(['order_id', 'quantity', 'subtotal', 'total', 'tax']).where('order_id', 'in', orders).execute();
    expect(placed).toHaveLength(answered.length);
    for (const order of placed) {
      const mine = lines.filter((l) => l.order_id === order.id);
      expect(mine.map((l) => l.quantity)).toEqual([1]);
      expect(order.subtotal).toBe(mine.reduce((s, l) => s + l.subtotal, 0));
      expect(order.subtotal).toBe(2500);
      expect(order.total).toBe(order.subtotal - order.discount_total + order.shipping_total + order.tax_total);
    }
    const stock = await db.selectFrom('products').select('stock_quantity').where('id', '=', lamp).executeTakeFirstOrThrow();
    expect(stock.stock_quantity).toBe(1000 - answered.length);
  }, 60_000);
});
