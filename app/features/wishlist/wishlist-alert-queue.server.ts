import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';

/*
 * The wishlist alerts' queue (see wishlist-alerts.server.ts), kept apart so the catalog's
 * write side can fill it without depending on the rest of the wishlist feature.
 */

/** In the catalog write's transaction: remember the products of `ids` that are in a wishlist. */
export async function queueWishlistAlerts(db: DB, ids: number[] | 'all'): Promise<void> {
  if (ids !== 'all' && ids.length === 0) return;
  // SQLite needs a WHERE in an INSERT … SELECT … ON CONFLICT (else ON reads as a join's).
  const items = db
    .selectFrom('wishlist_items')
    .select('product_id')
    .distinct()
    .where(ids === 'all' ? sql<boolean>`1 = 1` : sql<boolean>`product_id IN (${sql.join(ids)})`);
  await db
    .insertInto('wishlist_alert_queue')
    .columns(['product_id'])
    .expression(items)
    .onConflict((oc) => oc.column('product_id').doNothing())
    .execute();
}
