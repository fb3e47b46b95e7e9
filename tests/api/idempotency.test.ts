import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { saveCoupon } from '../../app/features/coupons/coupons-admin.server.ts';
import { seedDemoContactForm } from '../../app/features/forms/forms.server.ts';
import { DEMO_CONTACT_FORM_ID } from '../../app/features/forms/demo-form.ts';
import { databaseStore, keyRecord, removeExpiredKeys, requestHash } from '../../app/lib/idempotency.server.ts';
import { createTestApp, Client, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { hiddenFields, multipart } from '../helpers/forms.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/*
 * Idempotency-Key on the state-changing API (docs/API.md, "Idempotency"): a repeat with the
 * same key by the same caller answers the first answer again and changes nothing; a
 * different request with the key is refused; another caller's same key is theirs.
 */

const KEY = 'Idempotency-Key';

for (const dialect of await dialects()) {
  describe(`Idempotency-Key (${dialect})`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    let mug = 0;
    let lamp = 0;
    let n = 0;
    const key = (what: string) => `${what}-${dialect}-${++n}-key`;
    const db = () => t.services.db;

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { config: { smtpUrl: smtp.url, mailFrom: 'Test Shop <shop@test.example>' } });
      mug = (await createProduct(db(), { name: 'Stoneware Mug', regular_price: 1200 })).id;
      lamp = (await createProduct(db(), { name: 'Desk Lamp', regular_price: 4500, manage_stock: 1, stock_quantity: 50 })).id;
      await saveCoupon(db(), null, { code: 'tenoff', discountType: 'percent', amount: '10' });
      await seedDemoContactForm(db());
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    const headless = (token: string, method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method,
        url,
        headers: { 'cart-token': token, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
    /** A headless client's cart: its token, as the first answer gives it. */
    const newCart = async (productId = mug, quantity = 1) =>
      (await t.app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'content-type': 'application/json', 'cart-token': `new-${dialect}-${++n}` }, payload: JSON.stringify({ productId, quantity }) })).headers['cart-token'] as string;
    const cartOf = (token: string) => t.app.inject({ method: 'GET', url: '/api/cart', headers: { 'cart-token': token } });
    const units = (res: { json(): { items: { productId: number; quantity: number }[] } }, productId: number) =>
      res.json().items.filter((i) => i.productId === productId).reduce((s, i) => s + i.quantity, 0);

    it('cart add twice with one key: one unit, the same answer (status, body, Cart-Token, cookies) the second time', async () => {
      const c = await Client.start(t.app);
      const k = key('add');
      const first = await c.request('POST', '/api/cart/items', { productId: mug, quantity: 1 }, { [KEY]: k });
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      // The proxy (or the browser) sends it again, without the cookies the answer set.
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/cart/items',
        headers: { cookie: `vt_csrf=${c.cookies.get('vt_csrf')}`, 'x-csrf-token': c.csrf, 'content-type': 'application/json', [KEY]: k },
        payload: JSON.stringify({ productId: mug, quantity: 1 }),
      });
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
      expect(again.headers['cart-token']).toBe(first.headers['cart-token']);
      expect(again.headers['set-cookie']).toEqual(first.headers['set-cookie']);
      expect(units(await c.request('GET', '/api/cart'), mug)).toBe(1);
      // A new key is a new action.
      await c.request('POST', '/api/cart/items', { productId: mug, quantity: 1 }, { [KEY]: key('add') });
      expect(units(await c.request('GET', '/api/cart'), mug)).toBe(2);
    });

    it('update, remove, coupons, destination and shipping choice: each repeat answers the first answer and changes nothing', async () => {
      const token = await newCart(lamp, 2);
      const line = (await cartOf(token)).json().items[0].key as string;
      const steps: [('POST' | 'PATCH' | 'DELETE'), string, unknown?][] = [
        ['PATCH', `/api/cart/items/${line}`, { quantity: 3 }],
        ['POST', '/api/cart/coupons', { code: 'tenoff' }],
        ['DELETE', '/api/cart/coupons/tenoff'],
        ['POST', '/api/cart/customer', { country: 'GB', postcode: 'LS1 1AA', city: 'Leeds' }],
        ['DELETE', `/api/cart/items/${line}`],
      ];
      for (const [method, url, body] of steps) {
        const k = key('family');
        const first = await headless(token, method, url, body, { [KEY]: k });
        expect(first.statusCode, `${method} ${url}`).toBeLessThan(300);
        const again = await headless(token, method, url, body, { [KEY]: k });
        expect([again.statusCode, again.headers['idempotent-replayed']], `${method} ${url}`).toEqual([first.statusCode, 'true']);
        expect(again.json()).toEqual(first.json());
      }
      // The line's removal repeated is not a 404: the first answer (the cart without it) again.
      const cart = await headless(token, 'PATCH', '/api/cart/items/none', { quantity: 1 });
      expect(cart.statusCode).toBe(404);
    });

    it('the answer kept is the one sent before compression; the record holds no token in the clear', async () => {
      const token = await newCart(lamp);
      // Answers over 1 KB are compressed: a cart of a few lines.
      for (let i = 0; i < 3; i++) {
        const id = (await createProduct(db(), { name: `Linen Napkin, set ${i} in sage green`, regular_price: 1500 + i })).id;
        await headless(token, 'POST', '/api/cart/items', { productId: id, quantity: 1 });
      }
      const k = key('br');
      const first = await headless(token, 'POST', '/api/cart/items', { productId: mug, quantity: 1 }, { [KEY]: k, 'accept-encoding': 'br' });
      expect(first.headers['content-encoding']).toBe('br');
      const again = await headless(token, 'POST', '/api/cart/items', { productId: mug, quantity: 1 }, { [KEY]: k });
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(again.json()).toEqual(JSON.parse(brotliDecompressSync(first.rawPayload).toString()));
      const rows = await db().selectFrom('idempotency_keys').selectAll().execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        expect(JSON.stringify(r)).not.toContain(token);
        expect(JSON.stringify(r)).not.toContain(k);
      }
    });

    it('the same key with another body or path: 422 idempotency_conflict, nothing changed; a malformed key: 400', async () => {
      const token = await newCart(lamp);
      const k = key('conflict');
      expect((await headless(token, 'POST', '/api/cart/items', { productId: mug, quantity: 1 }, { [KEY]: k })).statusCode).toBe(201);
      for (const [url, body] of [
        ['/api/cart/items', { productId: mug, quantity: 2 }],
        ['/api/cart/coupons', { code: 'tenoff' }],
      ] as const) {
        const res = await headless(token, 'POST', url, body, { [KEY]: k });
        expect(res.statusCode).toBe(422);
        expect(res.json().error.code).toBe('idempotency_conflict');
      }
      const cart = await headless(token, 'POST', '/api/cart/items', { productId: lamp, quantity: 1 }, { [KEY]: 'short' });
      expect(cart.statusCode).toBe(400);
      expect(cart.json().error).toMatchObject({ code: 'invalid', fields: { idempotency_key: expect.any(String) } });
      expect((await headless(token, 'POST', '/api/cart/items', { productId: lamp, quantity: 1 }, { [KEY]: 'has spaces in it' })).statusCode).toBe(400);
      const now = await cartOf(token);
      expect(units(now, mug)).toBe(1);
      expect(units(now, lamp)).toBe(1);
      expect(now.json().coupons).toEqual([]);
    });

    it('another caller with the same key is another key: two shoppers, one unit each', async () => {
      const k = key('shared');
      const a = await Client.start(t.app);
      const b = await Client.start(t.app);
      const ra = await a.request('POST', '/api/cart/items', { productId: mug, quantity: 1 }, { [KEY]: k });
      const rb = await b.request('POST', '/api/cart/items', { productId: mug, quantity: 4 }, { [KEY]: k });
      expect([ra.statusCode, rb.statusCode]).toEqual([201, 201]);
      expect(rb.headers['idempotent-replayed']).toBeUndefined();
      expect(ra.headers['cart-token']).not.toBe(rb.headers['cart-token']);
      expect(units(await a.request('GET', '/api/cart'), mug)).toBe(1);
      expect(units(await b.request('GET', '/api/cart'), mug)).toBe(4);
      const [one, two] = [await newCart(lamp), await newCart(lamp)];
      await headless(one, 'POST', '/api/cart/items', { productId: mug, quantity: 1 }, { [KEY]: k });
      const h2 = await headless(two, 'POST', '/api/cart/items', { productId: mug, quantity: 2 }, { [KEY]: k });
      expect(h2.headers['idempotent-replayed']).toBeUndefined();
      expect([units(await cartOf(one), mug), units(await cartOf(two), mug)]).toEqual([1, 2]);
    });

    it('a repeat while the first request still runs: 409 idempotency_key_in_flight, nothing run twice', async () => {
      const token = await newCart(lamp);
      const k = key('inflight');
      const body = { productId: mug, quantity: 1 };
      // The first request claimed its key on another node and has not answered yet.
      const record = keyRecord(t.services.config.sessionSecret, `t=${token}`, k);
      expect(await databaseStore(db()).begin(record.id, requestHash('POST', '/api/cart/items', JSON.stringify(body)))).toEqual({ state: 'new' });
      const res = await headless(token, 'POST', '/api/cart/items', body, { [KEY]: k });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('idempotency_key_in_flight');
      expect(res.headers['retry-after']).toBe('1');
      expect(units(await cartOf(token), mug)).toBe(0);
    });

    it('a key is kept 24 hours: once expired it is a new key, and the hourly job removes the records', async () => {
      const token = await newCart(lamp);
      const k = key('expiry');
      await headless(token, 'POST', '/api/cart/items', { productId: mug, quantity: 1 }, { [KEY]: k });
      const id = keyRecord(t.services.config.sessionSecret, `t=${token}`, k).id;
      const row = await db().selectFrom('idempotency_keys').select(['expires_at', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe(201);
      const hours = (Date.parse(row.expires_at) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
      await db().updateTable('idempotency_keys').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
      const again = await headless(token, 'POST', '/api/cart/items', { productId: mug, quantity: 1 }, { [KEY]: k });
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      expect(units(again, mug)).toBe(2);
      await db().updateTable('idempotency_keys').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
      const before = (await db().selectFrom('idempotency_keys').select('id').execute()).length;
      expect(await removeExpiredKeys(db())).toBe(1);
      expect((await db().selectFrom('idempotency_keys').select('id').execute()).length).toBe(before - 1);
    });

    it('wishlist add twice with one key: one item; a review posted twice: one review; an offline chat message: one', async () => {
      const c = await Client.start(t.app);
      const k = key('wish');
      const first = await c.request('POST', '/api/wishlist/items', { productId: lamp }, { [KEY]: k });
      expect(first.statusCode).toBe(201);
      const again = await c.request('POST', '/api/wishlist/items', { productId: lamp }, { [KEY]: k });
      expect([again.statusCode, again.body]).toEqual([201, first.body]);
      const items = await db().selectFrom('wishlist_items').select('id').where('product_id', '=', lamp).execute();
      expect(items).toHaveLength(1);

      const review = { rating: 5, content: 'Bright and steady.', author: 'Ann', email: 'ann@example.com' };
      const rk = key('review');
      const r1 = await c.request('POST', `/api/products/${lamp}/reviews`, review, { [KEY]: rk });
      const r2 = await c.request('POST', `/api/products/${lamp}/reviews`, review, { [KEY]: rk });
      expect(r1.statusCode).toBe(201);
      expect([r2.statusCode, r2.body]).toEqual([201, r1.body]);
      expect(await db().selectFrom('reviews').select('id').where('product_id', '=', lamp).execute()).toHaveLength(1);

      const offline = { name: 'Dora', email: 'dora@example.com', message: `Call me back (${dialect})` };
      const ok = key('offline');
      const o1 = await c.request('POST', '/api/chat/offline', offline, { [KEY]: ok });
      const o2 = await c.request('POST', '/api/chat/offline', offline, { [KEY]: ok });
      expect(o1.statusCode).toBe(201);
      expect([o2.statusCode, o2.body]).toEqual([201, o1.body]);
      expect(await db().selectFrom('chat_offline_messages').select('id').where('email', '=', 'dora@example.com').execute()).toHaveLength(1);
    });

    it('an account registered twice with one key: one account, both answers signed in', async () => {
      const c = await Client.start(t.app);
      const k = key('register');
      const body = { email: `twice-${dialect}@example.com`, password: 'correct horse battery', name: 'Twice' };
      const a = await c.request('POST', '/api/account/register', body, { [KEY]: k });
      const b = await c.request('POST', '/api/account/register', body, { [KEY]: k });
      expect(a.statusCode).toBe(201);
      expect([b.statusCode, b.body, b.headers['set-cookie']]).toEqual([201, a.body, a.headers['set-cookie']]);
      expect(await db().selectFrom('users').select('id').where('email', '=', body.email).execute()).toHaveLength(1);
    });

    it('a contact form sent twice with one key (a new multipart boundary each time) mails once', async () => {
      const hidden = await hiddenFields(t.services, DEMO_CONTACT_FORM_ID);
      const fields = {
        ...hidden,
        'your-name': 'Ann Example',
        'your-email': 'ann@example.com',
        'your-subject': 'Where is my parcel?',
        'your-topic': 'A product',
        'your-contact[]': ['By e-mail'],
        'your-message': `I ordered a lamp last week (${dialect}).`,
        'your-website': '',
        'your-quiz': '5',
        'your-consent': '1',
      };
      const k = key('contact');
      const send = async () => {
        const { payload, contentType } = await multipart(fields);
        return t.app.inject({
          method: 'POST',
          url: `/wp-json/contact-form-7/v1/contact-forms/${DEMO_CONTACT_FORM_ID}/feedback`,
          headers: { 'content-type': contentType, 'user-agent': 'Mozilla/5.0 (test)', [KEY]: k },
          payload,
          remoteAddress: '10.9.9.9',
        });
      };
      const before = smtp.received.length;
      const first = await send();
      expect(first.json().status).toBe('mail_sent');
      await smtp.waitFor(before + 1);
      const again = await send();
      expect([again.statusCode, again.headers['idempotent-replayed'], again.json()]).toEqual([200, 'true', first.json()]);
      await new Promise((r) => setTimeout(r, 300));
      // The owner's mail and the autoresponder, once.
      expect(smtp.received.length).toBe(before + 2);
    });

    it('the API description lists the header on every state-changing route', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { parameters: { name: string; in: string }[] }>> };
      const mutating = Object.entries(doc.paths).flatMap(([p, methods]) => Object.entries(methods).filter(([m]) => m !== 'get').map(([m, op]) => ({ route: `${m.toUpperCase()} ${p}`, op })));
      expect(mutating.length).toBeGreaterThan(30);
      for (const { route, op } of mutating) {
        if (route === 'POST /api/payments/{gateway}/webhook') continue;
        expect(op.parameters.some((x) => x.in === 'header' && x.name.toLowerCase() === 'idempotency-key'), route).toBe(true);
      }
    });
  });
}
