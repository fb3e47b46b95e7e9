import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { deliverDue } from '../../app/features/webhooks/delivery.server.ts';
import { checkWebhookUrl } from '../../app/features/webhooks/webhooks.server.ts';
import { listStoredMail } from '../../app/lib/mail.server.ts';
import { SERVER_BUILD } from '../../server/pages.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { FORM, staffLogin, urlencoded as form } from '../helpers/admin-forms.ts';
import { guestOrder, shipEverywhere } from '../helpers/shop-order.ts';
import { changeOrderStatus, refundOrder } from '../../app/features/orders/order-status.server.ts';

/*
 * Outgoing webhooks, end to end: added through /admin/webhooks, a change queued in its own
 * transaction, sent by the delivery job to a real HTTP receiver on this machine, which
 * checks the Vitrine-Signature header; a failing receiver is tried again after a doubling
 * wait; a webhook failing for two days is paused and the administrators e-mailed; "Send a
 * test" and "Redeliver"; addresses the shop must not reach are refused.
 */

if (!existsSync(SERVER_BUILD)) {
  const built = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiving service: `/ok` answers 200; `/flaky` 500 until `flakyFailures` are used up; `/down` always 500. */
async function receiver() {
  const got: Received[] = [];
  let flakyFailures = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const fail = req.url === '/down' || (req.url === '/flaky' && flakyFailures-- > 0);
      res.writeHead(fail ? 500 : 200, { 'content-type': 'text/plain' });
      res.end(fail ? 'broken' : 'thanks');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    got,
    origin,
    failNext(n: number) {
      flakyFailures = n;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** What a receiver does with the header: the HMAC-SHA256 of "t.body" with the shared secret. */
function signatureValid(header: string | string[] | undefined, body: string, secret: string): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header));
  if (!m) return false;
  const age = Math.abs(Date.now() / 1000 - Number(m[1]));
  return age < 300 && createHmac('sha256', secret).update(`${m[1]}.${body}`).digest('hex') === m[2];
}

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const SECRET = 'a shared secret long enough';

for (const dialect of await dialects()) {
  describe(`webhooks (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    let manager: Client;
    let r: Awaited<ReturnType<typeof receiver>>;
    let lampId = 0;
    const db = () => t.services.db;
    const post = (c: Client, url: string, fields: Record<string, string>) => c.request('POST', url, form(fields), FORM);
    const addHook = async (name: string, path: string, topic: string, secret = SECRET) => {
      const res = await post(admin, '/admin/webhooks', { intent: 'create', name, url: `${r.origin}${path}`, topic, secret });
      expect(res.statusCode, res.body).toBe(302);
      const id = Number(/\/admin\/webhooks\/(\d+)\?created=1$/.exec(String(res.headers.location))?.[1]);
      expect(id).toBeGreaterThan(0);
      return id;
    };
    const deliveries = (webhookId: number) => db().selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).orderBy('id').execute();
    const to = (path: string) => r.got.filter((g) => g.path === path);

    beforeAll(async () => {
      r = await receiver();
      t = await createTestApp(dialect, { pages: 'build' });
      admin = await staffLogin(t, 'admin', 'hooks.example');
      manager = await staffLogin(t, 'shop_manager', 'hooks.example');
      await shipEverywhere(t);
      lampId = (await createProduct(db(), { name: 'Brass reading lamp', sku: 'LAMP-7', regular_price: 4250, status: 'publish' })).id;
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await r?.close();
    });

    it('posts order.created to the receiver after a checkout, signed with the secret, and logs the answer', async () => {
      const id = await addHook('Accounting', '/ok', 'order.created');
      const page = await admin.request('GET', `/admin/webhooks/${id}?created=1`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Webhook “Accounting” added.');
      expect(page.body).toContain(`value="${SECRET}"`);
      const orderId = await guestOrder(t, lampId, 2);
      // The delivery job (every few seconds) sends it: nothing here calls it.
      const msg = await until('order.created at the receiver', () => to('/ok').find((g) => g.headers['vitrine-topic'] === 'order.created'));
      expect(signatureValid(msg.headers['vitrine-signature'], msg.body, SECRET)).toBe(true);
      expect(signatureValid(msg.headers['vitrine-signature'], msg.body, 'another secret of enough length')).toBe(false);
      expect(msg.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = JSON.parse(msg.body);
      expect(body).toMatchObject({ topic: 'order.created', resourceId: orderId, data: { id: orderId, status: 'on-hold', total: 9000, billing: { email: 'ada@example.com' } } });
      expect(body.data.items).toEqual([expect.objectContaining({ name: 'Brass reading lamp', quantity: 2 })]);
      // The same order as the admin API gives it.
      expect(body.data).toEqual(JSON.parse(JSON.stringify((await admin.request('GET', `/api/admin/orders/${orderId}`)).json().order)));
      const [d] = await until('the delivery logged', async () => ((await deliveries(id))[0]?.status === 'delivered' ? deliveries(id) : undefined));
      expect(d).toMatchObject({ status: 'delivered', attempts: 1, response_code: 200, topic: 'order.created', resource_id: orderId });
      expect(msg.headers['vitrine-delivery']).toBe(String(d!.id));
      const log = await admin.request('GET', `/admin/webhooks/${id}`);
      expect(log.body).toMatch(/Delivered[\s\S]*200[\s\S]*\d+ ms/);
      expect(to('/ok')).toHaveLength(1);
    });

    it('tries a failing receiver again after a wait that doubles, until it answers', async () => {
      r.failNext(2);
      const id = await addHook('Fulfilment', '/flaky', 'product.created');
      const product = await createProduct(db(), { name: 'Glazed vase', regular_price: 1800 });
      const first = await until('the first attempt', async () => (await deliveries(id)).find((d) => d.attempts === 1));
      expect(first).toMatchObject({ status: 'pending', response_code: 500, error: 'answered 500' });
      const wait1 = Date.parse(first.next_attempt_at) - Date.parse(first.attempted_at!);
      expect(wait1).toBe(60_000);
      // Not due yet: nothing is sent.
      expect(await deliverDue(t.services, new Date(Date.parse(first.attempted_at!) + 30_000))).toBe(0);
      const second = new Date(Date.parse(first.next_attempt_at) + 1);
      expect(await deliverDue(t.services, second)).toBe(1);
      const [again] = await deliveries(id);
      expect(again).toMatchObject({ status: 'pending', attempts: 2, response_code: 500 });
      expect(Date.parse(again!.next_attempt_at) - second.getTime()).toBe(120_000);
      expect(await deliverDue(t.services, new Date(Date.parse(again!.next_attempt_at)))).toBe(1);
      const [done] = await deliveries(id);
      expect(done).toMatchObject({ status: 'delivered', attempts: 3, response_code: 200 });
      const sent = to('/flaky');
      expect(sent).toHaveLength(3);
      // The same message each time (its body kept), each signed afresh.
      expect(new Set(sent.map((s) => s.body)).size).toBe(1);
      expect(JSON.parse(sent[0]!.body)).toMatchObject({ topic: 'product.created', data: { id: product.id, name: 'Glazed vase', regularPrice: 1800 } });
      for (const s of sent) expect(signatureValid(s.headers['vitrine-signature'], s.body, SECRET)).toBe(true);
      expect(await db().selectFrom('webhooks').select(['failures', 'failing_since', 'status']).where('id', '=', id).executeTakeFirst()).toEqual({ failures: 0, failing_since: null, status: 'active' });
    });

    it('sends each delivery once when several nodes run the job at the same moment', async () => {
      const id = await addHook('Marketing', '/ok', 'customer.created');
      const shopper = await Client.start(t.app);
      // Several "nodes" on the one database, with the app's own job too.
      const registering = shopper.request('POST', '/api/account/register', { email: 'grace@example.com', password: 'a long enough password', name: 'Grace Hopper' });
      expect((await registering).statusCode).toBe(201);
      await Promise.all([deliverDue(t.services), deliverDue(t.services), deliverDue(t.services)]);
      const msg = await until('customer.created', () => to('/ok').find((g) => g.headers['vitrine-topic'] === 'customer.created'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(to('/ok').filter((g) => g.headers['vitrine-topic'] === 'customer.created')).toHaveLength(1);
      expect(JSON.parse(msg.body).data).toMatchObject({ email: 'grace@example.com', name: 'Grace Hopper', role: 'customer' });
      expect(await deliveries(id)).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1 })]);
    });

    it('pauses a webhook that has failed for two days and e-mails the administrators; resuming sends what waited', async () => {
      const id = await addHook('Old CRM', '/down', 'product.updated');
      await db().updateTable('products').set({ name: 'Brass desk lamp', updated_at: new Date().toISOString() }).where('id', '=', lampId).execute();
      let row = await until('the first attempt', async () => (await deliveries(id)).find((d) => d.attempts === 1));
      const start = Date.parse(row.attempted_at!);
      const waits: number[] = [];
      while (row.status === 'pending' && (await db().selectFrom('webhooks').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status === 'active') {
        waits.push(Date.parse(row.next_attempt_at) - Date.parse(row.attempted_at!));
        expect(await deliverDue(t.services, new Date(row.next_attempt_at))).toBe(1);
        row = (await deliveries(id))[0]!;
      }
      // 1, 2, 4 … minutes, at most 12 hours between tries.
      expect(waits.slice(0, 4)).toEqual([60_000, 120_000, 240_000, 480_000]);
      expect(Math.max(...waits)).toBe(12 * 3_600_000);
      const hook = await db().selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(hook.status).toBe('paused');
      expect(Date.parse(hook.paused_at!) - start).toBeGreaterThanOrEqual(2 * 86_400_000);
      expect(row.status).toBe('pending');
      const mail = await until('the paused e-mail', async () => (await listStoredMail(t.database.dataDir)).find((m) => m.subject.includes('Webhook paused: Old CRM')));
      expect(mail.to).toContain('admin@hooks.example');
      // Paused: the job leaves it, however late it is.
      expect(await deliverDue(t.services, new Date(Date.parse(row.next_attempt_at) + 86_400_000))).toBe(0);
      const page = await admin.request('GET', `/admin/webhooks/${id}`);
      expect(page.body).toContain('Paused since');
      const resumed = await post(admin, `/admin/webhooks/${id}`, { intent: 'resume' });
      expect(resumed.statusCode).toBe(200);
      expect(resumed.body).toContain('resumed');
      expect(await db().selectFrom('webhooks').select(['status', 'failures']).where('id', '=', id).executeTakeFirst()).toEqual({ status: 'active', failures: 0 });
      const before = to('/down').length;
      expect(await deliverDue(t.services, new Date(Date.parse(row.next_attempt_at) + 1))).toBe(1);
      expect(to('/down')).toHaveLength(before + 1);
      expect(JSON.parse(to('/down').at(-1)!.body).data).toMatchObject({ id: lampId, name: 'Brass desk lamp' });
      await post(admin, `/admin/webhooks/${id}`, { intent: 'delete' });
      expect(await db().selectFrom('webhooks').select('id').where('id', '=', id).execute()).toEqual([]);
    });

    it('sends a test at once and redelivers a message as a new delivery', async () => {
      const id = await addHook('Checker', '/ok', 'order.updated');
      const test = await post(admin, `/admin/webhooks/${id}`, { intent: 'test' });
      expect(test.statusCode).toBe(200);
      expect(test.body).toMatch(/Test sent: 200 \(\d+ ms\)/);
      const ping = to('/ok').at(-1)!;
      expect(ping.headers['vitrine-topic']).toBe('ping');
      expect(signatureValid(ping.headers['vitrine-signature'], ping.body, SECRET)).toBe(true);
      expect(JSON.parse(ping.body)).toMatchObject({ topic: 'ping', data: { webhookId: id, test: true } });
      const [first] = await deliveries(id);
      const again = await post(admin, `/admin/webhooks/${id}`, { intent: 'redeliver', delivery: String(first!.id) });
      expect(again.statusCode).toBe(200);
      const copies = await until('the copy sent', async () => {
        const all = await deliveries(id);
        return all.length === 2 && all[1]!.status === 'delivered' ? all : undefined;
      });
      expect(copies[1]!.payload).toBe(first!.payload);
      expect(to('/ok').at(-1)!.body).toBe(ping.body);
      // Another webhook's delivery, or none: refused, nothing queued.
      expect((await post(admin, `/admin/webhooks/${id}`, { intent: 'redeliver', delivery: '999999' })).statusCode).toBe(404);
      expect(await deliveries(id)).toHaveLength(2);
    });

    it('refuses addresses the shop must not reach, naming the field, and stores nothing', async () => {
      const before = await db().selectFrom('webhooks').selectAll().orderBy('id').execute();
      for (const url of [
        'http://10.0.0.7/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://192.168.1.20/hook',
        'https://[fd00::1]/hook',
        'http://example.com/hook',
        'ftp://example.com/hook',
        'file:///etc/passwd',
        'javascript:alert(1)',
        'https://user:pass@example.com/hook',
        'not an address',
      ]) {
        const res = await post(admin, '/admin/webhooks', { intent: 'create', name: 'Sneaky', url, topic: 'order.created', secret: '' });
        expect(res.statusCode, url).toBe(400);
        expect(res.body, url).toContain('Use an https:// address on the public internet');
      }
      const odd = await post(admin, '/admin/webhooks', { intent: 'create', name: '', url: `${r.origin}/ok`, topic: 'order.exploded', secret: 'short' });
      expect(odd.statusCode).toBe(400);
      expect(await db().selectFrom('webhooks').selectAll().orderBy('id').execute()).toEqual(before);
      // In production even this machine is refused (tests and development may use it).
      const production = { config: { ...t.services.config, mode: 'production' as const } };
      for (const url of [`${r.origin}/ok`, 'https://127.0.0.1/hook', 'https://localhost/hook', 'https://[::1]/hook']) {
        await expect(checkWebhookUrl(production, url), url).rejects.toMatchObject({ status: 400, fields: { url: expect.any(String) } });
      }
    });

    it('tells order.paid when an order is paid, order.refunded when money goes back, and product.deleted when a product goes to the trash', async () => {
      const paid = await addHook('Payments', '/ok?paid', 'order.paid');
      const refunded = await addHook('Refunds', '/ok?refunded', 'order.refunded');
      const deleted = await addHook('Catalogue', '/ok?deleted', 'product.deleted');
      const orderId = await guestOrder(t, lampId, 1);
      const staff = { name: 'Test admin' };
      // A bank transfer's order waits on hold: nothing is paid yet.
      await deliverDue(t.services);
      expect(to('/ok?paid')).toHaveLength(0);
      expect(await deliveries(paid)).toHaveLength(0);
      await changeOrderStatus(t.services, orderId, { status: 'processing' }, staff);
      const paidMsg = await until('order.paid', async () => (await deliverDue(t.services), to('/ok?paid')[0]));
      expect(JSON.parse(paidMsg.body)).toMatchObject({ topic: 'order.paid', resourceId: orderId, data: { id: orderId, status: 'processing' } });
      expect(signatureValid(paidMsg.headers['vitrine-signature'], paidMsg.body, SECRET)).toBe(true);
      // Completed later, then partly refunded: paid once, refunded once.
      await changeOrderStatus(t.services, orderId, { status: 'completed' }, staff);
      await refundOrder(t.services, orderId, { amount: 1000, reason: 'Scratched' }, staff);
      const refundMsg = await until('order.refunded', async () => (await deliverDue(t.services), to('/ok?refunded')[0]));
      expect(JSON.parse(refundMsg.body)).toMatchObject({ topic: 'order.refunded', resourceId: orderId, data: { id: orderId } });

      const vase = await createProduct(db(), { name: 'Chipped vase', regular_price: 900, status: 'publish' });
      const trashed = await post(admin, '/admin/products', { intent: 'trash', id: String(vase.id) });
      expect(trashed.statusCode).toBe(200);
      const deletedMsg = await until('product.deleted', async () => (await deliverDue(t.services), to('/ok?deleted')[0]));
      expect(JSON.parse(deletedMsg.body)).toMatchObject({ topic: 'product.deleted', resourceId: vase.id, data: { id: vase.id, name: 'Chipped vase', status: 'trash', deleted: true } });
      // Each message once; none for the topics nobody listens to.
      await until('every delivery sent', async () => {
        const all = [...(await deliveries(paid)), ...(await deliveries(refunded)), ...(await deliveries(deleted))];
        return all.length === 3 && all.every((d) => d.status === 'delivered') ? all : undefined;
      });
      expect([to('/ok?paid').length, to('/ok?refunded').length, to('/ok?deleted').length]).toEqual([1, 1, 1]);
    });

    it('keeps webhooks to administrators', async () => {
      const before = await db().selectFrom('webhooks').selectAll().orderBy('id').execute();
      expect((await manager.request('GET', '/admin/webhooks')).statusCode).toBe(403);
      expect((await post(manager, '/admin/webhooks', { intent: 'create', name: 'Mine', url: `${r.origin}/ok`, topic: 'order.created', secret: '' })).statusCode).toBe(403);
      expect((await post(manager, `/admin/webhooks/${before[0]!.id}`, { intent: 'delete' })).statusCode).toBe(403);
      expect(await db().selectFrom('webhooks').selectAll().orderBy('id').execute()).toEqual(before);
    });
  });
}
