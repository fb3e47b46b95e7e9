import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { FORM, staffLogin, urlencoded } from '../helpers/admin-forms.ts';

/*
 * Saved filters on the back office's orders list, posted as a browser without scripts does:
 * a view saved under a name becomes a link above the list to that view's address (only what
 * the list itself reads from an address), each staff member sees and deletes only their own,
 * a bad name is refused with the field named and nothing saved.
 */

/** The saved-filter links of a list page, as [name, href]. */
function savedLinks(html: string): [string, string][] {
  const section = /<section class="saved-filters"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  return [...section.matchAll(/<a[^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => [m[2]!, m[1]!.replace(/&amp;/g, '&')]);
}
const savedIds = (html: string) => [...html.matchAll(/name="intent" value="delete-filter"\/><input type="hidden" name="id" value="(\d+)"/g)].map((m) => m[1]!);

for (const dialect of await dialects()) {
  describe(`back office: saved order filters (${dialect})`, () => {
    let t: TestApp;
    let max: Client;
    let sam: Client;
    const start = async (c: Client) => {
      c.csrf = (await c.request('GET', '/api/session')).json().csrfToken;
      return c;
    };
    const post = (c: Client, url: string, fields: Record<string, string>) => c.request('POST', url, urlencoded(fields), FORM);
    const page = async (c: Client, url = '/admin/orders') => {
      const res = await c.request('GET', url);
      expect(res.statusCode).toBe(200);
      return res.body;
    };

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      max = await start(await staffLogin(t, 'shop_manager', 'max.example'));
      sam = await start(await staffLogin(t, 'admin', 'sam.example'));
    }, 120_000);
    afterAll(() => t?.close());

    it('saves the view under a name as a link to its address, keeping only what the list reads', async () => {
      expect(await page(max)).toContain('No saved filters yet');
      const res = await post(max, '/admin/orders?status=processing&q=lamp', { intent: 'save-filter', name: '  Lamps in progress ', query: 'q=lamp&status=processing&page=3&bogus=1&from=2026-02-30&dir=desc&email=Guest%40Example.com' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain('Filter “Lamps in progress” saved.');
      expect(savedLinks(res.body)).toEqual([['Lamps in progress', '/admin/orders?q=lamp&status=processing&email=guest%40example.com']]);
      // Opening the link is that view: its link is marked as the page on screen.
      const view = await page(max, '/admin/orders?q=lamp&status=processing&email=guest%40example.com');
      expect(view).toContain('<a aria-current="page" href="/admin/orders?q=lamp&amp;status=processing&amp;email=guest%40example.com"');
      expect(await page(max, '/admin/orders?q=lamp')).not.toContain('aria-current="page" href="/admin/orders?q=lamp&amp;');
      // The same name again is the same filter, now with the view saved this time.
      await post(max, '/admin/orders', { intent: 'save-filter', name: 'Lamps in progress', query: 'q=lamp&sort=total' });
      await post(max, '/admin/orders', { intent: 'save-filter', name: 'Everything', query: '' });
      expect(savedLinks(await page(max))).toEqual([
        ['Everything', '/admin/orders'],
        ['Lamps in progress', '/admin/orders?q=lamp&sort=total'],
      ]);
    });

    it('refuses a filter without a name, or one too many, with the field named and nothing saved', async () => {
      const before = await t.services.db.selectFrom('saved_filters').selectAll().execute();
      const blank = await post(max, '/admin/orders', { intent: 'save-filter', name: '   ', query: 'q=mug' });
      expect(blank.statusCode).toBe(400);
      expect(blank.body).toContain('Give the filter a name');
      expect(blank.body).toMatch(/aria-invalid="true"/);
      const long = await post(max, '/admin/orders', { intent: 'save-filter', name: 'x'.repeat(61), query: '' });
      expect(long.statusCode).toBe(400);
      expect(await t.services.db.selectFrom('saved_filters').selectAll().execute()).toEqual(before);
      for (let i = before.length; i < 20; i++) expect((await post(max, '/admin/orders', { intent: 'save-filter', name: `View ${i}`, query: `q=${i}` })).statusCode).toBe(200);
      const over = await post(max, '/admin/orders', { intent: 'save-filter', name: 'One more', query: '' });
      expect(over.statusCode).toBe(400);
      expect(over.body).toContain('Keep at most 20 saved filters: delete one first.');
      expect(savedLinks(over.body)).toHaveLength(20);
    });

    it('keeps each person’s filters their own: another sees none and cannot delete them; the owner deletes one', async () => {
      expect(savedLinks(await page(sam))).toEqual([]);
      const html = await page(max);
      const [first] = savedIds(html);
      expect(first).toBeDefined();
      const stranger = await post(sam, '/admin/orders', { intent: 'delete-filter', id: first! });
      expect(stranger.statusCode).toBe(404);
      expect(stranger.body).toContain('That saved filter is gone already.');
      expect(savedLinks(await page(max))).toHaveLength(20);
      const gone = await post(max, '/admin/orders', { intent: 'delete-filter', id: first! });
      expect(gone.statusCode).toBe(200);
      expect(gone.body).toContain('Saved filter “Everything” deleted.');
      expect(savedLinks(gone.body).map(([name]) => name)).not.toContain('Everything');
      expect((await post(max, '/admin/orders', { intent: 'delete-filter', id: 'x' })).statusCode).toBe(400);
    });

    it('goes with the staff member’s account', async () => {
      const user = await t.services.db.selectFrom('users').select('id').where('email', '=', 'shop_manager@max.example').executeTakeFirstOrThrow();
      await t.services.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
      await t.services.db.deleteFrom('users').where('id', '=', user.id).execute();
      expect(await t.services.db.selectFrom('saved_filters').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    });
  });
}
