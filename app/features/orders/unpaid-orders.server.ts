import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { repeat } from '../../lib/repeat.server.ts';
import type { Services } from '../../lib/services.server.ts';
import { getSettings } from '../settings/settings.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { trustedOrigin } from '../settings/origin.server.ts';
import { allGateways, gateway } from '../payments/gateway.ts';
import { kickWishlistAlerts } from '../wishlist/wishlist-alerts.server.ts';
import { notifyStatus } from './emails.server.ts';
import { transitionInTrx } from './order-status.server.ts';
import { getOrderAdmin } from './orders.server.ts';
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

/**
 * The order's gateway closes its open payment first (Stripe: the Checkout Session expired, the
 * PaymentIntent cancelled), so no payment arrives after the stock is given back. 'paid' when
 * the provider had the money after all (the gateway applied it: the order is not cancelled);
 * a message when the provider could not be asked (the order is cancelled, a late payment is
 * still recorded by its webhook); null when all is closed.
 */
async function closeAtProvider(services: Services, id: number): Promise<'paid' | string | null> {
  const order = await getOrderAdmin(services.db, id);
  const g = order ? gateway(order.paymentMethod) : undefined;
  if (!order || order.status !== 'pending' || !g?.beforeStatusChange) return null;
  try {
    await g.beforeStatusChange(order, 'cancelled', { settings: await getSettings(services.db), origin: (await trustedOrigin(services, null)) ?? '', services });
    return null;
  } catch (err) {
    if (err instanceof HttpError && err.code === 'paid_at_provider') {
      services.log.info({ orderId: id }, 'unpaid order not cancelled: paid at the provider meanwhile');
      return 'paid';
    }
    services.log.warn({ err, orderId: id }, 'payment provider could not close the payment of an unpaid order');
    return err instanceof Error ? err.message.slice(0, 200) : 'unknown error';
  }
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
    const stopped = await closeAtProvider(services, id);
    if (stopped === 'paid') continue;
    const from = await withTransaction(db, async (trx) => {
      if (!(await stillUnpaid(trx, id, before, waiting))) return null;
      const unreachable = stopped ? ` The payment provider could not be asked to close the payment (${stopped}); a payment that still arrives is recorded on the order.` : '';
      return transitionInTrx(trx, id, 'cancelled', { name: 'system' }, `Unpaid order cancelled: time limit reached (${minutes} minutes).${unreachable}`);
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
