import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricedLine } from '../../app/features/cart/contracts.ts';
import { calculateShipping, matchZone } from '../../app/features/shipping/shipping.server.ts';
import { addMethod, addShippingClass, saveMethod, setMethodEnabled } from '../../app/features/shipping/methods-admin.server.ts';
import { moveZone, saveZone } from '../../app/features/shipping/zones-admin.server.ts';
import { calcTax, findTaxRates, importTaxRatesCsv, roundTax } from '../../app/features/tax/tax.server.ts';
import { deleteTaxRate, deleteTaxRates, listTaxRates, parseTaxRateListQuery, saveTaxRate, TAX_RATES_PER_PAGE } from '../../app/features/tax/tax-admin.server.ts';
import { HttpError } from '../../app/lib/http-error.ts';
import { countriesRoutes } from '../../server/api/countries.ts';
import { describeOnly } from '../../server/openapi.ts';
import { registerErrorHandling } from '../../server/errors.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';

const FIXTURE = readFileSync(new URL('../fixtures/tax-rates.csv', import.meta.url), 'utf8');
const at = (country: string, state = '', postcode = '', city = '') => ({ country, state, postcode, city });
const line = (quantity: number, over: Partial<PricedLine> = {}): PricedLine => ({
  key: `line-${quantity}-${over.shippingClass ?? ''}`,
  productId: 1,
  variationId: null,
  categoryIds: [],
  quantity,
  unitPrice: 1000,
  lineSubtotal: 1000 * quantity,
  onSale: false,
  taxStatus: 'taxable',
  taxClass: '',
  shippingClass: '',
  virtual: false,
  ...over,
});

/** What the shopper sees: "Title: cost" for each rate offered. */
async function offered(db: TestDatabase['db'], destination: ReturnType<typeof at>, lines: PricedLine[], cost = 3000, coupon = false, before = cost) {
  const { packages } = await calculateShipping(db, { destination, lines, contentsCost: cost, contentsCostBeforeDiscount: before, freeShippingCoupon: coupon });
  return packages.map((p) => p.rates.map((r) => `${r.title}: ${r.cost}`));
}

for (const dialect of await dialects()) {
  describe(`shipping zones and methods (${dialect})`, () => {
    let t: TestDatabase;
    const zone: Record<string, number> = {};
    beforeAll(async () => {
      t = await createTestDatabase(dialect);
      const { db } = t;
      zone.la = await saveZone(db, null, { name: 'Los Angeles', states: 'US:CA', postcodes: '900*\n90100...90199' });
      zone.california = await saveZone(db, null, { name: 'California', states: 'us:ca' });
      zone.us = await saveZone(db, null, { name: 'United States', regions: ['country:US'] });
      zone.europe = await saveZone(db, null, { name: 'Europe', regions: ['continent:EU'] });
      await addShippingClass(db, { name: 'Heavy' });
      await addShippingClass(db, { name: 'Small parcels', slug: 'small' });

      const us = zone.us!;
      const perOrder = await addMethod(db, us, { type: 'flat_rate' });
      await saveMethod(db, us, perOrder, { title: 'Standard', enabled: '1', cost: '4.99', costType: 'per_order', calculationType: 'per_class', noClassCost: '' }, 'USD');
      const free = await addMethod(db, us, { type: 'free_shipping' });
      await saveMethod(db, us, free, { title: 'Free over $50', enabled: '1', requires: 'min_amount', minAmount: '50', ignoreDiscounts: '0' }, 'USD');
      const pickup = await addMethod(db, us, { type: 'local_pickup' });
      await saveMethod(db, us, pickup, { title: 'Pickup', enabled: '1', cost: '1' }, 'USD');
      const off = await addMethod(db, us, { type: 'flat_rate' });
      await setMethodEnabled(db, us, off, false);

      const eu = zone.europe!;
      const byClass = await addMethod(db, eu, { type: 'flat_rate' });
      const classes = { 'classCost.heavy': '10', 'classCost.small': '1.50', noClassCost: '0.50' };
      await saveMethod(db, eu, byClass, { title: 'Per item', enabled: '1', cost: '2', costType: 'per_item', calculationType: 'per_class', ...classes }, 'EUR');
      const coupon = await addMethod(db, eu, { type: 'free_shipping' });
      await saveMethod(db, eu, coupon, { title: 'Free with coupon', enabled: '1', requires: 'coupon', minAmount: '' }, 'EUR');

      const world = await addMethod(db, null, { type: 'flat_rate' });
      await saveMethod(db, null, world, { title: 'International', enabled: '1', cost: '25', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'USD');
    });
    afterAll(() => t.cleanup());

    it('matches the first zone in order: postcode, then state, country, continent, rest of the world', async () => {
      expect(await matchZone(t.db, at('US', 'CA', '90012'))).toEqual({ id: zone.la, name: 'Los Angeles' });
      expect((await matchZone(t.db, at('us', 'ca', '90150'))).name).toBe('Los Angeles');
      expect((await matchZone(t.db, at('US', 'CA', '94105'))).name).toBe('California');
      expect((await matchZone(t.db, at('US', 'NY', '10001'))).name).toBe('United States');
      expect((await matchZone(t.db, at('FR', '', '75001'))).name).toBe('Europe');
      expect(await matchZone(t.db, at('JP', '13', '100-0001'))).toEqual({ id: null, name: 'Rest of the world' });
    });

    it('follows a changed zone order', async () => {
      await moveZone(t.db, zone.california!, 'up');
      expect((await matchZone(t.db, at('US', 'CA', '90012'))).name).toBe('California');
      await moveZone(t.db, zone.california!, 'down');
      expect((await matchZone(t.db, at('US', 'CA', '90012'))).name).toBe('Los Angeles');
    });

    it('offers the zone’s enabled methods; free shipping from the minimum amount', async () => {
      const lines = [line(2), line(1)];
      expect(await offered(t.db, at('US', 'NY'), lines, 4999)).toEqual([['Standard: 499', 'Pickup: 100']]);
      expect(await offered(t.db, at('US', 'NY'), lines, 5000)).toEqual([['Standard: 499', 'Free over $50: 0', 'Pickup: 100']]);
      // The minimum counts after discounts unless the method says otherwise.
      expect(await offered(t.db, at('US', 'NY'), lines, 4000, false, 6000)).toEqual([['Standard: 499', 'Pickup: 100']]);
    });

    it('charges per item and by shipping class; free shipping with a coupon', async () => {
      const lines = [line(2, { shippingClass: 'heavy' }), line(3, { shippingClass: 'small' }), line(1)];
      // 6 items × €2 + heavy 2 × €10 + small 3 × €1.50 + no class 1 × €0.50
      expect(await offered(t.db, at('DE', '', '10115'), lines)).toEqual([['Per item: 3700']]);
      expect(await offered(t.db, at('DE', '', '10115'), lines, 3000, true)).toEqual([['Per item: 3700', 'Free with coupon: 0']]);
    });

    it('falls back to the rest of the world, and ships nothing virtual', async () => {
      expect(await offered(t.db, at('AU', 'NSW', '2000'), [line(1)])).toEqual([['International: 2500']]);
      expect(await offered(t.db, at('US', 'NY'), [line(1, { virtual: true })])).toEqual([]);
      // Zones without methods offer nothing: the shopper sees "no shipping options".
      expect(await offered(t.db, at('US', 'CA', '94105'), [line(1)])).toEqual([[]]);
    });

    it('refuses unknown states and malformed postcodes in a zone', async () => {
      await expect(saveZone(t.db, null, { name: 'Bad', states: 'US:XX' })).rejects.toMatchObject({ status: 400, fields: { states: expect.stringContaining('US:XX') } });
      await expect(saveZone(t.db, null, { name: 'Bad', postcodes: '100...' })).rejects.toMatchObject({ status: 400 });
      await expect(saveZone(t.db, null, { name: 'Bad', regions: ['country:ZZ'] })).rejects.toBeInstanceOf(HttpError);
    });
  });

  describe(`tax rates (${dialect})`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(dialect);
    });
    afterAll(() => t.cleanup());
    const names = async (place: ReturnType<typeof at>, taxClass = '') => (await findTaxRates(t.db, place, taxClass)).map((r) => `${r.name} ${r.rate}`);
    const list = (query: string) => listTaxRates(t.db, parseTaxRateListQuery(new URLSearchParams(query)));
    const listed = async (query: string) => (await list(query)).rates.map((r) => r.name);
    const classRates = async (taxClass: string) => (await list(`class=${taxClass}`)).rates;

    it('imports WooCommerce’s CSV and matches by country, state, postcode and city with priorities', async () => {
      expect(await importTaxRatesCsv(t.db, FIXTURE)).toEqual({ imported: 11 });
      expect(await names(at('GB', '', 'SW1A 1AA'))).toEqual(['VAT 20']);
      expect(await names(at('GB'), 'reduced-rate')).toEqual(['VAT 5']);
      expect(await names(at('US', 'CA', '90210'))).toEqual(['CA State Tax 7.25', 'Beverly Hills District 2.25']);
      expect(await names(at('US', 'CA', '90001', 'Los Angeles'))).toEqual(['CA State Tax 7.25', 'LA County 1']);
      expect(await names(at('US', 'CA', '94105', 'San Francisco'))).toEqual(['CA State Tax 7.25']);
      expect(await names(at('US', 'NY', '10001'))).toEqual(['NYC Tax, combined 8.875']);
      expect(await names(at('US', 'NY', '14201'))).toEqual([]);
      expect(await names(at('FR'))).toEqual([]);
    });

    it('takes one rate per priority, the first in order, and computes compound taxes', async () => {
      // A second priority-1 rate for Beverly Hills comes after the state-wide one: it never applies.
      await saveTaxRate(t.db, null, { country: 'US', state: 'CA', postcodes: '90210', rate: '10', name: 'Shadowed', priority: '1' });
      expect(await names(at('US', 'CA', '90210'))).toEqual(['CA State Tax 7.25', 'Beverly Hills District 2.25']);
      const quebec = await findTaxRates(t.db, at('CA', 'QC', 'H2X 1Y4'), '');
      expect(quebec.map((r) => [r.name, r.compound, r.shipping])).toEqual([['GST', false, true], ['QST', true, true]]);
      expect(roundTax(calcTax(10000, quebec, false))).toEqual({ [quebec[0]!.id]: 500, [quebec[1]!.id]: 1047 });
    });

    it('refuses a file with a bad row and imports nothing', async () => {
      const before = (await list('')).total;
      const bad = FIXTURE.replace('DE,*,*,*,19.0000', 'DE,*,*,*,nineteen');
      const err = await importTaxRatesCsv(t.db, bad).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).status).toBe(400);
      expect((err as HttpError).message).toMatch(/^Row 11, column 5 \(Rate %\): /);
      await expect(importTaxRatesCsv(t.db, 'a,b\n1,2')).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/has 10 columns/) });
      expect((await list('')).total).toBe(before);
    });

    it('replaces only the classes in the file', async () => {
      const csv = 'Country code,State code,Postcode / ZIP,City,Rate %,Tax name,Priority,Compound,Shipping,Tax class\nGB,*,*,*,17.5,Old VAT,1,0,1,\n';
      expect(await importTaxRatesCsv(t.db, csv, 'replace')).toEqual({ imported: 1 });
      expect((await classRates('')).map((r) => `${r.country} ${r.name} ${r.rate}`)).toEqual(['GB Old VAT 17.5']);
      expect((await classRates('reduced-rate')).map((r) => `${r.country} ${r.rate}`)).toEqual(['GB 5', 'DE 7']);
    });

    describe('the admin list', () => {
      const ids: Record<string, number> = {};
      beforeAll(async () => {
        const add = (name: string, country: string, state: string, rate: string, priority: string) =>
          saveTaxRate(t.db, null, { country, state, rate, name, priority, taxClass: 'listing' });
        ids.mwst = await add('Mwst', 'DE', '', '19', '1');
        ids.ca = await add('CA State', 'US', 'CA', '7.25', '1');
        ids.ny = await add('NY State', 'US', 'NY', '4', '2');
        ids.tva = await add('TVA', 'FR', '', '20', '1');
      });

      it('shows one class in matching order; searches country, state and name case-blind', async () => {
        expect(await list('class=Listing')).toMatchObject({ total: 4, page: 1, pages: 1 });
        expect(await listed('class=listing')).toEqual(['Mwst', 'CA State', 'TVA', 'NY State']);
        expect(await listed('class=listing&dir=desc')).toEqual(['NY State', 'TVA', 'CA State', 'Mwst']);
        expect(await listed('class=listing&q=us')).toEqual(['CA State', 'NY State']);
        expect(await listed('class=listing&q=ny')).toEqual(['NY State']);
        expect(await listed('class=listing&q=TV')).toEqual(['TVA']);
        expect(await listed('class=listing&q=%25')).toEqual([]);
        expect(await listed('class=reduced-rate&q=tva')).toEqual([]);
      });

      it('sorts by country and state, rate and name, either way', async () => {
        expect(await listed('class=listing&sort=country')).toEqual(['Mwst', 'TVA', 'CA State', 'NY State']);
        expect(await listed('class=listing&sort=country&dir=desc')).toEqual(['NY State', 'CA State', 'TVA', 'Mwst']);
        expect(await listed('class=listing&sort=rate&dir=desc')).toEqual(['TVA', 'Mwst', 'CA State', 'NY State']);
        expect(await listed('class=listing&sort=name')).toEqual(['CA State', 'Mwst', 'NY State', 'TVA']);
      });

      it('pages without repeating or skipping a rate; a page past the end shows the last', async () => {
        for (let i = 0; i < TAX_RATES_PER_PAGE + 2; i++) await saveTaxRate(t.db, null, { country: 'IT', rate: '22', name: `IVA ${i}`, taxClass: 'paged' });
        const first = await list('class=paged');
        const second = await list('class=paged&page=2');
        expect(first).toMatchObject({ total: TAX_RATES_PER_PAGE + 2, page: 1, pages: 2 });
        expect(second.rates.map((r) => r.name)).toEqual([`IVA ${TAX_RATES_PER_PAGE}`, `IVA ${TAX_RATES_PER_PAGE + 1}`]);
        expect(new Set([...first.rates, ...second.rates].map((r) => r.id)).size).toBe(TAX_RATES_PER_PAGE + 2);
        expect(await list('class=paged&page=99')).toMatchObject({ page: 2, rates: second.rates });
      });

      it('reads bad query values as the defaults', () => {
        expect(parseTaxRateListQuery(new URLSearchParams('class=%25%25&sort=x&dir=up&page=abc'))).toEqual({ class: '', q: '', sort: 'order', dir: 'asc', page: 1 });
        expect(parseTaxRateListQuery(new URLSearchParams('class=Reduced rate&q= us '))).toMatchObject({ class: 'reduced-rate', q: 'us' });
      });

      it('deletes the chosen rates in one go, or none when one is gone', async () => {
        const gone = await saveTaxRate(t.db, null, { country: 'ES', rate: '21', name: 'IVA ES', taxClass: 'listing' });
        await deleteTaxRate(t.db, gone);
        await expect(deleteTaxRates(t.db, { ids: [String(ids.ny), String(gone)] })).rejects.toMatchObject({ status: 404 });
        await expect(deleteTaxRates(t.db, { ids: [] })).rejects.toMatchObject({ status: 400 });
        expect(await listed('class=listing')).toHaveLength(4);
        expect(await deleteTaxRates(t.db, { ids: [String(ids.ny), String(ids.tva)] })).toEqual({ count: 2 });
        expect(await listed('class=listing')).toEqual(['Mwst', 'CA State']);
      });
    });
  });
}

describe('countries API', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerErrorHandling(app);
    // As in the app's /api scope: route schemas describe, the handlers validate (server/openapi.ts).
    describeOnly(app);
    await app.register(countriesRoutes, { prefix: '/api' });
  });
  afterAll(() => app.close());

  it('lists countries with their state policy, and one country’s states', async () => {
    const list = await app.inject('/api/countries');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toContain('max-age');
    expect(list.json().countries).toContainEqual({ code: 'DE', name: 'Germany', stateField: 'hidden' });
    const us = await app.inject('/api/countries/us/states');
    expect(us.json()).toMatchObject({ country: { code: 'US', name: 'United States' }, stateField: 'required' });
    expect(us.json().states).toContainEqual({ code: 'CA', name: 'California' });
  });

  it('answers unknown countries with JSON errors', async () => {
    expect((await app.inject('/api/countries/ZZ/states')).json().error.code).toBe('not_found');
    const bad = await app.inject('/api/countries/usa/states');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid');
  });
});
