import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isCsvError, parseCsv, type CsvRecord } from '../../lib/csv.ts';
import { taxRateInputSchema, type TaxRateInput } from './tax.schema.ts';

/** WooCommerce's tax-rate export columns, in its order. */
export const CSV_COLUMNS = [
  'Country code',
  'State code',
  'Postcode / ZIP',
  'City',
  'Rate %',
  'Tax name',
  'Priority',
  'Compound',
  'Shipping',
  'Tax class',
] as const;
const KEYS = ['country', 'state', 'postcodes', 'cities', 'rate', 'name', 'priority', 'compound', 'shipping', 'taxClass'] as const;

/** More rows than any real tax table has; a bigger file is a mistake, not a rate table. */
export const MAX_CSV_ROWS = 20_000;
/** Rows per INSERT: PostgreSQL allows 65,535 parameters a statement. */
const CHUNK = 500;

const simplify = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
const bad = (message: string) => new HttpError(400, 'invalid', message, { file: message });

/** Reads and checks every row; throws a 400 naming the first bad row. Rows are counted as a spreadsheet shows them (header = 1). */
export async function parseTaxRatesCsv(csv: string): Promise<TaxRateInput[]> {
  const items = await parseCsv(csv);
  const broken = items.find(isCsvError);
  if (broken) throw bad(`Row ${broken.row}: ${broken.error}`);
  const [header, ...data] = items as CsvRecord[];
  if (!header || CSV_COLUMNS.some((c, i) => simplify(header.fields[i] ?? '') !== simplify(c))) {
    throw bad(`The first row must be WooCommerce's header: ${CSV_COLUMNS.join(', ')}.`);
  }
  if (data.length === 0) throw bad('The file has no tax rates below its header.');
  if (data.length > MAX_CSV_ROWS) throw bad(`At most ${MAX_CSV_ROWS} rates can be imported at once.`);
  return data.map((row, index) => {
    const rowNumber = row.row ?? index + 2;
    if (row.fields.length > CSV_COLUMNS.length) {
      throw bad(`Row ${rowNumber}: ${row.fields.length} columns, expected ${CSV_COLUMNS.length}.`);
    }
    const input = Object.fromEntries(KEYS.map((k, i) => [k, row.fields[i] ?? '']));
    const parsed = taxRateInputSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const column = CSV_COLUMNS[KEYS.indexOf(issue.path[0] as (typeof KEYS)[number])] ?? 'row';
      throw bad(`Row ${rowNumber}: ${column}: ${issue.message}.`);
    }
    return parsed.data;
  });
}

/**
 * Imports WooCommerce's tax-rate CSV in one transaction: all rows or none. `replace` first
 * deletes the existing rates of every tax class the file contains.
 */
export async function importTaxRatesCsv(db: DB, csv: string, mode: 'append' | 'replace' = 'append'): Promise<{ imported: number }> {
  const rates = await parseTaxRatesCsv(csv);
  await db.transaction().execute(async (trx) => {
    if (mode === 'replace') {
      const classes = [...new Set(rates.map((r) => r.taxClass))];
      await trx.deleteFrom('tax_rates').where('tax_class', 'in', classes).execute();
    }
    const last = await trx.selectFrom('tax_rates').select((eb) => eb.fn.max('position').as('max')).executeTakeFirst();
    const first = Number(last?.max ?? 0) + 1;
    for (let i = 0; i < rates.length; i += CHUNK) {
      const values = rates.slice(i, i + CHUNK).map((r, j) => ({
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
        position: first + i + j,
      }));
      await trx.insertInto('tax_rates').values(values).execute();
    }
  });
  return { imported: rates.length };
}
