import type { DB } from '../../../db/client.ts';
import { CSV_HEADER_LINE, parseTaxRatesCsv, storedTaxRate, taxRateCsvLine, type StoredTaxRate } from './tax-csv.ts';

export { CSV_COLUMNS, MAX_CSV_ROWS, parseTaxRatesCsv } from './tax-csv.ts';

/** Rows per INSERT: PostgreSQL allows 65,535 parameters a statement. */
const CHUNK = 500;
/** Rates read per query while exporting. */
const PAGE = 1000;

/**
 * Imports WooCommerce's tax-rate CSV in one transaction: all rows or none. `replace` first
 * deletes the existing rates of every tax class the file contains.
 */
export async function importTaxRatesCsv(
  db: DB,
  csv: string | AsyncIterable<string | Uint8Array>,
  mode: 'append' | 'replace' = 'append',
): Promise<{ imported: number }> {
  const rates = await parseTaxRatesCsv(csv);
  await db.transaction().execute(async (trx) => {
    if (mode === 'replace') {
      const classes = [...new Set(rates.map((r) => r.taxClass))];
      await trx.deleteFrom('tax_rates').where('tax_class', 'in', classes).execute();
    }
    const last = await trx.selectFrom('tax_rates').select((eb) => eb.fn.max('position').as('max')).executeTakeFirst();
    const first = Number(last?.max ?? 0) + 1;
    for (let i = 0; i < rates.length; i += CHUNK) {
      const values = rates.slice(i, i + CHUNK).map((r, j) => ({ ...storedTaxRate(r), position: first + i + j }));
      await trx.insertInto('tax_rates').values(values).execute();
    }
  });
  return { imported: rates.length };
}

/**
 * The rates of one class (or every class) as WooCommerce's export writes them, header first,
 * class by class in matching order. Read a page at a time from where the last page ended
 * (not by offset), so a long table costs one index seek per page.
 */
export async function* exportTaxRatesCsv(db: DB, taxClass?: string): AsyncGenerator<string> {
  yield CSV_HEADER_LINE;
  let after: { tax_class: string; position: number; id: number } | null = null;
  for (;;) {
    let query = db.selectFrom('tax_rates').select(['id', 'country', 'state', 'postcodes', 'cities', 'rate', 'name', 'priority', 'compound', 'shipping', 'tax_class', 'position']);
    if (taxClass !== undefined) query = query.where('tax_class', '=', taxClass);
    if (after) {
      const from: { tax_class: string; position: number; id: number } = after;
      query = query.where((eb) => eb(eb.refTuple('tax_class', 'position', 'id'), '>', eb.tuple(from.tax_class, from.position, from.id)));
    }
    const rows = await query.orderBy('tax_class').orderBy('position').orderBy('id').limit(PAGE).execute();
    if (rows.length === 0) return;
    yield rows.map((r: StoredTaxRate) => taxRateCsvLine(r)).join('');
    const end = rows[rows.length - 1]!;
    after = { tax_class: end.tax_class, position: end.position, id: end.id };
    if (rows.length < PAGE) return;
  }
}
