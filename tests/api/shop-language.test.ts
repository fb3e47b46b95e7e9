import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { staffLogin } from '../helpers/admin-forms.ts';
import { createTestApp, type Client, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/*
 * A shop set to German (then French) shows prices, order dates and addresses the way its
 * customers write them, on its pages and in the order e-mail sent over SMTP: the owner set
 * only the language and the currency, never a separator.
 */

const MONATE = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
const MOIS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
/** "4. Dezember 2026" and "4 décembre 2026" for the day an ISO time falls on (UTC). */
const german = (iso: string) => {
  const d = new Date(iso);
  return `${d.getUTCDate()}. ${MONATE[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};
const french = (iso: string) => {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MOIS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
};
/** Page text as a reader sees it: tags out, entities and spaces as typed. */
const text = (html: string) =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#xa0;|&#160;/gi, '\u00a0')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/[ \t\n]+/g, ' ');

const BERLIN = { first_name: 'Anna', last_name: 'Schmidt', company: '', address_1: 'Hauptstraße 5', address_2: '', city: 'Berlin', state: '', postcode: '10115', country: 'DE', email: 'anna@example.de', phone: '' };

for (const dialect of await dialects()) {
  describe(`the shop in its customers' language (${dialect})`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    let admin: Client;
    let product: { id: number; slug: string };

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { pages: 'build', config: { smtpUrl: smtp.url, publicUrl: 'https://shop.example', mailFrom: 'Shop <shop@test.example>' } });
      admin = await staffLogin(t, 'shop_manager', 'language.example');
      product = await createProduct(t.services.db, { name: 'Leuchte', regular_price: 123456, virtual: 1 });
    }, 60_000);
    afterAll(async () => {
      await mailsSettled();
      await t?.close();
      await smtp?.close();
    });

    const inject = (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method, url, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, payload: body === undefined ? undefined : JSON.stringify(body) });

    async function order(email: string) {
      const added = await inject('POST', '/api/cart/items', { productId: product.id, quantity: 1 }, { 'cart-token': `new-language-${Math.random()}` });
      expect(added.statusCode, added.body).toBe(201);
      const placed = await inject('POST', '/api/checkout', { billing_address: { ...BERLIN, email }, payment_method: 'cod' }, { 'cart-token': added.headers['cart-token'] as string });
      expect(placed.statusCode, placed.body).toBe(200);
      return placed.json() as { order_id: number; order_received_url: string };
    }

    const createdAt = async (id: number) => {
      const row = await t.services.db.selectFrom('orders').select(['created_at']).where('id', '=', id).executeTakeFirstOrThrow();
      return String(row.created_at);
    };

    it('German: the product price, the order date and the address on the order-received page and in the e-mail', async () => {
      await saveSettings(t.services.db, { language: 'de-DE', currency: 'EUR', baseCountry: 'DE' });

      const page = await inject('GET', `/product/${product.slug}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/<html lang="de-DE" dir="ltr"/);
      expect(text(page.body)).toContain('1.234,56 €');

      const before = smtp.received.length;
      const placed = await order('anna@example.de');
      const date = german(await createdAt(placed.order_id));
      const received = await inject('GET', placed.order_received_url);
      expect(received.statusCode).toBe(200);
      const shown = text(received.body);
      expect(shown).toContain(date);
      expect(shown).toContain('1.234,56 €');
      // Postcode before the town, no state, then the country.
      expect(shown).toMatch(/Hauptstraße 5 (<br\/?>|\s)*10115 Berlin (<br\/?>|\s)*Germany/);

      await mailsSettled();
      const mine = smtp.received.slice(before).find((m) => m.to.includes('anna@example.de'));
      expect(mine, 'the customer’s e-mail').toBeDefined();
      const mail = await parseMail(mine!.raw);
      expect(mail.text).toContain(`Bestellung #${placed.order_id} (${date})`);
      expect(mail.text).toContain('1.234,56 €');
      expect(mail.text).toContain('Anna Schmidt, Hauptstraße 5, 10115 Berlin, Germany');

      // The admin's order page too.
      const adminPage = text((await admin.request('GET', `/admin/orders/${placed.order_id}`)).body);
      expect(adminPage).toContain(date);
      expect(adminPage).toContain('10115 Berlin');
    });

    it('French: the product price and the order date on the order-received page', async () => {
      await saveSettings(t.services.db, { language: 'fr-FR', baseCountry: 'FR' });
      const page = await inject('GET', `/product/${product.slug}`);
      expect(text(page.body)).toContain('1\u202f234,56 €');
      const placed = await order('anne@example.fr');
      const received = text((await inject('GET', placed.order_received_url)).body);
      expect(received).toContain(french(await createdAt(placed.order_id)));
      expect(received).toContain('1\u202f234,56 €');
    });

    it('Arabic: the page is laid out right to left', async () => {
      await saveSettings(t.services.db, { language: 'ar' });
      const page = await inject('GET', `/product/${product.slug}`);
      expect(page.body).toMatch(/<html lang="ar" dir="rtl"/);
    });
  });
}
