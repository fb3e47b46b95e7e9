import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { saveEmailSettings } from '../../app/features/settings/email-settings.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/*
 * The e-mails an order sends, in the shop's language, as a real mail server receives them: a
 * German shop's order confirmation to the customer and new-order e-mail to the shop speak
 * German from subject to last line, an Arabic shop's e-mail is Arabic and right to left, and a
 * subject the owner typed is sent as typed.
 */

const US = { first_name: 'Ada', last_name: 'Lovelace', company: '', address_1: '1 Market St', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94105', country: 'US', email: 'ada@example.com', phone: '' };

/** The English words of the order e-mails' templates: none may be left in another language's e-mail. */
const ENGLISH = ['Hi ', 'Hi there', 'Thank you', 'Your ', 'order', 'Order', 'Subtotal', 'Total:', 'Shipping:', 'Payment method', 'Billing address', 'View your', 'Open the', 'has been', 'received', 'processing', 'You have'];

for (const dialect of await dialects()) {
  describe(`order e-mails in the shop’s language (${dialect})`, () => {
    let smtp: TestSmtpServer;
    let t: TestApp;
    let lamp: number;

    const inject = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
    /** An e-mail's subject and lines but its links and the payment method's title (the shop's own setting, not the template's). */
    const wording = (mail: { subject?: string; text?: string }, method: string) =>
      [mail.subject ?? '', ...(mail.text ?? '').split('\n').filter((l) => !l.includes('://') && !l.startsWith(method))].join('\n');
    /** Places a cash-on-delivery order (processing at once) and answers its id and the e-mails it sent. */
    async function order() {
      const start = smtp.received.length;
      const token = (await inject('/api/cart/items', { productId: lamp, quantity: 2 }, { 'cart-token': `new-${Math.random()}` })).headers['cart-token'] as string;
      const res = await inject('/api/checkout', { billing_address: US, payment_method: 'cod' }, { 'cart-token': token });
      expect(res.statusCode, res.body).toBe(200);
      await mailsSettled();
      const mails = await Promise.all(smtp.received.slice(start).map(async (m) => ({ to: m.to, mail: await parseMail(m.raw) })));
      const to = (address: string) => mails.find((m) => m.to.includes(address))!.mail;
      return { id: res.json().order_id as number, customer: to('ada@example.com'), shop: to('owner@shop.example') };
    }

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { config: { smtpUrl: smtp.url, mailFrom: 'Test Shop <shop@test.example>' } });
      const db = t.services.db;
      await saveSettings(db, { storeName: 'Eckladen', currency: 'EUR', orderNotificationEmail: 'owner@shop.example', storeUrl: 'https://eckladen.example' });
      lamp = (await createProduct(db, { name: 'Tischlampe', regular_price: 4000 })).id;
      const world = await addMethod(db, null, { type: 'flat_rate' });
      await saveMethod(db, null, world, { title: 'Standardversand', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'EUR');
      await saveSettings(db, { language: 'de-DE' });
    }, 120_000);
    afterAll(async () => {
      await mailsSettled();
      if (t) await saveSettings(t.services.db, { language: 'en' });
      await t?.close();
      await smtp?.close();
    });

    it('a German shop: the customer’s confirmation and the shop’s new-order e-mail are German, subject, heading and lines', async () => {
      const { id, customer, shop } = await order();
      expect(customer.subject).toBe('Deine Bestellung bei Eckladen ist eingegangen!');
      expect(customer.html).toContain('<html lang="de-DE" dir="ltr">');
      expect(customer.html).toContain('>Danke für deine Bestellung</h1>');
      for (const line of [
        'Hallo Ada,',
        `Wir haben deine Bestellung #${id} erhalten und bearbeiten sie jetzt.`,
        `Bestellung #${id} (`,
        '2 × Tischlampe — ',
        'Zwischensumme: ',
        'Versand: ',
        '(Standardversand)',
        'Gesamtsumme: ',
        'Zahlungsart: ',
        'Rechnungsadresse: Ada Lovelace',
        'Deine Bestellung ansehen:',
      ])
        expect(customer.text).toContain(line);

      expect(shop.subject).toBe(`[Eckladen]: Neue Bestellung #${id}`);
      expect(shop.text).toContain(`Neue Bestellung: #${id}`);
      expect(shop.text).toContain('Du hast eine Bestellung von Ada Lovelace (ada@example.com) erhalten.');
      expect(shop.text).toContain('Bestellung öffnen:');

      // No word of the English templates is left.
      for (const mail of [customer, shop]) for (const english of ENGLISH) expect(wording(mail, 'Zahlungsart: '), english).not.toContain(english);
    });

    it('a subject the owner typed is sent as typed, the rest of the e-mail in the shop’s language', async () => {
      await saveEmailSettings(t.services.db, 'customer_processing_order', { enabled: '1', recipient: '', subject: 'Thanks from {site_title}, order {order_number}', heading: '', additional: '' });
      const { id, customer } = await order();
      expect(customer.subject).toBe(`Thanks from Eckladen, order ${id}`);
      expect(customer.text).toContain('Danke für deine Bestellung');
      await saveEmailSettings(t.services.db, 'customer_processing_order', { enabled: '1', recipient: '', subject: '', heading: '', additional: '' });
    });

    it('an Arabic shop: the e-mail is Arabic and right to left', async () => {
      await saveSettings(t.services.db, { language: 'ar' });
      const { id, customer } = await order();
      expect(customer.subject).toBe('تم استلام طلبك في Eckladen!');
      expect(customer.html).toContain('<html lang="ar" dir="rtl">');
      expect(customer.html).toContain('>شكرًا لطلبك</h1>');
      expect(customer.text).toContain('مرحبًا Ada،');
      expect(customer.text).toContain(`استلمنا طلبك رقم ${id} ونعمل الآن على تجهيزه.`);
      expect(customer.text).toContain('المجموع الفرعي: ');
      expect(customer.text).toContain('الإجمالي: ');
      expect(customer.text).toContain('عنوان الفوترة: Ada Lovelace');
      for (const english of ENGLISH) expect(wording(customer, 'طريقة الدفع: '), english).not.toContain(english);
      await saveSettings(t.services.db, { language: 'de-DE' });
    });
  });
}
