import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { description, explode, unescapeCell } from '../features/catalog/woo-import/values.ts';
import { descriptionCell, implode } from '../features/catalog/woo-export/cells.ts';
import { csvCell, csvLine } from './csv-write.ts';
import { isCsvError, parseCsv } from './csv.ts';
import { currencyInfo, plainPrice, toMinor } from './money.ts';

/* The CSV writer read back by the CSV reader, and the product export's cells by the importer's readers. */

describe('CSV writing', () => {
  it('any record reads back as written, formula starts kept as text behind an apostrophe', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: 'binary' }).filter((s) => !s.includes('\u0000')), { minLength: 2, maxLength: 6 }), async (cells) => {
        const [record] = await parseCsv(csvLine(cells));
        expect(record && !isCsvError(record)).toBe(true);
        const fields = (record as { fields: string[] }).fields;
        expect(fields.map(unescapeCell)).toEqual(cells);
        for (const f of fields) expect(/^[=+\-@\t\r]/.test(f)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('neutralises = + - @ as WooCommerce does and quotes only what needs it', () => {
    expect(['=SUM(A1)', '+1', '-1', '@x', 'plain', 'a,b', 'say "hi"', ' pad', ''].map(csvCell)).toEqual(["'=SUM(A1)", "'+1", "'-1", "'@x", 'plain', '"a,b"', '"say ""hi"""', '" pad"', '']);
    // A tab or carriage return first is guarded too; a cell already starting "'=" gets one more apostrophe, so reading gives it back.
    expect(['\t=1', '\r=1', "'=x", "it's"].map(csvCell)).toEqual(["'\t=1", `"'\r=1"`, "''=x", "it's"]);
  });

  it('writes minor units as decimals that read back to the same amount, never through a float', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(['GBP', 2], ['JPY', 0], ['BHD', 3]), (minor, [currency, exponent]) => {
        expect(toMinor(plainPrice(minor, { currency: currency as string, pricePrecision: exponent as number }), currency as string)).toBe(minor);
      }),
    );
    const exact = (minor: number, currency: string) => plainPrice(minor, { currency, pricePrecision: currencyInfo(currency).exponent });
    expect([exact(1250, 'GBP'), exact(5, 'GBP'), exact(-5, 'GBP'), exact(1200, 'JPY'), exact(1, 'BHD')]).toEqual(['12.50', '0.05', '-0.05', '1200', '0.001']);
  });

  it('product cells read back through the importer’s readers: lists with commas, descriptions with line breaks', () => {
    fc.assert(
      fc.property(fc.array(fc.string().map((s) => s.trim()).filter((s) => s !== '' && !s.includes('\\')), { maxLength: 5 }), (items) => {
        expect(explode(implode(items))).toEqual(items);
      }),
    );
    fc.assert(
      fc.property(fc.string().filter((s) => !s.includes('\\') && !s.includes('\r')), (text) => {
        expect(description(descriptionCell(text))).toBe(text);
      }),
    );
    expect(description(descriptionCell('Line one\nLine two with a literal \\n in it'))).toBe('Line one\nLine two with a literal \\n in it');
  });
});
