import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { getSettings } from '../../app/features/settings/settings.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { backgroundSettled } from '../../app/lib/background.server.ts';
import { formatPrice } from '../../app/lib/money.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { changes, snapshot } from '../helpers/hostile.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';
import { FORM, signIn, urlencoded as form } from '../helpers/admin-forms.ts';
import { tableRows } from '../helpers/admin-table.ts';

/*
 * The back office's customers through their pages, as a browser without scripts uses them:
 * the list (search, role filter, sort, pages) with orders counts and totals computed from
 * orders placed through the checkout, a customer's page, the password-reset e-mail (to a
 * real SMTP server), role changes and their rules, and deletion by the privacy tool's rules.
 */

const PASSWORD = 'a long enough password';

for (const dialect of await dialects()) {
  describe(`back office: customers (${dialect})`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    let admin: Client;
    let manager: Client;
    const ids: Record<string, number> = {};
    let price: (minor: number) => string;

    const login = (email: string, name: string, role: 'customer' | 'admin' | 'shop_manager' = 'customer') => signIn(t, email, role, name);
    const buy = async (c: Client, productId: number, quantity: number, email: string) => {
      expect((await c.request('POST', '/api/cart/items', { productId, quantity })).statusCode).toBe(201);
      const address = { first_name: 'Ada', last_name: 'Lovelace', address_1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA', country: 'GB', email };
      const res = await c.request('POST', '/api/checkout', { billing_address: address, payment_method: 'bacs' });
      expect(res.statusCode, res.body).toBe(200);
      return Number(res.json().order_id);
    };
    const page = async (c: Client, url: string) => {
      const res = await c.request('GET', url);
      expect(res.statusCode, url).toBe(200);
      return res.body;
    };
    const names = async (query: string) => tableRows(await page(admin, `/admin/customers?${query}`)).map((r) => r[0]);
    const mailTo = async (to: string, subject: RegExp) => {
      for (let i = 0; ; i++) {
        await smtp.waitFor(i);
        const m = await parseMail(smtp.received[i].raw);
        if (smtp.received[i].to.includes(to) && subject.test(m.subject ?? '')) return m;
      }
    };

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { pages: 'build', config: { publicUrl: 'https://shop.example', smtpUrl: smtp.url } });
      const db = t.services.db;
      const tee = (await createProduct(db, { name: 'Plain Tee', regular_price: 2000, categories: [['Clothing']] })).id;
      const world = await addMethod(db, null, { type: 'flat_rate' });
      await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      const settings = await getSettings(db);
      price = (minor) => formatPrice(minor, settings);

      const a = await login('admin@shop.example', 'Alma Admin', 'admin');
      admin = a.c;
      ids.admin = a.id;
      const m = await login('manager@shop.example', 'Max Manager', 'shop_manager');
      manager = m.c;
      ids.manager = m.id;
      const ada = await login('ada@example.com', 'Ada Lovelace');
      const bob = await login('bob@example.com', 'Bob Baker');
      ids.ada = ada.id;
      ids.bob = bob.id;
      ids.cyd = (await createUser(t.services, { email: 'cyd@example.com', password: PASSWORD, name: 'Cyd Charisse' })).id;

      // Ada: one completed order (25.00 with shipping) and one on hold (not paid: not spent).
      const ada1 = await buy(ada.c, tee, 1, 'ada@example.com');
      ids.ada1 = ada1;
      expect((await admin.request('POST', `/admin/orders/${ada1}`, form({ intent: 'status', status: 'completed' }), FORM)).statusCode).toBe(200);
      ids.adaOrder = await buy(ada.c, tee, 1, 'ada@example.com');
      // Bob: 45.00 processing, 10.00 of it refunded: 35.00 spent.
      const bob1 = await buy(bob.c, tee, 2, 'bob@example.com');
      ids.bob1 = bob1;
      expect((await admin.request('POST', `/admin/orders/${bob1}`, form({ intent: 'status', status: 'processing' }), FORM)).statusCode).toBe(200);
      expect((await admin.request('POST', `/admin/orders/${bob1}`, form({ intent: 'refund', refund_amount: '10.00', refund_reason: 'Damaged' }), FORM)).statusCode).toBe(200);
      // A guest who bought with Ada's address and one who has no account: neither is an account's order.
      ids.guestOrder = await buy(await Client.start(t.app), tee, 1, 'ada@example.com');
      ids.walkIn = await buy(await Client.start(t.app), tee, 1, 'walk-in@example.com');
      // Ada keeps a wishlist.
      expect((await ada.c.request('POST', '/api/wishlist/items', { productId: tee })).statusCode).toBe(201);
      // More customers, registered a day apart, for the pages.
      await db
        .insertInto('users')
        .values(Array.from({ length: 22 }, (_, i) => ({ email: `filler-${String(i).padStart(2, '0')}@example.net`, password_hash: '!', name: `Filler ${String(i).padStart(2, '0')}`, role: 'customer', created_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(), updated_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() })))
        .execute();
      await mailsSettled();
    }, 120_000);
    afterAll(async () => {
      await mailsSettled();
      await backgroundSettled();
      await t?.close();
      await smtp?.close();
    });

    it('lists accounts and guest buyers with orders count, total spent, average and last order from their orders', async () => {
      const rows = tableRows(await page(manager, '/admin/customers?role=customer&sort=spent&dir=desc'));
      // name, e-mail, role, orders, total spent, average order, last order, since
      // Ada's guest order (placed with her address) counts as hers: 3 orders, one paid.
      expect(rows.slice(0, 2)).toEqual([
        ['Bob Baker', 'bob@example.com', 'Customer', '1', price(3500), price(3500), expect.any(String), expect.any(String)],
        ['Ada Lovelace', 'ada@example.com', 'Customer', '3', price(2500), price(2500), expect.any(String), expect.any(String)],
      ]);
      // The walk-in guest is a row of their own, named from their order, linked by an order id (not the e-mail).
      const html = await page(admin, '/admin/customers?q=walk-in');
      expect(tableRows(html)).toEqual([['Ada Lovelace', 'walk-in@example.com', 'Guest', '1', price(0), '—', expect.any(String), expect.any(String)]]);
      expect(html).toContain(`href="/admin/customers/guest/${ids.walkIn}"`);
      expect(tableRows(await page(admin, '/admin/customers?role=guest')).map((r) => r[1])).toEqual(['walk-in@example.com']);
      // A guest with an account's address is not a second row.
      expect(tableRows(await page(admin, '/admin/customers?q=ada%40example.com')).map((r) => r[1])).toEqual(['ada@example.com']);
      expect(await page(admin, '/admin/customers?q=nobody-at-all')).toContain('No customers match this search.');
      const cyd = tableRows(await page(admin, '/admin/customers?q=cyd'));
      expect(cyd).toEqual([['Cyd Charisse', 'cyd@example.com', 'Customer', '0', price(0), '—', '—', expect.any(String)]]);
    });

    it('searches names and e-mail addresses, filters by role, sorts and pages', async () => {
      expect(await names('q=BAKER')).toEqual(['Bob Baker']);
      expect(await names('q=ada%40')).toEqual(['Ada Lovelace']);
      // LIKE wildcards are searched as text.
      expect(await names('q=%25')).toEqual([]);
      expect(await names('role=staff&sort=name&dir=asc')).toEqual(['Alma Admin', 'Max Manager']);
      expect(await names('role=shop_manager')).toEqual(['Max Manager']);
      expect((await names('role=customer&sort=orders&dir=desc')).slice(0, 2)).toEqual(['Ada Lovelace', 'Bob Baker']);
      expect((await names('role=customer&sort=name&dir=asc')).slice(0, 3)).toEqual(['Ada Lovelace', 'Bob Baker', 'Cyd Charisse']);
      // 27 accounts and 1 guest, 20 a page; the newest first by default.
      const first = await page(admin, '/admin/customers');
      expect(first).toContain('28 found · page 1 of 2');
      expect(tableRows(first)).toHaveLength(20);
      const second = tableRows(await page(admin, '/admin/customers?page=2'));
      expect(second).toHaveLength(8);
      expect(second.at(-1)![0]).toBe('Filler 00');
      expect(new Set([...tableRows(first), ...second].map((r) => r[1])).size).toBe(28);
      // Oldest first, and a page past the end shows the last one.
      expect((await names('sort=registered&dir=asc'))[0]).toBe('Filler 00');
      expect(await page(admin, '/admin/customers?page=99')).toContain('page 2 of 2');
      // Nonsense in the query falls back to the default view.
      expect(await page(admin, '/admin/customers?sort=password_hash&dir=sideways&role=root&page=-4')).toContain('28 found · page 1 of 2');
    });

    it('the orders list searches, filters by status and payment, sorts; bad query values fall back; a bulk status change reports each order', async () => {
      const orders = async (query: string) => tableRows(await page(manager, `/admin/orders?${query}`)).map((r) => Number(/^# ?(\d+)/.exec(r[1])![1]));
      // The tick box, the order, date, status, billing e-mail, total.
      expect(tableRows(await page(manager, '/admin/orders?q=walk-in'))).toEqual([['', `# ${ids.walkIn} Ada Lovelace`, expect.any(String), 'On hold', 'walk-in@example.com', price(2500)]]);
      expect(await orders(`q=%23${ids.bob1}`)).toEqual([ids.bob1]);
      expect(await orders('status=on-hold&sort=date&dir=asc')).toEqual([ids.adaOrder, ids.guestOrder, ids.walkIn]);
      expect(await orders('sort=total&dir=desc')).toEqual([ids.bob1, ids.walkIn, ids.guestOrder, ids.adaOrder, ids.ada1]);
      expect(await orders('sort=status&dir=asc&q=ada%40')).toEqual([ids.ada1, ids.adaOrder, ids.guestOrder]);
      expect(await orders('payment=bacs')).toHaveLength(5);
      expect(await orders('payment=cod')).toEqual([]);
      expect(await page(manager, '/admin/orders?payment=cod')).toContain('No orders match.');
      // Unknown values are the default view, never an error.
      expect(await orders(`sort=nope&dir=sideways&page=x&status=lost&payment=%27%3B&q=${'a'.repeat(500)}`)).toEqual(await orders(''));

      const before = await orders('status=completed');
      const res = await admin.request('POST', '/admin/orders?status=on-hold', form({ intent: 'bulk', action: 'pending', ids: [String(ids.walkIn), String(ids.ada1)] }), FORM);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Status changed to Pending payment: 1 of 2 orders.');
      expect(res.body).toContain('An order that is completed cannot become pending payment.');
      expect(await orders('status=pending')).toEqual([ids.walkIn]);
      expect(await orders('status=completed')).toEqual(before);
      // A status that does not exist, or nothing ticked: refused, nothing changed.
      const refused: Record<string, string | string[]>[] = [{ intent: 'bulk', action: 'lost', ids: [String(ids.walkIn)] }, { intent: 'bulk', action: 'processing' }];
      for (const body of refused) {
        expect((await admin.request('POST', '/admin/orders', form(body), FORM)).statusCode).toBe(400);
      }
      expect(await orders('status=pending')).toEqual([ids.walkIn]);
    });

    it('shows a customer: account, saved addresses, orders linking to their order pages, wishlists; unknown ids are 404', async () => {
      const html = await page(manager, `/admin/customers/${ids.ada}`);
      expect(html).toContain('<h1>Ada Lovelace</h1>');
      expect(html).toContain('ada@example.com');
      expect(html).toContain('12 Analytical Row');
      expect(html).toContain(`href="/admin/orders/${ids.adaOrder}"`);
      // The order placed as a guest with her address is hers.
      expect(html).toContain(`href="/admin/orders/${ids.guestOrder}"`);
      expect(html).toContain('3 orders in all.');
      expect(html).toMatch(/<dt>Wishlists<\/dt><dd>1<\/dd>/);
      expect(html).toMatch(new RegExp(`<dt>Total spent</dt><dd>${price(2500).replace(/[.$]/g, '\\$&')}</dd>`));
      // A shop manager sees no role or delete controls.
      expect(html).not.toContain('name="role"');
      expect(html).not.toContain('Delete this account');
      expect((await manager.request('GET', '/admin/customers/999999')).statusCode).toBe(404);
      expect((await manager.request('GET', '/admin/customers/abc')).statusCode).toBe(404);
    });

    it('a guest buyer’s page by one of their order ids: their orders, figures and private notes; registering links them to the account', async () => {
      const html = await page(manager, `/admin/customers/guest/${ids.walkIn}`);
      expect(html).toContain('walk-in@example.com');
      expect(html).toContain(`href="/admin/orders/${ids.walkIn}"`);
      expect(html).toContain('1 order in all.');
      // An order of an account, or no order at all, is no guest's page.
      expect((await manager.request('GET', `/admin/customers/guest/${ids.bob1}`)).statusCode).toBe(404);
      expect((await manager.request('GET', '/admin/customers/guest/999999')).statusCode).toBe(404);
      // A guest order with an account's address sends to that account.
      const linked = await manager.request('GET', `/admin/customers/guest/${ids.guestOrder}`);
      expect(linked.statusCode).toBe(302);
      expect(linked.headers.location).toBe(`/admin/customers/${ids.ada}`);
      // A note: refused empty, kept with its author.
      const empty = await manager.request('POST', `/admin/customers/guest/${ids.walkIn}`, form({ intent: 'note', note: '   ' }), FORM);
      expect(empty.statusCode).toBe(400);
      expect(empty.body).toContain('Write the note first');
      const ok = await manager.request('POST', `/admin/customers/guest/${ids.walkIn}`, form({ intent: 'note', note: 'Phoned about a gift wrap' }), FORM);
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('Phoned about a gift wrap');
      expect(ok.body).toContain('Max Manager');
      // The guest registers with another case of the address: one row, the account's, with the order and the note.
      const walker = await login('Walk-In@Example.com', 'Walker Inn');
      const rows = tableRows(await page(admin, '/admin/customers?q=walk-in'));
      expect(rows).toEqual([['Walker Inn', 'walk-in@example.com', 'Customer', '1', price(0), '—', expect.any(String), expect.any(String)]]);
      const account = await page(admin, `/admin/customers/${walker.id}`);
      expect(account).toContain(`href="/admin/orders/${ids.walkIn}"`);
      expect(account).toContain('Phoned about a gift wrap');
      // Never shown to the customer.
      for (const url of ['/my-account', '/my-account/orders', `/my-account/edit-account`]) {
        const mine = await walker.c.request('GET', url);
        expect(mine.body, url).not.toContain('Phoned about a gift wrap');
      }
      // The CSV lists them once, as the account, with the guest order.
      const csv = await page(admin, '/admin/customers.csv?q=walk-in');
      const lines = csv.trim().split(/\r?\n/).slice(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^account,\d+,walk-in@example.com,Walker Inn,customer,[^,]*,1,/);
    });

    it('staff edit an account’s details and addresses; bad input is refused with the field named and nothing saved; a stale form is refused', async () => {
      const version = (html: string) => /name="version" value="([^"]*)"/.exec(html)![1]!;
      const stored = async () => ({
        user: await t.services.db.selectFrom('users').select(['name', 'email']).where('id', '=', ids.cyd).executeTakeFirstOrThrow(),
        addresses: await t.services.db.selectFrom('customer_addresses').select(['type', 'address']).where('user_id', '=', ids.cyd).orderBy('type').execute(),
      });
      const address = { billing_first_name: 'Cyd', billing_last_name: 'Charisse', billing_address_1: '1 Dance Street', billing_city: 'Leeds', billing_postcode: 'LS1 1AA', billing_country: 'GB', billing_email: 'cyd@example.com' };
      const opened = version(await page(manager, `/admin/customers/${ids.cyd}`));
      const before = await stored();
      // Bad input: each field named, nothing written.
      const bad = await manager.request('POST', `/admin/customers/${ids.cyd}`, form({ intent: 'details', version: opened, name: 'Cyd', email: 'not-an-address', ...address, billing_postcode: 'nope' }), FORM);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('id="customer-email-error"');
      expect(bad.body).toMatch(/postcode/i);
      expect(await stored()).toEqual(before);
      const taken = await manager.request('POST', `/admin/customers/${ids.cyd}`, form({ intent: 'details', version: opened, name: 'Cyd', email: 'bob@example.com', ...address }), FORM);
      expect(taken.statusCode).toBe(409);
      expect(taken.body).toContain('Another account already uses this address');
      expect(await stored()).toEqual(before);
      // A good save.
      const ok = await manager.request('POST', `/admin/customers/${ids.cyd}`, form({ intent: 'details', version: opened, name: 'Cyd C. Charisse', email: 'cyd@example.com', ...address }), FORM);
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('The details were saved.');
      const after = await stored();
      expect(after.user).toEqual({ name: 'Cyd C. Charisse', email: 'cyd@example.com' });
      expect(after.addresses.map((a) => [a.type, JSON.parse(a.address).address_1])).toEqual([['billing', '1 Dance Street']]);
      // A second member of staff saving from the page opened before: refused, nothing changed.
      const stale = await admin.request('POST', `/admin/customers/${ids.cyd}`, form({ intent: 'details', version: opened, name: 'Someone Else', email: 'cyd@example.com' }), FORM);
      expect(stale.statusCode).toBe(409);
      expect(stale.body).toContain('changed since you opened it');
      expect(await stored()).toEqual(after);
      // Put the name back for the tests that follow.
      const now = version(await page(admin, `/admin/customers/${ids.cyd}`));
      expect((await admin.request('POST', `/admin/customers/${ids.cyd}`, form({ intent: 'details', version: now, name: 'Cyd Charisse', email: 'cyd@example.com', ...address }), FORM)).statusCode).toBe(200);
    });

    it('sends a password-reset e-mail through the shop’s reset flow; the link sets a new password', async () => {
      const res = await manager.request('POST', `/admin/customers/${ids.bob}`, form({ intent: 'reset' }), FORM);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('A password-reset e-mail was sent to bob@example.com.');
      const mail = await mailTo('bob@example.com', /Reset your password/);
      const token = /https:\/\/shop\.example\/account\/reset-password\?token=([\w-]+)/.exec(mail.text ?? '')![1];
      const anon = await Client.start(t.app);
      expect((await anon.request('POST', '/api/account/password-reset/confirm', { token, password: 'bob’s new password' })).statusCode).toBe(200);
      expect((await anon.request('POST', '/api/account/login', { email: 'bob@example.com', password: 'bob’s new password' })).statusCode).toBe(200);
    });

    it('changes roles: administrators only, never their own, never the last administrator; bad input changes nothing', async () => {
      const db = t.services.db;
      const role = async (id: number) => (await db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role;
      const post = (c: Client, id: number, fields: Record<string, string>) => c.request('POST', `/admin/customers/${id}`, form(fields), FORM);
      const refusals: [Client, number, Record<string, string>, number][] = [
        [manager, ids.cyd, { intent: 'role', role: 'admin' }, 403],
        [manager, ids.manager, { intent: 'role', role: 'admin' }, 403],
        [admin, ids.admin, { intent: 'role', role: 'customer' }, 409],
        [admin, ids.cyd, { intent: 'role', role: 'root' }, 400],
        [admin, ids.cyd, { intent: 'role' }, 400],
        [admin, 999_999, { intent: 'role', role: 'editor' }, 404],
        [admin, ids.cyd, { intent: 'promote', role: 'editor' }, 400],
      ];
      for (const [c, id, fields, status] of refusals) {
        const before = await snapshot(db);
        expect((await post(c, id, fields)).statusCode, JSON.stringify(fields)).toBe(status);
        expect(changes(before, await snapshot(db))).toEqual([]);
      }
      const own = await post(admin, ids.admin, { intent: 'role', role: 'customer' });
      expect(own.body).toContain('You cannot change your own role');

      const ok = await post(admin, ids.cyd, { intent: 'role', role: 'editor' });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('The role is now Editor.');
      expect(await role(ids.cyd)).toBe('editor');
      // The new role applies to the account's next request.
      const cyd = await Client.start(t.app);
      expect((await cyd.request('POST', '/api/account/login', { email: 'cyd@example.com', password: PASSWORD })).statusCode).toBe(200);
      expect((await cyd.request('GET', '/admin/pages')).statusCode).toBe(200);
      expect((await post(admin, ids.cyd, { intent: 'role', role: 'customer' })).statusCode).toBe(200);
      expect((await cyd.request('GET', '/admin/pages')).statusCode).toBe(403);

      // Two administrators demoting each other at the same moment: one wins, one administrator stays.
      const other = await createUser(t.services, { email: 'second-admin@shop.example', password: PASSWORD, name: 'Second Admin', role: 'admin' });
      const second = await Client.start(t.app);
      expect((await second.request('POST', '/api/account/login', { email: 'second-admin@shop.example', password: PASSWORD })).statusCode).toBe(200);
      const [x, y] = await Promise.all([post(admin, other.id, { intent: 'role', role: 'customer' }), post(second, ids.admin, { intent: 'role', role: 'customer' })]);
      expect([x.statusCode, y.statusCode].sort()).toEqual([200, 403]);
      const admins = await db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
      // Put things back as they were for the next tests.
      if (admins[0].id !== ids.admin) await db.updateTable('users').set({ role: 'admin' }).where('id', '=', ids.admin).execute();
      await db.deleteFrom('users').where('id', '=', other.id).execute();
    });

    it('deletes a customer by the privacy tool’s rules, after a confirmation; staff accounts and managers are refused', async () => {
      const db = t.services.db;
      const confirm = await page(admin, `/admin/customers/${ids.ada}?delete=1`);
      expect(confirm).toContain('Delete the account of ada@example.com?');
      // Her two orders and the guest order placed with her address, as the privacy tool counts them.
      expect(confirm).toContain('3 orders will be anonymised.');
      expect(await page(manager, `/admin/customers/${ids.ada}?delete=1`)).not.toContain('Delete the account of');

      const refusals: [Client, number, Record<string, string>, number][] = [
        [manager, ids.ada, { intent: 'delete', confirm: '1' }, 403],
        [admin, ids.ada, { intent: 'delete' }, 400],
        [admin, ids.manager, { intent: 'delete', confirm: '1' }, 409],
        [admin, 999_999, { intent: 'delete', confirm: '1' }, 404],
      ];
      for (const [c, id, fields, status] of refusals) {
        const before = await snapshot(db);
        expect((await c.request('POST', `/admin/customers/${id}`, form(fields), FORM)).statusCode, JSON.stringify(fields)).toBe(status);
        expect(changes(before, await snapshot(db))).toEqual([]);
      }

      const res = await admin.request('POST', `/admin/customers/${ids.ada}`, form({ intent: 'delete', confirm: '1' }), FORM);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/admin/customers?deleted=1&orders=3');
      expect(await page(admin, String(res.headers.location))).toContain('The account was deleted; 3 orders were kept, anonymised.');
      expect(await db.selectFrom('users').select('id').where('id', '=', ids.ada).executeTakeFirst()).toBeUndefined();
      expect(await db.selectFrom('customer_addresses').select('user_id').where('user_id', '=', ids.ada).execute()).toEqual([]);
      expect(await db.selectFrom('wishlists').select('id').where('owner_key', '=', `u:${ids.ada}`).execute()).toEqual([]);
      const orders = await db.selectFrom('orders').select(['id', 'user_id', 'billing_email', 'billing', 'total']).where('id', 'in', [ids.adaOrder, ids.guestOrder]).execute();
      expect(orders).toHaveLength(2);
      for (const o of orders) {
        expect(o).toMatchObject({ user_id: null, total: 2500 });
        expect(o.billing_email).toMatch(/^deleted-[0-9a-f]{12}@invalid$/);
        expect(o.billing).not.toContain('Lovelace');
      }
      const note = await db.selectFrom('order_notes').select(['content', 'author']).where('order_id', '=', ids.adaOrder).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(note).toEqual({ content: 'Personal data removed at the customer’s request.', author: 'Alma Admin' });
      expect(await names('q=lovelace')).toEqual([]);
      expect((await admin.request('GET', `/admin/customers/${ids.ada}`)).statusCode).toBe(404);
    });
  });
}
