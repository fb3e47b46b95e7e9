import { HttpError } from '../../lib/http-error.ts';
import { isCsvError, readCsv, type CsvRecord } from '../../lib/csv.ts';
import { csvLine, unescapeFormula } from '../../lib/csv-write.ts';
import { unstorable } from '../../lib/validate.ts';
import { formatRatePercent, taxRateInputSchema, type TaxRateInput } from './tax.schema.ts';

/*
 * WooCommerce's tax-rate CSV. Its importer reads the ten columns by position and skips the
 * first row whatever it says (its own export heads the columns in the admin's language), so
 * the wording of the header does not matter here either; the header its export writes, and
 * its sample_tax_rates.csv has, is CSV_COLUMNS. Cells are written by csv-write.ts, guarded
 * against formulas (a leading = + - @ gets an apostrophe, which reading drops again).
 */

/** The columns in WooCommerce's order, headed as its export and sample file head them. */
export const CSV_COLUMNS = ['Country Code', 'State Code', 'ZIP/Postcode', 'City', 'Rate %', 'Tax Name', 'Priority', 'Compound', 'Shipping', 'Tax Class'] as const;
const KEYS = ['country', 'state', 'postcodes', 'cities', 'rate', 'name', 'priority', 'compound', 'shipping', 'taxClass'] as const;
const RATE_COLUMN = KEYS.indexOf('rate');

/**
 * The English wordings WooCommerce versions have headed each column with. Only used to catch
 * a file whose columns are in another order (its header names a column somewhere else): a
 * wording not listed here (a translated export) is taken as the column in its place.
 */
const HEADINGS: readonly (readonly string[])[] = [
  ['country code', 'country'],
  ['state code', 'state'],
  ['zip/postcode', 'postcode / zip', 'postcode/zip', 'zip / postcode', 'postcode', 'postcodes', 'zip'],
  ['city', 'cities'],
  ['rate %', 'rate', 'rate (%)'],
  ['tax name', 'name'],
  ['priority'],
  ['compound'],
  ['shipping'],
  ['tax class', 'class'],
];

/** More rows than any real tax table has; a bigger file is a mistake, not a rate table. */
export const MAX_CSV_ROWS = 20_000;

const simplify = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
const bad = (message: string) => new HttpError(400, 'invalid', message, { file: message });
const cellName = (i: number) => `column ${i + 1} (${CSV_COLUMNS[i] ?? 'beyond the last'})`;
const isBlank = (fields: string[]) => fields.every((f) => f.trim() === '');

/**
 * Whether the first row is a header. WooCommerce always skips it, which loses the first rate
 * of a file written without one; here a first row that reads as a rate (a country code or "*"
 * first, or a number under Rate %) is a rate: kept, or refused with its mistake named.
 */
function isHeader(fields: string[]): boolean {
  const country = taxRateInputSchema.shape.country.safeParse(fields[0] ?? '').success;
  const rate = taxRateInputSchema.shape.rate.safeParse(fields[RATE_COLUMN] ?? '').success;
  return !country && !rate;
}

/** Refuses a header whose wording puts a known column somewhere else than WooCommerce reads it. */
function checkHeader({ row, fields }: CsvRecord): void {
  if (fields.length !== CSV_COLUMNS.length) {
    throw bad(`Row ${row}: WooCommerce's tax-rate CSV has ${CSV_COLUMNS.length} columns (${CSV_COLUMNS.join(', ')}); this header has ${fields.length}.`);
  }
  fields.forEach((cell, i) => {
    const heading = simplify(cell);
    if (HEADINGS[i]!.includes(heading)) return;
    const elsewhere = HEADINGS.findIndex((names) => names.includes(heading));
    if (elsewhere >= 0) {
      throw bad(`Row ${row}, ${cellName(i)}: the header says "${cell.trim()}", which is column ${elsewhere + 1}. The columns are read by position: put them in WooCommerce's order (${CSV_COLUMNS.join(', ')}).`);
    }
  });
}

/** One data row checked and normalised; throws a 400 naming the row and the column. */
function parseRow(row: CsvRecord): TaxRateInput {
  if (row.fields.length > CSV_COLUMNS.length) {
    throw bad(`Row ${row.row}, ${cellName(CSV_COLUMNS.length)}: WooCommerce's tax-rate CSV has ${CSV_COLUMNS.length} columns; this row has ${row.fields.length}.`);
  }
  const odd = row.fields.findIndex(unstorable);
  if (odd >= 0) throw bad(`Row ${row.row}, ${cellName(odd)}: contains a character that cannot be stored (NUL).`);
  // A cell the export guarded against formulas ("'=x") holds the text after the apostrophe.
  const input: Record<string, string> = Object.fromEntries(KEYS.map((k, i) => [k, unescapeFormula(row.fields[i] ?? '')]));
  // WooCommerce takes an empty Compound or Shipping cell as 0 (the admin form defaults Shipping to on; a file does not).
  for (const flag of ['compound', 'shipping'] as const) if (input[flag]!.trim() === '') input[flag] = '0';
  const parsed = taxRateInputSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw bad(`Row ${row.row}, ${cellName(KEYS.indexOf(issue.path[0] as (typeof KEYS)[number]))}: ${issue.message}.`);
  }
  return parsed.data;
}

/**
 * Reads and checks every row of a WooCommerce tax-rate CSV (text or byte chunks); throws a
 * 400 naming the first bad row and column. Rows are counted as a spreadsheet shows them.
 * Blank lines are skipped (WooCommerce would import each as an empty rate).
 */
export async function parseTaxRatesCsv(source: string | AsyncIterable<string | Uint8Array>): Promise<TaxRateInput[]> {
  const rates: TaxRateInput[] = [];
  let first = true;
  for await (const item of readCsv(typeof source === 'string' ? [source] : source)) {
    if (isCsvError(item)) throw bad(`Row ${item.row}: ${item.error}.`);
    if (isBlank(item.fields)) continue;
    if (first) {
      first = false;
      if (isHeader(item.fields)) {
        checkHeader(item);
        continue;
      }
    }
    if (rates.length >= MAX_CSV_ROWS) throw bad(`At most ${MAX_CSV_ROWS} rates can be imported at once.`);
    rates.push(parseRow(item));
  }
  if (rates.length === 0) throw bad('The file has no tax rates.');
  return rates;
}

/** A rate as stored, the columns an export writes. */
export interface StoredTaxRate {
  country: string;
  state: string;
  postcodes: string;
  cities: string;
  /** Ten-thousandths of a percent. */
  rate: number;
  name: string;
  priority: number;
  compound: number;
  shipping: number;
  tax_class: string;
}

/** A checked rate (from a form or a file) as its stored columns. */
export function storedTaxRate(r: TaxRateInput): StoredTaxRate & { compound: 0 | 1; shipping: 0 | 1 } {
  return {
    country: r.country,
    state: r.state,
    postcodes: r.postcodes,
    cities: r.cities,
    rate: r.rate,
    name: r.name,
    priority: r.priority,
    compound: r.compound ? (1 as const) : (0 as const),
    shipping: r.shipping ? (1 as const) : (0 as const),
    tax_class: r.taxClass,
  };
}

/** Rate as WooCommerce writes it: four decimals ("20.0000", "8.8750"). */
function rateCell(stored: number): string {
  const [int, frac = ''] = formatRatePercent(stored).split('.');
  return `${int}.${frac.padEnd(4, '0')}`;
}

export const CSV_HEADER_LINE = `${CSV_COLUMNS.join(',')}\r\n`;

/** One rate as a CSV line in WooCommerce's export format: lists joined by "; ", "*" for any place, 1/0 flags. */
export function taxRateCsvLine(r: StoredTaxRate): string {
  const list = (stored: string) => stored.split(';').filter(Boolean).join('; ');
  return csvLine([
    r.country || '*',
    r.state || '*',
    list(r.postcodes) || '*',
    list(r.cities) || '*',
    rateCell(r.rate),
    r.name,
    String(r.priority),
    r.compound ? '1' : '0',
    r.shipping ? '1' : '0',
    r.tax_class,
  ]);
}
