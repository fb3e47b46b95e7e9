import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { HttpError } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import type { CartCustomer } from '../cart/contracts.ts';
import type { Coupon } from './coupons.schema.ts';
import { customerKeys, usesBy } from './usages.server.ts';

/*
 * Claiming coupon uses when an order is placed, without races. Each coupon row is locked
 * before its limits are read: SELECT … FOR UPDATE on PostgreSQL; on SQLite a no-op UPDATE
 * of the row, which takes the database's write lock (held to the end of the transaction,
 * so a second writer waits on busy_timeout instead of reading a stale count). With the
 * lock held, the usage count and the customer's usages are read fresh, then written.
 * Coupons are locked in id order so two orders with the same coupons cannot deadlock.
 */

interface Locked {
  id: number;
  code: string;
  usage_limit: number | null;
  usage_limit_per_user: number | null;
  usage_count: number;
}

async function lockCoupon(trx: DB, id: number): Promise<Locked | undefined> {
  const columns = ['id', 'code', 'usage_limit', 'usage_limit_per_user', 'usage_count'] as const;
  if (isPostgres(trx)) {
    return trx.selectFrom('coupons').select(columns).where('id', '=', id).forUpdate().executeTakeFirst();
  }
  await trx.updateTable('coupons').set({ usage_count: sql<number>`usage_count` }).where('id', '=', id).execute();
  return trx.selectFrom('coupons').select(columns).where('id', '=', id).executeTakeFirst();
}

const limitReached = (message: string) => new HttpError(409, 'coupon_limit', message);

/**
 * At order placement (inside the caller's transaction `trx`): claims one use of each
 * coupon. Throws HttpError(409, 'coupon_limit') when a limit is reached (or the coupon
 * was deleted meanwhile); every check runs before the first write, so nothing is written
 * then even if the caller went on to commit. Given a plain DB, it runs in its own transaction.
 */
export async function redeemCoupons(trx: DB, coupons: Coupon[], customer: CartCustomer, orderId: number | null): Promise<void> {
  // The row locks only last as long as a transaction; outside one, make one.
  if (!trx.isTransaction) return trx.transaction().execute((t) => redeemCoupons(t, coupons, customer, orderId));
  const keys = customerKeys(customer);
  const unique = [...new Map(coupons.map((c) => [c.id, c])).values()].sort((a, b) => a.id - b.id);
  for (const coupon of unique) {
    const row = await lockCoupon(trx, coupon.id);
    const name = `"${row?.code ?? coupon.code}"`;
    if (!row) throw limitReached(`Coupon ${name} is no longer available.`);
    if (row.usage_limit != null && row.usage_count >= row.usage_limit) throw limitReached(`Coupon ${name} has reached its usage limit.`);
    if (row.usage_limit_per_user != null) {
      // Without a user or an address a per-customer limit could not be kept.
      if (keys.length === 0) throw limitReached(`Coupon ${name} needs your e-mail address.`);
      if ((await usesBy(trx, row.id, customer)) >= row.usage_limit_per_user) {
        throw limitReached(`You have already used coupon ${name} as many times as it allows.`);
      }
    }
  }
  const now = nowIso();
  for (const coupon of unique) {
    // Conditional as well, so even a caller outside a transaction cannot overshoot the limit.
    const res = await trx
      .updateTable('coupons')
      .set({ usage_count: sql<number>`usage_count + 1`, updated_at: now })
      .where('id', '=', coupon.id)
      .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('usage_count', '<', eb.ref('usage_limit'))]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw limitReached(`Coupon "${coupon.code}" has reached its usage limit.`);
    await trx
      .insertInto('coupon_usages')
      .values({ coupon_id: coupon.id, customer: keys[0] ?? 'guest', order_id: orderId, created_at: now })
      .execute();
  }
}

/** Gives back the uses of an order (cancel/refund). Releasing twice gives back nothing more. */
export async function releaseCoupons(trx: DB, orderId: number): Promise<void> {
  if (!trx.isTransaction) return trx.transaction().execute((t) => releaseCoupons(t, orderId));
  const usages = await trx
    .selectFrom('coupon_usages')
    .select(['coupon_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('order_id', '=', orderId)
    .groupBy('coupon_id')
    .execute();
  if (usages.length === 0) return;
  const now = nowIso();
  for (const u of usages.sort((a, b) => a.coupon_id - b.coupon_id)) {
    const n = Number(u.n);
    await trx
      .updateTable('coupons')
      .set({ usage_count: sql<number>`case when usage_count > ${n} then usage_count - ${n} else 0 end`, updated_at: now })
      .where('id', '=', u.coupon_id)
      .execute();
  }
  await trx.deleteFrom('coupon_usages').where('order_id', '=', orderId).execute();
}
