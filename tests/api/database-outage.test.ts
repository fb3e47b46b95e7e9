import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../app/config/app-config.ts';
import { createTestDatabase, dialects, PG_URL, type TestDatabase } from '../helpers/databases.ts';

/*
 * PostgreSQL going away under a running shop (a restart, a network cut), without restarting
 * the machine's server: the app reaches it through a TCP relay the test cuts (every
 * connection dropped, new ones refused) and restores. Meanwhile requests answer 503 in the
 * house error shape; afterwards the pool opens new connections and the same requests succeed.
 */
async function relay(port: number) {
  const open = new Set<net.Socket>();
  let up = true;
  const server = net.createServer((client) => {
    if (!up) return client.destroy();
    const upstream = net.connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      up = false;
      for (const s of open) s.destroy();
    },
    restore() {
      up = true;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.runIf((await dialects()).includes('postgres'))('the database unreachable (postgres)', () => {
  let database: TestDatabase;
  let link: Awaited<ReturnType<typeof relay>>;
  let app: FastifyInstance;
  let productId = 0;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    productId = (await createProduct(database.db, { name: 'Steady Stool', regular_price: 4000 })).id;
    const pgPort = Number(new URL(PG_URL).port || 5432);
    link = await relay(pgPort);
    const url = new URL(database.url);
    url.hostname = '127.0.0.1';
    url.port = String(link.port);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'fatal' }, { databaseUrl: url.toString(), dataDir: database.dataDir, sessionSecret: 'outage-secret-that-is-at-least-32-characters', seedDemo: false });
    app = await buildApp(config, { pages: false });
  });
  afterAll(async () => {
    await app?.close();
    await link?.close();
    await database?.cleanup();
  });

  const product = () => app.inject({ method: 'GET', url: `/api/products/${productId}` });

  it('answers 503 in the house shape during the outage, and recovers when the database is back', async () => {
    expect((await product()).statusCode).toBe(200);
    link.cut();
    for (let i = 0; i < 3; i++) {
      const res = await product();
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
    }
    const add = await app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'cart-token': 'outage-cart' }, payload: { productId, quantity: 1 } });
    expect(add.statusCode).toBe(503);
    link.restore();
    const res = await product();
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Steady Stool');
    const again = await app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'cart-token': 'outage-cart' }, payload: { productId, quantity: 1 } });
    expect(again.statusCode).toBe(201);
  }, 60_000);
});
