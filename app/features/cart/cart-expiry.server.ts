import type { DB } from '../../../db/client.ts';
import { repeat } from '../../lib/repeat.server.ts';

/**
 * A guest cart left unchanged this long is removed with its lines (the cart cookie lasts as
 * long). Carts of accounts are kept: a customer finds theirs at the next login.
 */
export const GUEST_CART_DAYS = 30;
const DAY_MS = 86_400_000;
/** Carts removed per statement: a long backlog does not hold the database in one go. */
const BATCH = 500;

/** Removes the guest carts unchanged for GUEST_CART_DAYS before `now`; answers how many. */
export async function removeStaleCarts(db: DB, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - GUEST_CART_DAYS * DAY_MS).toISOString();
  let removed = 0;
  for (;;) {
    const stale = db.selectFrom('carts').select('id').where('user_id', 'is', null).where('updated_at', '<', before).limit(BATCH);
    // Lines go with their cart (ON DELETE CASCADE), in the same statement.
    const { numDeletedRows } = await db.deleteFrom('carts').where('id', 'in', stale).executeTakeFirst();
    removed += Number(numDeletedRows);
    if (Number(numDeletedRows) < BATCH) return removed;
  }
}

/** Removes stale guest carts at start and then every hour; the returned function stops it. */
export function scheduleCartExpiry(db: DB, onError: (err: unknown) => void, everyMs = 3_600_000): () => Promise<void> {
  return repeat(() => removeStaleCarts(db), everyMs, onError, 'cart-expiry');
}
