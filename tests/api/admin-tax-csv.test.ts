import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Location } from '../../app/features/cart/contracts.ts';
import { saveTaxRate } from '../../app/features/tax/tax-admin.server.ts';
import { findTaxRates } from '../../app/features/tax/tax.server.ts';
import { taxRateInputSchema } from '../../app/features/tax/tax.schema.ts';
import { isCsvError, parseCsv } from '../../app/lib/csv.ts';
import { staffLogin } from '../helpers/admin-forms.ts';
import { createTestApp, type Client, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { multipart } from '../helpers/forms.ts';

/*
 * WooCommerce's tax-rate CSV through the back office's tax page, as a browser posts it: the
 * import (columns by position, whatever the header's wording, a header-less file, a bad row
 * refused with its row and column and nothing imported), the export link's download in
 * WooCommerce's format, and export → import giving back the same rates.
 */

/** The header of WooCommerce's sample_tax_rates.csv and of its export. */
const WOO_HEADER = 'Country Code,State Code,ZIP/Postcode,City,Rate %,Tax Name,Priority,Compound,Shipping,Tax Class';
/** Rows in WooCommerce's sample format (our own rates): "*" for any place, four-decimal rates, 1/0 flags, the class last. */
const WOO_ROWS = [
  'GB,*,*,*,20.0000,VAT,1,0,1,',
  'GB,*,*,*,5.0000,VAT,1,0,1,reduced-rate',
  'US,AL,*,*,4.0000,State Tax,1,0,0,',
  'US,AL,35004; 35005,*,1.0000,County Tax,2,0,0,',
  'US,AZ,*,*,5.6000,State Tax,1,0,0,',
  'US,CA,90210...90299; 902*,BEVERLY HILLS; LOS ANGELES,2.2500,"District Tax, combined",2,0,0,',
  'CA,QC,*,*,9.9750,QST,2,1,1,',
];
const place = (country: string, state = '', postcode = '', city = ''): Location => ({ country, state, postcode, city });

for (const dialect of await dialects()) {
  describe(`back office: WooCommerce tax-rate CSV (${dialect})`, () => {
    let t: TestApp;
    let admin: Client;
    const db = () => t.services.db;

    /** Posts the import form with a file, as the page's form sends it. */
    async function importCsv(csv: string, mode = 'append') {
      const body = await multipart({ intent: 'import', mode, _csrf: admin.csrf }, [{ field: 'file', name: 'tax_rates.csv', data: csv, type: 'text/csv' }]);
      return t.app.inject({ method: 'POST', url: '/admin/tax', headers: { cookie: admin.cookieHeader(), 'content-type': body.contentType }, payload: body.payload });
    }
    const exportCsv = (query = '') => t.app.inject({ method: 'GET', url: `/admin/tax.csv${query}`, headers: { cookie: admin.cookieHeader() } });
    const rows = () =>
      db()
        .selectFrom('tax_rates')
        .select(['country', 'state', 'postcodes', 'cities', 'rate', 'name', 'priority', 'compound', 'shipping', 'tax_class'])
        .orderBy('tax_class')
        .orderBy('position')
        .orderBy('id')
        .execute();
    const names = async (location: Location, taxClass = '') => (await findTaxRates(db(), location, taxClass)).map((r) => `${r.name} ${r.rate}`);

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      admin = await staffLogin(t, 'shop_manager', 'tax-csv.example');
    }, 120_000);
    afterAll(() => t?.close());

    it('imports a file in WooCommerce’s sample format and header, by position, and the rates apply', async () => {
      const res = await importCsv([WOO_HEADER, ...WOO_ROWS].join('\n') + '\n');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('7 tax rates imported.');
      expect(await rows()).toContainEqual({ country: 'US', state: 'CA', postcodes: '90210...90299;902*', cities: 'BEVERLY HILLS;LOS ANGELES', rate: 22500, name: 'District Tax, combined', priority: 2, compound: 0, shipping: 0, tax_class: '' });
      expect(await names(place('GB', '', 'SW1A 1AA'))).toEqual(['VAT 20']);
      expect(await names(place('GB'), 'reduced-rate')).toEqual(['VAT 5']);
      expect(await names(place('US', 'AL', '35005'))).toEqual(['State Tax 4', 'County Tax 1']);
      expect(await names(place('US', 'CA', '90255', 'Los Angeles'))).toEqual(['District Tax, combined 2.25']);
      expect(await names(place('US', 'CA', '90255', 'San Diego'))).toEqual([]);
      const quebec = await findTaxRates(db(), place('CA', 'QC'), '');
      expect(quebec.map((r) => [r.name, r.compound, r.shipping])).toEqual([['QST', true, true]]);
      // The tax page lists them.
      const page = (await admin.request('GET', '/admin/tax')).body;
      expect(page).toContain('District Tax, combined');
    });

    it('reads the columns by position under any header WooCommerce has written, and a file without a header', async () => {
      await db().deleteFrom('tax_rates').execute();
      const headers = [
        'Country code,State code,Postcode / ZIP,City,Rate %,Tax name,Priority,Compound,Shipping,Tax class',
        'Country Code,State Code,Postcodes,Cities,Rate,Tax Name,Priority,Compound,Shipping,Tax Class',
        // A German shop's export: the header in its admin's language.
        'Ländercode,Bundesland-Code,PLZ,Stadt,Satz %,Steuername,Priorität,Zusammengesetzt,Versand,Steuerklasse',
        '\uFEFFCOUNTRY CODE , STATE CODE,ZIP/POSTCODE,CITY,RATE %,TAX NAME,PRIORITY,COMPOUND,SHIPPING,TAX CLASS',
      ];
      for (const header of headers) {
        const res = await importCsv(`${header}\r\nDE,*,*,*,19.0000,MwSt.,1,0,1,\r\n`);
        expect({ header, status: res.statusCode }).toEqual({ header, status: 200 });
      }
      // No header: the first row is a rate, and is imported (WooCommerce would skip it unread).
      expect((await importCsv('FR,*,*,*,20.0000,TVA,1,0,1,\nFR,*,*,*,5.5000,TVA,1,0,1,reduced-rate\n')).statusCode).toBe(200);
      expect((await rows()).map((r) => `${r.country} ${r.name} ${r.rate}`)).toEqual([...headers.map(() => 'DE MwSt. 190000'), 'FR TVA 200000', 'FR TVA 55000']);
      // Empty Compound and Shipping cells are 0, as WooCommerce reads them.
      expect((await importCsv(`${WOO_HEADER}\nAT,*,*,*,20,USt,1,,,\n`)).statusCode).toBe(200);
      expect((await rows()).find((r) => r.country === 'AT')).toMatchObject({ compound: 0, shipping: 0 });
    });

    it('refuses a bad row naming its row and column, and imports nothing from that file', async () => {
      const before = await rows();
      const cases: [string, RegExp][] = [
        [[WOO_HEADER, ...WOO_ROWS.slice(0, 3), 'US,NY,*,*,four,State Tax,1,0,0,', ...WOO_ROWS.slice(3)].join('\n'), /Row 5, column 5 \(Rate %\): Enter a percentage/],
        [[WOO_HEADER, 'GBR,*,*,*,20.0000,VAT,1,0,1,'].join('\n'), /Row 2, column 1 \(Country Code\): Use a two-letter country code/],
        [[WOO_HEADER, ...WOO_ROWS, 'GB,*,*,*,20.0000,VAT,one,0,1,'].join('\n'), /Row 9, column 7 \(Priority\): Priority must be a whole number/],
        [[WOO_HEADER, 'GB,*,*,*,20.0000,VAT,1,maybe,1,'].join('\n'), /Row 2, column 8 \(Compound\): Use 1 or 0/],
        [[WOO_HEADER, 'GB,*,*,*,20.0000,VAT,1,0,1,,extra'].join('\n'), /Row 2, column 11 \(beyond the last\): WooCommerce&#x27;s tax-rate CSV has 10 columns; this row has 11/],
        [[WOO_HEADER, 'GB,*,*,*,20.0000,"VAT,1,0,1,'].join('\n'), /Row 2: a quoted field is never closed/],
        [[WOO_HEADER, 'GB,*,*,*,20.0000,VAT\u0000,1,0,1,'].join('\n'), /Row 2, column 6 \(Tax Name\): contains a character that cannot be stored/],
        // Columns in another order than WooCommerce's: read by position they would mean something else.
        [['Tax Name,Country Code,State Code,ZIP/Postcode,City,Rate %,Priority,Compound,Shipping,Tax Class', 'VAT,GB,*,*,*,20,1,0,1,'].join('\n'), /Row 1, column 1 \(Country Code\): the header says &quot;Tax Name&quot;, which is column 6/],
        ['a,b\n', /Row 1: WooCommerce&#x27;s tax-rate CSV has 10 columns/],
        [`${WOO_HEADER}\n`, /The file has no tax rates/],
      ];
      for (const [csv, message] of cases) {
        const res = await importCsv(csv);
        expect({ csv, status: res.statusCode }).toEqual({ csv, status: 400 });
        expect(res.body).toMatch(message);
      }
      // Replace mode deletes nothing when the file is refused.
      expect((await importCsv([WOO_HEADER, 'DE,*,*,*,nineteen,MwSt.,1,0,1,'].join('\n'), 'replace')).statusCode).toBe(400);
      expect(await rows()).toEqual(before);
    });

    it('the export link downloads the rates in WooCommerce’s format, one class or all', async () => {
      await db().deleteFrom('tax_rates').execute();
      expect((await importCsv([WOO_HEADER, ...WOO_ROWS].join('\n'))).statusCode).toBe(200);
      const page = (await admin.request('GET', '/admin/tax?class=reduced-rate')).body;
      expect(page).toContain('href="/admin/tax.csv?class=reduced-rate"');
      expect(page).toContain('href="/admin/tax.csv"');

      const all = await exportCsv();
      expect(all.statusCode).toBe(200);
      expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(all.headers['content-disposition']).toBe('attachment; filename="tax-rates.csv"');
      // Standard rates first (the class sorts as ""), each class in matching order.
      expect(all.body.split('\r\n')).toEqual([
        WOO_HEADER,
        'GB,*,*,*,20.0000,VAT,1,0,1,',
        'US,AL,*,*,4.0000,State Tax,1,0,0,',
        'US,AL,35004; 35005,*,1.0000,County Tax,2,0,0,',
        'US,AZ,*,*,5.6000,State Tax,1,0,0,',
        'US,CA,90210...90299; 902*,BEVERLY HILLS; LOS ANGELES,2.2500,"District Tax, combined",2,0,0,',
        'CA,QC,*,*,9.9750,QST,2,1,1,',
        'GB,*,*,*,5.0000,VAT,1,0,1,reduced-rate',
        '',
      ]);
      const reduced = await exportCsv('?class=reduced-rate');
      expect(reduced.headers['content-disposition']).toBe('attachment; filename="tax-rates-reduced-rate.csv"');
      expect(reduced.body).toBe(`${WOO_HEADER}\r\nGB,*,*,*,5.0000,VAT,1,0,1,reduced-rate\r\n`);
      expect((await exportCsv('?class=')).body.split('\r\n')).toHaveLength(8);
      expect((await exportCsv('?class=no-such-class')).body).toBe(`${WOO_HEADER}\r\n`);
      // Staff who may not change taxes may not read them out either; a visitor is sent to log in.
      const editor = await staffLogin(t, 'editor', 'tax-csv.example');
      expect((await t.app.inject({ method: 'GET', url: '/admin/tax.csv', headers: { cookie: editor.cookieHeader() } })).statusCode).toBe(403);
      expect([302, 303, 403]).toContain((await t.app.inject({ method: 'GET', url: '/admin/tax.csv' })).statusCode);
    });

    it('the export guards cells a spreadsheet would run as formulas, and importing the file gives the text back', async () => {
      await db().deleteFrom('tax_rates').execute();
      const formulas = ['=HYPERLINK("http://evil.example","x")', '+1 555', '-2+3', '@SUM(A1)', "'=already quoted"];
      for (const [i, name] of formulas.entries()) {
        await saveTaxRate(db(), null, { country: 'GB', state: '', postcodes: i === 0 ? '=1...9' : '', cities: '', rate: '20', name, priority: String(i + 1), compound: '0', shipping: '1', taxClass: '' });
      }
      const before = await rows();
      const exported = await exportCsv();
      expect(exported.statusCode).toBe(200);
      const cells = (await parseCsv(exported.body)).flatMap((r) => (isCsvError(r) ? [] : r.fields));
      for (const c of cells) expect(c, c).not.toMatch(/^[=+\-@]/);
      expect(cells).toEqual(expect.arrayContaining([`'=HYPERLINK("http://evil.example","x")`, "'+1 555", "'-2+3", "'@SUM(A1)", "''=already quoted", "'=1...9"]));
      await db().deleteFrom('tax_rates').execute();
      expect((await importCsv(exported.body)).statusCode).toBe(200);
      expect(await rows()).toEqual(before);
    });

    it('export, then import into a shop without rates, gives back the same rates (random tables)', async () => {
      const text = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 8 }), fc.constantFrom('a,b', 'say "hi"', 'line\nbreak', ' edge ', '*', '', 'Ünïcødé 税', 'x\r\ny'));
      const list = fc
        .tuple(fc.array(fc.oneof(text, fc.constantFrom('90210', '902*', '10000...10999', 'SW1A 1AA', 'AB1...AB9')), { maxLength: 4 }), fc.constantFrom(';', '; ', '\n'))
        .map(([items, separator]) => items.join(separator));
      const rateInput = fc.record({
        country: fc.constantFrom('', '*', 'GB', 'us', 'De', 'CA'),
        state: fc.oneof(fc.constantFrom('', '*', 'CA', 'qc'), text),
        postcodes: list,
        cities: list,
        rate: fc.integer({ min: 0, max: 1_000_000 }).map((n) => `${Math.floor(n / 10000)}.${String(n % 10000).padStart(4, '0')}`),
        name: text,
        priority: fc.integer({ min: 1, max: 1000 }).map(String),
        compound: fc.constantFrom('0', '1'),
        shipping: fc.constantFrom('0', '1'),
        taxClass: fc.constantFrom('', 'Standard', 'reduced-rate', 'Zero rate', 'Café Ünïcødé', 'books, papers'),
      });
      // A NUL cannot be stored by PostgreSQL, so the property is over text a rate may hold.
      const table = fc.array(rateInput.filter((r) => taxRateInputSchema.safeParse(r).success && !JSON.stringify(r).includes('\\u0000')), { maxLength: 12 });
      await fc.assert(
        fc.asyncProperty(table, async (inputs) => {
          await db().deleteFrom('tax_rates').execute();
          for (const input of inputs) await saveTaxRate(db(), null, input);
          const before = await rows();
          const exported = await exportCsv();
          expect(exported.statusCode).toBe(200);
          await db().deleteFrom('tax_rates').execute();
          if (before.length === 0) {
            expect(exported.body).toBe(`${WOO_HEADER}\r\n`);
            return;
          }
          const res = await importCsv(exported.body);
          expect(res.statusCode).toBe(200);
          expect(await rows()).toEqual(before);
        }),
        { numRuns: 40 },
      );
    }, 120_000);
  });
}
