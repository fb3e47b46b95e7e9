import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../app/lib/services.server.ts';
import { createUser } from '../../app/features/account/account.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { until } from '../helpers/chat.ts';
import { HAPROXY, redisUp, startCluster, type Cluster } from '../helpers/nodes.ts';

/*
 * API keys and webhooks on two real shop processes behind HAProxy, sharing PostgreSQL and
 * Redis: 20 orders placed at once through the proxy reach a receiving service once each,
 * whichever node's delivery job takes them; a key made on node B and revoked on node A is
 * refused by node B at its next call. The nodes run outside production mode, where a
 * webhook may post to this machine.
 */

const SECRET = 'several-nodes-integrations-secret-at-least-32-chars';
const PASSWORD = 'correct horse battery staple';
const BILLING = { first_name: 'Pat', last_name: 'Buyer', address_1: '1 Main St', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB', email: 'pat@example.com' };
const ORDERS = 20;

const runs = !!HAPROXY && (await dialects()).includes('postgres') && (await redisUp());

/** A receiving service answering 200 to each post, keeping the body and the topic header. */
async function receiver() {
  const got: { topic: string; body: { resourceId: number } }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ topic: String(req.headers['vitrine-topic']), body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as { resourceId: number } });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { got, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => new Promise<void>((done) => server.close(() => done())) };
}

/** A browser's session on one node: its cookies and CSRF token, logged in as `email`. */
async function browserLogin(url: string, email: string) {
  const session = await fetch(`${url}/api/session`);
  const csrf = ((await session.json()) as { csrfToken: string }).csrfToken;
  const jar = new Map(session.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${url}/api/account/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: cookie() }, body: JSON.stringify({ email, password: PASSWORD }) });
  expect(res.status).toBe(200);
  for (const c of res.headers.getSetCookie()) jar.set(...(c.split(';')[0]!.split('=') as [string, string]));
  return {
    /** A form post as the page sends it. */
    post: (path: string, fields: Record<string, string>) =>
      fetch(`${url}${path}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-csrf-token': csrf, cookie: cookie() }, body: new URLSearchParams(fields).toString() }),
  };
}

describe.runIf(runs)('API keys and webhooks on two nodes behind HAProxy', () => {
  let database: TestDatabase;
  let cluster: Cluster;
  let hook: Awaited<ReturnType<typeof receiver>>;
  let lamp = 0;
  const services = () => ({ db: database.db }) as Services;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const db = database.db;
    lamp = (await createProduct(db, { name: 'Brass Lamp', regular_price: 2500 })).id;
    const world = await addMethod(db, null, { type: 'flat_rate' });
    await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
    await createUser(services(), { email: 'admin@nodes.example', password: PASSWORD, name: 'Admin', role: 'admin' });
    hook = await receiver();
    cluster = await startCluster({ databaseUrl: database.url, dataDir: database.dataDir, secret: SECRET, env: { NODE_ENV: 'test' } });
  }, 180_000);

  afterAll(async () => {
    await cluster?.close();
    await hook?.close();
    await database?.cleanup();
  });

  it(`a webhook gets each of ${ORDERS} orders placed at once through the proxy once, whichever node sends it`, async () => {
    const admin = await browserLogin(cluster.nodes[0]!.url, 'admin@nodes.example');
    const made = await admin.post('/admin/webhooks', { intent: 'create', name: 'Fulfilment', url: hook.url, topic: 'order.created', secret: 'a shared secret long enough' });
    expect(made.status, await made.text()).toBe(302);
    const placed = await Promise.all(
      Array.from({ length: ORDERS }, async (_, i) => {
        const add = await fetch(`${cluster.proxyUrl}/api/cart/items`, { method: 'POST', headers: { 'content-type': 'application/json', 'cart-token': `hook-buyer-${i}` }, body: JSON.stringify({ productId: lamp, quantity: 1 }) });
        expect(add.status).toBe(201);
        const res = await fetch(`${cluster.proxyUrl}/api/checkout`, { method: 'POST', headers: { 'content-type': 'application/json', 'cart-token': add.headers.get('cart-token')! }, body: JSON.stringify({ billing_address: BILLING, payment_method: 'cod' }) });
        expect(res.status).toBe(200);
        return ((await res.json()) as { order_id: number }).order_id;
      }),
    );
    await until(() => new Set(hook.got.map((g) => g.body.resourceId)).size === ORDERS, 'every order at the receiver', 60_000);
    // Two more turns of each node's delivery job: nothing comes a second time.
    await new Promise((r) => setTimeout(r, 11_000));
    const received = hook.got.filter((g) => g.topic === 'order.created').map((g) => g.body.resourceId);
    expect(received.sort((a, b) => a - b)).toEqual([...placed].sort((a, b) => a - b));
    const rows = await database.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).execute();
    expect(rows).toHaveLength(ORDERS);
    expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
  }, 120_000);

  it('a key made on node B and revoked on node A is refused by node B (and through the proxy) at its next call', async () => {
    const made = await (await browserLogin(cluster.nodes[1]!.url, 'admin@nodes.example')).post('/admin/api-keys', { intent: 'create', description: 'Accounting export', permission: 'read' });
    expect(made.status).toBe(200);
    const key = /id="new-key"[^>]*>(vtk_[A-Za-z0-9_-]{43})<\/textarea>/.exec(await made.text())?.[1];
    expect(key, 'the new key is shown in the answer').toBeTruthy();
    const { id } = await database.db.selectFrom('api_keys').select('id').where('description', '=', 'Accounting export').executeTakeFirstOrThrow();
    const call = (url: string) => fetch(`${url}/api/admin/orders`, { headers: { authorization: `Bearer ${key}` } });
    // Both nodes take it (and any cache they keep of it is warm).
    for (const n of cluster.nodes) for (let i = 0; i < 3; i++) expect((await call(n.url)).status, n.name).toBe(200);
    expect((await call(cluster.proxyUrl)).status).toBe(200);
    const admin = await browserLogin(cluster.nodes[0]!.url, 'admin@nodes.example');
    const revoked = await admin.post('/admin/api-keys', { intent: 'revoke', id: String(id) });
    expect(revoked.status).toBe(200);
    expect(await revoked.text()).toContain('Key “Accounting export” revoked');
    // At once, with no wait: node B, node A and the proxy refuse it.
    expect((await call(cluster.nodes[1]!.url)).status).toBe(401);
    expect((await call(cluster.nodes[0]!.url)).status).toBe(401);
    expect((await call(cluster.proxyUrl)).status).toBe(401);
  }, 60_000);
});
