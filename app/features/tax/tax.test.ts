import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_HEADER_LINE, parseTaxRatesCsv, taxRateCsvLine } from './tax-csv.ts';
import { addTaxes, calcTax, roundHalfUp, roundTax, sumTaxes, type TaxRate } from './tax-math.ts';
import { formatRatePercent, parseRatePercent, taxClassSlug, taxRateInputSchema } from './tax.schema.ts';

const rate = (id: number, percent: number, extra: Partial<TaxRate> = {}): TaxRate => ({
  id,
  country: 'GB',
  state: '',
  rate: percent,
  name: `Tax ${id}`,
  priority: id,
  compound: false,
  shipping: true,
  taxClass: '',
  ...extra,
});

describe('calcTax', () => {
  it('adds 20 % to £19.99: 399.8 pence, unrounded', () => {
    expect(calcTax(1999, [rate(1, 20)], false)).toEqual({ 1: 399.8 });
  });

  it('finds the 20 % VAT inside £12.00: £2.00', () => {
    expect(calcTax(1200, [rate(1, 20)], true)[1]).toBeCloseTo(200, 9);
  });

  it('adds rates of several priorities side by side on the net amount (6 % state + 1 % county)', () => {
    const taxes = calcTax(1000, [rate(1, 6), rate(2, 1)], false);
    expect(taxes[1]).toBeCloseTo(60, 9);
    expect(taxes[2]).toBeCloseTo(10, 9);
  });

  it('shares inclusive regular taxes in proportion: £10.70 holding 6 % + 1 %', () => {
    const taxes = calcTax(1070, [rate(1, 6), rate(2, 1)], true);
    expect(taxes[1]).toBeCloseTo(60, 9);
    expect(taxes[2]).toBeCloseTo(10, 9);
  });

  it('applies a compound rate on the amount plus the taxes before it (5 % GST, then 9.975 % QST)', () => {
    const taxes = calcTax(10000, [rate(1, 5), rate(2, 9.975, { compound: true })], false);
    expect(taxes[1]).toBeCloseTo(500, 9);
    expect(taxes[2]).toBeCloseTo(1047.375, 9); // 10500 × 9.975 %
  });

  it('extracts compound taxes first from an inclusive amount', () => {
    const taxes = calcTax(11547.375, [rate(1, 5), rate(2, 9.975, { compound: true })], true);
    expect(taxes[2]).toBeCloseTo(1047.375, 9);
    expect(taxes[1]).toBeCloseTo(500, 9);
  });

  it('chains two compound rates in order', () => {
    const taxes = calcTax(1000, [rate(1, 10), rate(2, 10, { compound: true }), rate(3, 10, { compound: true })], false);
    expect(taxes[1]).toBeCloseTo(100, 9);
    expect(taxes[2]).toBeCloseTo(110, 9); // on 1100
    expect(taxes[3]).toBeCloseTo(121, 9); // on 1210
  });

  it('gives nothing without rates and zero for a 0 % rate', () => {
    expect(calcTax(1000, [], false)).toEqual({});
    expect(calcTax(1000, [rate(1, 0)], true)).toEqual({ 1: 0 });
  });
});

describe('rounding', () => {
  it('rounds half up, ignoring float noise', () => {
    expect(roundTax({ 1: 399.8, 2: 0.5, 3: 2.4999, 4: 0.15 * 300 })).toEqual({ 1: 400, 2: 1, 3: 2, 4: 45 });
    expect(roundHalfUp(-2.5)).toBe(-3);
    expect(Object.is(roundHalfUp(-0.2), 0)).toBe(true);
  });

  it('differs per line and at subtotal: three £1.99 lines at 20 %', () => {
    const perLine = [1, 2, 3].map(() => roundTax(calcTax(199, [rate(1, 20)], false)));
    expect(sumTaxes(addTaxes(...perLine))).toBe(120); // 39.8 → 40, three times
    const atSubtotal = roundTax(addTaxes(...[1, 2, 3].map(() => calcTax(199, [rate(1, 20)], false))));
    expect(atSubtotal[1]).toBe(119); // 119.4 → 119
  });
});

describe('tax rate input', () => {
  it('reads percentages with up to four decimals as ten-thousandths', () => {
    expect(parseRatePercent('20')).toBe(200000);
    expect(parseRatePercent('20.0000')).toBe(200000);
    expect(parseRatePercent('8.875')).toBe(88750);
    expect(parseRatePercent('7.25 %')).toBe(72500);
    expect(parseRatePercent('1.23456')).toBeNull();
    expect(parseRatePercent('abc')).toBeNull();
    expect(formatRatePercent(88750)).toBe('8.875');
    expect(formatRatePercent(200000)).toBe('20');
  });

  it('takes "*" as any and normalises lists and classes', () => {
    const r = taxRateInputSchema.parse({
      country: 'us',
      state: '*',
      postcodes: '90210; 902* ;',
      cities: 'beverly hills',
      rate: '9.5',
      name: 'CA',
      priority: '',
      compound: '0',
      shipping: '',
      taxClass: 'Reduced rate',
    });
    expect(r).toEqual({
      country: 'US',
      state: '',
      postcodes: '90210;902*',
      cities: 'BEVERLY HILLS',
      rate: 95000,
      name: 'CA',
      priority: 1,
      compound: false,
      shipping: true,
      taxClass: 'reduced-rate',
    });
    expect(taxClassSlug('Standard')).toBe('');
  });
});


describe('WooCommerce tax-rate CSV lines', () => {
  const stored = (r: ReturnType<typeof taxRateInputSchema.parse>) => ({
    country: r.country,
    state: r.state,
    postcodes: r.postcodes,
    cities: r.cities,
    rate: r.rate,
    name: r.name,
    priority: r.priority,
    compound: r.compound ? 1 : 0,
    shipping: r.shipping ? 1 : 0,
    tax_class: r.taxClass,
  });

  it('writes a rate as WooCommerce exports it: "*" for any place, "; " between list items, four decimals, quotes only where needed', () => {
    const r = taxRateInputSchema.parse({ country: 'us', state: 'ca', postcodes: '90210;902*', cities: 'Beverly Hills', rate: '2.25', name: 'District "A", combined', priority: '2', compound: '0', shipping: '1', taxClass: 'reduced-rate' });
    expect(taxRateCsvLine(stored(r))).toBe('US,CA,90210; 902*,BEVERLY HILLS,2.2500,"District ""A"", combined",2,0,1,reduced-rate\r\n');
    expect(CSV_HEADER_LINE).toBe('Country Code,State Code,ZIP/Postcode,City,Rate %,Tax Name,Priority,Compound,Shipping,Tax Class\r\n');
  });

  it('skips blank lines, and names the row a header problem is on as a spreadsheet counts it', async () => {
    await expect(parseTaxRatesCsv('\n\nCountry,State\n')).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^Row 3: WooCommerce's tax-rate CSV has 10 columns/) });
    expect(await parseTaxRatesCsv(`\n${CSV_HEADER_LINE}\nGB,*,*,*,20,VAT,1,0,1,\n\n`)).toHaveLength(1);
  });

  it('reads back every line it writes (random rates, any text)', async () => {
    const text = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 8 }), fc.constantFrom('a,b', '"q"', 'x\r\ny', '*', ' edge '));
    const input = fc.record({
      country: fc.constantFrom('', '*', 'gb', 'US'),
      state: text,
      postcodes: fc.array(text, { maxLength: 3 }).map((xs) => xs.join(';')),
      cities: fc.array(text, { maxLength: 3 }).map((xs) => xs.join(';')),
      rate: fc.integer({ min: 0, max: 1_000_000 }).map((n) => String(n / 10000)),
      name: text,
      priority: fc.integer({ min: 1, max: 1000 }).map(String),
      compound: fc.boolean().map(String),
      shipping: fc.boolean().map(String),
      taxClass: text,
    });
    const valid = fc.array(input.map((i) => taxRateInputSchema.safeParse(i)).filter((p) => p.success && !JSON.stringify(p.data).includes('\\u0000')).map((p) => p.data!), { minLength: 1, maxLength: 5 });
    await fc.assert(
      fc.asyncProperty(valid, async (rates) => {
        const csv = CSV_HEADER_LINE + rates.map((r) => taxRateCsvLine(stored(r))).join('');
        expect(await parseTaxRatesCsv(csv)).toEqual(rates);
      }),
      { numRuns: 300 },
    );
  });
});
