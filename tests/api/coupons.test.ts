import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSettings } from '../../app/features/settings/settings.server.ts';
import type { StoreSettings } from '../../app/features/settings/settings.schema.ts';
import type { CartCustomer, PricedLine } from '../../app/features/cart/contracts.ts';
import { loadPurchasables } from '../../app/features/cart/lines.server.ts';
import { createProduct, ensureCategory } from '../../app/features/catalog/catalog-write.server.ts';
import { COUPONS_PER_PAGE, deleteCoupon, deleteCoupons, getCoupon, listCoupons, parseCouponListQuery, saveCoupon } from '../../app/features/coupons/coupons-admin.server.ts';
import { checkCoupon, couponNotFoundMessage, findCoupon, redeemCoupons, releaseCoupons, type Coupon } from '../../app/features/coupons/coupons.server.ts';
import { HttpError } from '../../app/lib/http-error.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';

const DAY = 86_400_000;
const guest: CartCustomer = { userId: null, email: null };
const ann: CartCustomer = { userId: 7, email: 'Ann@Example.com' };

for (const dialect of await dialects()) {
  describe(`coupons (${dialect})`, () => {
    let t: TestDatabase;
    let format: StoreSettings;
    const ids = { shirt: 0, mug: 0, poster: 0, clothing: 0 };
    let n = 0;

    beforeAll(async () => {
      t = await createTestDatabase(dialect);
      format = await getSettings(t.db);
      ids.clothing = await ensureCategory(t.db, ['Clothing']);
      ids.shirt = (await createProduct(t.db, { name: 'Shirt', regular_price: 2000, categories: [ids.clothing] })).id;
      ids.mug = (await createProduct(t.db, { name: 'Mug', regular_price: 1000, sale_price: 800 })).id;
      ids.poster = (await createProduct(t.db, { name: 'Poster', regular_price: 500 })).id;
    });
    afterAll(() => t?.cleanup());

    const db = () => t.db;
    const shirt = (qty = 1): PricedLine => line('shirt', ids.shirt, 2000, qty, [ids.clothing], false);
    const mug = (qty = 1): PricedLine => line('mug', ids.mug, 800, qty, [], true);
    const poster = (qty = 1): PricedLine => line('poster', ids.poster, 500, qty, [], false);
    /** A fresh coupon each time (unique code), 10 % unless told otherwise. */
    const make = async (more: Record<string, unknown> = {}): Promise<Coupon> =>
      saveCoupon(db(), null, { code: `test-${++n}`, discountType: 'percent', amount: '10', ...more });
    const check = async (c: Coupon, lines: PricedLine[], more: { customer?: CartCustomer; applied?: Coupon[]; now?: Date } = {}) =>
      checkCoupon(db(), (await findCoupon(db(), c.code))!, {
        lines,
        subtotal: lines.reduce((a, l) => a + l.lineSubtotal, 0),
        customer: more.customer ?? guest,
        applied: more.applied ?? [],
        format,
        now: more.now,
      });
    const usages = async (couponId: number) => db().selectFrom('coupon_usages').selectAll().where('coupon_id', '=', couponId).execute();
    const usageCount = async (couponId: number) => (await getCoupon(db(), couponId))!.usageCount;

    describe('admin', () => {
      it('stores decimals as integers, codes lower-case, lists as ids; finds codes in any case', async () => {
        const c = await saveCoupon(db(), null, {
          code: ' Summer-10 ', description: 'Summer sale', discountType: 'percent', amount: '12.5', freeShipping: '1', expiresAt: '2099-12-31',
          minimumSpend: '50', maximumSpend: '500.99', usageLimit: '100', usageLimitPerUser: '2', productIds: `${ids.shirt}, ${ids.mug}`,
          categoryIds: String(ids.clothing), emailRestrictions: '*@Example.com, bob@shop.example',
        });
        expect(c).toMatchObject({
          code: 'summer-10', amount: 1250, freeShipping: true, expiresAt: '2099-12-31T00:00:00.000Z', minimumSpend: 5000, maximumSpend: 50099,
          usageLimit: 100, usageLimitPerUser: 2, usageCount: 0, productIds: [ids.shirt, ids.mug], categoryIds: [ids.clothing],
          emailRestrictions: ['*@example.com', 'bob@shop.example'], individualUse: false,
        });
        expect((await findCoupon(db(), '  SUMMER-10'))?.id).toBe(c.id);
        const fixed = await saveCoupon(db(), c.id, { code: 'SUMMER-10', discountType: 'fixed_cart', amount: '7.50' });
        expect(fixed).toMatchObject({ id: c.id, amount: 750, freeShipping: false, productIds: [], expiresAt: null });
        expect((await listCoupons(db(), parseCouponListQuery(new URLSearchParams('q=summer')))).coupons.map((x) => x.code)).toContain('summer-10');
      });

      it('refuses a taken code (409), a percentage over 100, unknown ids and bad dates (400), writing nothing', async () => {
        const c = await make({ code: 'taken' });
        const before = await listCoupons(db());
        const fail = (id: number | null, input: Record<string, unknown>) =>
          saveCoupon(db(), id, input).then(
            () => Promise.reject(new Error('expected a refusal')),
            (e: unknown) => e as HttpError,
          );
        expect(await fail(null, { code: 'TAKEN', discountType: 'fixed_cart', amount: '5' })).toMatchObject({ status: 409, code: 'code_taken' });
        const bad = await fail(null, { code: 'new-one', discountType: 'percent', amount: '150', expiresAt: '2026-02-30', usageLimit: '-1' });
        expect(bad).toMatchObject({ status: 400 });
        expect(Object.keys(bad.fields!).sort()).toEqual(['amount', 'expiresAt', 'usageLimit']);
        const unknown = await fail(c.id, { code: 'taken', amount: '5', productIds: '999999', excludedCategoryIds: '888888' });
        expect(unknown.fields).toEqual({ productIds: 'No product with id 999999', excludedCategoryIds: 'No category with id 888888' });
        expect(await fail(null, { code: "bad' code", amount: '5' })).toMatchObject({ status: 400, fields: { code: expect.any(String) } });
        expect(await listCoupons(db())).toEqual(before);
      });

      it('deletes a coupon with its usage records', async () => {
        const c = await make();
        await redeemCoupons(db(), [c], ann, 1);
        expect(await deleteCoupon(db(), c.id)).toBe(true);
        expect(await getCoupon(db(), c.id)).toBeNull();
        expect(await usages(c.id)).toEqual([]);
        expect(await deleteCoupon(db(), c.id)).toBe(false);
      });
    });

    describe('admin list', () => {
      const list = (query: string, now?: string) => listCoupons(db(), parseCouponListQuery(new URLSearchParams(query)), now);
      const codes = async (query: string, now?: string) => (await list(query, now)).coupons.map((c) => c.code);
      const made: Record<string, Coupon> = {};

      beforeAll(async () => {
        made.a = await make({ code: 'lst-a', amount: '10', expiresAt: '2099-01-01' });
        made.b = await make({ code: 'lst-b', discountType: 'fixed_cart', amount: '5', expiresAt: '2020-01-01' });
        made.c = await make({ code: 'lst-c', discountType: 'fixed_product', amount: '20' });
        made.d = await make({ code: 'lst-d', amount: '50', expiresAt: '2098-01-01' });
        await redeemCoupons(db(), [made.d], ann, 1);
      });

      it('searches codes case-blind (wildcards are plain text), filters by type and by status', async () => {
        expect(await codes('q=LST-')).toEqual(['lst-a', 'lst-b', 'lst-c', 'lst-d']);
        expect(await codes('q=lst%25')).toEqual([]);
        expect(await codes('q=lst_')).toEqual([]);
        expect(await codes('q=lst-&type=fixed_cart')).toEqual(['lst-b']);
        expect(await codes('q=lst-&status=expired', '2026-06-01T00:00:00.000Z')).toEqual(['lst-b']);
        expect(await codes('q=lst-&status=active', '2026-06-01T00:00:00.000Z')).toEqual(['lst-a', 'lst-c', 'lst-d']);
        expect(await codes('q=lst-&status=expired&type=percent', '2098-06-01T00:00:00.000Z')).toEqual(['lst-d']);
        expect(await list('q=lst-&type=percent')).toMatchObject({ total: 2, page: 1, pages: 1 });
      });

      it('sorts by code, amount, usage and expiry (never-expiring last), either way', async () => {
        expect(await codes('q=lst-&dir=desc')).toEqual(['lst-d', 'lst-c', 'lst-b', 'lst-a']);
        expect(await codes('q=lst-&sort=amount')).toEqual(['lst-b', 'lst-a', 'lst-c', 'lst-d']);
        expect(await codes('q=lst-&sort=usage&dir=desc')).toEqual(['lst-d', 'lst-c', 'lst-b', 'lst-a']);
        expect(await codes('q=lst-&sort=expiry')).toEqual(['lst-b', 'lst-d', 'lst-a', 'lst-c']);
        expect(await codes('q=lst-&sort=expiry&dir=desc')).toEqual(['lst-a', 'lst-d', 'lst-b', 'lst-c']);
      });

      it('pages without repeating or skipping a coupon; a page past the end shows the last', async () => {
        for (let i = 0; i < COUPONS_PER_PAGE + 2; i++) await make({ code: `pg-${String(i).padStart(2, '0')}` });
        const first = await list('q=pg-');
        const second = await list('q=pg-&page=2');
        expect(first).toMatchObject({ total: COUPONS_PER_PAGE + 2, page: 1, pages: 2 });
        expect(second.coupons).toHaveLength(2);
        expect(new Set([...first.coupons, ...second.coupons].map((c) => c.code)).size).toBe(COUPONS_PER_PAGE + 2);
        expect(await list('q=pg-&page=99')).toMatchObject({ page: 2, coupons: second.coupons });
      });

      it('reads bad query values as the defaults', () => {
        expect(parseCouponListQuery(new URLSearchParams('type=bogus&status=old&sort=1;drop&dir=up&page=-3&q=%20x%20'))).toEqual({
          q: 'x', type: undefined, status: undefined, sort: 'code', dir: 'asc', page: 1,
        });
      });

      it('deletes the chosen coupons with their usage records in one go, or none when one is gone', async () => {
        const gone = await make();
        await deleteCoupon(db(), gone.id);
        await expect(deleteCoupons(db(), { ids: [String(made.c.id), String(gone.id)] })).rejects.toMatchObject({ status: 404 });
        expect(await getCoupon(db(), made.c.id)).not.toBeNull();
        await expect(deleteCoupons(db(), { ids: [] })).rejects.toMatchObject({ status: 400 });
        await expect(deleteCoupons(db(), { ids: ['x'] })).rejects.toMatchObject({ status: 400 });
        expect(await deleteCoupons(db(), { ids: [String(made.c.id), String(made.d.id), String(made.d.id)] })).toEqual({ count: 2 });
        expect(await codes('q=lst-')).toEqual(['lst-a', 'lst-b']);
        expect(await usages(made.d.id)).toEqual([]);
      });
    });

    describe('refusals, one rule at a time', () => {
      it('finds nothing for unknown codes, SQL or script in them, and says the coupon does not exist', async () => {
        await make({ code: 'real' });
        for (const code of ['nope', "' OR 1=1 --", "real' OR '1'='1", '<script>alert(1)</script>', 'x'.repeat(5000), 'real\u0000', '%', '']) {
          expect(await findCoupon(db(), code), code).toBeNull();
          expect(couponNotFoundMessage(code)).toMatch(/^Coupon ".*" does not exist\.$/s);
        }
        expect(couponNotFoundMessage("' OR 1=1 --")).toBe('Coupon "\' OR 1=1 --" does not exist.');
        expect(await findCoupon(db(), 'REAL')).not.toBeNull();
      });

      it('accepts a plain coupon on a plain cart', async () => {
        expect(await check(await make(), [shirt()])).toBeNull();
      });

      it('expired', async () => {
        const c = await make({ expiresAt: '2030-06-01' });
        expect(await check(c, [shirt()], { now: new Date('2030-05-31T23:59:59Z') })).toBeNull();
        expect(await check(c, [shirt()], { now: new Date('2030-06-01T00:00:00Z') })).toBe(`Coupon "${c.code}" has expired.`);
        const past = await make({ expiresAt: new Date(Date.now() - DAY).toISOString().slice(0, 10) });
        expect(await check(past, [shirt()])).toBe(`Coupon "${past.code}" has expired.`);
      });

      it('minimum and maximum spend, in the store format', async () => {
        const min = await make({ minimumSpend: '50' });
        expect(await check(min, [shirt(2)])).toBe('The minimum spend for this coupon is £50.00.');
        expect(await check(min, [shirt(3)])).toBeNull();
        const max = await make({ maximumSpend: '30' });
        expect(await check(max, [shirt(2)])).toBe('The maximum spend for this coupon is £30.00.');
        expect(await check(max, [shirt()])).toBeNull();
      });

      it('usage limit reached', async () => {
        const c = await make({ usageLimit: '2' });
        await redeemCoupons(db(), [c], { userId: 1, email: null }, 10);
        expect(await check(c, [shirt()])).toBeNull();
        await redeemCoupons(db(), [c], { userId: 2, email: null }, 11);
        expect(await check(c, [shirt()])).toBe(`Coupon "${c.code}" has reached its usage limit.`);
        await expect(redeemCoupons(db(), [c], { userId: 3, email: null }, 12)).rejects.toMatchObject({ status: 409, code: 'coupon_limit' });
      });

      it('per-customer limit, by user and by e-mail address', async () => {
        const c = await make({ usageLimitPerUser: '1' });
        const refused = `You have already used coupon "${c.code}" as many times as it allows.`;
        // A guest order under Ann's address counts when she later signs in.
        await redeemCoupons(db(), [c], { userId: null, email: 'ann@example.com' }, 20);
        expect(await check(c, [shirt()], { customer: ann })).toBe(refused);
        expect(await check(c, [shirt()], { customer: { userId: null, email: 'ANN@example.com' } })).toBe(refused);
        expect(await check(c, [shirt()], { customer: { userId: 8, email: 'bob@example.com' } })).toBeNull();
        const byUser = await make({ usageLimitPerUser: '2' });
        await redeemCoupons(db(), [byUser], ann, 21);
        expect(await check(byUser, [shirt()], { customer: ann })).toBeNull();
        await redeemCoupons(db(), [byUser], ann, 22);
        expect(await check(byUser, [shirt()], { customer: { userId: 7, email: null } })).toMatch(/already used/);
      });

      it('e-mail restriction (with wildcards), checked once an address is known', async () => {
        const c = await make({ emailRestrictions: '*@shop.example, vip@example.com' });
        const refused = `Coupon "${c.code}" is not valid for your e-mail address.`;
        expect(await check(c, [shirt()], { customer: ann })).toBe(refused);
        expect(await check(c, [shirt()], { customer: { userId: null, email: 'Bob@Shop.Example' } })).toBeNull();
        expect(await check(c, [shirt()], { customer: { userId: null, email: 'vip@example.com' } })).toBeNull();
        expect(await check(c, [shirt()], { customer: guest })).toBeNull();
      });

      it('individual use: another coupon is refused while one is applied', async () => {
        const solo = await make({ individualUse: '1' });
        const other = await make();
        expect(await check(other, [shirt()], { applied: [solo] })).toBe(`Coupon "${solo.code}" is already applied and cannot be used together with other coupons.`);
        expect(await check(await make({ individualUse: '1' }), [shirt()], { applied: [other, solo] })).toMatch(/is already applied/);
        // Applying it over other coupons is allowed: the cart then drops the others (as WooCommerce does).
        expect(await check(solo, [shirt()], { applied: [other] })).toBeNull();
        // Re-checking a coupon already on the cart is not a conflict with itself.
        expect(await check(solo, [shirt()], { applied: [solo] })).toBeNull();
      });

      it('excluded products: refused when nothing else is in the cart', async () => {
        const c = await make({ excludedProductIds: String(ids.poster) });
        expect(await check(c, [poster(3)])).toBe(`Coupon "${c.code}" does not apply to the products in your cart.`);
        expect(await check(c, [poster(), shirt()])).toBeNull();
        const onlyClothing = await make({ categoryIds: String(ids.clothing) });
        expect(await check(onlyClothing, [poster(), mug()])).toMatch(/does not apply/);
        expect(await check(onlyClothing, [poster(), shirt()])).toBeNull();
      });

      it('a product in a child category counts as in its parent, as the cart reads it', async () => {
        const hoodies = await ensureCategory(t.db, ['Clothing', 'Hoodies']);
        const hoodie = (await createProduct(t.db, { name: 'Hoodie', regular_price: 4000, categories: [hoodies] })).id;
        const read = (await loadPurchasables(t.db, [{ productId: hoodie, variationId: null }])).get(`${hoodie}:`)!;
        expect([...read.categoryIds].sort((a, b) => a - b)).toEqual([ids.clothing, hoodies].sort((a, b) => a - b));
        const onlyClothing = await make({ categoryIds: String(ids.clothing) });
        expect(await check(onlyClothing, [line('hoodie', hoodie, 4000, 1, read.categoryIds, false)])).toBeNull();
      });

      it('sale items excluded', async () => {
        const c = await make({ excludeSaleItems: '1' });
        expect(await check(c, [mug(2)])).toBe(`Coupon "${c.code}" is not valid for sale items.`);
        expect(await check(c, [mug(), poster()])).toBeNull();
      });
    });

    describe('redemption', () => {
      it('counts a use per order and gives it back on release, once', async () => {
        const a = await make({ usageLimit: '5' });
        const b = await make();
        await db().transaction().execute((trx) => redeemCoupons(trx, [a, b], ann, 100));
        expect([await usageCount(a.id), await usageCount(b.id)]).toEqual([1, 1]);
        expect((await usages(a.id)).map((u) => [u.customer, u.order_id])).toEqual([['user:7', 100]]);
        await db().transaction().execute((trx) => releaseCoupons(trx, 100));
        await releaseCoupons(db(), 100);
        expect([await usageCount(a.id), await usageCount(b.id)]).toEqual([0, 0]);
        expect(await usages(a.id)).toEqual([]);
      });

      it('writes nothing when one of several coupons is at its limit', async () => {
        const fine = await make();
        const full = await make({ usageLimit: '1' });
        await redeemCoupons(db(), [full], { userId: 1, email: null }, 200);
        // Even without a surrounding transaction nothing is half-written.
        await expect(redeemCoupons(db(), [fine, full], ann, 201)).rejects.toMatchObject({ status: 409, code: 'coupon_limit' });
        expect(await usageCount(fine.id)).toBe(0);
        expect(await usages(fine.id)).toEqual([]);
        expect(await usageCount(full.id)).toBe(1);
      });

      it('50 parallel redemptions by one customer of a once-per-customer coupon: exactly one succeeds', async () => {
        const c = await make({ usageLimitPerUser: '1' });
        const results = await Promise.allSettled(
          Array.from({ length: 50 }, (_, i) => db().transaction().execute((trx) => redeemCoupons(trx, [c], ann, 1000 + i))),
        );
        const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect(failed).toHaveLength(49);
        for (const f of failed) expect(f.reason).toMatchObject({ status: 409, code: 'coupon_limit' });
        expect(await usages(c.id)).toHaveLength(1);
        expect(await usageCount(c.id)).toBe(1);
      });

      it('50 parallel redemptions by different customers of the last 10 uses: exactly 10 succeed', async () => {
        const c = await make({ usageLimit: '10' });
        const results = await Promise.allSettled(
          Array.from({ length: 50 }, (_, i) =>
            db().transaction().execute((trx) => redeemCoupons(trx, [c], { userId: null, email: `shopper${i}@example.com` }, 2000 + i)),
          ),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
        for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(HttpError);
        expect(await usages(c.id)).toHaveLength(10);
        expect(await usageCount(c.id)).toBe(10);
      });
    });
  });
}

function line(key: string, productId: number, unitPrice: number, quantity: number, categoryIds: number[], onSale: boolean): PricedLine {
  return {
    key, productId, variationId: null, categoryIds, quantity, unitPrice, lineSubtotal: unitPrice * quantity, onSale,
    taxStatus: 'taxable', taxClass: '', shippingClass: '', virtual: false,
  };
}
