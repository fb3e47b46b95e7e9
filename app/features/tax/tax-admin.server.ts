import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { bulkIdsSchema, contains, pageWindow } from '../../lib/list-query.ts';
import { parseInput } from '../../lib/validate.ts';
import { storedTaxRate } from './tax-csv.ts';
import { DEFAULT_TAX_CLASSES, formatRatePercent, taxRateInputSchema, taxRateListQuerySchema, type TaxRateListQuery } from './tax.schema.ts';

/* Tax rates for the admin: list by class (search, sort, pages), add, edit, delete (one or several). */

export const TAX_RATES_PER_PAGE = 50;

export const parseTaxRateListQuery = (params: URLSearchParams): TaxRateListQuery => taxRateListQuerySchema.parse(Object.fromEntries(params));

/** The standard, reduced and zero classes plus any other class a rate uses, standard first. */
export async function taxClasses(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('tax_rates').select('tax_class').distinct().execute();
  const extra = rows.map((r) => r.tax_class).filter((c) => !(DEFAULT_TAX_CLASSES as readonly string[]).includes(c));
  return [...DEFAULT_TAX_CLASSES, ...extra.sort()];
}

/**
 * One page of a class's rates the query picks (matching order unless sorted otherwise), with
 * the rate as typed ("8.875") for forms and tables, and how many the query picks in all.
 */
export async function listTaxRates(db: DB, query: TaxRateListQuery) {
  let base = db.selectFrom('tax_rates').where('tax_class', '=', query.class);
  if (query.q) base = base.where((eb) => eb.or([contains(sql`tax_rates.country`, query.q), contains(sql`tax_rates.state`, query.q), contains(sql`tax_rates.name`, query.q)]));
  const total = Number((await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  const { page, pages, offset, limit } = pageWindow(total, query.page, TAX_RATES_PER_PAGE);
  let ordered = base.select(['id', 'country', 'state', 'postcodes', 'cities', 'rate', 'name', 'priority', 'compound', 'shipping', 'tax_class']);
  if (query.sort === 'country') ordered = ordered.orderBy('country', query.dir).orderBy('state', query.dir);
  else if (query.sort === 'rate') ordered = ordered.orderBy('rate', query.dir);
  else if (query.sort === 'name') ordered = ordered.orderBy(sql`lower(tax_rates.name)`, query.dir);
  // Matching order breaks ties (and is the order itself): pages neither repeat nor skip a rate.
  const dir = query.sort === 'order' ? query.dir : 'asc';
  const rows = await ordered.orderBy('priority', dir).orderBy('position', dir).orderBy('id', dir).limit(limit).offset(offset).execute();
  const rates = rows.map((r) => ({
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
  return { rates, total, page, pages };
}
export type TaxRateView = Awaited<ReturnType<typeof listTaxRates>>['rates'][number];

/** Adds (id null) or updates a rate from form input; a new rate goes last in matching order. */
export async function saveTaxRate(db: DB, id: number | null, input: unknown): Promise<number> {
  const r = parseInput(taxRateInputSchema, input);
  const values = storedTaxRate(r);
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

/** Deletes the chosen rates, all or none (404 when one is gone). */
export async function deleteTaxRates(db: DB, input: unknown): Promise<{ count: number }> {
  const ids = parseInput(bulkIdsSchema('rate'), input);
  return db.transaction().execute(async (trx) => {
    const res = await trx.deleteFrom('tax_rates').where('id', 'in', ids).executeTakeFirst();
    if (Number(res.numDeletedRows) !== ids.length) throw new HttpError(404, 'not_found', 'Some of these rates no longer exist. Reload the list.');
    return { count: ids.length };
  });
}
