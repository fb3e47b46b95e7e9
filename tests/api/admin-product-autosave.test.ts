import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { FORM, staffLogin, urlencoded } from '../helpers/admin-forms.ts';
import { createTestApp, type Client, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/*
 * The product editor's autosave (`intent=autosave`, what components/use-autosave.ts posts):
 * a stored draft is saved through the same version check as Save and stays a draft whatever
 * the form's status says; a stale autosave (someone saved since) is refused and changes
 * nothing; a published product is never autosaved.
 */

for (const dialect of await dialects()) {
  describe(`back office: product autosave (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    const db = () => t.services.db;
    const row = (id: number) => db().selectFrom('products').select(['name', 'status', 'updated_at', 'short_description']).where('id', '=', id).executeTakeFirstOrThrow();
    const fields = (over: Record<string, string>) => ({
      type: 'simple',
      name: 'Draft lantern',
      slug: 'draft-lantern',
      status: 'draft',
      catalog_visibility: 'visible',
      regular_price: '30',
      stock_status: 'instock',
      backorders: 'no',
      tax_status: 'taxable',
      ...over,
    });
    const autosave = (id: number | 'new', over: Record<string, string>) => admin.request('POST', `/admin/products/${id}`, urlencoded({ intent: 'autosave', ...fields(over) }), FORM);

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      admin = await staffLogin(t, 'admin', 'autosave.example');
    }, 120_000);
    afterAll(() => t?.close());

    it('saves a draft in the background through the version check, keeping it a draft', async () => {
      const { id } = await createProduct(db(), { name: 'Draft lantern', status: 'draft', regular_price: 3000 });
      const opened = (await row(id)).updated_at;
      let res = await autosave(id, { version: opened, short_description: 'Typed, then a pause.', status: 'publish' });
      expect(res.statusCode).toBe(200);
      const after = await row(id);
      expect(after).toMatchObject({ short_description: 'Typed, then a pause.', status: 'draft' });
      expect(after.updated_at > opened).toBe(true);
      expect((await admin.request('GET', '/product/draft-lantern')).statusCode).toBe(404);

      // The next autosave with the version the first answered goes through…
      res = await autosave(id, { version: after.updated_at, short_description: 'More typing.' });
      expect(res.statusCode).toBe(200);
      const second = await row(id);
      expect(second.short_description).toBe('More typing.');

      // …one still holding the version from before (another tab, another person) is refused.
      res = await autosave(id, { version: opened, short_description: 'Stale tab.' });
      expect(res.statusCode).toBe(409);
      expect(res.body).toContain('changed since you opened it');
      expect(await row(id)).toEqual(second);

      // A Save with the autosave's version publishes as usual.
      res = await admin.request('POST', `/admin/products/${id}`, urlencoded({ intent: 'save', ...fields({ version: second.updated_at, status: 'publish', short_description: 'More typing.' }) }), FORM);
      expect(res.statusCode).toBe(302);
      expect((await row(id)).status).toBe('publish');
    });

    it('never autosaves a published product, nor one not saved yet; bad input changes nothing', async () => {
      const { id } = await createProduct(db(), { name: 'Live lantern', status: 'publish', regular_price: 3000 });
      const before = await row(id);
      let res = await autosave(id, { name: 'Live lantern', slug: 'live-lantern', version: before.updated_at, short_description: 'Half-typed' });
      expect(res.statusCode).toBe(409);
      expect(await row(id)).toEqual(before);
      const count = async () => Number((await db().selectFrom('products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const products = await count();
      res = await autosave('new', { name: 'Never saved' });
      expect(res.statusCode).toBe(409);
      expect(await count()).toBe(products);

      const { id: draft } = await createProduct(db(), { name: 'Odd lantern', status: 'draft', regular_price: 3000 });
      const kept = await row(draft);
      res = await autosave(draft, { name: 'Odd lantern', slug: 'odd-lantern', version: kept.updated_at, regular_price: '-5' });
      expect(res.statusCode).toBe(400);
      expect(await row(draft)).toEqual(kept);
    });
  });
}
