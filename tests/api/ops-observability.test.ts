import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { listen, rawSocket, visitor } from '../helpers/chat.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** The value of one sample line (`name{labels} value`) of a Prometheus text answer, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

for (const dialect of await dialects()) {
  describe(`metrics, request ids and request logs (${dialect})`, () => {
    let t: TestApp;
    const lines: Record<string, unknown>[] = [];
    let base = '';
    let metricsUrl = '';
    let slug = '';

    beforeAll(async () => {
      const logStream = new Writable({
        write(chunk, _enc, done) {
          for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
          done();
        },
      });
      t = await createTestApp(dialect, {
        pages: 'build',
        config: { metricsToken: TOKEN, metricsAddress: { host: '127.0.0.1', port: 0 }, logLevel: 'info' },
        logStream: logStream as unknown as pino.DestinationStream,
      });
      base = await listen(t.app);
      metricsUrl = `http://127.0.0.1:${(t.app.metricsServer!.address() as AddressInfo).port}/metrics`;
      const db = t.services.db;
      const product = await createProduct(db, { name: 'Metered Mug', regular_price: 1200 });
      slug = (await db.selectFrom('products').select('slug').where('id', '=', product.id).executeTakeFirstOrThrow()).slug;
      const world = await addMethod(db, null, { type: 'flat_rate' });
      await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      const add = await t.app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'cart-token': 'new-1', 'content-type': 'application/json' }, payload: { productId: product.id, quantity: 1 } });
      expect(add.statusCode).toBe(201);
      const billing = { first_name: 'Pat', last_name: 'Buyer', address_1: '1 Main St', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB', email: 'pat@example.com' };
      const order = await t.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { 'cart-token': add.headers['cart-token'] as string, 'content-type': 'application/json' },
        payload: { billing_address: billing, payment_method: 'cod' },
      });
      expect(order.statusCode).toBe(200);
    });
    afterAll(() => t?.close());

    it('echoes a well-formed x-request-id, replaces a malformed or oversized one, and makes one when absent', async () => {
      const given = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'lb-1234.abcd:ef_5' } });
      expect(given.headers.get('x-request-id')).toBe('lb-1234.abcd:ef_5');
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
      for (const bad of ['has space', '<script>', 'x'.repeat(129), '']) {
        const res = await fetch(`${base}/api/health`, { headers: { 'x-request-id': bad } });
        expect(res.headers.get('x-request-id')).toMatch(uuid);
      }
      const none = await fetch(`${base}/api/health`);
      const id = none.headers.get('x-request-id');
      expect(id).toMatch(uuid);
      // The same id is the log line's reqId: one structured JSON line per request.
      const line = lines.find((l) => l.reqId === id && l.msg === 'request');
      expect(line).toMatchObject({ level: 30, method: 'GET', url: '/api/health', route: '/api/health', status: 200 });
      expect(typeof line!.ms).toBe('number');
    });

    it('/metrics on the shop port: 401 without or with a wrong token, Prometheus text with it', async () => {
      const none = await fetch(`${base}/metrics`);
      expect(none.status).toBe(401);
      expect((await none.json()).error.code).toBe('unauthorized');
      const wrong = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` } });
      expect(wrong.status).toBe(401);
      const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await ok.text()).toMatch(/^# HELP vitrine_http_requests_total /m);
    });

    it('counts requests and latency per route pattern, page-cache hits and misses, DB time, orders and chat connections', async () => {
      for (let i = 0; i < 3; i++) expect((await fetch(`${base}/product/${slug}`)).status).toBe(200);
      expect((await fetch(`${base}/api/products/999999/quick-view`)).status).toBe(404);
      const { token } = await visitor(t.app);
      const { socket } = await rawSocket(base, await token());
      try {
        const text = await (await fetch(metricsUrl)).text();
        expect(sample(text, 'vitrine_http_requests_total', { method: 'GET', route: '/product/:slug', status: '200' })).toBe(3);
        // The pattern, never the raw address.
        expect(text).not.toContain(`/product/${slug}`);
        expect(sample(text, 'vitrine_http_requests_total', { route: '/api/products/:id/quick-view', status: '404' })).toBe(1);
        expect(sample(text, 'vitrine_http_request_duration_seconds_count', { method: 'GET', route: '/product/:slug' })).toBe(3);
        expect(sample(text, 'vitrine_page_cache_requests_total', { result: 'miss' })).toBe(1);
        expect(sample(text, 'vitrine_page_cache_requests_total', { result: 'hit' })).toBe(2);
        expect(sample(text, 'vitrine_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(10);
        expect(sample(text, 'vitrine_orders', { status: 'processing' }) ?? sample(text, 'vitrine_orders', { status: 'on-hold' })).toBe(1);
        expect(sample(text, 'vitrine_chat_connections')).toBe(1);
        expect(sample(text, 'vitrine_background_tasks')).toBeGreaterThanOrEqual(0);
      } finally {
        socket.disconnect();
      }
    });

    it('the metrics listener serves /metrics alone', async () => {
      expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
      expect((await fetch(metricsUrl.replace('/metrics', '/api/health'))).status).toBe(404);
      expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
    });
  });
}

describe('metrics off and health checks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t?.close());

  it('without METRICS_TOKEN the shop port has no /metrics (404)', async () => {
    const res = await t.app.inject('/metrics');
    expect(res.statusCode).toBe(404);
  });

  it('liveness answers without touching anything; readiness checks the database; /api/health is as before', async () => {
    const live = await t.app.inject('/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'ok' });
    const ready = await t.app.inject('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', checks: { db: 'ok' } });
    expect((await t.app.inject('/api/health')).json()).toMatchObject({ status: 'ok', db: 'sqlite' });
  });
});

describe('readiness with REDIS_URL', () => {
  it('is ready while its Redis answers, still ready but degraded (Redis down) once it is stopped, ok again when it is back', async () => {
    // A Redis of this test's own on a free port, so stopping it disturbs nobody else.
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    const startRedis = async () => {
      const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      for (let i = 0; i < 100; i++) {
        const ok = await new Promise<boolean>((resolve) => {
          const s = connect(port, '127.0.0.1', () => {
            s.end();
            resolve(true);
          }).on('error', () => resolve(false));
        });
        if (ok) return child;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('redis-server did not start');
    };
    const stopRedis = async (child: ChildProcess) => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    };
    let redis = await startRedis();
    // The chat's own Redis clients warn while Redis is away: expected here, kept out of the test output.
    const quiet = new Writable({ write: (_chunk, _enc, done) => done() });
    const t = await createTestApp('sqlite', { config: { redisUrl: `redis://127.0.0.1:${port}`, metricsToken: TOKEN }, logStream: quiet as unknown as pino.DestinationStream });
    try {
      const up = await t.app.inject('/api/health/ready');
      expect(up.json()).toMatchObject({ status: 'ok', checks: { db: 'ok', redis: 'ok' } });
      const scrape = async () => (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
      await expect.poll(async () => sample(await scrape(), 'vitrine_redis_up'), { timeout: 5_000 }).toBe(1);
      expect(up.statusCode).toBe(200);

      await stopRedis(redis);
      // The shop sells without Redis: a balancer must not take the node out for it.
      const down = await t.app.inject('/api/health/ready');
      expect(down.statusCode).toBe(200);
      expect(down.json()).toMatchObject({ status: 'degraded', checks: { db: 'ok', redis: 'down' } });
      await expect.poll(async () => sample(await scrape(), 'vitrine_redis_up'), { timeout: 5_000 }).toBe(0);
      expect(sample(await scrape(), 'vitrine_database_up')).toBe(1);
      // Liveness does not depend on Redis; /api/health stays as it was (the database only).
      expect((await t.app.inject('/api/health/live')).statusCode).toBe(200);
      expect((await t.app.inject('/api/health')).statusCode).toBe(200);

      redis = await startRedis();
      await expect.poll(async () => (await t.app.inject('/api/health/ready')).json().status, { timeout: 15_000, interval: 250 }).toBe('ok');
    } finally {
      await t.close();
      await stopRedis(redis);
    }
  }, 60_000);

  it('answers 503 when the database is gone; /metrics still answers, with vitrine_database_up 0', async () => {
    const t = await createTestApp('sqlite', { config: { metricsToken: TOKEN } });
    try {
      const scrape = () => t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(sample((await scrape()).body, 'vitrine_database_up')).toBe(1);
      await t.database.db.destroy();
      const res = await t.app.inject('/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'error', checks: { db: 'down' } });
      const metrics = await scrape();
      expect(metrics.statusCode).toBe(200);
      expect(sample(metrics.body, 'vitrine_database_up')).toBe(0);
      // The rest is there as ever (the process's own series).
      expect(sample(metrics.body, 'vitrine_process_process_resident_memory_bytes')).toBeGreaterThan(0);
      // Without REDIS_URL there is no Redis to report.
      expect(metrics.body).not.toContain('vitrine_redis_up');
    } finally {
      await t.app.close();
    }
  });
});
