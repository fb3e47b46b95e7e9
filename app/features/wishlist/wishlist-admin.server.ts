import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseJson } from '../../lib/json.ts';
import { ADMIN_AREAS } from '../account/admin-access.ts';
import { ESTIMATE_STATUSES } from './wishlist.schema.ts';

/** Staff who see wishlists and the estimate inbox (a row of the one access table). */
export const WISHLIST_ADMIN_ROLES = ADMIN_AREAS.wishlists;

/** The products in the most lists, with how many lists hold them. */
export function mostWished(db: DB, limit = 20) {
  return db
    .selectFrom('wishlist_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select(['p.id', 'p.name', 'p.slug', sql<number>`count(distinct i.wishlist_id)`.as('lists')])
    .groupBy(['p.id', 'p.name', 'p.slug'])
    .orderBy('lists', 'desc')
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/** Every list with its owner (an account's e-mail, or "guest") and its items' names. */
export async function listsByShopper(db: DB, limit = 100) {
  const lists = await db
    .selectFrom('wishlists as w')
    .leftJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.id', 'w.token', 'w.name', 'w.visibility', 'w.is_default', 'w.updated_at', 'u.email'])
    .orderBy('u.email')
    .orderBy('w.id')
    .limit(limit)
    .execute();
  const items = lists.length
    ? await db
        .selectFrom('wishlist_items as i')
        .innerJoin('products as p', 'p.id', 'i.product_id')
        .select(['i.wishlist_id', 'p.name', 'i.quantity'])
        .where('i.wishlist_id', 'in', lists.map((l) => l.id))
        .orderBy('i.position')
        .execute()
    : [];
  return lists.map((l) => ({ ...l, owner: l.email ?? 'guest', items: items.filter((i) => i.wishlist_id === l.id) }));
}

export async function estimateInbox(db: DB, limit = 100) {
  const rows = await db.selectFrom('wishlist_estimates').selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    ...r,
    items: parseJson<{ name: string; quantity: number }[]>(r.items, []),
    extra: parseJson<Record<string, string>>(r.extra, {}),
  }));
}

export async function setEstimateStatus(db: DB, id: number, status: string): Promise<void> {
  if (!(ESTIMATE_STATUSES as readonly string[]).includes(status) || !Number.isInteger(id)) throw new HttpError(400, 'invalid', 'Unknown status.');
  const r = await db.updateTable('wishlist_estimates').set({ status }).where('id', '=', id).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw new HttpError(404, 'not_found', 'No such estimate request.');
}
