import type { DB } from '../../../db/client.ts';
import { recomputeProducts } from './catalog-write.server.ts';
import { repeat } from '../../lib/repeat.server.ts';

/**
 * Sales with dates start and end with the clock, without any write. Listing columns
 * (`min_price`, `max_price`: sorting, the price filter, the sale badge query) are computed
 * at write time, so the products whose sale started or ended since the last check are
 * recomputed — which also moves the store version, so every cache drops the old prices.
 */
export const SALES_CHECKED_KEY = 'cache.sales_checked_at';

export async function applyScheduledSales(db: DB, now: Date = new Date()): Promise<number[]> {
  const until = now.toISOString();
  const row = await db.selectFrom('settings').select('value').where('key', '=', SALES_CHECKED_KEY).executeTakeFirst();
  // First run: look back a day (a shop that was stopped over a sale's start still catches it).
  const since = row?.value ?? new Date(now.getTime() - 86_400_000).toISOString();
  const crossed = (column: 'sale_from' | 'sale_to') =>
    [
      db.selectFrom('products').select('id').where(column, '>', since).where(column, '<=', until),
      db.selectFrom('product_variations').select('product_id as id').where(column, '>', since).where(column, '<=', until),
    ] as const;
  const [a, b] = crossed('sale_from');
  const [c, d] = crossed('sale_to');
  const rows = await a.union(b).union(c).union(d).execute();
  const ids = [...new Set(rows.map((r) => r.id))];
  await recomputeProducts(db, ids);
  await db
    .insertInto('settings')
    .values({ key: SALES_CHECKED_KEY, value: until })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: until }))
    .execute();
  return ids;
}

/** Checks once a minute while the app runs; the returned function stops it (after a check under way). */
export function scheduleSales(db: DB, onError: (err: unknown) => void, everyMs = 60_000): () => Promise<void> {
  return repeat(() => applyScheduledSales(db), everyMs, onError, 'scheduled-sales');
}
