import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, Client, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { DEFAULT_SETTINGS } from '../../app/features/settings/settings.schema.ts';
import { getCart } from '../../app/features/cart/cart.server.ts';
import { cartCallerFrom } from '../../app/features/cart/cart-http.server.ts';
import { cartJson } from '../../app/features/cart/totals.server.ts';

for (const dialect of await dialects()) {
  describe(`cart API (${dialect})`, () => {
    let t: TestApp;
    const ids: Record<string, number> = {};
    let variation: { red: number; blueS: number; other: number };

    beforeAll(async () => {
      t = await createTestApp(dialect);
      const db = t.services.db;
      ids.tee = (await createProduct(db, { name: 'Plain Tee', regular_price: 1999, manage_stock: 1, stock_quantity: 3 })).id;
      ids.pin = (await createProduct(db, { name: 'Enamel Pin', regular_price: 1000, sold_individually: 1 })).id;
      ids.mug = (await createProduct(db, { name: 'Mug', regular_price: 1200, sale_price: 900 })).id;
      ids.cafe = (await createProduct(db, { name: 'Café Crème “Grande” ☕', regular_price: 700 })).id;
      ids.gone = (await createProduct(db, { name: 'Sold Out Cap', regular_price: 1500, stock_status: 'outofstock' })).id;
      ids.draft = (await createProduct(db, { name: 'Secret Draft', regular_price: 500, status: 'draft' })).id;
      ids.hoodie = (
        await createProduct(db, {
          type: 'variable',
          name: 'Zip Hoodie',
          attributes: [
            { name: 'Color', options: ['Red', 'Blue'], variation: 1 },
            { name: 'Size', options: ['S', 'M', 'L'], variation: 1 },
          ],
          variations: [
            { attributes: { color: 'Red', size: '' }, regular_price: 4000 },
            { attributes: { color: 'Blue', size: 'S' }, regular_price: 4500, max_qty: 2 },
          ],
        })
      ).id;
      ids.other = (
        await createProduct(db, {
          type: 'variable',
          name: 'Other Hoodie',
          attributes: [{ name: 'Color', options: ['Green'], variation: 1 }],
          variations: [{ attributes: { color: 'Green' }, regular_price: 3000 }],
        })
      ).id;
      const vs = await db.selectFrom('product_variations').select(['id', 'product_id', 'regular_price']).orderBy('id').execute();
      variation = {
        red: vs.find((v) => v.regular_price === 4000)!.id,
        blueS: vs.find((v) => v.regular_price === 4500)!.id,
        other: vs.find((v) => v.product_id === ids.other)!.id,
      };
    });
    afterAll(() => t.close());

    it('starts empty, adds a line, and answers with the whole cart and a Cart-Token', async () => {
      const c = await Client.start(t.app);
      const empty = await c.request('GET', '/api/cart');
      expect(empty.json()).toMatchObject({ items: [], itemCount: 0, totals: { total: 0, currency: 'GBP' } });
      const res = await c.request('POST', '/api/cart/items', { productId: ids.tee, quantity: 2 });
      expect(res.statusCode).toBe(201);
      expect(res.headers['cart-token']).toMatch(/^[\w-]{20,}$/);
      const cart = res.json();
      expect(cart.items).toEqual([
        expect.objectContaining({ productId: ids.tee, name: 'Plain Tee', quantity: 2, unitPrice: 1999, lineSubtotal: 3998, lineTotal: 3998, maxQuantity: 3, stockStatus: 'instock' }),
      ]);
      expect(cart).toMatchObject({ itemCount: 2, totals: { subtotal: 3998, total: 3998 }, hash: expect.stringMatching(/^[0-9a-f]{32}$/) });
      // Adding the same product again adds to the line.
      const again = (await c.request('POST', '/api/cart/items', { productId: ids.tee, quantity: 1 })).json();
      expect(again.items).toHaveLength(1);
      expect(again.items[0].quantity).toBe(3);
      expect(again.hash).not.toBe(cart.hash);
    });

    it('changes the hash when the estimate address changes, even with the same totals', async () => {
      const c = await Client.start(t.app);
      const first = (await c.request('POST', '/api/cart/items', { productId: ids.mug, quantity: 1 })).json();
      const moved = (await c.request('POST', '/api/cart/customer', { country: 'GB', state: '', postcode: 'SW1A 1AA', city: 'London' })).json();
      expect(moved.totals.total).toBe(first.totals.total);
      expect(moved.shipping.address).toMatchObject({ country: 'GB', postcode: 'SW1A 1AA' });
      expect(moved.hash).not.toBe(first.hash);
    });

    it('uses the sale price and never a price from the client', async () => {
      const c = await Client.start(t.app);
      const cart = (await c.request('POST', '/api/cart/items', { productId: ids.mug, quantity: 1, price: 1, unitPrice: 1 })).json();
      expect(cart.items[0].unitPrice).toBe(900);
    });

    it('refuses over-stock, sold-individually, out-of-stock, drafts and bad quantities, changing nothing', async () => {
      const c = await Client.start(t.app);
      await c.request('POST', '/api/cart/items', { productId: ids.tee, quantity: 2 });
      const before = (await c.request('GET', '/api/cart')).json();
      const tooMany = await c.request('POST', '/api/cart/items', { productId: ids.tee, quantity: 2 });
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().error.message).toMatch(/only 3 in stock.*you have 2/);
      await c.request('POST', '/api/cart/items', { productId: ids.pin, quantity: 1 });
      expect((await c.request('POST', '/api/cart/items', { productId: ids.pin, quantity: 1 })).statusCode).toBe(409);
      expect((await c.request('POST', '/api/cart/items', { productId: ids.gone, quantity: 1 })).json().error.code).toBe('out_of_stock');
      expect((await c.request('POST', '/api/cart/items', { productId: ids.draft, quantity: 1 })).statusCode).toBe(404);
      expect((await c.request('POST', '/api/cart/items', { productId: 999999, quantity: 1 })).statusCode).toBe(404);
      for (const quantity of [0, -1, 1.5, 1e9, 'two']) {
        expect((await c.request('POST', '/api/cart/items', { productId: ids.tee, quantity })).statusCode, String(quantity)).toBe(400);
      }
      const after = (await c.request('GET', '/api/cart')).json();
      expect(after.items.find((i: { productId: number }) => i.productId === ids.tee).quantity).toBe(2);
      expect(before.items.length + 1).toBe(after.items.length);
    });

    it('keeps each line within its limits: a minimum met with what is in the cart, a maximum, 9,999 per line', async () => {
      const db = t.services.db;
      const pack = (
        await createProduct(db, {
          type: 'variable',
          name: `Sticker Pack ${dialect}`,
          attributes: [{ name: 'Finish', options: ['Matte'], variation: 1 }],
          variations: [{ attributes: { finish: 'Matte' }, regular_price: 300, min_qty: 3, max_qty: 5 }],
        })
      ).id;
      const matte = (await db.selectFrom('product_variations').select('id').where('product_id', '=', pack).executeTakeFirstOrThrow()).id;
      const c = await Client.start(t.app);
      const add = (productId: number, quantity: number, variationId?: number) => c.request('POST', '/api/cart/items', { productId, variationId, quantity });
      const lineOf = async (productId: number) => (await c.request('GET', '/api/cart')).json().items.find((i: { productId: number }) => i.productId === productId);

      const tooFew = await add(pack, 2, matte);
      expect(tooFew.statusCode).toBe(409);
      expect(tooFew.json().error.message).toMatch(/minimum quantity of “Sticker Pack .*” is 3/);
      expect(await lineOf(pack)).toBeUndefined();
      expect((await add(pack, 3, matte)).statusCode).toBe(201);
      // One more on its own is below the minimum, but the line then holds 4.
      expect((await add(pack, 1, matte)).json().items.find((i: { productId: number }) => i.productId === pack).quantity).toBe(4);
      const over = await add(pack, 2, matte);
      expect(over.statusCode).toBe(409);
      expect(over.json().error.message).toMatch(/at most 5 per order \(you have 4 in your cart\)/);
      expect((await lineOf(pack)).quantity).toBe(4);

      // A product with no limit of its own still stops at 9,999 in one line.
      expect((await add(ids.mug, 9999)).statusCode).toBe(201);
      const beyond = await add(ids.mug, 1);
      expect(beyond.statusCode).toBe(409);
      expect(beyond.json().error.message).toMatch(/at most 9999 per line \(you have 9999 in your cart\)/);
      expect((await lineOf(ids.mug)).quantity).toBe(9999);
    });

    it('records when the cart was last used, at most once a minute', async () => {
      const db = t.services.db;
      const c = await Client.start(t.app);
      await c.request('POST', '/api/cart/items', { productId: ids.mug, quantity: 1 });
      const cartId = (await db.selectFrom('cart_items').select('cart_id').orderBy('id', 'desc').executeTakeFirstOrThrow()).cart_id;
      const usedAt = async () => (await db.selectFrom('carts').select('updated_at').where('id', '=', cartId).executeTakeFirstOrThrow()).updated_at;
      const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString();
      await db.updateTable('carts').set({ updated_at: lastWeek }).where('id', '=', cartId).execute();
      await c.request('POST', '/api/cart/items', { productId: ids.mug, quantity: 1 });
      const touched = await usedAt();
      expect(Date.now() - Date.parse(touched)).toBeLessThan(60_000);
      // A second click within the minute leaves the time as it is.
      await c.request('POST', '/api/cart/items', { productId: ids.mug, quantity: 1 });
      expect(await usedAt()).toBe(touched);
      expect((await c.request('GET', '/api/cart')).json().items[0].quantity).toBe(3);
    });

    it('needs options for a variable product, fills "any" values, refuses another product’s variation', async () => {
      const c = await Client.start(t.app);
      const noVariation = await c.request('POST', '/api/cart/items', { productId: ids.hoodie, quantity: 1 });
      expect(noVariation.statusCode).toBe(409);
      expect(noVariation.json().error.productUrl).toBe('/product/zip-hoodie');
      const missing = await c.request('POST', '/api/cart/items', { productId: ids.hoodie, variationId: variation.red, quantity: 1 });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.code).toBe('missing_attributes');
      const ok = await c.request('POST', '/api/cart/items', { productId: ids.hoodie, variationId: variation.red, attributes: { attribute_size: 'm' }, quantity: 1 });
      expect(ok.statusCode).toBe(201);
      expect(ok.json().items[0].attributes).toEqual([
        { name: 'Color', value: 'Red' },
        { name: 'Size', value: 'M' },
      ]);
      const foreign = await c.request('POST', '/api/cart/items', { productId: ids.hoodie, variationId: variation.other, quantity: 1 });
      expect(foreign.statusCode).toBe(400);
      const byChoice = await c.request('POST', '/api/cart/items', { productId: ids.hoodie, attributes: { color: 'Blue', size: 'S' }, quantity: 2 });
      expect(byChoice.json().items.find((i: { variationId: number }) => i.variationId === variation.blueS).quantity).toBe(2);
      expect((await c.request('POST', '/api/cart/items', { productId: ids.hoodie, variationId: variation.blueS, quantity: 1 })).statusCode).toBe(409);
    });

    it('answers exactly the cart it priced: the API text parses to the same value as the priced cart', async () => {
      const c = await Client.start(t.app);
      await c.request('POST', '/api/cart/items', { productId: ids.hoodie, variationId: variation.red, attributes: { attribute_size: 'l' }, quantity: 1 });
      await c.request('POST', '/api/cart/items', { productId: ids.mug, quantity: 2 });
      // Characters of two, three and four bytes in UTF-8: the body's length is counted in bytes.
      const added = await c.request('POST', '/api/cart/items', { productId: ids.cafe, quantity: 1 });
      expect(added.json().items.map((i: { name: string }) => i.name)).toContain('Café Crème “Grande” ☕');
      expect(Number(added.headers['content-length'])).toBe(Buffer.byteLength(added.body));
      await c.request('POST', '/api/cart/customer', { country: 'US', state: 'CA', postcode: '94110', city: 'San Francisco' });
      const answered = (await c.request('GET', '/api/cart')).json();
      const { cart } = await getCart(t.services, cartCallerFrom({ cookieToken: c.cookies.get('vt_cart'), user: null }));
      expect(cart.items).toHaveLength(3);
      expect(JSON.parse(cartJson(cart).toString('utf8'))).toEqual(JSON.parse(JSON.stringify(cart)));
      expect(answered).toEqual(JSON.parse(JSON.stringify(cart)));
    });

    it('updates and removes lines by key; another cart’s key is 404', async () => {
      const a = await Client.start(t.app);
      const b = await Client.start(t.app);
      const key = (await a.request('POST', '/api/cart/items', { productId: ids.mug, quantity: 1 })).json().items[0].key;
      await b.request('POST', '/api/cart/items', { productId: ids.tee, quantity: 1 });
      expect((await b.request('PATCH', `/api/cart/items/${key}`, { quantity: 5 })).statusCode).toBe(404);
      expect((await b.request('DELETE', `/api/cart/items/${key}`)).statusCode).toBe(404);
      const updated = (await a.request('PATCH', `/api/cart/items/${key}`, { quantity: 4 })).json();
      expect(updated.items[0].quantity).toBe(4);
      expect((await a.request('PATCH', `/api/cart/items/${key}`, { quantity: 2.5 })).statusCode).toBe(400);
      const removed = (await a.request('DELETE', `/api/cart/items/${key}`)).json();
      expect(removed.items).toEqual([]);
    });

    it('Undo puts the line removed last back once, with its variation, chosen values and quantity; a hand-made record does no more than an add', async () => {
      const c = await Client.start(t.app);
      await c.request('POST', '/api/cart/items', { productId: ids.mug, quantity: 1 });
      const added = (await c.request('POST', '/api/cart/items', { productId: ids.hoodie, variationId: variation.red, attributes: { attribute_size: 'M' }, quantity: 2 })).json();
      const line = added.items[1];
      expect((await c.request('POST', `/api/cart/items/${line.key}/restore`)).statusCode).toBe(404);
      expect((await c.request('DELETE', `/api/cart/items/${line.key}`)).json().items).toHaveLength(1);
      expect(c.cookies.has('vt_removed')).toBe(true);
      // Another line's key is not the removal recorded.
      expect((await c.request('POST', `/api/cart/items/${added.items[0].key}/restore`)).statusCode).toBe(404);
      const back = await c.request('POST', `/api/cart/items/${line.key}/restore`);
      expect(back.statusCode).toBe(201);
      expect(back.json().items[1]).toMatchObject({ key: line.key, variationId: variation.red, quantity: 2, attributes: line.attributes });
      expect(c.cookies.has('vt_removed')).toBe(false);
      expect((await c.request('POST', `/api/cart/items/${line.key}/restore`)).statusCode).toBe(404);
      expect((await c.request('GET', '/api/cart')).json().itemCount).toBe(3);

      // A record written by hand: a draft product is refused as an add would be, and nothing changes.
      const forged = Buffer.from(JSON.stringify({ key: 'x', productId: ids.draft, variationId: null, attributes: {}, quantity: 1 })).toString('base64url');
      c.cookies.set('vt_removed', forged);
      expect((await c.request('POST', '/api/cart/items/x/restore')).statusCode).toBe(404);
      c.cookies.set('vt_removed', 'not-a-record');
      expect((await c.request('POST', '/api/cart/items/x/restore')).statusCode).toBe(404);
      expect((await c.request('GET', '/api/cart')).json().itemCount).toBe(3);
    });

    it('serves headless clients by Cart-Token without cookies or CSRF', async () => {
      const first = await t.app.inject({ method: 'POST', url: '/api/cart/items', payload: { productId: ids.mug, quantity: 1 }, headers: { 'cart-token': 'new' } });
      // An unknown token starts a new cart and answers its real token.
      expect(first.statusCode).toBe(201);
      const token = first.headers['cart-token'] as string;
      expect(token).not.toBe('new');
      const again = await t.app.inject({ method: 'POST', url: '/api/cart/items', payload: { productId: ids.mug, quantity: 2 }, headers: { 'cart-token': token } });
      expect(again.json().items[0].quantity).toBe(3);
      // A headless client gets no cookies at all: the token is its whole identity.
      expect(again.headers['set-cookie']).toBeUndefined();
      // Without the token (and without CSRF) the same call is refused.
      expect((await t.app.inject({ method: 'POST', url: '/api/cart/items', payload: { productId: ids.mug, quantity: 1 } })).statusCode).toBe(403);
    });

    it('hands a headless client a Cart-Token with its empty cart, and the first add keeps it, with no cart stored before', async () => {
      const carts = async () => Number((await t.services.db.selectFrom('carts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const before = await carts();
      const empty = await t.app.inject('/api/cart');
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toMatchObject({ items: [], itemCount: 0 });
      const token = empty.headers['cart-token'] as string;
      expect(token).toMatch(/^[\w-]{32}$/);
      // Each new client gets its own; asking again with it answers the same token.
      expect((await t.app.inject('/api/cart')).headers['cart-token']).not.toBe(token);
      const asked = await t.app.inject({ url: '/api/cart', headers: { 'cart-token': token } });
      expect(asked.headers['cart-token']).toBe(token);
      expect(asked.headers['set-cookie']).toBeUndefined();
      expect(await carts()).toBe(before);

      // Two first adds at once with that token fill one cart, under that token.
      const add = () => t.app.inject({ method: 'POST', url: '/api/cart/items', payload: { productId: ids.mug, quantity: 1 }, headers: { 'cart-token': token } });
      const [a, b] = await Promise.all([add(), add()]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect([a.headers['cart-token'], b.headers['cart-token']]).toEqual([token, token]);
      expect(await carts()).toBe(before + 1);
      const cart = await t.app.inject({ url: '/api/cart', headers: { 'cart-token': token } });
      expect(cart.json()).toMatchObject({ itemCount: 2, items: [{ productId: ids.mug, quantity: 2 }] });
      expect(cart.headers['cart-token']).toBe(token);
      // The cart is the header's alone: a browser without the token does not see it.
      expect((await t.app.inject('/api/cart')).json().itemCount).toBe(0);
    });

    it('counts every one of 40 parallel adds to one line, and each answer shows its own add', async () => {
      const add = (token: string) =>
        t.app.inject({ method: 'POST', url: '/api/cart/items', payload: { productId: ids.cafe, quantity: 1 }, headers: { 'cart-token': token } });
      const token = (await add('new')).headers['cart-token'] as string;
      const answers = await Promise.all(Array.from({ length: 40 }, () => add(token)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(201));
      const quantities = answers.map((a) => a.json().items[0].quantity as number).sort((a, b) => a - b);
      if (dialect === 'sqlite') {
        // One statement per add returns the cart as that add left it (adds of one turn share a commit).
        expect(quantities).toEqual(Array.from({ length: 40 }, (_, i) => i + 2));
      } else {
        // The cart is read after the add: it may already hold adds that came in meanwhile.
        expect(quantities.every((q) => q >= 2 && q <= 41)).toBe(true);
        expect(quantities.at(-1)).toBe(41);
      }
      const cart = await t.app.inject({ method: 'GET', url: '/api/cart', headers: { 'cart-token': token } });
      expect(cart.json()).toMatchObject({ itemCount: 41, items: [{ productId: ids.cafe, quantity: 41, lineTotal: 41 * 700 }] });
    });

    it('merges a guest cart into the account cart at login, re-checking limits', async () => {
      const c = await Client.start(t.app);
      const email = `merge-${dialect}@example.com`;
      await c.request('POST', '/api/account/register', { email, password: 'correct horse battery' });
      await c.request('POST', '/api/cart/items', { productId: ids.tee, quantity: 2 });
      await c.request('POST', '/api/account/logout');
      const guest = await Client.start(t.app);
      await guest.request('POST', '/api/cart/items', { productId: ids.tee, quantity: 2 });
      await guest.request('POST', '/api/cart/items', { productId: ids.mug, quantity: 1 });
      const login = await guest.request('POST', '/api/account/login', { email, password: 'correct horse battery' });
      expect(login.statusCode).toBe(200);
      const merged = (await guest.request('GET', '/api/cart')).json();
      const tee = merged.items.find((i: { productId: number }) => i.productId === ids.tee);
      // 2 + 2 tees, but only 3 in stock: clamped with a notice.
      expect(tee.quantity).toBe(3);
      expect(merged.notices.join(' ')).toMatch(/reduced to 3/);
      expect(merged.items.some((i: { productId: number }) => i.productId === ids.mug)).toBe(true);
    });

    it('estimates shipping for an address and computes tax by hand-worked rules', async () => {
      const db = t.services.db;
      const zone = await db.insertInto('shipping_zones').values({ name: 'UK', position: 0 }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('shipping_zone_locations').values({ zone_id: zone.id, type: 'country', code: 'GB' }).execute();
      await db.insertInto('shipping_methods').values([
        { zone_id: zone.id, type: 'flat_rate', title: 'Standard', position: 0, settings: JSON.stringify({ cost: 395, costType: 'per_order' }) },
        { zone_id: zone.id, type: 'local_pickup', title: 'Pickup', position: 1, settings: JSON.stringify({ cost: 0 }) },
      ]).execute();
      await db.insertInto('tax_rates').values({ country: 'GB', rate: 200000, name: 'VAT', priority: 1, shipping: 1 }).execute();
      await saveSettings(db, { ...DEFAULT_SETTINGS, taxesEnabled: true });
      try {
        const c = await Client.start(t.app);
        await c.request('POST', '/api/cart/items', { productId: ids.tee, quantity: 1 });
        await c.request('POST', '/api/cart/items', { productId: ids.mug, quantity: 3 });
        const cart = (await c.request('POST', '/api/cart/customer', { country: 'GB', postcode: 'SW1A 1AA' })).json();
        expect(cart.shipping.packages[0].rates.map((r: { title: string }) => r.title)).toEqual(['Standard', 'Pickup']);
        expect(cart.shipping.packages[0].selected).toMatch(/^flat_rate:/);
        // Lines 1999 and 3 × 900 = 2700: VAT per line 399.8 → 400 and 540; shipping 395 → VAT 79.
        expect(cart.totals).toMatchObject({ subtotal: 4699, shipping: 395, tax: 400 + 540 + 79, total: 4699 + 395 + 1019 });
        expect(cart.totals.taxLines).toEqual([{ label: 'VAT', amount: 1019 }]);
        const pickup = cart.shipping.packages[0].rates[1].id;
        const chosen = (await c.request('POST', '/api/cart/shipping-rate', { packageId: 0, rateId: pickup })).json();
        expect(chosen.totals).toMatchObject({ shipping: 0, tax: 940, total: 4699 + 940 });
        expect((await c.request('POST', '/api/cart/shipping-rate', { packageId: 0, rateId: 'flat_rate:99999' })).statusCode).toBe(400);
        expect((await c.request('POST', '/api/cart/customer', { country: 'Narnia' })).statusCode).toBe(400);
        // Prices entered with tax: £19.99 incl. 20 % holds 333.17 VAT.
        await saveSettings(db, { ...DEFAULT_SETTINGS, taxesEnabled: true, pricesIncludeTax: true, taxDisplayCart: 'incl' });
        const incl = (await c.request('DELETE', `/api/cart/items/${cart.items[1].key}`)).json();
        expect(incl.totals).toMatchObject({ subtotal: 1999, tax: 333 });
        expect(incl.totals.total).toBe(1999);
      } finally {
        await saveSettings(db, DEFAULT_SETTINGS);
        await db.deleteFrom('shipping_zones').execute();
        await db.deleteFrom('tax_rates').execute();
      }
    });

    it('rounds tax per line or once at the subtotal, as set', async () => {
      const db = t.services.db;
      await db.insertInto('tax_rates').values({ country: '', rate: 200000, name: 'VAT', priority: 1 }).execute();
      const a = (await createProduct(db, { name: `Sticker A ${dialect}`, regular_price: 13 })).id;
      const b = (await createProduct(db, { name: `Sticker B ${dialect}`, regular_price: 13 })).id;
      try {
        const c = await Client.start(t.app);
        await c.request('POST', '/api/cart/items', { productId: a, quantity: 1 });
        await c.request('POST', '/api/cart/items', { productId: b, quantity: 1 });
        // Two lines of 13 at 20 %: 2.6 each. Per line: 3 + 3 = 6. At the subtotal: 5.2 → 5.
        await saveSettings(db, { ...DEFAULT_SETTINGS, taxesEnabled: true });
        expect((await c.request('GET', '/api/cart')).json().totals).toMatchObject({ tax: 6, total: 32 });
        await saveSettings(db, { ...DEFAULT_SETTINGS, taxesEnabled: true, taxRoundAtSubtotal: true });
        expect((await c.request('GET', '/api/cart')).json().totals).toMatchObject({ tax: 5, total: 31 });
      } finally {
        await saveSettings(db, DEFAULT_SETTINGS);
        await db.deleteFrom('tax_rates').execute();
      }
    });
  });
}
