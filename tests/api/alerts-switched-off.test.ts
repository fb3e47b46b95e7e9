import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as importAction } from '../../app/routes/admin.import.tsx';
import { backgroundSettled } from '../../app/lib/background.server.ts';
import { getSettings, saveSettings } from '../../app/features/settings/settings.server.ts';
import { runStockAlerts } from '../../app/features/stock/stock-alerts.server.ts';
import { runWishlistAlerts } from '../../app/features/wishlist/wishlist-alerts.server.ts';
import type { EmailId } from '../../app/features/settings/email-catalog.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';
import { wishlistKit } from '../helpers/wishlist.ts';

/*
 * The alert e-mails (the shop's low- and out-of-stock mails, a shopper's price-drop mail) while
 * the owner has them switched off: nothing goes out, and nothing is lost either. Once the owner
 * switches an e-mail on again, the next timer run tells what happened meanwhile, once. Stock and
 * prices change through the admin import page; the mail reaches a real local SMTP server.
 */

const HEADER = 'Type,SKU,Name,Published,"In stock?",Stock,"Regular price"';

for (const dialect of await dialects()) {
  describe(`alert e-mails switched off and on again (${dialect})`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { config: { smtpUrl: smtp.url, publicUrl: 'https://shop.example' } });
      await saveSettings(t.services.db, { storeName: 'Corner Shop', stockNotificationEmail: 'stock@shop.example', stockLowThreshold: 3 });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });
    const k = wishlistKit(() => t);

    async function importRows(rows: { sku: string; name: string; stock: number; price: string }[]) {
      const csv = [HEADER, ...rows.map((r) => `simple,${r.sku},"${r.name}",1,${r.stock === 0 ? 0 : 1},${r.stock},${r.price}`)].join('\n');
      const form = new FormData();
      form.set('file', new File([csv], 'stock.csv', { type: 'text/csv' }));
      form.set('skipImages', 'on');
      const context = { services: t.services, user: { id: 1, email: 'staff@example.com', name: 'Staff', role: 'shop_manager' } } as never;
      const result = (await importAction({ context, request: new Request('http://shop.test/admin/import', { method: 'POST', body: form }), params: {} } as never)) as { summary: { skipped: unknown[] } };
      expect(result.summary.skipped).toEqual([]);
      await backgroundSettled(t.services);
    }
    async function switchEmails(on: Partial<Record<EmailId, boolean>>) {
      const s = await getSettings(t.services.db);
      const emails = { ...s.emails };
      for (const [id, enabled] of Object.entries(on) as [EmailId, boolean][]) emails[id] = { ...emails[id], enabled };
      await saveSettings(t.services.db, { emails });
    }
    const since = async (from: number) => Promise.all(smtp.received.slice(from).map(async (m) => ({ to: m.to, mail: await parseMail(m.raw) })));

    it('a low-stock crossing and a price drop made while their e-mails are off go out once they are on again; an e-mail left on goes out at once', async () => {
      const lamp = { sku: 'off-lamp', name: 'Quiet lamp', stock: 8, price: '50' };
      const vase = { sku: 'off-vase', name: 'Quiet vase', stock: 8, price: '20' };
      await importRows([lamp, vase]);
      const shopper = await k.shopper();
      const added = (await k.add(shopper, { productId: (await t.services.db.selectFrom('products').select('id').where('sku', '=', lamp.sku).executeTakeFirstOrThrow()).id })).json();
      expect((await shopper.request('PATCH', `/api/wishlists/${added.wishlist.token}`, { alerts: true })).json().wishlist.alerts).toBe(true);

      await switchEmails({ low_stock: false, wishlist_alert: false });
      let from = smtp.received.length;
      // The lamp falls to 2 (low) and is cheaper; the vase runs out (its e-mail is on).
      await importRows([{ ...lamp, stock: 2, price: '40' }, { ...vase, stock: 0 }]);
      let mails = await since(from);
      expect(mails.map((m) => [m.to, m.mail.subject])).toEqual([[['stock@shop.example'], '[Corner Shop] Product out of stock: Quiet vase']]);
      // The timer's runs while they are still off tell nothing.
      expect(await runStockAlerts(t.services)).toBe(0);
      expect(await runWishlistAlerts(t.services)).toBe(0);
      expect(smtp.received.length).toBe(from + 1);

      await switchEmails({ low_stock: true, wishlist_alert: true });
      from = smtp.received.length;
      expect(await runStockAlerts(t.services)).toBe(1);
      expect(await runWishlistAlerts(t.services)).toBe(1);
      mails = await since(from);
      const low = mails.filter((m) => m.to.includes('stock@shop.example'));
      expect(low.map((m) => m.mail.subject)).toEqual(['[Corner Shop] Product low in stock: Quiet lamp']);
      expect(low[0].mail.text).toContain('Quiet lamp is low in stock. There are 2 left.');
      const drop = mails.filter((m) => m.to.includes(shopper.email));
      expect(drop).toHaveLength(1);
      expect(drop[0].mail.text).toMatch(/40\.00.*\(was .*50\.00\)/);

      // Told once: later runs send nothing again.
      from = smtp.received.length;
      expect(await runStockAlerts(t.services)).toBe(0);
      expect(await runWishlistAlerts(t.services)).toBe(0);
      await importRows([{ ...lamp, stock: 2, price: '40' }]);
      expect(await since(from)).toEqual([]);
    });
  });
}
