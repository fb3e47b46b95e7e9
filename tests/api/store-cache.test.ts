import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createDb, type DB } from '../../db/client.ts';
import { sqlitePath } from '../../app/config/app-config.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { primeStoreVersion, readStoreVersion, touchStore } from '../../app/lib/store-version.server.ts';
import { cached, lendCache } from '../../app/lib/store-cache.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { freshnessMark, inRequest, newRequestFreshness } from '../../db/freshness.ts';
import { addItem, getCart } from '../../app/features/cart/cart.server.ts';
import { cartCallerFrom } from '../../app/features/cart/cart-http.server.ts';

/*
 * Settings, products, zones, rates and coupons are cached in memory while the store version
 * stays put. These tests change the data through a second connection — what another server
 * process, the CLI or a hand-run SQL statement does — and expect the very next answer to
 * show it.
 */
for (const dialect of await dialects()) {
  describe(`store cache (${dialect})`, () => {
    let t: TestApp;
    let other: DB;
    let mug: number;
    let token = 'new';

    const cart = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'cart-token': token, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        payload: body ? JSON.stringify(body) : undefined,
      });
      token = (res.headers['cart-token'] as string | undefined) ?? token;
      return res;
    };

    /** A write through a connection of the driver alone (another process, a hand-run statement): nothing of ours sees it happen. */
    const plainWrite = async (sql: string) => {
      if (dialect === 'sqlite') {
        const raw = new SQLite(sqlitePath(t.database.url));
        raw.pragma('busy_timeout = 5000');
        raw.prepare(sql).run();
        raw.close();
      } else {
        const raw = new pg.Client({ connectionString: t.database.url });
        await raw.connect();
        await raw.query(sql);
        await raw.end();
      }
    };
    const touchElsewhere = () => plainWrite(`update settings set value = cast(cast(value as bigint) + 1 as text) where key = 'cache.store_version'`);

    beforeAll(async () => {
      t = await createTestApp(dialect);
      other = createDb(t.database.url);
      mug = (await createProduct(t.services.db, { name: 'Cache Mug', regular_price: 1000 })).id;
      expect((await cart('POST', '/api/cart/items', { productId: mug, quantity: 2 })).statusCode).toBe(201);
    });
    afterAll(async () => {
      await other.destroy();
      await t.close();
    });

    it('shows a price changed by another process in the next cart answer', async () => {
      expect((await cart('GET', '/api/cart')).json().totals.subtotal).toBe(2000);
      await other.updateTable('products').set({ regular_price: 1500 }).where('id', '=', mug).execute();
      expect((await cart('GET', '/api/cart')).json().totals.subtotal).toBe(3000);
    });

    it('applies settings saved by another process at once', async () => {
      expect((await cart('GET', '/api/cart')).json().totals.currency).toBe('GBP');
      await saveSettings(other, { currency: 'EUR' });
      expect((await cart('GET', '/api/cart')).json().totals.currency).toBe('EUR');
      await saveSettings(other, { currency: 'GBP' });
    });

    it('charges a tax rate added by another process in the next answer', async () => {
      await saveSettings(t.services.db, { taxesEnabled: true, baseCountry: 'GB' });
      expect((await cart('GET', '/api/cart')).json().totals.tax).toBe(0);
      await other.insertInto('tax_rates').values({ country: 'GB', rate: 200000, name: 'VAT' }).execute();
      const answer = (await cart('GET', '/api/cart')).json();
      expect(answer.totals.tax).toBe(600);
      expect(answer.totals.taxLines).toEqual([{ label: 'VAT', amount: 600 }]);
    });

    it('drops a product made a draft elsewhere from quick view and the cart', async () => {
      expect((await t.app.inject(`/api/products/${mug}/quick-view`)).statusCode).toBe(200);
      await other.updateTable('products').set({ status: 'draft' }).where('id', '=', mug).execute();
      expect((await t.app.inject(`/api/products/${mug}/quick-view`)).statusCode).toBe(404);
      const answer = (await cart('GET', '/api/cart')).json();
      expect(answer.items).toEqual([]);
      expect(answer.notices.join(' ')).toContain('Cache Mug');
    });

    it('sees a write made by a plain driver connection (no code of ours) in the very next request', async () => {
      const bowl = (await createProduct(t.services.db, { name: 'Cache Bowl', regular_price: 1000 })).id;
      const before = (await cart('POST', '/api/cart/items', { productId: bowl, quantity: 2 })).json().totals.subtotal as number;
      await plainWrite(`update products set regular_price = 1300 where id = ${bowl}`);
      expect((await cart('GET', '/api/cart')).json().totals.subtotal).toBe(before + 600);
    });

    if (dialect === 'sqlite') {
      it('never takes the version from a transaction still open (and then rolled back)', async () => {
        const db = t.services.db;
        const before = await readStoreVersion(db);
        let during: Promise<string> | undefined;
        const refused = db.transaction().execute(async (trx) => {
          await trx.updateTable('products').set({ regular_price: 1 }).where('id', '=', mug).execute();
          // Another request reads the version while this transaction holds the connection.
          during = readStoreVersion(db);
          await new Promise((resolve) => setTimeout(resolve, 5));
          throw new Error('refused');
        });
        await expect(refused).rejects.toThrow('refused');
        expect(await during).toBe(before);
        expect(await readStoreVersion(db)).toBe(before);
      });
    }

    it('refuses an add of a product sold out elsewhere, though this process still holds it as in stock', async () => {
      const lamp = (await createProduct(t.services.db, { name: 'Cache Lamp', regular_price: 2500 })).id;
      // Two adds: the product is now in this process's cache under the current version.
      expect((await cart('POST', '/api/cart/items', { productId: lamp, quantity: 1 })).statusCode).toBe(201);
      expect((await cart('POST', '/api/cart/items', { productId: lamp, quantity: 1 })).statusCode).toBe(201);
      await other.updateTable('products').set({ stock_status: 'outofstock' }).where('id', '=', lamp).execute();
      const refused = await cart('POST', '/api/cart/items', { productId: lamp, quantity: 1 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('out_of_stock');
      // And the line already in the cart goes, with a notice.
      const answer = (await cart('GET', '/api/cart')).json();
      expect(answer.items.some((i: { productId: number }) => i.productId === lamp)).toBe(false);
      expect(answer.notices.join(' ')).toContain('Cache Lamp');
    });

    it('a product whose stock alone moved elsewhere (an order) is held to its new stock, and keeps its name and price', async () => {
      const vase = (await createProduct(t.services.db, { name: 'Cache Vase', regular_price: 1800, manage_stock: 1, stock_quantity: 10 })).id;
      expect((await cart('POST', '/api/cart/items', { productId: vase, quantity: 1 })).statusCode).toBe(201);
      expect((await cart('POST', '/api/cart/items', { productId: vase, quantity: 1 })).statusCode).toBe(201);
      const storeVersion = async () => (await other.selectFrom('settings').select('value').where('key', '=', 'cache.store_version').executeTakeFirstOrThrow()).value;
      const before = await storeVersion();
      // What an order in another process writes: stock and the product's stock version, not the store version.
      await plainWrite(`update products set stock_quantity = 3, stock_version = stock_version + 1 where id = ${vase}`);
      expect(await storeVersion()).toBe(before);
      const refused = await cart('POST', '/api/cart/items', { productId: vase, quantity: 2 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toContain('only 3 in stock');
      const added = await cart('POST', '/api/cart/items', { productId: vase, quantity: 1 });
      expect(added.statusCode).toBe(201);
      const line = added.json().items.find((i: { productId: number }) => i.productId === vase);
      expect(line).toMatchObject({ name: 'Cache Vase', quantity: 3, unitPrice: 1800, maxQuantity: 3 });
    });

    it('a first add under a new token, after an order elsewhere moved the stock, is held to the new stock', async () => {
      const bell = (await createProduct(t.services.db, { name: 'Cache Bell', regular_price: 900, manage_stock: 1, stock_quantity: 10 })).id;
      const add = (tokenValue: string, quantity: number) =>
        t.app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'cart-token': tokenValue, 'content-type': 'application/json' }, payload: JSON.stringify({ productId: bell, quantity }) });
      // Cached by this process through a first cart.
      expect((await add(`bell-${Math.random()}`, 1)).statusCode).toBe(201);
      await plainWrite(`update products set stock_quantity = 1, stock_version = stock_version + 1 where id = ${bell}`);
      // A new cart's first add: the one-statement add finds neither a cart nor the stock it cached.
      const refused = await add(`bell-${Math.random()}`, 2);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toContain('only 1 in stock');
      const added = await add(`bell-${Math.random()}`, 1);
      expect(added.statusCode).toBe(201);
      expect(added.json().items).toMatchObject([{ name: 'Cache Bell', quantity: 1, maxQuantity: 1 }]);
      // And a second add to that cart, now the stock is known again, is refused over the limit.
      const again = await t.app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'cart-token': added.headers['cart-token'] as string, 'content-type': 'application/json' }, payload: JSON.stringify({ productId: bell, quantity: 1 }) });
      expect(again.statusCode).toBe(409);
    });

    it('reads the version once per request, again after the request writes store data itself, never an older number', async () => {
      const db = t.services.db;
      const cup = (await createProduct(db, { name: 'Cache Cup', regular_price: 800 })).id;
      const scope = newRequestFreshness();
      await inRequest(scope, async () => {
        const first = Number(await readStoreVersion(db));
        // Another process's write after the request began need not be seen: the number is kept.
        await touchElsewhere();
        expect(Number(await readStoreVersion(db))).toBe(first);
        // A statement that read a later number along with other data hands it on; an earlier one changes nothing.
        primeStoreVersion(db, String(first + 1), freshnessMark());
        primeStoreVersion(db, String(first - 1), freshnessMark());
        expect(Number(await readStoreVersion(db))).toBe(first + 1);
        // The request's own writes: the next lookup reads again and sees them.
        await touchStore(db);
        const second = Number(await readStoreVersion(db));
        expect(second).toBe(first + 2);
        await db.updateTable('products').set({ regular_price: 900 }).where('id', '=', cup).execute();
        expect(Number(await readStoreVersion(db))).toBeGreaterThan(second);
      });
      // Work the request left running after its answer went reads afresh.
      scope.ended = true;
      await touchElsewhere();
      // (Outside a request, a number is kept for the rest of the event loop's turn.)
      await new Promise((resolve) => setImmediate(resolve));
      await inRequest(scope, async () => {
        expect(await readStoreVersion(db)).toBe(await readStoreVersion(other));
      });
    });

    it('prices a cart with the store write the same request made just before', async () => {
      const db = t.services.db;
      const jug = (await createProduct(db, { name: 'Cache Jug', regular_price: 1000 })).id;
      const caller = cartCallerFrom({ headerToken: `jug-${Math.random()}`, user: null });
      await inRequest(newRequestFreshness(), async () => {
        const added = await addItem(t.services, caller, { productId: jug, quantity: 2 });
        const jugCaller = cartCallerFrom({ headerToken: added.token!, user: null });
        // Priced (and remembered) under this request's version, then changed by the request itself.
        expect((await getCart(t.services, jugCaller)).cart.totals.subtotal).toBe(2000);
        await db.updateTable('products').set({ regular_price: 1250 }).where('id', '=', jug).execute();
        expect((await getCart(t.services, jugCaller)).cart.totals.subtotal).toBe(2500);
      });
    });

    it('a transaction takes only what is lent to it, for the version its caller read', async () => {
      const db = t.services.db;
      const key = `lend-test-${Math.random()}`;
      const version = await readStoreVersion(db);
      expect(await cached(db, key, async () => 'held outside')).toBe('held outside');
      const inside = (lend: string | null) =>
        db.transaction().execute(async (trx) => {
          if (lend !== null) lendCache(trx, db, lend);
          return cached(trx, key, async () => 'read inside');
        });
      expect(await inside(version)).toBe('held outside');
      // Not lent, or lent under another version: read through the transaction, and not kept.
      expect(await inside(null)).toBe('read inside');
      expect(await inside(String(Number(version) + 1))).toBe('read inside');
      expect(await cached(db, key, async () => 'again')).toBe('held outside');
    });

    it('checkout charges the shipping cost another process has just changed, though the cost it replaced was held', async () => {
      const method = await addMethod(other, null, { type: 'flat_rate' });
      const rate = (cost: string) => saveMethod(other, null, method, { title: 'Lent rate', enabled: '1', cost, costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      await rate('4');
      const cup = (await createProduct(t.services.db, { name: 'Cache Cup', regular_price: 1000 })).id;
      const added = await t.app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'cart-token': `cup-${Math.random()}`, 'content-type': 'application/json' }, payload: JSON.stringify({ productId: cup, quantity: 1 }) });
      expect(added.statusCode).toBe(201);
      const cupToken = added.headers['cart-token'] as string;
      // The cart's answer priced shipping with this method: its zone and methods are held now.
      const rates = (added.json().shipping.packages as { rates: { title: string; cost: number }[] }[]).flatMap((p) => p.rates);
      expect(rates.find((r) => r.title === 'Lent rate')?.cost).toBe(400);
      await rate('7');
      const billing = { first_name: 'Ada', last_name: 'L', company: '', address_1: '1 Street', address_2: '', city: 'London', state: '', postcode: 'SW1A 1AA', country: 'GB', email: 'ada@example.com', phone: '' };
      const res = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: { 'cart-token': cupToken, 'content-type': 'application/json' }, payload: JSON.stringify({ billing_address: billing, payment_method: 'cod' }) });
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json().order as { shippingTotal: number; shippingLines: { title: string; cost: number }[] };
      expect(order.shippingLines.find((l) => l.title === 'Lent rate')?.cost).toBe(700);
      await other.deleteFrom('shipping_methods').where('id', '=', method).execute();
    });

    it('moves the store version on store writes only, never on cart writes', async () => {
      const pin = (await createProduct(t.services.db, { name: 'Cache Pin', regular_price: 300 })).id;
      const before = await readStoreVersion(t.services.db);
      expect((await cart('POST', '/api/cart/items', { productId: pin, quantity: 1 })).statusCode).toBe(201);
      expect(await readStoreVersion(t.services.db)).toBe(before);
      await other.updateTable('categories').set({ description: 'changed' }).execute();
      await other.insertInto('tags').values({ name: 'New tag', slug: 'new-tag' }).execute();
      const after = await readStoreVersion(t.services.db);
      expect(Number(after)).toBeGreaterThan(Number(before));
      // Bookkeeping keys (cache.*) are not store data.
      await other.insertInto('settings').values({ key: 'cache.sales_checked_at', value: new Date().toISOString() }).onConflict((oc) => oc.column('key').doUpdateSet({ value: new Date().toISOString() })).execute();
      expect(await readStoreVersion(t.services.db)).toBe(after);
    });
  });
}
