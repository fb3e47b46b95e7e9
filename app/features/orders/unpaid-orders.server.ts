import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { repeat } from '../../lib/repeat.server.ts';
import type { Services } from '../../lib/services.server.ts';
import { getSettings } from '../admin/settings.server.ts';
import { allGateways } from '../payments/gateway.ts';
import { kickWishlistAlerts } from '../wishlist/wishlist-alerts.server.ts';
import { notifyStatus } from './emails.server.ts';
import { transitionInTrx } from './order-status.server.ts';
import { withTransaction } from './transaction.server.ts';

/*
 * WooCommerce's "Hold stock (minutes)" (settings.holdStockMinutes, Admin → Checkout and
 * payments): an order still pending payment that long after its last change — the shopper
 * left the provider's page, or never came back to pay — is cancelled, which gives its stock
 * and coupon uses back (transitionInTrx), leaves a note, is logged and sends the shop's
 * "cancelled order" e-mail. Orders of methods that wait on hold for money sent by other
 * means (bank transfer, cheque) are never cancelled, as in WooCommerce, even when someone
 * moved one back to pending. Each order is re-checked under its row lock, so a run on every
 * node at once (or twice) cancels and restocks each order once, and an order paid meanwhile
 * is left alone.
 */

/** Orders looked at per run: a long backlog is worked through over the next runs. */
const BATCH = 200;

/** Payment methods whose orders wait on hold (bank transfer, cheque): never cancelled for want of payment. */
const waitingMethods = () => allGateways().filter((g) => g.outcome?.status === 'on-hold').map((g) => g.id);

async function stillUnpaid(trx: DB, id: number, before: string, waiting: string[]): Promise<boolean> {
  const q = trx.selectFrom('orders').select(['status', 'updated_at', 'payment_method']).where('id', '=', id);
  const row = await (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirst();
  return !!row && row.status === 'pending' && row.updated_at < before && !waiting.includes(row.payment_method);
}

/** Cancels the orders pending payment for longer than the hold time before `now`; answers their ids (none when the hold time is 0). */
export async function cancelUnpaidOrders(services: Services, now: Date = new Date()): Promise<number[]> {
  const { db, log } = services;
  const minutes = (await getSettings(db)).holdStockMinutes;
  if (!minutes) return [];
  const before = new Date(now.getTime() - minutes * 60_000).toISOString();
  const waiting = waitingMethods();
  const due = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'pending')
    .where('updated_at', '<', before)
    .$if(waiting.length > 0, (q) => q.where('payment_method', 'not in', waiting))
    .orderBy('id')
    .limit(BATCH)
    .execute();
  const cancelled: number[] = [];
  for (const { id } of due) {
    const from = await withTransaction(db, async (trx) => {
      if (!(await stillUnpaid(trx, id, before, waiting))) return null;
      return transitionInTrx(trx, id, 'cancelled', { name: 'system' }, `Unpaid order cancelled: time limit reached (${minutes} minutes).`);
    });
    if (!from) continue;
    cancelled.push(id);
    log.info({ orderId: id, holdStockMinutes: minutes }, 'unpaid order cancelled: hold time reached, stock given back');
    notifyStatus(services, id, from, 'cancelled');
  }
  // Stock came back: wishlist "back in stock" alerts look in the background.
  if (cancelled.length) kickWishlistAlerts(services);
  return cancelled;
}

/** Runs the check at start and then every minute (one node per minute with Redis); the returned function stops it. */
export function scheduleUnpaidOrderCancel(services: Services, everyMs = 60_000): () => Promise<void> {
  return repeat(() => cancelUnpaidOrders(services), everyMs, (err) => services.log.error({ err }, 'cancelling unpaid orders failed'), 'cancel-unpaid-orders');
}
