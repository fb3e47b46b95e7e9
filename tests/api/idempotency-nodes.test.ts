import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type AppConfig } from '../../app/config/app-config.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';

/*
 * Two app instances on one database (and, with REDIS_URL, one Redis): a key used on one is
 * answered from its record on the other, and two tries at once run once.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const s = net.connect(Number(port || 6379), hostname, () => {
    s.end();
    resolve(true);
  });
  s.on('error', () => resolve(false));
});

const stores: { name: string; redis?: string }[] = [{ name: 'the database' }, ...(redisUp ? [{ name: 'Redis', redis: REDIS_URL }] : [])];

for (const dialect of await dialects()) {
  for (const store of stores) {
    describe(`Idempotency-Key across two instances, records in ${store.name} (${dialect})`, () => {
      let database: TestDatabase;
      const apps: FastifyInstance[] = [];
      const prefix = `vt-idem-${process.pid}-${dialect}-${Date.now()}`;
      let mug = 0;
      let n = 0;

      beforeAll(async () => {
        database = await createTestDatabase(dialect);
        mug = (await createProduct(database.db, { name: 'Stoneware Mug', regular_price: 1200 })).id;
        const overrides: Partial<AppConfig> = {
          databaseUrl: database.url,
          dataDir: database.dataDir,
          sessionSecret: 'two-instances-secret-that-is-at-least-32-characters',
          seedDemo: false,
          ...(store.redis ? { redisUrl: store.redis, redisPrefix: prefix } : {}),
        };
        for (let i = 0; i < 2; i++) {
          const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }, overrides), { pages: false, db: database.db });
          await app.ready();
          apps.push(app);
        }
      });
      afterAll(async () => {
        for (const app of apps) await app.close();
        await database?.cleanup();
      });

      const add = (app: FastifyInstance, token: string, key: string, quantity = 1) =>
        app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'content-type': 'application/json', 'cart-token': token, 'idempotency-key': key }, payload: JSON.stringify({ productId: mug, quantity }) });
      const units = async (token: string) => {
        const res = await apps[0]!.inject({ method: 'GET', url: '/api/cart', headers: { 'cart-token': token } });
        return (res.json().items as { quantity: number }[]).reduce((s, i) => s + i.quantity, 0);
      };
      const newCart = async () => {
        const res = await apps[0]!.inject({ method: 'POST', url: '/api/cart/items', headers: { 'content-type': 'application/json', 'cart-token': `new-cart-${++n}` }, payload: JSON.stringify({ productId: mug, quantity: 1 }) });
        return res.headers['cart-token'] as string;
      };

      it('a key used on instance A is answered on instance B from its record, and changes nothing there', async () => {
        const token = await newCart();
        const key = `two-instances-${++n}`;
        const first = await add(apps[0]!, token, key);
        expect(first.statusCode).toBe(201);
        const again = await add(apps[1]!, token, key);
        expect([again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([201, 'true', first.body]);
        expect(await units(token)).toBe(2);
        // The other body with that key is refused on B as well.
        expect((await add(apps[1]!, token, key, 3)).json().error.code).toBe('idempotency_conflict');
        const rows = await database.db.selectFrom('idempotency_keys').select('id').execute();
        if (store.redis === REDIS_URL) {
          // Kept in Redis, not in the table.
          expect(rows).toHaveLength(0);
          const client = createClient({ url: REDIS_URL });
          await client.connect();
          try {
            expect((await client.keys(`${prefix}:idem:*`)).length).toBeGreaterThan(0);
            const ttl = await client.pTTL((await client.keys(`${prefix}:idem:*`))[0]!);
            expect(ttl).toBeGreaterThan(23 * 3_600_000);
          } finally {
            await client.close();
          }
        } else {
          expect(rows.length).toBeGreaterThan(0);
        }
      });

      it('the same add sent to both instances at once, twenty times over: one unit each time', async () => {
        for (let round = 0; round < 20; round++) {
          const token = await newCart();
          const key = `race-${round}-${++n}`;
          const answers = await Promise.all([add(apps[0]!, token, key), add(apps[1]!, token, key)]);
          const ran = answers.filter((a) => a.statusCode === 201 && a.headers['idempotent-replayed'] === undefined);
          expect(ran).toHaveLength(1);
          for (const a of answers) {
            if (a === ran[0]) continue;
            // Either answered from the record, or told the first is still running.
            if (a.statusCode === 409) expect(a.json().error.code).toBe('idempotency_key_in_flight');
            else expect([a.statusCode, a.headers['idempotent-replayed']]).toEqual([201, 'true']);
          }
          expect(await units(token)).toBe(2);
        }
      });
    });
  }
}
