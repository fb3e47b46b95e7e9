import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseInput } from '../../lib/validate.ts';
import { DEFAULT_TAX_CLASSES, formatRatePercent, taxRateInputSchema } from './tax.schema.ts';

/* Tax rates for the admin: list by class, add, edit, delete. */

/** The standard, reduced and zero classes plus any other class a rate uses, standard first. */
export async function taxClasses(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('tax_rates').select('tax_class').distinct().execute();
  const extra = rows.map((r) => r.tax_class).filter((c) => !(DEFAULT_TAX_CLASSES as readonly string[]).includes(c));
  return [...DEFAULT_TAX_CLASSES, ...extra.sort()];
}

/** A class's rates in matching order, with the rate as typed ("8.875") for forms and tables. */
export async function listTaxRates(db: DB, taxClass: string) {
  const rows = await db
    .selectFrom('tax_rates')
    .select(['id', 'country', 'state', 'postcodes', 'cities', 'rate', 'name', 'priority', 'compound', 'shipping', 'tax_class'])
    .where('tax_class', '=', taxClass)
    .orderBy('priority')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    country: r.country,
    state: r.state,
    postcodes: r.postcodes,
    cities: r.cities,
    rate: formatRatePercent(r.rate),
    name: r.name,
    priority: r.priority,
    compound: r.compound === 1,
    shipping: r.shipping === 1,
    taxClass: r.tax_class,
  }));
}
export type TaxRateView = Awaited<ReturnType<typeof listTaxRates>>[number];

/** Adds (id null) or updates a rate from form input; a new rate goes last in matching order. */
export async function saveTaxRate(db: DB, id: number | null, input: unknown): Promise<number> {
  const r = parseInput(taxRateInputSchema, input);
  const values = {
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
  if (id !== null) {
    const res = await db.updateTable('tax_rates').set(values).where('id', '=', id).executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw new HttpError(404, 'not_found', 'No such tax rate.');
    return id;
  }
  const last = await db.selectFrom('tax_rates').select((eb) => eb.fn.max('position').as('max')).executeTakeFirst();
  const row = await db
    .insertInto('tax_rates')
    .values({ ...values, position: Number(last?.max ?? 0) + 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteTaxRate(db: DB, id: number): Promise<void> {
  await db.deleteFrom('tax_rates').where('id', '=', id).execute();
}
