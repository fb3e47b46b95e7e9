import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { getSettings, saveSettings } from '../../app/features/settings/settings.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { changeOrderStatus } from '../../app/features/orders/order-status.server.ts';
import { cancelUnpaidOrders } from '../../app/features/orders/unpaid-orders.server.ts';
import { registerGateway, unregisterGateway, type PaymentGateway } from '../../app/features/payments/payments.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../app/config/app-config.ts';
import { Client, createTestApp, logCapture, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/*
 * Hold stock (minutes): orders left pending payment are cancelled by the background job, their
 * stock given back once, however many nodes run it at the same moment. The online method is
 * a card provider reached over HTTP (a local stand-in that sends every shopper to its page,
 * where they never pay), so the orders wait as pending payment as they would in a shop.
 */

const US = { first_name: 'Ada', last_name: 'Lovelace', company: '', address_1: '1 Market St', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94105', country: 'US', email: 'ada@example.com', phone: '' };
const MINUTE = 60_000;

let providerServer: Server;
let providerUrl = '';
const redirectPay: PaymentGateway = {
  id: 'redirectpay',
  defaultTitle: 'Card (stand-in provider)',
  enabled: () => true,
  title: () => 'Card',
  description: () => 'Pay by card.',
  async process(order) {
    const res = await fetch(`${providerUrl}/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ orderId: order.id, amount: order.total }) });
    const session = (await res.json()) as { id: string; url: string };
    return { status: 'pending', redirect: session.url, transactionId: session.id };
  },
};

beforeAll(async () => {
  let n = 0;
  providerServer = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      n++;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ id: `cs_${n}`, url: `https://provider.example/checkout/cs_${n}` }));
    });
  });
  await new Promise<void>((resolve) => providerServer.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(providerServer.address() as AddressInfo).port}`;
  registerGateway(redirectPay);
});
afterAll(async () => {
  unregisterGateway('redirectpay');
  await new Promise((resolve) => providerServer.close(resolve));
});

for (const dialect of await dialects()) {
  describe(`unpaid orders cancelled after the hold time (${dialect})`, () => {
    let smtp: TestSmtpServer;
    let t: TestApp;
    let second: FastifyInstance;
    let lamp: number;
    const logs = logCapture();

    const inject = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
    async function order(method: string): Promise<number> {
      const token = (await inject('/api/cart/items', { productId: lamp, quantity: 2 }, { 'cart-token': 'new' })).headers['cart-token'] as string;
      const res = await inject('/api/checkout', { billing_address: US, payment_method: method }, { 'cart-token': token });
      expect(res.statusCode, res.body).toBe(200);
      await mailsSettled();
      return res.json().order_id as number;
    }
    /** Makes an order look last changed `minutes` ago. */
    const age = (id: number, minutes: number) => t.services.db.updateTable('orders').set({ updated_at: new Date(Date.now() - minutes * MINUTE).toISOString() }).where('id', '=', id).execute();
    const stock = async () => (await t.services.db.selectFrom('products').select('stock_quantity').where('id', '=', lamp).executeTakeFirstOrThrow()).stock_quantity ?? 0;
    const status = async (id: number) => (await t.services.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { pages: 'build', config: { smtpUrl: smtp.url, mailFrom: 'Test Shop <shop@test.example>', logLevel: 'info' }, logStream: logs.stream });
      const db = t.services.db;
      await saveSettings(db, { storeName: 'Corner Shop', currency: 'GBP', orderNotificationEmail: 'owner@shop.example', storeUrl: 'https://corner.example' });
      lamp = (await createProduct(db, { name: 'Desk Lamp', regular_price: 4000, manage_stock: 1, stock_quantity: 100 })).id;
      const world = await addMethod(db, null, { type: 'flat_rate' });
      await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      // A second node on the same database, with its own connections, as another server would be.
      const config = loadConfig(
        { NODE_ENV: 'test', LOG_LEVEL: 'info' },
        { databaseUrl: t.database.url, dataDir: t.database.dataDir, sessionSecret: 'test-secret-that-is-at-least-32-characters-long', seedDemo: false, smtpUrl: smtp.url, mailFrom: 'Test Shop <shop@test.example>' },
      );
      second = await buildApp(config, { pages: false, logStream: logs.stream });
      await second.ready();
    }, 120_000);
    afterAll(async () => {
      await mailsSettled();
      await second?.close();
      await t?.close();
      await smtp?.close();
    });

    it('the default hold time is 60 minutes; the setting takes whole minutes, 0 or empty for never, and refuses anything else', async () => {
      const { storeSettingsSchema } = await import('../../app/features/settings/settings.schema.ts');
      expect(storeSettingsSchema.parse({}).holdStockMinutes).toBe(60);
      expect(storeSettingsSchema.parse({ holdStockMinutes: '' }).holdStockMinutes).toBe(0);
      expect(storeSettingsSchema.parse({ holdStockMinutes: ' 15 ' }).holdStockMinutes).toBe(15);
      for (const bad of ['-1', '1.5', 'an hour', -5, 2.5, '9999999']) {
        const before = (await t.services.db.selectFrom('settings').select('value').where('key', '=', 'store.holdStockMinutes').executeTakeFirst())?.value;
        await expect(saveSettings(t.services.db, { holdStockMinutes: bad })).rejects.toMatchObject({ status: 400 });
        expect((await t.services.db.selectFrom('settings').select('value').where('key', '=', 'store.holdStockMinutes').executeTakeFirst())?.value).toBe(before);
      }
    });

    it('Admin → Checkout and payments: the hold time is shown, saved as whole minutes, and a wrong value is refused with nothing saved', async () => {
      await createUser(t.services, { email: `owner-${dialect}@shop.example`, password: 'a long enough password', name: 'Owner', role: 'admin' });
      const admin = await Client.start(t.app);
      expect((await admin.request('POST', '/api/account/login', { email: `owner-${dialect}@shop.example`, password: 'a long enough password' })).statusCode).toBe(200);
      const page = await admin.request('GET', '/admin/payments');
      expect(page.body).toContain('Hold stock (minutes)');
      expect(page.body).toMatch(/name="holdStockMinutes"[^>]*value="60"/);
      const form = (minutes: string) =>
        new URLSearchParams({
          _csrf: admin.csrf, guestCheckout: '1', accountCreationAtCheckout: '1', termsUrl: '', termsText: '', holdStockMinutes: minutes,
          'bacs.enabled': '1', 'bacs.title': 'Direct bank transfer', 'cheque.enabled': '1', 'cheque.title': 'Check payments', 'cod.enabled': '1', 'cod.title': 'Cash on delivery',
        }).toString();
      const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
      for (const bad of ['ninety', '-5', '2.5']) {
        const res = await admin.request('POST', '/admin/payments', form(bad), FORM);
        expect(res.statusCode, bad).toBe(400);
        expect(res.body).toContain('Hold stock (minutes)');
        expect((await getSettings(t.services.db)).holdStockMinutes).toBe(60);
      }
      expect((await admin.request('POST', '/admin/payments', form('90'), FORM)).statusCode).toBe(200);
      expect((await getSettings(t.services.db)).holdStockMinutes).toBe(90);
      expect((await admin.request('POST', '/admin/payments', form(''), FORM)).statusCode).toBe(200);
      expect((await getSettings(t.services.db)).holdStockMinutes).toBe(0);
    });

    it('cancels only orders pending payment past the hold time, on two nodes at once and twice: stock back once, one note, one log line, one “cancelled” e-mail', async () => {
      await saveSettings(t.services.db, { holdStockMinutes: 60 });
      const full = await stock();
      const overdue = await order('redirectpay');
      const recent = await order('redirectpay');
      const bankTransfer = await order('bacs');
      const cheque = await order('cheque');
      const failed = await order('redirectpay');
      await changeOrderStatus(t.services, failed, { status: 'failed' }, { name: 'Shop Owner' });
      // A bank transfer order moved back to pending by the shop: still waiting for money sent another way.
      const bacsPending = await order('bacs');
      await changeOrderStatus(t.services, bacsPending, { status: 'pending' }, { name: 'Shop Owner' });
      await age(overdue, 61);
      await age(recent, 59);
      for (const id of [bankTransfer, cheque, failed, bacsPending]) await age(id, 60 * 48);
      await mailsSettled();
      expect(await stock()).toBe(full - 2 * 5);
      const start = smtp.received.length;

      // PostgreSQL: both nodes at the same moment. SQLite: one after the other, as separate
      // processes would wait for each other's write lock (two connections in one process
      // would instead block its only thread on each other).
      const jobs = [() => cancelUnpaidOrders(t.services), () => cancelUnpaidOrders(second.services), () => cancelUnpaidOrders(t.services)];
      const runs: number[][] = [];
      if (dialect === 'postgres') runs.push(...(await Promise.all(jobs.map((job) => job()))));
      else for (const job of jobs) runs.push(await job());
      const again = await cancelUnpaidOrders(second.services);
      // The app's own minute job may have taken it first: either way, once in all.
      expect([...runs.flat(), ...again].filter((id) => id === overdue).length).toBeLessThanOrEqual(1);
      expect([...runs.flat(), ...again].filter((id) => id !== overdue)).toEqual([]);

      expect(await status(overdue)).toBe('cancelled');
      expect(await status(recent)).toBe('pending');
      expect(await status(bankTransfer)).toBe('on-hold');
      expect(await status(cheque)).toBe('on-hold');
      expect(await status(failed)).toBe('failed');
      expect(await status(bacsPending)).toBe('pending');
      expect(await stock()).toBe(full - 2 * 4);
      const notes = await t.services.db.selectFrom('order_notes').select('content').where('order_id', '=', overdue).where('content', 'like', '%time limit%').execute();
      expect(notes.map((n) => n.content)).toEqual(['Order status changed from Pending payment to Cancelled. Unpaid order cancelled: time limit reached (60 minutes).']);
      const moves = await t.services.db.selectFrom('stock_log').select(['reason', 'quantity_before', 'quantity_after']).where('order_id', '=', overdue).where('reason', '=', 'cancellation').execute();
      expect(moves).toHaveLength(1);
      expect(moves[0]!.quantity_after! - moves[0]!.quantity_before!).toBe(2);
      await mailsSettled();
      const mails = await Promise.all(smtp.received.slice(start).map(async (m) => ({ to: m.to, mail: await parseMail(m.raw) })));
      expect(mails.map((m) => [m.to, m.mail.subject])).toEqual([[['owner@shop.example'], `[Corner Shop]: Order #${overdue} has been cancelled`]]);
      // The node that cancelled it logged it (both nodes log here).
      expect(logs.entries.filter((e) => e.msg === 'unpaid order cancelled: hold time reached, stock given back' && e.orderId === overdue)).toHaveLength(1);
    });

    it('a hold time of 0 cancels nothing; a retry on the pay page restarts the wait', async () => {
      const waiting = await order('redirectpay');
      await age(waiting, 60 * 24);
      await saveSettings(t.services.db, { holdStockMinutes: 0 });
      expect(await cancelUnpaidOrders(t.services)).toEqual([]);
      expect(await status(waiting)).toBe('pending');
      await saveSettings(t.services.db, { holdStockMinutes: 30 });
      // The shopper comes back and is sent to the provider again: the order changed just now.
      const key = (await t.services.db.selectFrom('orders').select('order_key').where('id', '=', waiting).executeTakeFirstOrThrow()).order_key;
      const client = await Client.start(t.app);
      const retried = await client.request('POST', `/api/orders/${waiting}/pay`, { payment_method: 'redirectpay', key });
      expect(retried.json()).toMatchObject({ status: 'pending' });
      expect(await cancelUnpaidOrders(t.services)).not.toContain(waiting);
      expect(await status(waiting)).toBe('pending');
      expect(await cancelUnpaidOrders(t.services, new Date(Date.now() + 31 * MINUTE))).toContain(waiting);
      expect(await status(waiting)).toBe('cancelled');
      // The pay link now says it is too late.
      const page = await client.request('POST', `/api/orders/${waiting}/pay`, { payment_method: 'redirectpay', key });
      expect(page.statusCode).toBe(409);
      expect(page.json().error.code).toBe('not_payable');
    });
  });
}
