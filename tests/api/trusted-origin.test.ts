import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import type { AppConfig } from '../../app/config/app-config.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { addOrderNote, changeOrderStatus } from '../../app/features/orders/order-status.server.ts';
import { createUser } from '../../app/features/account/account.server.ts';
import { backgroundSettled } from '../../app/lib/background.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

const STORE = 'https://corner.example';
/** What an attacker sends instead of the shop's own address. */
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
const US = {
  first_name: 'Ada', last_name: 'Lovelace', company: '', address_1: '1 Market St', address_2: '', city: 'San Francisco',
  state: 'CA', postcode: '94105', country: 'US', phone: '',
};
const ADMIN = { name: 'Owner', userId: null };

/** Every absolute http(s) URL in a mail's text and HTML. */
const urlsIn = (m: { text?: string; html?: string }) => [...`${m.text ?? ''} ${m.html ?? ''}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((x) => x[0]);

for (const dialect of await dialects()) {
  describe(`links in e-mails come from the trusted origin, never from request headers (${dialect})`, () => {
    let smtp: TestSmtpServer;
    let t: TestApp;
    let productId: number;
    const errors: string[] = [];

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { config: { smtpUrl: smtp.url, trustProxy: true } });
      const db = t.services.db;
      await saveSettings(db, { orderNotificationEmail: 'owner@corner.example' });
      productId = (await createProduct(db, { name: 'Desk Lamp', regular_price: 4000 })).id;
      const world = await addMethod(db, null, { type: 'flat_rate' });
      await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
      await createUser(t.services, { email: 'victim@example.com', password: 'the victim password', name: 'Vic' });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    /** A new app on the shared database (a fresh process: no request seen yet), logging its errors. */
    async function freshApp(config: Partial<AppConfig> = {}): Promise<FastifyInstance> {
      const app = await buildApp({ ...t.services.config, ...config }, { pages: false, db: t.database.db });
      const error = app.services.log.error.bind(app.services.log);
      app.services.log.error = ((obj: unknown, msg?: string) => {
        errors.push(typeof obj === 'string' ? obj : (msg ?? ''));
        return error(obj as object, msg);
      }) as typeof app.services.log.error;
      return app;
    }

    /** Sends the request that mails its links, with `headers`, and returns the mails it caused. */
    async function mailsOf(app: FastifyInstance, send: () => Promise<unknown>) {
      const start = smtp.received.length;
      await send();
      await backgroundSettled(app.services);
      return Promise.all(smtp.received.slice(start).map(async (m) => ({ to: m.to, mail: await parseMail(m.raw) })));
    }

    /** A browser whose every request, the first included, carries `headers`. */
    async function forgedClient(app: FastifyInstance, headers: Record<string, string>): Promise<Client> {
      const c = new Client(app);
      c.csrf = (await c.request('GET', '/api/session', undefined, headers)).json().csrfToken;
      return c;
    }
    const reset = (app: FastifyInstance, headers: Record<string, string>) => async () => {
      const c = await forgedClient(app, headers);
      const res = await c.request('POST', '/api/account/password-reset', { email: 'victim@example.com' }, headers);
      expect(res.statusCode).toBe(202);
    };
    const checkout = (app: FastifyInstance, email: string, headers: Record<string, string>) => async () => {
      const add = await app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'content-type': 'application/json', 'cart-token': `new-${Math.random()}`, ...headers }, payload: { productId, quantity: 1 } });
      expect(add.statusCode).toBe(201);
      const res = await app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { 'content-type': 'application/json', 'cart-token': add.headers['cart-token'] as string, ...headers },
        payload: { billing_address: { ...US, email }, payment_method: 'bacs', create_account: true, password: 'a long enough password' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().order_id as number;
    };

    it('with the store address set, a forged Host on the first request of a fresh process changes no link', async () => {
      await saveSettings(t.services.db, { storeUrl: STORE });
      for (const forged of [FORGED, { host: 'evil.example' }, { 'x-forwarded-host': 'evil.example' }] as Record<string, string>[]) {
        const app = await freshApp();
        try {
          const first = await mailsOf(app, reset(app, forged));
          expect(first).toHaveLength(1);
          expect(urlsIn(first[0].mail).length).toBeGreaterThan(0);
          for (const url of urlsIn(first[0].mail)) expect(url.startsWith(`${STORE}/account/reset-password?token=`), url).toBe(true);
        } finally {
          await app.close();
        }
      }
    });

    it('order, welcome, staff, status and note e-mails on a fresh and on a warm process link to the store address only', async () => {
      const app = await freshApp();
      try {
        for (const round of ['fresh', 'warm']) {
          const email = `buyer-${round}-${dialect}@example.com`;
          // Warm: the process has served requests with the shop's real address before the forged ones.
          if (round === 'warm') expect((await app.inject({ method: 'GET', url: '/api/session', headers: { host: 'corner.example' } })).statusCode).toBe(200);
          let orderId = 0;
          const placed = await mailsOf(app, async () => {
            orderId = await checkout(app, email, FORGED)();
          });
          const subjects = placed.map((m) => m.mail.subject).sort();
          expect(subjects, round).toEqual(['Your Vitrine account has been created!', 'Your Vitrine order has been received!', `[Vitrine]: New order #${orderId}`].sort());
          const later = await mailsOf(app, async () => {
            await addOrderNote(t.services, orderId, { content: 'Your parcel left today.', customerNote: '1' }, ADMIN);
            await changeOrderStatus(t.services, orderId, { status: 'completed' }, ADMIN);
            await backgroundSettled(t.services);
          });
          expect(later.map((m) => m.mail.subject).sort(), round).toEqual([`Note added to your Vitrine order #${orderId}`, 'Your Vitrine order is now complete'].sort());
          for (const { mail } of [...placed, ...later]) {
            const urls = urlsIn(mail);
            expect(urls.length, mail.subject).toBeGreaterThan(0);
            for (const url of urls) expect(url.startsWith(`${STORE}/`), `${mail.subject}: ${url}`).toBe(true);
          }
          const reset1 = await mailsOf(app, reset(app, FORGED));
          for (const url of urlsIn(reset1[0].mail)) expect(url.startsWith(`${STORE}/`), url).toBe(true);
        }
      } finally {
        await app.close();
      }
    });

    it('PUBLIC_URL wins over the store address and over any header', async () => {
      const app = await freshApp({ publicUrl: 'https://public.example/' });
      try {
        const [m] = await mailsOf(app, reset(app, FORGED));
        for (const url of urlsIn(m.mail)) expect(url.startsWith('https://public.example/account/reset-password?token='), url).toBe(true);
      } finally {
        await app.close();
      }
    });

    describe('without PUBLIC_URL or a store address', () => {
      beforeAll(async () => {
        await saveSettings(t.services.db, { storeUrl: '' });
      });

      it('refuses to build a reset link from the request: no mail, no token, a configuration error in the log', async () => {
        const app = await freshApp();
        try {
          errors.length = 0;
          const before = await t.database.db.selectFrom('password_resets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
          const mails = await mailsOf(app, reset(app, FORGED));
          expect(mails).toEqual([]);
          const after = await t.database.db.selectFrom('password_resets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
          expect(Number(after.n)).toBe(Number(before.n));
          expect(errors.join('\n')).toMatch(/configuration error: .*PUBLIC_URL.*store address/);
        } finally {
          await app.close();
        }
      });

      it('sends order e-mails without their link, and logs why', async () => {
        const app = await freshApp();
        try {
          errors.length = 0;
          const mails = await mailsOf(app, checkout(app, `nolink-${dialect}@example.com`, FORGED));
          expect(mails.length).toBe(3);
          for (const { mail } of mails) expect(urlsIn(mail), mail.subject).toEqual([]);
          expect(errors.join('\n')).toMatch(/configuration error: .*PUBLIC_URL/);
        } finally {
          await app.close();
        }
      });

      it('behind a trusted proxy, takes the forwarded host only when it is on ALLOWED_HOSTS', async () => {
        const app = await freshApp({ trustProxy: true, allowedHosts: ['shop.example'] });
        const plain = await freshApp({ trustProxy: false, allowedHosts: ['shop.example'] });
        try {
          const [ok] = await mailsOf(app, reset(app, { host: 'internal:3000', 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https' }));
          for (const url of urlsIn(ok.mail)) expect(url.startsWith('https://shop.example/account/reset-password?token='), url).toBe(true);
          expect(await mailsOf(app, reset(app, { host: 'shop.example', 'x-forwarded-host': 'evil.example' }))).toEqual([]);
          expect(await mailsOf(app, reset(app, { host: 'evil.example' }))).toEqual([]);
          // Without TRUST_PROXY the allow-list alone does not make the Host header trusted.
          expect(await mailsOf(plain, reset(plain, { host: 'shop.example' }))).toEqual([]);
        } finally {
          await app.close();
          await plain.close();
        }
      });
    });
  });
}
