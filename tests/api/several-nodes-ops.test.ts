import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { createTestDatabase, dialects, PG_URL, type TestDatabase } from '../helpers/databases.ts';
import { until } from '../helpers/chat.ts';
import { freePort, HAPROXY, type Proc, run, stop } from '../helpers/nodes.ts';

/*
 * Operating several nodes (deploy/haproxy.cfg, deploy/nginx.conf, docs/ARCHITECTURE.md
 * "Several nodes"), with real processes: both nodes' first start at once on an empty shop,
 * readiness and the log during an outage of a Redis of this test's own, the proxies' answer
 * when no node is up, a run with one node stalling (its health checks slow) while shoppers
 * buy, and /metrics while the database is unreachable (the nodes reach PostgreSQL through a
 * TCP relay this test cuts; the shared server is never stopped).
 */

const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));
const SECRET = 'several-nodes-ops-secret-that-is-at-least-32-characters';
const TOKEN = 'several-nodes-ops-metrics-token-0123456789';
const BILLING = { first_name: 'Pat', last_name: 'Buyer', address_1: '1 Main St', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB', email: 'pat@example.com' };
/**
 * How long shoppers buy while the last node stalls. 60 s, as long as the outside probe ran:
 * its 16 proxy 503s came within 9 s, so a shorter run could pass by luck. Set
 * VITRINE_STALL_RUN_SECONDS to shorten it on a machine where that matters.
 */
const STALL_RUN_SECONDS = Number(process.env.VITRINE_STALL_RUN_SECONDS ?? 60);
/** The node is stopped (SIGSTOP) this long every STALL_EVERY_MS: longer than the old check limit (inter 1 s, fall 1). */
const STALL_MS = 2_000;
const STALL_EVERY_MS = 5_000;

/** A TCP relay to PostgreSQL that the test can cut (every connection dropped, new ones refused). */
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

/** HAProxy with the shipped configuration in front of the two addresses. */
async function haproxy(node1: string, node2: string): Promise<{ p: Proc; url: string }> {
  const port = await freePort();
  const p = run(HAPROXY!, ['-f', 'deploy/haproxy.cfg', '-db'], { VITRINE_LISTEN: `127.0.0.1:${port}`, VITRINE_NODE_1: node1, VITRINE_NODE_2: node2 });
  const url = `http://127.0.0.1:${port}`;
  await until(() => fetch(`${url}/api/health/live`).then(() => true, () => false), `haproxy listening: ${p.logs.join('\n')}`, 15_000);
  return { p, url };
}

/** The proxy's own 503, as a shopper's script receives it. */
async function expectShop503(url: string) {
  const res = await fetch(`${url}/api/products`);
  expect(res.status).toBe(503);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(await res.json()).toEqual({ error: { code: 'unavailable', message: expect.stringMatching(/briefly unavailable/) } });
}

describe.runIf(!!HAPROXY || !!NGINX)('the proxies when no node can answer', () => {
  it.runIf(!!HAPROXY)("HAProxy answers the shop's JSON 503 with Retry-After, not its HTML page", async () => {
    const { p, url } = await haproxy(`127.0.0.1:${await freePort()}`, `127.0.0.1:${await freePort()}`);
    try {
      await expectShop503(url);
    } finally {
      await stop(p);
    }
  });

  it.runIf(!!NGINX)('nginx (deploy/nginx.conf) does the same', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-nginx-'));
    const port = await freePort();
    const [n1, n2] = [await freePort(), await freePort()];
    // The shipped file with this test's addresses written in, as its comments say to.
    const conf = readFileSync('deploy/nginx.conf', 'utf8')
      .replace(/^pid .*$/m, `pid ${dir}/nginx.pid;`)
      .replace('listen 80;', `listen 127.0.0.1:${port};`)
      .replaceAll('127.0.0.1:3001', `127.0.0.1:${n1}`)
      .replaceAll('127.0.0.1:3002', `127.0.0.1:${n2}`);
    expect(conf).not.toContain(':3001');
    mkdirSync(path.join(dir, 'logs'));
    writeFileSync(path.join(dir, 'nginx.conf'), conf);
    const p = run(NGINX!, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off; error_log stderr crit;']);
    try {
      const url = `http://127.0.0.1:${port}`;
      await until(() => fetch(url).then(() => true, () => false), `nginx listening: ${p.logs.join('\n')}`, 15_000);
      await expectShop503(url);
    } finally {
      await stop(p, 'SIGQUIT');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const runs = !!HAPROXY && !!REDIS_SERVER && (await dialects()).includes('postgres');

describe.runIf(runs)('two nodes: first start, outages, a stalling node', () => {
  let database: TestDatabase;
  let link: Awaited<ReturnType<typeof relay>>;
  let redis: Proc | undefined;
  let proxy: Proc | undefined;
  let proxyUrl = '';
  const nodes: { name: string; port: number; p: Proc }[] = [];
  const base = (i: number) => `http://127.0.0.1:${nodes[i]!.port}`;
  let redisPort = 0;

  const startRedis = async () => {
    redis = run(REDIS_SERVER!, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
    await until(() => redis!.logs.some((l) => /Ready to accept connections/i.test(l)), 'redis-server ready', 10_000);
  };

  beforeAll(async () => {
    // A shop with no products, no users, no setup code: its first start.
    database = await createTestDatabase('postgres');
    link = await relay(Number(new URL(PG_URL).port || 5432));
    const url = new URL(database.url);
    url.hostname = '127.0.0.1';
    url.port = String(link.port);
    redisPort = await freePort();
    await startRedis();
    for (const name of ['a', 'b']) {
      const port = await freePort();
      const dataDir = path.join(database.dataDir, name);
      mkdirSync(dataDir, { recursive: true });
      nodes.push({
        name,
        port,
        p: run(process.execPath, ['--import', 'tsx', 'tests/helpers/ops-node.ts'], {
          NODE_ENV: 'production',
          LOG_LEVEL: 'info',
          PORT: String(port),
          DATABASE_URL: url.toString(),
          DATA_DIR: dataDir,
          SESSION_SECRET: SECRET,
          REDIS_URL: `redis://127.0.0.1:${redisPort}`,
          REDIS_PREFIX: `vt-ops-${process.pid}`,
          // A loaded test machine can take more than the default 500 ms over one Redis command,
          // which rightly counts as Redis being away; the log test below wants outages it made.
          REDIS_TIMEOUT_MS: '10000',
          METRICS_TOKEN: TOKEN,
          TRUST_PROXY: '1',
          WORKERS: '1',
          SEED_DEMO: '1',
        }),
      });
    }
    const started = (n: (typeof nodes)[number]) => n.p.logs.some((l) => l.startsWith('LISTENING'));
    const died = (n: (typeof nodes)[number]) => n.p.proc.exitCode !== null;
    // Both seed at once on a loaded machine through tsx: minutes, not seconds.
    await until(() => nodes.every((n) => started(n) || died(n)), 'both nodes listening or gone', 480_000).catch((err: Error) => {
      throw new Error(`${err.message}\n${nodes.map((n) => `node ${n.name}:\n${n.p.logs.slice(-20).join('\n')}`).join('\n')}`);
    });
    for (const n of nodes) expect(died(n), `node ${n.name} ended at its first start:\n${n.p.logs.join('\n')}`).toBe(false);
  }, 540_000);

  afterAll(async () => {
    await stop(proxy);
    for (const n of nodes) await stop(n.p);
    await stop(redis);
    await link?.close();
    await database?.cleanup();
  });

  it('both started at once on an empty shop: one demo catalog, one setup code printed by both', async () => {
    const db = database.db;
    const products = await db.selectFrom('products').select(['sku']).execute();
    expect(products.length).toBeGreaterThan(10);
    const skus = products.map((p) => p.sku).filter(Boolean);
    expect(new Set(skus).size).toBe(skus.length);
    const seeded = nodes.filter((n) => n.p.logs.some((l) => l.includes('seeded the demo shop')));
    expect(seeded).toHaveLength(1);
    const stored = await db.selectFrom('settings').select('value').where('key', '=', 'setup.code').executeTakeFirstOrThrow();
    const code = JSON.parse(stored.value) as string;
    for (const n of nodes) {
      const printed = n.p.logs.map((l) => /enter the setup code ([A-Z2-9-]{14})/.exec(l)?.[1]).filter(Boolean);
      expect(printed, `node ${n.name}`).toEqual([code]);
    }
  });

  it('Redis stopped: readiness stays 200, degraded; each node logs one warning, then one line when it is back', async () => {
    // Shipping for the shoppers below.
    const world = await addMethod(database.db, null, { type: 'flat_rate' });
    await saveMethod(database.db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
    for (let i = 0; i < 2; i++) expect(await (await fetch(`${base(i)}/api/health/ready`)).json()).toMatchObject({ status: 'ok', checks: { db: 'ok', redis: 'ok' } });
    // No outage under way before this one: every earlier warning was followed by its recovery line.
    for (const n of nodes) {
      const count = (text: string) => n.p.logs.filter((l) => l.includes(text)).length;
      expect(count('Redis unreachable'), `node ${n.name}:\n${n.p.logs.filter((l) => /redis/i.test(l)).join('\n')}`).toBe(count('Redis reachable again'));
    }
    const mark = nodes.map((n) => n.p.logs.length);
    await stop(redis);
    await until(() => nodes.every((n, i) => n.p.logs.slice(mark[i]).some((l) => l.includes('Redis unreachable'))), 'the warning on both nodes', 10_000);
    for (let i = 0; i < 2; i++) {
      const ready = await fetch(`${base(i)}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'degraded', checks: { db: 'ok', redis: 'down' } });
    }
    // Long enough for many reconnect attempts (the clients retry every 0.1–2 s).
    await new Promise((r) => setTimeout(r, 6_000));
    await startRedis();
    await until(() => nodes.every((n) => n.p.logs.slice(mark[nodes.indexOf(n)]).some((l) => l.includes('Redis reachable again'))), 'both nodes back on Redis', 20_000);
    await new Promise((r) => setTimeout(r, 1_000));
    for (const [i, n] of nodes.entries()) {
      const during = n.p.logs.slice(mark[i]).filter((l) => /redis/i.test(l));
      // Exactly one warning for this outage and one line at its end, in that order; nothing
      // else about Redis: no line per reconnect attempt, no stacks.
      const said = during.map((l) => (l.includes('Redis unreachable') ? 'down' : l.includes('Redis reachable again') ? 'up' : l));
      expect(said, `node ${n.name}:\n${during.join('\n')}`).toEqual(['down', 'up']);
    }
  }, 60_000);

  it(`node A gone, node B stalling ${STALL_MS} ms every ${STALL_EVERY_MS} ms for ${STALL_RUN_SECONDS} s while shoppers buy: no proxy 503`, async () => {
    await stop(nodes[0]!.p, 'SIGKILL');
    ({ p: proxy, url: proxyUrl } = await haproxy(`127.0.0.1:${nodes[0]!.port}`, `127.0.0.1:${nodes[1]!.port}`));
    const product = await createProduct(database.db, { name: 'Stall Mug', regular_price: 1000 });
    const end = Date.now() + STALL_RUN_SECONDS * 1000;
    const b = nodes[1]!.p.proc;
    const stalls = (async () => {
      while (Date.now() < end) {
        b.kill('SIGSTOP');
        await new Promise((r) => setTimeout(r, STALL_MS));
        b.kill('SIGCONT');
        await new Promise((r) => setTimeout(r, STALL_EVERY_MS - STALL_MS));
      }
    })();
    const statuses: number[] = [];
    const shopper = async (i: number) => {
      let orders = 0;
      for (let n = 0; Date.now() < end; n++) {
        const add = await fetch(`${proxyUrl}/api/cart/items`, { method: 'POST', headers: { 'content-type': 'application/json', 'cart-token': `stall-${i}-${n}` }, body: JSON.stringify({ productId: product.id, quantity: 1 }) });
        statuses.push(add.status);
        if (add.status !== 201) continue;
        const placed = await fetch(`${proxyUrl}/api/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'cart-token': add.headers.get('cart-token')!, 'idempotency-key': `stall-${i}-${n}` },
          body: JSON.stringify({ billing_address: BILLING, payment_method: 'cod' }),
        });
        statuses.push(placed.status);
        if (placed.status === 200) orders++;
      }
      return orders;
    };
    const orders = await Promise.all([0, 1, 2, 3].map(shopper));
    await stalls;
    b.kill('SIGCONT');
    expect(statuses.filter((s) => s >= 500), `answers: ${JSON.stringify(statuses)}`).toEqual([]);
    expect(orders.reduce((a, n) => a + n, 0)).toBeGreaterThan(0);
  }, (STALL_RUN_SECONDS + 60) * 1000);

  it('PostgreSQL unreachable: /metrics still answers, vitrine_database_up 0; readiness 503; the proxy answers JSON 503', async () => {
    const scrape = async () => {
      const res = await fetch(`${base(1)}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      return { status: res.status, body: await res.text() };
    };
    const up = await scrape();
    expect(up.status).toBe(200);
    expect(up.body).toMatch(/^vitrine_database_up 1$/m);
    expect(up.body).toMatch(/^vitrine_redis_up 1$/m);
    link.cut();
    try {
      const down = await scrape();
      expect(down.status).toBe(200);
      expect(down.body).toMatch(/^vitrine_database_up 0$/m);
      expect(down.body).toMatch(/^vitrine_redis_up 1$/m);
      expect(down.body).toMatch(/^vitrine_process_process_resident_memory_bytes \d+/m);
      expect((await fetch(`${base(1)}/api/health/ready`)).status).toBe(503);
      // HAProxy takes the node out after its failed checks; then its own answer is the shop's.
      await until(async () => (await fetch(`${proxyUrl}/api/products`)).headers.get('content-type')?.startsWith('application/json') === true, 'a JSON answer from the proxy', 15_000);
      await expectShop503(proxyUrl);
    } finally {
      link.restore();
    }
    await until(async () => (await fetch(`${base(1)}/api/health/ready`)).status === 200, 'ready again', 20_000);
  }, 60_000);
});
