import { createHash } from 'node:crypto';
import { backgroundSettled } from '../../app/lib/background.server.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createUser } from '../../app/features/account/account.server.ts';
import { createPage } from '../../app/features/pages/pages-admin.server.ts';
import { getSettings } from '../../app/features/settings/settings.server.ts';
import { createForm } from '../../app/features/forms/forms.server.ts';
import { listStoredMail, privateMailDir, readStoredMail } from '../../app/lib/mail.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { parseMail } from '../helpers/smtp.ts';

/*
 * The role matrix of the admin: every admin page (loader) and form (action) and the admin
 * API, asked by a visitor and by each role. What a role may do is written out here, not
 * imported, so a change to the rules shows up as a failing line. Editors see no shopper
 * data: reviews (reviewers' addresses), wishlists and form submissions are the managers'.
 */

type Who = 'anonymous' | 'customer' | 'operator' | 'editor' | 'shop_manager' | 'admin';
const EVERYONE: Who[] = ['anonymous', 'customer', 'operator', 'editor', 'shop_manager', 'admin'];
const STAFF: Who[] = ['operator', 'editor', 'shop_manager', 'admin'];
const MANAGERS: Who[] = ['shop_manager', 'admin'];
const ADMIN: Who[] = ['admin'];

/** Every admin route module, the path to ask, who may open it, and whether it has a form. */
const MATRIX: { file: string; path: string; allowed: Who[]; action: boolean }[] = [
  { file: 'admin.tsx', path: '/admin', allowed: STAFF, action: false },
  { file: 'admin._index.tsx', path: '/admin', allowed: STAFF, action: false },
  { file: 'admin.settings.tsx', path: '/admin/settings', allowed: MANAGERS, action: true },
  { file: 'admin.settings.invoices.tsx', path: '/admin/settings/invoices', allowed: MANAGERS, action: true },
  { file: 'admin.settings.emails.tsx', path: '/admin/settings/emails', allowed: MANAGERS, action: true },
  { file: 'admin.settings.emails.$id.tsx', path: '/admin/settings/emails/new_order', allowed: MANAGERS, action: true },
  { file: 'admin.settings.emails.$id.preview.tsx', path: '/admin/settings/emails/new_order/preview', allowed: MANAGERS, action: false },
  { file: 'admin.mail.tsx', path: '/admin/mail', allowed: ADMIN, action: false },
  { file: 'admin.mail.$id.tsx', path: '/admin/mail/:mail', allowed: ADMIN, action: false },
  { file: 'admin.import.tsx', path: '/admin/import', allowed: MANAGERS, action: true },
  { file: 'admin.products.tsx', path: '/admin/products', allowed: MANAGERS, action: true },
  { file: 'admin.products[.]csv.tsx', path: '/admin/products.csv', allowed: MANAGERS, action: false },
  { file: 'admin.products.$id.tsx', path: '/admin/products/new', allowed: MANAGERS, action: true },
  { file: 'admin.products.images.tsx', path: '/admin/products/images', allowed: MANAGERS, action: true },
  { file: 'admin.products.images[.]json.tsx', path: '/admin/products/images.json', allowed: MANAGERS, action: true },
  { file: 'admin.products.downloads.tsx', path: '/admin/products/downloads', allowed: MANAGERS, action: true },
  { file: 'admin.products.lookup.tsx', path: '/admin/products/lookup?q=a', allowed: MANAGERS, action: false },
  { file: 'admin.products.delete.tsx', path: '/admin/products/delete?scope=all', allowed: MANAGERS, action: true },
  { file: 'admin.products.bulk-edit.tsx', path: '/admin/products/bulk-edit?ids=1', allowed: MANAGERS, action: true },
  { file: 'admin.products.$id.quick.tsx', path: '/admin/products/1/quick', allowed: MANAGERS, action: true },
  { file: 'admin.categories.tsx', path: '/admin/categories', allowed: MANAGERS, action: true },
  // Taxonomies: one category, its picture upload, shipping classes.
  { file: 'admin.categories.$id.tsx', path: '/admin/categories/1', allowed: MANAGERS, action: true },
  { file: 'admin.categories.image.tsx', path: '/admin/categories/image', allowed: MANAGERS, action: true },
  { file: 'admin.shipping-classes.tsx', path: '/admin/shipping-classes', allowed: MANAGERS, action: true },
  { file: 'admin.tags.tsx', path: '/admin/tags', allowed: MANAGERS, action: true },
  { file: 'admin.attributes.tsx', path: '/admin/attributes', allowed: MANAGERS, action: true },
  { file: 'admin.attributes.$id.tsx', path: '/admin/attributes/1', allowed: MANAGERS, action: true },
  { file: 'admin.coupons.tsx', path: '/admin/coupons', allowed: MANAGERS, action: true },
  { file: 'admin.coupons.$id.tsx', path: '/admin/coupons/new', allowed: MANAGERS, action: true },
  { file: 'admin.shipping.tsx', path: '/admin/shipping', allowed: MANAGERS, action: true },
  { file: 'admin.shipping.$id.tsx', path: '/admin/shipping/new', allowed: MANAGERS, action: true },
  { file: 'admin.tax.tsx', path: '/admin/tax', allowed: MANAGERS, action: true },
  { file: 'admin.tax[.]csv.tsx', path: '/admin/tax.csv', allowed: MANAGERS, action: false },
  { file: 'admin.search.tsx', path: '/admin/search', allowed: MANAGERS, action: true },
  { file: 'admin.reviews.tsx', path: '/admin/reviews', allowed: MANAGERS, action: true },
  { file: 'admin.wishlists.tsx', path: '/admin/wishlists', allowed: MANAGERS, action: true },
  { file: 'admin.chat.tsx', path: '/admin/chat', allowed: ['operator', 'shop_manager', 'admin'], action: false },
  { file: 'admin.chat.settings.tsx', path: '/admin/chat/settings', allowed: MANAGERS, action: true },
  { file: 'admin.chat.transcripts.tsx', path: '/admin/chat/transcripts', allowed: ['operator', 'shop_manager', 'admin'], action: false },
  { file: 'admin.chat.transcripts.$id.tsx', path: '/admin/chat/transcripts/999999', allowed: ['operator', 'shop_manager', 'admin'], action: true },
  { file: 'admin.chat.canned.tsx', path: '/admin/chat/canned', allowed: MANAGERS, action: true },
  { file: 'admin.chat.offline.tsx', path: '/admin/chat/offline', allowed: ['operator', 'shop_manager', 'admin'], action: false },
  { file: 'admin.orders.tsx', path: '/admin/orders', allowed: MANAGERS, action: true },
  { file: 'admin.orders[.]csv.tsx', path: '/admin/orders.csv', allowed: MANAGERS, action: false },
  { file: 'admin.orders.$id.tsx', path: '/admin/orders/1', allowed: MANAGERS, action: true },
  { file: 'admin.orders.new.tsx', path: '/admin/orders/new', allowed: MANAGERS, action: true },
  { file: 'admin.orders.$id.edit.tsx', path: '/admin/orders/1/edit', allowed: MANAGERS, action: true },
  { file: 'admin.orders.print.tsx', path: '/admin/orders/print?kind=invoice&ids=1', allowed: MANAGERS, action: false },
  { file: 'admin.orders.$id.documents.$kind.tsx', path: '/admin/orders/1/documents/invoice', allowed: MANAGERS, action: true },
  { file: 'admin.payments.tsx', path: '/admin/payments', allowed: MANAGERS, action: true },
  { file: 'admin.payments.stripe.tsx', path: '/admin/payments/stripe', allowed: MANAGERS, action: true },
  { file: 'admin.payments.paypal.tsx', path: '/admin/payments/paypal', allowed: MANAGERS, action: true },
  { file: 'admin.privacy.tsx', path: '/admin/privacy', allowed: ADMIN, action: true },
  { file: 'admin.menus.tsx', path: '/admin/menus', allowed: ['editor', 'shop_manager', 'admin'], action: true },
  { file: 'admin.forms.tsx', path: '/admin/forms', allowed: ['editor', 'shop_manager', 'admin'], action: true },
  { file: 'admin.forms.$id.tsx', path: '/admin/forms/1', allowed: ['editor', 'shop_manager', 'admin'], action: true },
  { file: 'admin.forms.$id.tsx', path: '/admin/forms/new', allowed: ['editor', 'shop_manager', 'admin'], action: false },
  { file: 'admin.forms.$id.submissions.tsx', path: '/admin/forms/1/submissions', allowed: MANAGERS, action: false },
  { file: 'admin.forms.$id.submissions[.]csv.tsx', path: '/admin/forms/1/submissions.csv', allowed: MANAGERS, action: false },
  { file: 'admin.forms.$id.submissions.$sid.tsx', path: '/admin/forms/1/submissions/999999', allowed: MANAGERS, action: true },
  { file: 'admin.forms.$id.submissions.$sid.files.$fid.tsx', path: '/admin/forms/1/submissions/999999/files/1', allowed: MANAGERS, action: false },
  { file: 'admin.pages.tsx', path: '/admin/pages', allowed: ['editor', 'shop_manager', 'admin'], action: true },
  { file: 'admin.pages.$id.tsx', path: '/admin/pages/1', allowed: ['editor', 'shop_manager', 'admin'], action: true },
  { file: 'admin.pages.$id.builder.tsx', path: '/admin/pages/1/builder', allowed: ['editor', 'shop_manager', 'admin'], action: true },
  { file: 'admin.pages.media.tsx', path: '/admin/pages/media', allowed: ['editor', 'shop_manager', 'admin'], action: true },
  { file: 'admin.pages.links[.]json.tsx', path: '/admin/pages/links.json?q=hood', allowed: ['editor', 'shop_manager', 'admin'], action: false },
  { file: 'admin.media.tsx', path: '/admin/media', allowed: ['editor', 'shop_manager', 'admin'], action: true },
  { file: 'admin.media[.]json.tsx', path: '/admin/media.json', allowed: ['editor', 'shop_manager', 'admin'], action: true },
  // Customers and staff accounts (user 1 is the customer account made below).
  { file: 'admin.customers.tsx', path: '/admin/customers', allowed: MANAGERS, action: false },
  { file: 'admin.customers[.]csv.tsx', path: '/admin/customers.csv', allowed: MANAGERS, action: false },
  { file: 'admin.customers.$id.tsx', path: '/admin/customers/1', allowed: MANAGERS, action: true },
  { file: 'admin.customers.guest.$ref.tsx', path: '/admin/customers/guest/999999', allowed: MANAGERS, action: true },
  { file: 'admin.staff.tsx', path: '/admin/staff', allowed: ADMIN, action: true },
  // Back office: dashboard and stock.
  { file: 'admin.stock.tsx', path: '/admin/stock', allowed: MANAGERS, action: true },
  { file: 'admin.products.$id.stock.tsx', path: '/admin/products/1/stock', allowed: MANAGERS, action: false },
  // Reports: the shop's sales money, for those who see the dashboard's sales figures.
  { file: 'admin.reports.tsx', path: '/admin/reports', allowed: MANAGERS, action: false },
  { file: 'admin.reports[.]csv.tsx', path: '/admin/reports.csv?table=revenue', allowed: MANAGERS, action: false },
  // API keys and webhooks reach every order and customer: administrators only.
  { file: 'admin.api-keys.tsx', path: '/admin/api-keys', allowed: ADMIN, action: true },
  { file: 'admin.webhooks.tsx', path: '/admin/webhooks', allowed: ADMIN, action: true },
  { file: 'admin.webhooks.$id.tsx', path: '/admin/webhooks/999999', allowed: ADMIN, action: true },
];

/**
 * Actions a page narrows further than its own gate, each posted by every role: refused ones
 * (at a real target) change nothing; allowed ones reach the action, shown by its own refusal
 * of a target that does not exist or of an input it does not take (so nothing is changed).
 */
const ACTIONS: { what: string; path: string; refusedBody: string; allowedBody: string; allowedStatus: number; allowed: Who[] }[] = [
  { what: 'password-reset e-mail', path: '/admin/customers/:customer', refusedBody: 'intent=reset', allowedBody: 'intent=reset', allowedStatus: 404, allowed: MANAGERS },
  { what: 'role change', path: '/admin/customers/:customer', refusedBody: 'intent=role&role=admin', allowedBody: 'intent=role&role=editor', allowedStatus: 404, allowed: ADMIN },
  { what: 'note on a guest buyer', path: '/admin/customers/guest/999999', refusedBody: 'intent=note&note=x', allowedBody: 'intent=note&note=x', allowedStatus: 404, allowed: MANAGERS },
  { what: 'customer details edit', path: '/admin/customers/:customer', refusedBody: 'intent=details&name=x&email=x%40example.com', allowedBody: 'intent=details&name=x&email=x%40example.com', allowedStatus: 404, allowed: MANAGERS },
  { what: 'account deletion', path: '/admin/customers/:customer', refusedBody: 'intent=delete&confirm=1', allowedBody: 'intent=delete&confirm=1', allowedStatus: 404, allowed: ADMIN },
  { what: 'staff invitation', path: '/admin/staff', refusedBody: 'intent=invite&email=new-staff%40shop.example&role=admin', allowedBody: 'intent=invite&email=not-an-address&role=admin', allowedStatus: 400, allowed: ADMIN },
  { what: 'invitation resend', path: '/admin/staff', refusedBody: 'intent=resend&id=:invite', allowedBody: 'intent=resend&id=999999', allowedStatus: 404, allowed: ADMIN },
  { what: 'invitation revoke', path: '/admin/staff', refusedBody: 'intent=revoke&id=:invite', allowedBody: 'intent=revoke&id=999999', allowedStatus: 404, allowed: ADMIN },
  { what: 'coupon bulk delete', path: '/admin/coupons', refusedBody: 'intent=bulk&action=delete&ids=1', allowedBody: 'intent=bulk&action=delete&ids=999999', allowedStatus: 404, allowed: MANAGERS },
  { what: 'saved order filter delete', path: '/admin/orders', refusedBody: 'intent=delete-filter&id=1', allowedBody: 'intent=delete-filter&id=999999', allowedStatus: 404, allowed: MANAGERS },
  { what: 'tax-rate bulk delete', path: '/admin/tax', refusedBody: 'intent=bulk&action=delete&ids=1', allowedBody: 'intent=bulk&action=delete&ids=999999', allowedStatus: 404, allowed: MANAGERS },
];

/** Rows whose address names something that need not exist: allowed roles may get a 404. */
const MAY_BE_MISSING = new Set(['/admin/categories/1', '/admin/attributes/1', '/admin/orders/1', '/admin/orders/1/edit', '/admin/orders/1/documents/invoice', '/admin/orders/print?kind=invoice&ids=1', '/admin/chat/transcripts/999999', '/admin/forms/1/submissions/999999', '/admin/forms/1/submissions/999999/files/1', '/admin/products/1/stock', '/admin/products/1/quick', '/admin/customers/guest/999999', '/admin/webhooks/999999']);

const ROUTES_FILE = path.join(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'app', 'routes.ts');
const PASSWORD = 'a long enough password';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Everything an admin form could change, as one comparable string. */
const DATA_TABLES = [
  'pages',
  'page_revisions',
  'menus',
  'menu_items',
  'attributes',
  'attribute_terms',
  'contact_forms',
  'contact_submissions',
  'users',
  'settings',
  'password_resets',
  'products',
  'categories',
  'category_redirects',
  'shipping_classes',
  'media',
  'reviews',
  'coupons',
  'shipping_zones',
  'shipping_methods',
  'tax_rates',
  'orders',
  'order_notes',
  'order_refunds',
  'customer_addresses',
  'customer_notes',
  'saved_filters',
  'privacy_requests',
  'search_synonyms',
  'staff_invites',
  'stock_log',
] as const;

const loginRedirect = (res: LightMyRequestResponse) => res.statusCode >= 300 && res.statusCode < 400 && String(res.headers.location).startsWith('/account/login');
/** A page's text with quoted-printable soft breaks and escapes undone (a raw message is shown as stored). */
const unfold = (s: string) => s.replace(/=(?:\\n|\r?\n)/g, '').replace(/=3D/g, '=');
const refused = (res: LightMyRequestResponse) => res.statusCode === 403 || loginRedirect(res);

for (const dialect of await dialects()) {
  describe(`admin role matrix (${dialect})`, () => {
    let t: TestApp;
    const clients = new Map<Who, Client>();
    const sessions = new Map<Who, string>();
    let mailId = '';
    let resetToken = '';
    let inviteMailId = '';
    let inviteToken = '';
    let inviteId = 0;
    let customerId = 0;

    const snapshot = async () => {
      const out: Record<string, string[]> = {};
      for (const table of DATA_TABLES) {
        const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.services.db);
        // The scheduled-sales job stamps its last run once a minute, whoever asks for what.
        out[table] = rows.filter((r) => r.key !== 'cache.sales_checked_at').map((r) => JSON.stringify(r)).sort();
      }
      return out;
    };

    beforeAll(async () => {
      // Reset links need a trusted origin; without one no reset mail is sent.
      t = await createTestApp(dialect, { pages: 'build', config: { publicUrl: 'https://shop.example' } });
      // A contact form for the form pages to open (id 1, as the demo shop has).
      await createForm(t.services.db, { title: 'Contact us', source: '[text* your-name]\n[submit]' }, { id: 1 });
      // A block page for the page editor to open (id 1).
      await createPage(t.services.db, { slug: 'about', title: 'About' }, null);
      for (const who of EVERYONE) {
        const c = await Client.start(t.app);
        if (who !== 'anonymous') {
          await createUser(t.services, { email: `${who}@shop.example`, password: PASSWORD, name: who, role: who });
          const res = await c.request('POST', '/api/account/login', { email: `${who}@shop.example`, password: PASSWORD });
          expect(res.statusCode).toBe(200);
          sessions.set(who, c.cookies.get('vt_session') ?? [...c.cookies.values()].join(';'));
        }
        clients.set(who, c);
      }
      // A password-reset message for the administrator sits in the outbox (no SMTP configured).
      const reset = await clients.get('anonymous')!.request('POST', '/api/account/password-reset', { email: 'admin@shop.example' });
      expect(reset.statusCode).toBe(202);
      // The mail is written after the answer.
      await backgroundSettled();
      const [stored] = await listStoredMail(t.services.config.dataDir);
      mailId = stored.id;
      const full = await parseMail(readFileSync(path.join(privateMailDir(t.services.config.dataDir), mailId)));
      resetToken = /token=([A-Za-z0-9_-]{20,})/.exec(full.text ?? '')![1];
      // A pending staff invitation, mailed to the outbox like the reset message.
      const invited = await clients.get('admin')!.request('POST', '/admin/staff', 'intent=invite&email=invitee%40shop.example&role=editor', FORM);
      expect(invited.statusCode).toBe(200);
      const [newest] = await listStoredMail(t.services.config.dataDir);
      inviteMailId = newest.id;
      const invitation = await parseMail(readFileSync(path.join(privateMailDir(t.services.config.dataDir), inviteMailId)));
      inviteToken = /invite\?token=([A-Za-z0-9_-]{20,})/.exec(invitation.text ?? '')![1];
      inviteId = (await t.services.db.selectFrom('staff_invites').select('id').executeTakeFirstOrThrow()).id;
      customerId = (await t.services.db.selectFrom('users').select('id').where('email', '=', 'customer@shop.example').executeTakeFirstOrThrow()).id;
    }, 120_000);
    afterAll(() => t?.close());

    it('lists every admin route module of app/routes.ts', () => {
      const files = [...readFileSync(ROUTES_FILE, 'utf8').matchAll(/'routes\/(admin[^']*\.tsx)'/g)].map((m) => m[1]);
      expect(files.filter((f) => f !== 'admin.setup.tsx').sort()).toEqual([...new Set(MATRIX.map((m) => m.file))].sort());
    });

    for (const row of MATRIX) {
      it(`GET ${row.path}: ${row.allowed.join(', ')} allowed; others refused`, async () => {
        for (const who of EVERYONE) {
          const url = row.path.replace(':mail', mailId);
          const res = await clients.get(who)!.request('GET', url);
          if (row.allowed.includes(who)) {
            expect([200, 404], `${who} GET ${url}`).toContain(res.statusCode);
            if (!MAY_BE_MISSING.has(row.path)) expect(res.statusCode, `${who} GET ${url}`).toBe(200);
          } else if (who === 'anonymous') {
            expect(loginRedirect(res), `${who} GET ${url} → ${res.statusCode}`).toBe(true);
          } else {
            expect(res.statusCode, `${who} GET ${url}`).toBe(403);
          }
        }
      });

      if (!row.action) continue;
      it(`POST ${row.path}: refused roles change nothing; allowed roles reach the form`, async () => {
        for (const who of EVERYONE) {
          for (const url of [row.path, `${row.path}.data`]) {
            const before = await snapshot();
            const res = await clients.get(who)!.request('POST', url, 'intent=nothing&x=1', FORM);
            expect(res.statusCode, `${who} POST ${url}`).toBeLessThan(500);
            if (row.allowed.includes(who)) {
              expect(refused(res), `${who} POST ${url} → ${res.statusCode}`).toBe(false);
              continue;
            }
            expect(refused(res), `${who} POST ${url} → ${res.statusCode}`).toBe(true);
            expect(await snapshot(), `${who} POST ${url}`).toEqual(before);
          }
        }
      });
    }

    for (const row of ACTIONS) {
      it(`POST ${row.path} (${row.what}): ${row.allowed.join(', ')} allowed; others refused, changing nothing`, async () => {
        const fill = (text: string, customer: number) => text.replace(':customer', String(customer)).replace(':invite', String(inviteId));
        for (const who of EVERYONE) {
          const before = await snapshot();
          if (row.allowed.includes(who)) {
            const res = await clients.get(who)!.request('POST', fill(row.path, 999_999), fill(row.allowedBody, 999_999), FORM);
            expect(res.statusCode, `${who} ${row.what}`).toBe(row.allowedStatus);
          } else {
            const res = await clients.get(who)!.request('POST', fill(row.path, customerId), fill(row.refusedBody, customerId), FORM);
            expect(refused(res), `${who} ${row.what} → ${res.statusCode}`).toBe(true);
          }
          expect(await snapshot(), `${who} ${row.what}`).toEqual(before);
        }
      });
    }

    it('the forms list links each role only to form pages it may open: no inbox links for editors', async () => {
      for (const who of ['editor', 'shop_manager'] as const) {
        const list = await clients.get(who)!.request('GET', '/admin/forms');
        expect(list.statusCode).toBe(200);
        expect(list.body).toContain('href="/admin/forms/1"');
        const links = [...new Set([...list.body.matchAll(/href="(\/admin\/forms\/[^"?#]+)"/g)].map((m) => m[1]!))];
        const inbox = links.filter((l) => l.includes('/submissions'));
        if (who === 'editor') expect(inbox, who).toEqual([]);
        else expect(inbox, who).toEqual(['/admin/forms/1/submissions']);
        // Whatever the page links to opens for that role.
        for (const link of links) expect((await clients.get(who)!.request('GET', link)).statusCode, `${who} GET ${link}`).toBe(200);
      }
    });

    it('the outbox keeps a staff invitation with its link withheld', async () => {
      const view = await clients.get('admin')!.request('GET', `/admin/mail/${inviteMailId}`);
      expect(view.statusCode).toBe(200);
      expect(unfold(view.body)).toContain('/account/invite?token=[withheld]');
      expect(unfold(view.body)).not.toContain(inviteToken);
    });

    it('first-run setup is closed to everyone, signed in or not, page and API alike', async () => {
      for (const who of EVERYONE) {
        const c = clients.get(who)!;
        const page = await c.request('GET', '/admin/setup');
        expect(page.statusCode).toBe(200);
        expect(page.body).not.toContain('name="password"');
        const before = await snapshot();
        const form = await c.request('POST', '/admin/setup', `email=${who}-new@shop.example&password=${encodeURIComponent(PASSWORD)}`, FORM);
        expect(form.statusCode, `${who} POST /admin/setup`).toBe(403);
        const api = await c.request('POST', '/api/admin/setup', { email: `${who}-api@shop.example`, password: PASSWORD });
        expect(api.statusCode, `${who} POST /api/admin/setup`).toBe(403);
        expect(api.json().error.code).toBe('setup_done');
        expect(await snapshot()).toEqual(before);
      }
    });

    it('no page shows anyone a password hash, a session, a reset token or the server secret', async () => {
      const { db, config } = t.services;
      const secrets = [
        config.sessionSecret,
        resetToken,
        ...(await db.selectFrom('users').select('password_hash').execute()).map((u) => u.password_hash),
        ...(await db.selectFrom('sessions').select('id_hash').execute()).map((s) => s.id_hash),
        ...(await db.selectFrom('password_resets').select('token_hash').execute()).map((r) => r.token_hash),
        inviteToken,
        ...(await db.selectFrom('staff_invites').select('token_hash').execute()).map((r) => r.token_hash),
        ...[...sessions.values()].flatMap((v) => [v, createHash('sha256').update(v).digest('hex')]),
      ].filter((s) => s.length >= 16);
      expect(secrets.length).toBeGreaterThan(10);
      for (const who of EVERYONE) {
        for (const row of MATRIX) {
          const url = row.path.replace(':mail', mailId);
          const res = await clients.get(who)!.request('GET', url);
          const text = unfold(res.body);
          for (const secret of secrets) expect(text.includes(secret), `${who} GET ${url} shows a secret`).toBe(false);
        }
      }
    }, 120_000); // every admin screen for every role, one after another

    it('the settings form saves only the fields it shows, whatever else is posted', async () => {
      const manager = clients.get('shop_manager')!;
      const form = new URLSearchParams({
        storeName: 'Corner Shop', currency: 'GBP', currencyPosition: 'left', pricePrecision: '2', thousandSeparator: ',', decimalPoint: '.', storeNotice: '',
        productsPerPage: '12', priceFilterStep: '10', imageMaxMegapixels: '40', redirectToCartAfterAdd: '0', reviewsAutoApprove: '0', reviewsVerifiedOnly: '0', variationReselectClears: '1',
        cartWidget: 'dropdown', couponsEnabled: '1', shippingCalculatorEnabled: '1', language: 'en', direction: 'ltr',
        wishlistMultiple: '1', wishlistGuests: '1', wishlistRemoveAfterAddToCart: '0', wishlistLayout: 'table', wishlistCookiesDisabledText: 'Enable cookies', wishlistEstimates: '1', wishlistEstimateFields: '', searchCategorySelect: '0', searchHideOutOfStock: '0',
        themeColorPrimary: '#1f4b43', themeColorAccent: '#b3261e', themeColorHeaderBg: '#ffffff', themeColorHeaderText: '#1b1b1b', themeFontBody: 'system', themeFontHeading: 'georgia',
        themeLogoUrl: '', headerSticky: '1', headerHideOnScroll: '0', headerTransparent: '0', headerDarkNav: '0', mobileMenuStyle: 'slide', mobileMenuLevels: '1',
        columnsLarge: '3', columnsMedium: '3', columnsSmall: '2', pageLoader: '0', linkPrefetch: '1', serviceWorkerUrl: '',
      });
      const res = await manager.request('POST', '/admin/settings', `${form}&orderNotificationEmail=manager%40elsewhere.example&guestCheckout=0&taxesEnabled=1`, FORM);
      expect(res.statusCode).toBe(200);
      const saved = await getSettings(t.services.db);
      expect(saved.storeName).toBe('Corner Shop');
      expect(saved).toMatchObject({ orderNotificationEmail: '', guestCheckout: true, taxesEnabled: false });
    });

    it('a shop manager cannot erase an administrator with the privacy tool; an administrator cannot either', async () => {
      const before = await snapshot();
      const body = 'intent=erase&confirm=1&email=admin%40shop.example';
      const manager = await clients.get('shop_manager')!.request('POST', '/admin/privacy', body, FORM);
      expect(manager.statusCode).toBe(403);
      const admin = await clients.get('admin')!.request('POST', '/admin/privacy', body.replace('admin%40', 'shop_manager%40'), FORM);
      expect(admin.statusCode).toBe(409);
      expect(await snapshot()).toEqual(before);
    });
    it('the outbox shows the administrator the reset message with its token withheld; the shell copy still resets the password', async () => {
      const admin = clients.get('admin')!;
      const list = await admin.request('GET', '/admin/mail');
      expect(list.body).toContain(`/admin/mail/${mailId}`);
      const view = await admin.request('GET', `/admin/mail/${mailId}`);
      expect(view.statusCode).toBe(200);
      expect(unfold(view.body)).toContain('/account/reset-password?token=[withheld]');
      expect(view.body).toContain('The one-time link in this message is withheld');
      expect(unfold(view.body)).not.toContain(resetToken);
      expect(unfold((await readStoredMail(t.services.config.dataDir, mailId))!)).not.toContain(resetToken);

      const manager = clients.get('shop_manager')!;
      expect((await manager.request('GET', '/admin/mail')).statusCode).toBe(403);
      const nav = await manager.request('GET', '/admin');
      expect(nav.body).not.toContain('href="/admin/mail"');
      expect(nav.body).not.toContain('see Mail');
      expect((await admin.request('GET', '/admin')).body).toContain('href="/admin/mail"');

      // Whoever has the server's shell (the owner on a machine without SMTP) can finish the reset.
      const reset = await clients.get('anonymous')!.request('POST', '/api/account/password-reset/confirm', { token: resetToken, password: 'the owner’s new password' });
      expect(reset.statusCode).toBe(200);
      expect(reset.json().user.email).toBe('admin@shop.example');
    });

  });
}
