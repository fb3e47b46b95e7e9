import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/*
 * Invoices, credit notes and packing slips through the real pages: an order completed from
 * its admin page is invoiced, the PDFs are opened and their text read (amounts as the order
 * page shows them), refunds get credit notes, numbers run on without gaps under concurrent
 * completions, only the order's owner downloads it, and the completed-order e-mail carries
 * the invoice when the owner switches it on.
 */

const PASSWORD = 'a long enough password';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const BILLING = { first_name: 'Ζωή', last_name: 'Иванова', company: '', address_1: '1 Market St', address_2: '', city: 'Αθήνα', state: '', postcode: '10558', country: 'GR', email: 'zoe@example.com', phone: '' };

async function pdfText(body: Buffer): Promise<string> {
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const doc = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(doc, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** The amounts the order page shows, row by row (OrderLines' cells). */
function pageAmounts(html: string): string[] {
  const table = /<table class="order-lines">([\s\S]*?)<\/table>/.exec(html)![1]!;
  return [...table.matchAll(/<td class="num">([^<]*)/g)].map((m) => m[1]!.replace(/&#x27;/g, "'").trim()).filter((s) => /\d/.test(s));
}

for (const dialect of await dialects()) {
  describe(`invoices, credit notes and packing slips (${dialect})`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    let admin: Client;
    let zoe: Client;
    let other: Client;
    let lamp: number;
    let vase: number;

    const form = (c: Client, url: string, fields: Record<string, string | string[]>) => {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) q.append(k, x);
      return c.request('POST', url, q.toString(), FORM);
    };
    async function order(by: Client, lines: [number, number][]): Promise<number> {
      // The signed-in customer's own cart (the session's), as the shop's pages use it.
      for (const [productId, quantity] of lines) {
        const res = await by.request('POST', '/api/cart/items', { productId, quantity });
        expect(res.statusCode, res.body).toBe(201);
      }
      const res = await by.request('POST', '/api/checkout', { billing_address: BILLING, payment_method: 'cod' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().order_id as number;
    }
    const complete = async (id: number) => expect((await form(admin, `/admin/orders/${id}`, { intent: 'status', status: 'completed' })).statusCode).toBe(200);
    const pdf = async (c: Client, url: string) => {
      const res = await c.request('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      return pdfText(res.rawPayload);
    };

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { pages: 'build', config: { smtpUrl: smtp.url, mailFrom: 'Shop <shop@test.example>' } });
      const db = t.services.db;
      await saveSettings(db, { storeName: 'Corner Shop', currency: 'EUR', storeUrl: 'https://corner.example' });
      lamp = (await createProduct(db, { name: 'Лампа Desk Lamp', regular_price: 4000, sku: 'LAMP-1' })).id;
      vase = (await createProduct(db, { name: 'Βάζο Vase', regular_price: 1250 })).id;
      const world = await addMethod(db, null, { type: 'flat_rate' });
      await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'EUR');
      await createUser(t.services, { email: 'manager@shop.example', password: PASSWORD, name: 'Manager', role: 'shop_manager' });
      await createUser(t.services, { email: 'zoe@example.com', password: PASSWORD, name: 'Zoe', role: 'customer' });
      await createUser(t.services, { email: 'other@example.com', password: PASSWORD, name: 'Other', role: 'customer' });
      admin = await Client.start(t.app);
      zoe = await Client.start(t.app);
      other = await Client.start(t.app);
      for (const [c, email] of [[admin, 'manager@shop.example'], [zoe, 'zoe@example.com'], [other, 'other@example.com']] as const) {
        expect((await c.request('POST', '/api/account/login', { email, password: PASSWORD })).statusCode).toBe(200);
        c.csrf = (await c.request('GET', '/api/session')).json().csrfToken;
      }
      const saved = await form(admin, '/admin/settings/invoices', { legalName: 'Corner Shop Ltd', address: '5 Ermou St\nAthens 10563\nGreece', vatNumber: 'EL123456789', footer: 'Thank you', attachToCompletedEmail: '1' });
      expect(saved.statusCode, saved.body).toBe(200);
    }, 180_000);
    afterAll(async () => {
      await mailsSettled();
      await t?.close();
      await smtp?.close();
    });

    it('a completed order is invoiced: the PDF names seller and customer and shows the amounts of the order page', async () => {
      const id = await order(zoe, [[lamp, 2], [vase, 1]]);
      const before = (await zoe.request('GET', `/my-account/view-order/${id}`)).body;
      expect(before).not.toContain('/documents/invoice');
      await complete(id);
      const page = await zoe.request('GET', `/my-account/view-order/${id}`);
      expect(page.statusCode).toBe(200);
      const number = /Invoice (INV-\d{6}) \(PDF\)/.exec(page.body)?.[1];
      expect(number).toBeTruthy();
      const text = await pdf(zoe, `/my-account/view-order/${id}/documents/invoice`);
      for (const s of ['Invoice', number!, 'Corner Shop Ltd', '5 Ermou St', 'VAT number: EL123456789', 'Ζωή Иванова', 'Αθήνα', 'Лампа Desk Lamp', 'Βάζο Vase', 'SKU: LAMP-1', `Order number: ${id}`, 'Thank you']) {
        expect(text).toContain(s);
      }
      const amounts = pageAmounts(page.body);
      expect(amounts).toEqual(['€80.00', '€12.50', '€92.50', '€5.00', '€97.50']);
      for (const a of amounts) expect(text).toContain(a);
      // The admin's copy is the same document.
      expect(await pdf(admin, `/admin/orders/${id}/documents/invoice`)).toBe(text);
      // The order page in the back office names each line's SKU, as the invoice does; the customer's page does not.
      expect((await admin.request('GET', `/admin/orders/${id}`)).body).toContain('<span class="order-lines__sku">SKU: LAMP-1</span>');
      expect(page.body).not.toContain('order-lines__sku');
    });

    it('a packing slip lists what to pack and where, without a price', async () => {
      const id = await order(zoe, [[lamp, 3]]);
      const text = await pdf(admin, `/admin/orders/${id}/documents/packing-slip`);
      expect(text).toContain('Packing slip');
      expect(text).toContain('Лампа Desk Lamp');
      expect(text).toContain('1 Market St');
      expect(text).not.toMatch(/€|\d+\.\d\d/);
    });

    it('refunds of an invoiced order get credit notes of their own numbering, naming the invoice', async () => {
      const id = await order(zoe, [[vase, 2]]);
      await complete(id);
      const links = (await admin.request('GET', `/admin/orders/${id}`)).body;
      const invoice = /Invoice (INV-\d{6})/.exec(links)![1]!;
      const items = (await t.services.db.selectFrom('order_items').select('id').where('order_id', '=', id).execute()).map((r) => r.id);
      for (const amount of ['5.00', '3.00']) {
        const res = await form(admin, `/admin/orders/${id}`, { intent: 'refund', refund_amount: amount, refund_reason: 'Chipped', [`refund_qty_${items[0]}`]: '1' });
        expect(res.statusCode, res.body).toBe(200);
      }
      const docs = await t.services.db.selectFrom('invoices').select(['kind', 'number']).where('order_id', '=', id).orderBy('id').execute();
      expect(docs.map((d) => d.kind)).toEqual(['invoice', 'credit_note', 'credit_note']);
      expect(Number(docs[2]!.number)).toBe(Number(docs[1]!.number) + 1);
      const text = await pdf(zoe, `/my-account/view-order/${id}/documents/credit-notes`);
      expect(text).toContain('Credit note');
      expect(text).toContain(`Corrects invoice: ${invoice}`);
      expect(text).toContain('−€5.00');
      expect(text).toContain('−€3.00');
      expect(text).toContain('Reason: Chipped');
    });

    it('only the owner downloads: another customer, a guessed number, a guest and unknown kinds get 404 or the login', async () => {
      const id = await order(zoe, [[lamp, 1]]);
      await complete(id);
      for (const url of [`/my-account/view-order/${id}/documents/invoice`, `/my-account/view-order/${id}/documents/credit-notes`, `/my-account/view-order/999999/documents/invoice`, `/my-account/view-order/abc/documents/invoice`]) {
        expect((await other.request('GET', url)).statusCode, url).toBe(404);
      }
      // The owner: an unknown kind and packing slips are not theirs to fetch.
      expect((await zoe.request('GET', `/my-account/view-order/${id}/documents/packing-slip`)).statusCode).toBe(404);
      expect((await zoe.request('GET', `/my-account/view-order/${id}/documents/../../orders`)).statusCode).not.toBe(200);
      const guest = await Client.start(t.app);
      const res = await guest.request('GET', `/my-account/view-order/${id}/documents/invoice`);
      expect([302, 303, 401]).toContain(res.statusCode);
      expect(res.headers['content-type'] ?? '').not.toBe('application/pdf');
      // Customers never reach the admin's documents.
      expect((await zoe.request('GET', `/admin/orders/${id}/documents/invoice`)).statusCode).not.toBe(200);
    });

    it('invoice numbers run on without gaps or repeats when many orders are completed at once', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) ids.push(await order(other, [[vase, 1]]));
      const last = await t.services.db.selectFrom('document_counters').select('last_number').where('kind', '=', 'invoice').executeTakeFirstOrThrow();
      const results = await Promise.all(ids.map((id) => form(admin, `/admin/orders/${id}`, { intent: 'status', status: 'completed' })));
      expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
      // Completing again, and issuing by hand, keep the one invoice.
      expect((await form(admin, `/admin/orders/${ids[0]}/documents/invoice`, { intent: 'issue' })).statusCode).toBe(302);
      const numbers = (await t.services.db.selectFrom('invoices').select('number').where('order_id', 'in', ids).where('kind', '=', 'invoice').execute()).map((r) => Number(r.number)).sort((a, b) => a - b);
      expect(numbers).toEqual(ids.map((_, i) => Number(last.last_number) + 1 + i));
    });

    it('staff issue an invoice by hand for a paid order; an unpaid one is refused with nothing issued', async () => {
      const paid = await order(zoe, [[lamp, 1]]); // cash on delivery: processing
      const res = await form(admin, `/admin/orders/${paid}/documents/invoice`, { intent: 'issue' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/admin/orders/${paid}?invoice=issued#order-documents`);
      expect(await pdf(admin, `/admin/orders/${paid}/documents/invoice`)).toContain('Invoice');
      await form(admin, `/admin/orders/${paid}`, { intent: 'status', status: 'cancelled' });
      const cancelled = await order(zoe, [[lamp, 1]]);
      await form(admin, `/admin/orders/${cancelled}`, { intent: 'status', status: 'cancelled' });
      expect((await form(admin, `/admin/orders/${cancelled}/documents/invoice`, { intent: 'issue' })).statusCode).toBe(409);
      expect((await admin.request('GET', `/admin/orders/${cancelled}/documents/invoice`)).statusCode).toBe(404);
      expect((await form(admin, `/admin/orders/${cancelled}/documents/invoice`, { intent: 'other' })).statusCode).toBe(400);
    });

    it('bulk print from the order list: one PDF with every chosen order’s invoice; bad choices are refused', async () => {
      const a = await order(zoe, [[lamp, 1]]);
      const b = await order(zoe, [[vase, 1]]);
      await complete(a);
      await complete(b);
      const res = await form(admin, '/admin/orders', { intent: 'bulk', action: 'print-invoices', ids: [String(a), String(b)] });
      expect(res.statusCode).toBe(302);
      const text = await pdf(admin, res.headers.location as string);
      expect(text).toContain(`Order number: ${a}`);
      expect(text).toContain(`Order number: ${b}`);
      const slips = await pdf(admin, `/admin/orders/print?kind=packing-slip&ids=${a},${b}`);
      expect(slips.match(/Packing slip/g)).toHaveLength(2);
      expect((await form(admin, '/admin/orders', { intent: 'bulk', action: 'print-invoices' })).statusCode).toBe(400);
      expect((await admin.request('GET', '/admin/orders/print?kind=receipts&ids=1')).statusCode).toBe(400);
      expect((await admin.request('GET', '/admin/orders/print?kind=invoice&ids=999998')).statusCode).toBe(404);
    });

    it('the completed-order e-mail carries the invoice PDF when switched on, and none when off', async () => {
      await mailsSettled();
      const start = smtp.received.length;
      const id = await order(zoe, [[vase, 1]]);
      await complete(id);
      await mailsSettled();
      const mails = await Promise.all(smtp.received.slice(start).map((m) => parseMail(m.raw)));
      const done = mails.find((m) => m.subject === 'Your Corner Shop order is now complete' && m.text?.includes(`order #${id}.`))!;
      expect(done.attachments).toHaveLength(1);
      expect(done.attachments[0]!.mimeType).toBe('application/pdf');
      expect(done.attachments[0]!.filename).toMatch(/^invoice-INV-\d{6}\.pdf$/);
      expect(await pdfText(Buffer.from(done.attachments[0]!.content as ArrayBuffer))).toContain(`Order number: ${id}`);

      await form(admin, '/admin/settings/invoices', { legalName: 'Corner Shop Ltd', address: '', vatNumber: '', footer: '' });
      const next = smtp.received.length;
      const id2 = await order(zoe, [[vase, 1]]);
      await complete(id2);
      await mailsSettled();
      const later = await Promise.all(smtp.received.slice(next).map((m) => parseMail(m.raw)));
      expect(later.find((m) => m.subject === 'Your Corner Shop order is now complete')!.attachments).toHaveLength(0);
    });

    it('invoice settings refuse bad input with the field named and keep what was saved', async () => {
      const res = await form(admin, '/admin/settings/invoices', { legalName: 'x'.repeat(200), vatNumber: '<script>' });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('At most 120 characters');
      const page = await admin.request('GET', '/admin/settings/invoices');
      expect(page.body).toContain('value="Corner Shop Ltd"');
    });
  });
}
