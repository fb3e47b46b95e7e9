import { cached } from '../../lib/store-cache.server.ts';
import type { DB } from '../../../db/client.ts';
import type { Location } from '../cart/contracts.ts';
import { anyPostcodeMatches, splitList } from '../shipping/postcodes.ts';
import type { TaxRate } from './tax-math.ts';
import type { StoredTaxRate } from './tax-csv.ts';

// The contract's entry points live in smaller files beside this one (the arithmetic is pure,
// so tests and browsers can use it without a database); they are exported here too.
export { calcTax, roundTax } from './tax-math.ts';
export { importTaxRatesCsv } from './tax-csv.server.ts';
export type { TaxRate } from './tax-math.ts';

type Row = StoredTaxRate & { id: number };

export function toTaxRate(r: Row): TaxRate {
  return {
    id: r.id,
    country: r.country,
    state: r.state,
    rate: r.rate / 10000,
    name: r.name,
    priority: r.priority,
    compound: r.compound === 1,
    shipping: r.shipping === 1,
    taxClass: r.tax_class,
  };
}

/** Whether a rate's postcode and city lists (empty = any) take in the location. */
export function rateCoversPlace(r: Pick<Row, 'postcodes' | 'cities'>, location: Location): boolean {
  const postcodes = splitList(r.postcodes);
  if (postcodes.length > 0 && !anyPostcodeMatches(postcodes, location.postcode)) return false;
  const cities = splitList(r.cities).map((c) => c.toUpperCase());
  return cities.length === 0 || cities.includes(location.city.trim().toUpperCase());
}

/**
 * The rates of a tax class for a location, as WooCommerce matches them: country ('' = any),
 * state ('' = any), postcodes and cities must match; rates are taken by priority and, within a
 * priority, only the first by position applies.
 */
export function findTaxRates(db: DB, location: Location, taxClass: string): Promise<TaxRate[]> {
  const key = `tax:${taxClass}|${location.country}|${location.state}|${location.postcode}|${location.city}`;
  return cached(db, key.toUpperCase(), () => loadTaxRates(db, location, taxClass));
}

async function loadTaxRates(db: DB, location: Location, taxClass: string): Promise<TaxRate[]> {
  const country = location.country.trim().toUpperCase();
  const state = location.state.trim().toUpperCase();
  const rows = await db
    .selectFrom('tax_rates')
    .select(['id', 'country', 'state', 'postcodes', 'cities', 'rate', 'name', 'priority', 'compound', 'shipping', 'tax_class'])
    .where('tax_class', '=', taxClass)
    .where('country', 'in', country ? [country, ''] : [''])
    .where('state', 'in', state ? [state, ''] : [''])
    .orderBy('priority')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const seen = new Set<number>();
  const out: TaxRate[] = [];
  for (const r of rows) {
    if (seen.has(r.priority) || !rateCoversPlace(r, location)) continue;
    seen.add(r.priority);
    out.push(toTaxRate(r));
  }
  return out;
}
