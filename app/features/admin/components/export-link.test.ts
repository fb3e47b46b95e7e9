import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvLine } from '../../../lib/csv-write.ts';
import { recordCounter } from './export-link.tsx';

/*
 * The export button's progress counts records as the pieces of a CSV download arrive: however
 * the file is cut into pieces, and whatever its cells hold (quotes, commas, line breaks), the
 * count is the file's number of records.
 */

const cell = fc.oneof(fc.string(), fc.constantFrom('"', '""', '\r\n', '\n', 'a,b', '"quoted\nlines"', '=1+2', ''), fc.integer());

describe('export progress: counting records', () => {
  it('counts every record of a CSV once, whatever the cells and wherever the pieces are cut', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 20 }), (rows, cuts) => {
        const text = CSV_BOM + rows.map(csvLine).join('');
        const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const pieces = [0, ...at, text.length].slice(1).map((end, i, ends) => text.slice(i === 0 ? 0 : ends[i - 1], end));
        const count = recordCounter();
        expect(pieces.reduce((n, p) => n + count(p), 0)).toBe(rows.length);
      }),
      { numRuns: 300 },
    );
  });
});
