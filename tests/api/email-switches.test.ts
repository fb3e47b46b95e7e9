import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createUser } from '../../app/features/account/account.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { saveChatSettings } from '../../app/features/chat/chat-settings.server.ts';
import { registerGateway, unregisterGateway, type PaymentGateway } from '../../app/features/payments/payments.server.ts';
import { builtInTexts } from '../../app/features/emails/built-in.server.ts';
import { EMAIL_IDS, EMAILS, fillPlaceholders, type EmailId } from '../../app/features/settings/email-catalog.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { backgroundSettled } from '../../app/lib/background.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { FORM, PASSWORD, staffLogin, urlencoded } from '../helpers/admin-forms.ts';
import { ask, listen, rawSocket, visitor } from '../helpers/chat.ts';
import { dialects } from '../helpers/databases.ts';
import { shipEverywhere } from '../helpers/shop-order.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';
import { wishlistKit } from '../helpers/wishlist.ts';

/*
 * Every e-mail's switch (/admin/settings/emails/:id), one case per e-mail of the list: with the
 * e-mail switched off on its settings page, its event is caused through the shop's own entry
 * points (checkout, the order page, the account, wishlist and chat APIs) and everything else
 * the event does happens — the other e-mails it sends arrive, the order moves — but not that
 * e-mail; switched on again, the same event sends it once, to the right address. Mail is what
 * a real local SMTP server received, recognised by the e-mail's default subject. One app per
 * database; each case leaves every e-mail on.
 */

const SHOP = 'Corner Shop';
const OWNER = 'owner@shop.example';
const STOCK = 'stock@shop.example';
const CHAT = 'chat@shop.example';
const US = { first_name: 'Ada', last_name: 'Lovelace', company: '', address_1: '1 Market St', address_2: '', city: 'San Francisco', state: 'CA', postcode: '94105', country: 'US', phone: '' };
const BILLING = { first_name: 'Bob', last_name: 'Stone', company: '', address_1: '2 Mill Lane', address_2: '', city: 'Leeds', state: '', postcode: 'LS1 1AA', country: 'GB', phone: '' };
const BASE = { recipient: '', subject: '', heading: '', additional: '' };

/** A card provider registered only here, whose every payment is declined. */
const declining: PaymentGateway = {
  id: 'switchdecline',
  defaultTitle: 'Card (declining)',
  enabled: () => true,
  title: () => 'Card (declining)',
  description: () => 'A test card provider.',
  process: async () => ({ status: 'failed', message: 'Your card was declined.', note: 'Card declined.' }),
};

/** A received e-mail as the test compares them: `recipient | subject`. */
const mail = (to: string, id: EmailId, values: Record<string, string> = {}) => `${to} | ${fillPlaceholders(builtInTexts(id).subject, { site_title: SHOP, ...values })}`;
const n = (orderId: number) => ({ order_number: String(orderId) });

type Phase = 'off' | 'on';
/** What one event sent: the e-mail under test, and the others it sends whatever that e-mail's switch. */
interface Sent {
  mine: string;
  others: string[];
}

for (const dialect of await dialects()) {
  describe(`every e-mail's switch is honoured (${dialect})`, () => {
    let smtp: TestSmtpServer;
    let t: TestApp;
    let admin: Client;
    let url: string;
    let lamp: number;
    const sockets: Socket[] = [];
    const db = () => t.services.db;
    const k = wishlistKit(() => t);

    const post = (path: string, fields: Record<string, string>) => admin.request('POST', path, urlencoded(fields), FORM);
    const status = async (id: number) => (await db().selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    /** Everything received since `start`, once all the work under way has finished, as `recipient | subject`. */
    async function since(start: number): Promise<string[]> {
      await backgroundSettled();
      const parsed = await Promise.all(smtp.received.slice(start).map(async (m) => `${m.to.join(', ')} | ${(await parseMail(m.raw)).subject}`));
      return parsed.sort();
    }
    async function switchEmail(id: EmailId, on: boolean) {
      const res = await post(`/admin/settings/emails/${id}`, { intent: 'save', ...BASE, enabled: on ? '1' : '0' });
      expect(res.statusCode, res.body).toBe(200);
      expect((await admin.request('GET', `/admin/settings/emails/${id}`)).body.includes('Switched off')).toBe(!on);
    }
    /** An order placed through the cart and checkout API; its id. */
    async function order(email: string, opts: { method?: string; product?: number; quantity?: number; extra?: Record<string, unknown> } = {}): Promise<number> {
      const c = await Client.start(t.app);
      expect((await c.request('POST', '/api/cart/items', { productId: opts.product ?? lamp, quantity: opts.quantity ?? 1 })).statusCode).toBe(201);
      const res = await c.request('POST', '/api/checkout', { billing_address: { ...US, email }, payment_method: opts.method ?? 'cod', ...opts.extra });
      expect(res.statusCode, res.body).toBe(200);
      await backgroundSettled();
      return Number(res.json().order_id);
    }
    /** The e-mails a paid (or awaiting transfer) order sends: "New order" to the shop, "received" to the customer. */
    const placed = (id: number, email: string, customer: EmailId = 'customer_processing_order') => [mail(OWNER, 'new_order', n(id)), mail(email, customer, n(id))];
    async function orderAction(id: number, fields: Record<string, string>) {
      const res = await post(`/admin/orders/${id}`, fields);
      expect(res.statusCode, res.body).toBe(200);
      await backgroundSettled();
    }
    async function stocked(name: string, quantity: number) {
      return (await createProduct(db(), { name, regular_price: 1200, manage_stock: 1, stock_quantity: quantity })).id;
    }
    const stockOf = async (id: number) => (await db().selectFrom('products').select('stock_quantity').where('id', '=', id).executeTakeFirstOrThrow()).stock_quantity;
    /** A crossing made while its e-mail was off, told once it is on again (app/features/alerts/alert-pipeline.server.ts). */
    const held: Partial<Record<EmailId, string>> = {};
    let seq = 0;

    /** A shopper in the chat, signed in or a guest, with an open conversation and one message. */
    async function chatter(client: Client, email: string, offered: boolean) {
      const token = await client.request('POST', '/api/chat/token', { vendorId: 0 });
      expect(token.statusCode, token.body).toBe(200);
      const { socket, hello } = await rawSocket(url, token.json().token);
      sockets.push(socket);
      // The widget offers a copy only while the shop sends transcripts.
      expect(hello.settings.transcriptCopy).toBe(offered);
      const login = await ask<{ conversation: { id: number } }>(socket, 'chat:login', { name: 'Kim', email });
      expect(login.ok, JSON.stringify(login)).toBe(true);
      expect((await ask(socket, 'chat:send', { conversationId: login.conversation.id, clientId: 'k-1', text: 'Is the lamp in stock?' })).ok).toBe(true);
      const res = await client.request('POST', '/api/chat/evaluation', { conversationId: login.conversation.id, evaluation: 'good', receiveCopy: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ evaluation: 'good', receiveCopy: true });
      return res.json().copy as string;
    }

    async function estimate(phase: Phase) {
      const c = await k.guest();
      const added = (await k.add(c, { productId: lamp, quantity: 2 })).json();
      const name = `Estimator ${phase} ${++seq}`;
      const email = `estimate-${seq}@example.com`;
      const res = await c.request('POST', `/api/wishlists/${added.wishlist.token}/estimate`, { name, email, message: 'For the office.' }, { 'x-forwarded-for': `10.20.0.${seq}` });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().result).toBe('sent');
      expect(await db().selectFrom('wishlist_estimates').select('name').where('id', '=', res.json().id).executeTakeFirstOrThrow()).toEqual({ name });
      return { shop: mail(OWNER, 'wishlist_estimate', { customer_name: name }), copy: mail(email, 'wishlist_estimate_copy') };
    }
    async function failedOrder(phase: Phase) {
      const email = `declined-${phase}-${++seq}@example.com`;
      const id = await order(email, { method: declining.id });
      expect(await status(id)).toBe('failed');
      return { shop: mail(OWNER, 'failed_order', n(id)), customer: mail(email, 'customer_failed_order', n(id)) };
    }
    /** An order paid on delivery (processing), then moved on the order page by `fields`. */
    async function movedOrder(id: EmailId, phase: Phase, fields: (order: number) => Record<string, string>, after: string): Promise<Sent> {
      const email = `${id}-${phase}@example.com`;
      const o = await order(email);
      await orderAction(o, fields(o));
      expect(await status(o)).toBe(after);
      return { mine: mail(email, id, n(o)), others: placed(o, email) };
    }
    async function stockCase(id: 'low_stock' | 'no_stock', phase: Phase, stock: number, bought: number): Promise<Sent> {
      const name = `${id} lamp (${phase})`;
      const product = await stocked(name, stock);
      const email = `${id}-${phase}@example.com`;
      const o = await order(email, { product, quantity: bought });
      expect(await stockOf(product)).toBe(stock - bought);
      const mine = mail(STOCK, id, { product_name: name });
      const before = phase === 'on' ? held[id] : undefined;
      const others = [...placed(o, email), ...(before ? [before] : [])];
      if (phase === 'off') held[id] = mine;
      return { mine, others };
    }

    /** How each e-mail's event is caused; `Record` over every id, so an e-mail without a case does not compile. */
    const CASES: Record<EmailId, (phase: Phase) => Promise<Sent>> = {
      async new_order(phase) {
        const email = `new-order-${phase}@example.com`;
        const id = await order(email);
        expect(await status(id)).toBe('processing');
        return { mine: mail(OWNER, 'new_order', n(id)), others: [mail(email, 'customer_processing_order', n(id))] };
      },
      cancelled_order: async (phase) => {
        const email = `cancelled-${phase}@example.com`;
        const id = await order(email);
        await orderAction(id, { intent: 'status', status: 'cancelled' });
        expect(await status(id)).toBe('cancelled');
        return { mine: mail(OWNER, 'cancelled_order', n(id)), others: placed(id, email) };
      },
      failed_order: async (phase) => {
        const { shop, customer } = await failedOrder(phase);
        return { mine: shop, others: [customer] };
      },
      customer_failed_order: async (phase) => {
        const { shop, customer } = await failedOrder(phase);
        return { mine: customer, others: [shop] };
      },
      async customer_on_hold_order(phase) {
        const email = `on-hold-${phase}@example.com`;
        const id = await order(email, { method: 'bacs' });
        expect(await status(id)).toBe('on-hold');
        return { mine: mail(email, 'customer_on_hold_order', n(id)), others: [mail(OWNER, 'new_order', n(id))] };
      },
      async customer_processing_order(phase) {
        const email = `processing-${phase}@example.com`;
        const id = await order(email);
        expect(await status(id)).toBe('processing');
        return { mine: mail(email, 'customer_processing_order', n(id)), others: [mail(OWNER, 'new_order', n(id))] };
      },
      customer_completed_order: (phase) => movedOrder('customer_completed_order', phase, () => ({ intent: 'status', status: 'completed' }), 'completed'),
      customer_refunded_order: (phase) => movedOrder('customer_refunded_order', phase, () => ({ intent: 'refund', refund_amount: '17.00', refund_reason: 'Changed mind' }), 'refunded'),
      async customer_note(phase) {
        const sent = await movedOrder('customer_note', phase, () => ({ intent: 'note', note: `Shipped today (${phase})`, note_type: 'customer' }), 'processing');
        const notes = await db().selectFrom('order_notes').select('content').where('customer_note', '=', 1).execute();
        expect(notes.map((x) => x.content)).toContain(`Shipped today (${phase})`);
        return sent;
      },
      async customer_invoice(phase) {
        const email = `phone-${phase}@example.com`;
        const fields = { ...Object.fromEntries(Object.entries({ ...BILLING, email }).map(([key, v]) => [`billing_${key}`, v])), line_product_0: String(lamp), line_qty_0: '1', status: 'pending', intent: 'save' };
        const made = await post('/admin/orders/new', fields);
        expect(made.statusCode, made.body).toBe(302);
        const id = Number(/\/admin\/orders\/(\d+)/.exec(made.headers.location as string)?.[1]);
        const sent = await post(`/admin/orders/${id}`, { intent: 'send-link' });
        await backgroundSettled();
        // Switched off, staff are told why, and the order does not note a link that was not sent.
        expect(sent.statusCode).toBe(phase === 'off' ? 409 : 200);
        expect(sent.body).toContain(phase === 'off' ? 'is switched off in Settings' : `The payment link was e-mailed to ${email}.`);
        const notes = await db().selectFrom('order_notes').select('content').where('order_id', '=', id).execute();
        expect(notes.some((x) => x.content.startsWith('Payment link e-mailed'))).toBe(phase === 'on');
        return { mine: mail(email, 'customer_invoice', n(id)), others: [] };
      },
      async customer_new_account(phase) {
        const email = `new-account-${phase}@example.com`;
        const id = await order(email, { extra: { create_account: true, password: PASSWORD } });
        // The account is made either way: its password signs in.
        expect((await (await Client.start(t.app)).request('POST', '/api/account/login', { email, password: PASSWORD })).statusCode).toBe(200);
        return { mine: mail(email, 'customer_new_account'), others: placed(id, email) };
      },
      async customer_reset_password(phase) {
        const email = `reset-${phase}@example.com`;
        const user = await createUser(t.services, { email, password: PASSWORD, name: 'Rhea', role: 'customer' });
        const res = await (await Client.start(t.app)).request('POST', '/api/account/password-reset', { email });
        expect(res.statusCode, res.body).toBe(202);
        await backgroundSettled();
        // Switched off, no link is made at all.
        const links = await db().selectFrom('password_resets').select('user_id').where('user_id', '=', user.id).execute();
        expect(links).toHaveLength(phase === 'off' ? 0 : 1);
        return { mine: mail(email, 'customer_reset_password'), others: [] };
      },
      low_stock: (phase) => stockCase('low_stock', phase, 5, 2),
      no_stock: (phase) => stockCase('no_stock', phase, 3, 3),
      async wishlist_alert(phase) {
        // On a list with alerts, the last one is sold, then the order is cancelled: back in stock.
        const name = `Wished lamp (${phase})`;
        const product = await stocked(name, 1);
        const shopper = await k.shopper();
        const added = (await k.add(shopper, { productId: product })).json();
        expect((await shopper.request('PATCH', `/api/wishlists/${added.wishlist.token}`, { alerts: true })).json().wishlist.alerts).toBe(true);
        const email = `wished-${phase}@example.com`;
        const id = await order(email, { product });
        await orderAction(id, { intent: 'status', status: 'cancelled' });
        expect(await stockOf(product)).toBe(1);
        const others = [...placed(id, email), mail(STOCK, 'no_stock', { product_name: name }), mail(OWNER, 'cancelled_order', n(id))];
        return { mine: mail(shopper.email, 'wishlist_alert', { list_name: added.wishlist.name }), others };
      },
      async wishlist_estimate(phase) {
        const { shop, copy } = await estimate(phase);
        return { mine: shop, others: [copy] };
      },
      async wishlist_estimate_copy(phase) {
        const { shop, copy } = await estimate(phase);
        return { mine: copy, others: [shop] };
      },
      async chat_transcript(phase) {
        const shopper = await staffLogin(t, 'customer', `chat-${phase}.example`);
        shopper.csrf = (await shopper.request('GET', '/api/session')).json().csrfToken;
        expect(await chatter(shopper, `customer@chat-${phase}.example`, phase === 'on')).toBe(phase === 'off' ? 'none' : 'sent');
        if (phase === 'off') {
          // A guest's address is not asked to be confirmed for a copy that will not be sent.
          const guest = await visitor(t.app);
          expect(await chatter(guest.client, 'guest-chatter@mail.example', false)).toBe('none');
          expect(await db().selectFrom('chat_transcript_links').select('id').execute()).toEqual([]);
        }
        return { mine: mail(`customer@chat-${phase}.example`, 'chat_transcript'), others: [] };
      },
      async chat_offline(phase) {
        const name = `Visitor ${phase}`;
        const res = await (await Client.start(t.app)).request('POST', '/api/chat/offline', { name, email: `visitor-${phase}@mail.example`, message: 'Call me back', vendorId: 0 });
        expect(res.statusCode, res.body).toBe(201);
        // Kept for the chat inbox either way.
        expect(await db().selectFrom('chat_offline_messages').select('name').where('id', '=', res.json().id).executeTakeFirstOrThrow()).toEqual({ name });
        return { mine: mail(CHAT, 'chat_offline', { customer_name: name }), others: [] };
      },
    };

    beforeAll(async () => {
      registerGateway(declining);
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { pages: 'build', config: { smtpUrl: smtp.url, mailFrom: 'Shop <shop@test.example>', trustProxy: true } });
      await saveSettings(db(), { storeName: SHOP, currency: 'GBP', storeUrl: 'https://corner.example', orderNotificationEmail: OWNER, stockNotificationEmail: STOCK, stockLowThreshold: 3 });
      await saveChatSettings(db(), { offlineEmail: CHAT });
      lamp = (await createProduct(db(), { name: 'Desk Lamp', regular_price: 1200 })).id;
      await shipEverywhere(t);
      admin = await staffLogin(t, 'shop_manager', 'shop.example');
      admin.csrf = (await admin.request('GET', '/api/session')).json().csrfToken;
      url = await listen(t.app);
    }, 120_000);
    afterAll(async () => {
      for (const s of sockets) s.disconnect();
      unregisterGateway(declining.id);
      await backgroundSettled();
      await t?.close();
      await smtp?.close();
    });

    it('every e-mail of the list has its case here', () => {
      expect(Object.keys(CASES).sort()).toEqual([...EMAIL_IDS].sort());
    });

    for (const id of EMAIL_IDS) {
      it(`${id} (“${EMAILS[id].title}”): not sent while switched off, the rest of its event happening; sent once when on`, async () => {
        await switchEmail(id, false);
        let start = smtp.received.length;
        const off = await CASES[id]('off');
        expect(await since(start)).toEqual([...off.others].sort());

        await switchEmail(id, true);
        start = smtp.received.length;
        const on = await CASES[id]('on');
        expect(await since(start)).toEqual([on.mine, ...on.others].sort());
      });
    }
  });
}
