import { spawnSync } from 'node:child_process';
import { createUser } from '../../app/features/account/account.server.ts';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { getSettings, saveSettings } from '../../app/features/settings/settings.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { SERVER_BUILD } from '../../server/pages.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { changes, snapshot } from '../helpers/hostile.ts';

/**
 * What public pages send to the browser, and how pages answer a client's mistake, through
 * the production build (built here when missing; after changing pages, run `npm run build`
 * before running this file alone):
 * - the store's private settings (the order-notification address, bank accounts, the shop's
 *   own address) appear in no page or `.data` answer a visitor or customer can fetch;
 * - an HttpError thrown by a page action is its 4xx with the site's error page (or the data
 *   error for `.data`), never a 500;
 * - the settings form refuses a post that lacks its fields; the cart page's add form refuses a
 *   quantity that is not a number; "Order again" and "Download my data" act on their own
 *   intent only. Each refusal changes nothing.
 */

if (!existsSync(SERVER_BUILD)) {
  const built = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const PASSWORD = 'correct horse battery';
/** Marker values of every setting a visitor must not see (text ones; the rest are flags and codes). */
const PRIVATE = {
  orderNotificationEmail: 'owner-marker@private-shop.example',
  baseCity: 'Markertown',
  baseState: 'Markershire',
  basePostcode: 'MK99 7QZ',
  payments: { bacs: { accounts: [{ accountName: 'Marker Holdings', accountNumber: 'ACCT-MARK-4242', bankName: 'Marker Bank', sortCode: '99-88-77', iban: 'GB00MARK12345678', bic: 'MARKGB2L' }] } },
};
const MARKERS = ['owner-marker', 'Markertown', 'Markershire', 'MK99 7QZ', 'Marker Holdings', 'ACCT-MARK-4242', 'Marker Bank', '99-88-77', 'GB00MARK12345678', 'MARKGB2L'];

/** Every non-admin page path of app/routes.ts, with `:param` and `*` left in. */
function publicPaths(): string[] {
  const text = readFileSync(new URL('../../app/routes.ts', import.meta.url), 'utf8');
  const paths = ['/', ...[...text.matchAll(/route\('([^']+)'/g)].map((m) => `/${m[1]}`)];
  return paths.filter((p) => p !== '/*' && !p.startsWith('/admin'));
}

/** Every field the settings form shows, with a value each (the form always sends them all). */
const SETTINGS_FORM: Record<string, string> = {
  storeName: 'Corner Shop',
  storeUrl: 'https://shop.example',
  wishlistMultiple: '1',
  wishlistGuests: '1',
  wishlistRemoveAfterAddToCart: '0',
  wishlistLayout: 'table',
  wishlistCookiesDisabledText: 'Enable cookies',
  wishlistEstimates: '1',
  wishlistEstimateFields: '',
  searchCategorySelect: '0',
  searchHideOutOfStock: '0',
  themeColorPrimary: '#1f4b43',
  themeColorAccent: '#b3261e',
  themeColorHeaderBg: '#ffffff',
  themeColorHeaderText: '#1b1b1b',
  themeFontBody: 'system',
  themeFontHeading: 'georgia',
  themeLogoUrl: '',
  headerSticky: '1',
  headerHideOnScroll: '0',
  headerTransparent: '0',
  headerDarkNav: '0',
  mobileMenuStyle: 'slide',
  mobileMenuLevels: '1',
  columnsLarge: '3',
  columnsMedium: '3',
  columnsSmall: '2',
  pageLoader: '0',
  linkPrefetch: '1',
  serviceWorkerUrl: '',
  currency: 'GBP',
  currencyPosition: 'left',
  pricePrecision: '2',
  thousandSeparator: ',',
  decimalPoint: '.',
  storeNotice: '',
  productsPerPage: '12',
  redirectToCartAfterAdd: '0',
  reviewsAutoApprove: '0',
  reviewsVerifiedOnly: '0',
  variationReselectClears: '1',
  cartWidget: 'dropdown',
  couponsEnabled: '1',
  shippingCalculatorEnabled: '1',
  priceFilterStep: '10',
  imageMaxMegapixels: '40',
  language: 'en',
  direction: 'ltr',
};
const encode = (o: Record<string, string>) => new URLSearchParams(o).toString();

for (const dialect of await dialects()) {
  describe(`page data and page errors (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    let customer: Client;
    let tee = 0;
    let orderId = '';
    let orderKey = '';

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build', config: { publicUrl: 'https://shop.example' } });
      const db = t.services.db;
      tee = (await createProduct(db, { name: 'Plain Tee', slug: 'plain-tee', regular_price: 2000, categories: [['Clothing']], tags: ['Sale'] })).id;
      const world = await addMethod(db, null, { type: 'flat_rate' });
      await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      admin = await Client.start(t.app);
      await createUser(t.services, { email: 'admin@example.com', password: PASSWORD, name: 'Admin', role: 'admin' });
      expect((await admin.request('POST', '/api/account/login', { email: 'admin@example.com', password: PASSWORD })).statusCode).toBe(200);
      customer = await Client.start(t.app);
      expect((await customer.request('POST', '/api/account/register', { email: 'ada@example.com', password: PASSWORD, name: 'Ada' })).statusCode).toBe(201);
      expect((await customer.request('POST', '/api/account/login', { email: 'ada@example.com', password: PASSWORD })).statusCode).toBe(200);
      expect((await customer.request('POST', '/api/cart/items', { productId: tee, quantity: 1 })).statusCode).toBe(201);
      const address = { first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Market St', city: 'London', postcode: 'SW1A 1AA', country: 'GB', email: 'ada@example.com' };
      const placed = await customer.request('POST', '/api/checkout', { billing_address: address, payment_method: 'cod' });
      expect(placed.statusCode, placed.body).toBe(200);
      orderId = String(placed.json().order_id);
      orderKey = placed.json().order_key;
    });
    afterAll(async () => {
      await mailsSettled();
      await t?.close();
    });

    const cartLines = async (c: Client) => ((await c.request('GET', '/api/cart')).json().items as { quantity: number }[]).map((i) => i.quantity);

    it('no public page or its .data answer carries a private setting, for a visitor or a customer', async () => {
      await saveSettings(t.services.db, PRIVATE);
      expect((await getSettings(t.services.db)).orderNotificationEmail).toBe(PRIVATE.orderNotificationEmail);
      const visitor = await Client.start(t.app);
      expect((await visitor.request('POST', '/api/cart/items', { productId: tee, quantity: 1 })).statusCode).toBe(201);
      expect((await customer.request('POST', '/api/cart/items', { productId: tee, quantity: 1 })).statusCode).toBe(201);
      const fill: Record<string, string> = { slug: 'plain-tee', '*': 'clothing', id: orderId, type: 'billing', file: 'products-1.xml' };
      const paths = publicPaths().map((p) => {
        const filled = p.replace(/:(\w+)|\*/g, (m, name?: string) => fill[name ?? '*']!);
        return p.startsWith('/product-tag') ? filled.replace('plain-tee', 'sale') : filled;
      });
      expect(paths.length).toBeGreaterThan(25);
      let pages = 0;
      for (const who of [visitor, customer]) {
        for (const path of paths) {
          const query = path.startsWith('/checkout/order-received') ? `?key=${orderKey}` : '';
          for (const url of [`${path}${query}`, `${path === '/' ? '/_root' : path}.data${query}`]) {
            const res = await who.request('GET', url);
            expect(res.statusCode, `GET ${url}`).toBeLessThan(500);
            if (res.statusCode === 200) pages += 1;
            for (const marker of MARKERS) expect(res.body.includes(marker), `GET ${url} shows ${marker}`).toBe(false);
          }
        }
      }
      // Most of them are whole pages with their data (the rest redirect or are not found).
      expect(pages).toBeGreaterThan(paths.length);
      // The page data still carries what the pages need (a visible setting, the same way).
      const home = await visitor.request('GET', '/_root.data');
      expect(home.body).toContain('storeName');
      // Staff see the private settings on the admin pages that edit them.
      expect((await admin.request('GET', '/admin/payments')).body).toContain('ACCT-MARK-4242');
    }, 120_000); // every public page twice for two shoppers, one after another

    it('a post to the settings form without its fields is refused with field errors and changes nothing', async () => {
      await saveSettings(t.services.db, { storeName: 'Owner’s Shop', storeNotice: 'Summer sale', cartWidget: 'offcanvas' });
      const before = await snapshot(t.services.db);
      for (const url of ['/admin/settings', '/admin/settings.data']) {
        for (const body of ['', 'storeName=Only+The+Name', encode(Object.fromEntries(Object.entries(SETTINGS_FORM).filter(([k]) => k !== 'couponsEnabled')))]) {
          const res = await admin.request('POST', url, body, FORM);
          expect(res.statusCode, `POST ${url} ${body.slice(0, 40)}`).toBe(400);
          expect(res.body).toContain('nothing was saved');
          if (url === '/admin/settings') expect(res.body).toContain('Missing from the form');
          expect(changes(before, await snapshot(t.services.db))).toEqual([]);
        }
      }
      const settings = await getSettings(t.services.db);
      expect(settings).toMatchObject({ storeName: 'Owner’s Shop', storeNotice: 'Summer sale', cartWidget: 'offcanvas', orderNotificationEmail: PRIVATE.orderNotificationEmail });
      // The whole form saves, and only what it shows.
      const saved = await admin.request('POST', '/admin/settings', encode({ ...SETTINGS_FORM, orderNotificationEmail: 'other@elsewhere.example' }), FORM);
      expect(saved.statusCode).toBe(200);
      expect(await getSettings(t.services.db)).toMatchObject({ storeName: 'Corner Shop', storeNotice: '', cartWidget: 'dropdown', orderNotificationEmail: PRIVATE.orderNotificationEmail });
    });

    it('the cart page refuses an added quantity that is not a number, and adds nothing', async () => {
      const shopper = await Client.start(t.app);
      for (const url of ['/cart', '/cart.data']) {
        for (const quantity of ['abc', '', '0', '-2', 'NaN', 'Infinity']) {
          const res = await shopper.request('POST', url, encode({ intent: 'add', productId: String(tee), quantity }), FORM);
          expect(res.statusCode, `${url} quantity=${quantity}`).toBe(400);
          expect(res.body).toContain('Enter the quantity as a whole number of 1 or more.');
          expect(await cartLines(shopper)).toEqual([]);
        }
      }
      const good = await shopper.request('POST', '/cart', encode({ intent: 'add', productId: String(tee), quantity: '2' }), FORM);
      expect(good.statusCode).toBe(302);
      expect(await cartLines(shopper)).toEqual([2]);
    });

    it('"Order again" acts on its own intent only; any other post is a 400 error page and adds nothing', async () => {
      for (const item of (await customer.request('GET', '/api/cart')).json().items as { key: string }[]) {
        expect((await customer.request('DELETE', `/api/cart/items/${item.key}`)).statusCode).toBe(200);
      }
      expect(await cartLines(customer)).toEqual([]);
      const before = await snapshot(t.services.db);
      const url = `/my-account/view-order/${orderId}`;
      for (const body of ['', 'intent=reorder', 'x=1']) {
        const page = await customer.request('POST', url, body, FORM);
        expect(page.statusCode, `POST ${url} ${body}`).toBe(400);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.body).toContain('Unknown request.');
        expect(page.body).toContain('We could not do that');
        const data = await customer.request('POST', `${url}.data`, body, FORM);
        expect(data.statusCode, `POST ${url}.data ${body}`).toBe(400);
        expect(data.body).toContain('Unknown request.');
        expect(changes(before, await snapshot(t.services.db))).toEqual([]);
      }
      expect(await cartLines(customer)).toEqual([]);
      const again = await customer.request('POST', url, 'intent=order_again', FORM);
      expect(again.statusCode).toBe(302);
      expect(again.headers.location).toBe('/cart?done=added');
      expect((await cartLines(customer)).length).toBe(1);
    });

    it('"Download my data" acts on its own intent only; any other post is a 400 and records nothing', async () => {
      const exports = async () => (await t.services.db.selectFrom('privacy_requests').select('id').where('type', '=', 'export').execute()).length;
      const count = await exports();
      for (const body of ['', 'intent=erase', 'intent=exportx']) {
        for (const url of ['/my-account/privacy/export', '/my-account/privacy/export.data']) {
          const res: LightMyRequestResponse = await customer.request('POST', url, body, FORM);
          expect(res.statusCode, `POST ${url} ${body}`).toBe(400);
          expect(res.headers['content-disposition']).toBeUndefined();
          expect(await exports()).toBe(count);
        }
      }
      const res = await customer.request('POST', '/my-account/privacy/export', 'intent=export', FORM);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-/);
      expect(res.json().account.email).toBe('ada@example.com');
      expect(await exports()).toBe(count + 1);
    });
  });
}
