import type { DB } from '../../../db/client.ts';
import { keyReused } from '../../lib/idempotency.server.ts';
import type { Services, SessionUser } from '../../lib/services.server.ts';
import { createSession } from '../account/session.server.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import { trustedOrigin } from '../settings/origin.server.ts';
import { paymentInstructions, type PaymentResult } from '../payments/payments.server.ts';
import { kickStockAlerts } from '../stock/stock-alerts.server.ts';
import { kickWishlistAlerts } from '../wishlist/wishlist-alerts.server.ts';
import { notifyAccountCreated, notifyStatus } from './emails.server.ts';
import { insertNote, transitionInTrx } from './order-status.server.ts';
import { getOrderAdmin, loadOrder } from './orders.server.ts';
import { receivedUrl, type OrderDetail, type OrderStatus } from './orders.ts';
import type { PlaceOrderRequest, PlaceOrderResult, Validated } from './placement-request.server.ts';
import { withTransaction } from './transaction.server.ts';

/*
 * Answering a checkout: a repeat of an earlier request (same Idempotency-Key) gets its order
 * again; a new order, once committed, has its payment taken by the gateway, its e-mails and
 * alerts sent, and comes back with what the received page shows.
 */

/** An earlier order placed with this key: the same request gets it again, a different one is refused. */
export async function replay(db: DB, key: string, hash: string): Promise<OrderDetail | null> {
  const row = await db.selectFrom('orders').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== hash) {
    throw keyReused();
  }
  return loadOrder(db, row);
}

/** The answer to a repeated request: the earlier order as it is now. */
export function replayed(order: OrderDetail, settings: StoreSettings): PlaceOrderResult {
  return {
    order,
    replayed: true,
    payment: { status: order.status === 'failed' ? 'failed' : order.status === 'pending' ? 'pending' : order.status === 'on-hold' ? 'on-hold' : 'processing', redirect: order.receivedUrl },
    instructions: paymentInstructions(order, settings),
    account: null,
  };
}

/** What the transaction left for after the commit. */
export interface Placed {
  orderId: number;
  /** An offline method's outcome, written with the order. */
  settled: PaymentResult | null;
  /** That order as written (its answer needs no read). */
  written: OrderDetail | null;
  soldOut: boolean;
  stockAlerts: boolean;
  /** The account created at checkout. */
  created: SessionUser | null;
}

/** After the commit: the payment, the e-mails and alerts, and the checkout's answer. */
export async function answerPlaced(services: Services, req: PlaceOrderRequest, settings: StoreSettings, v: Validated, { orderId, settled, written, soldOut, stockAlerts, created }: Placed): Promise<PlaceOrderResult> {
  // After the commit: the gateway takes the payment; its answer sets the status (an offline
  // method's is set already, its e-mails still to send).
  let result: PaymentResult;
  let from: OrderStatus | null;
  if (settled) {
    result = settled;
    from = 'pending';
  } else {
    try {
      result = v.gateway.outcome ?? (await v.gateway.process((await getOrderAdmin(services.db, orderId))!, { settings, origin: (await trustedOrigin(services, req.requestOrigin)) ?? '', services }));
    } catch (err) {
      services.log.error({ err, orderId }, 'payment gateway failed');
      result = { status: 'failed', message: 'The payment could not be taken. Please try again or choose another payment method.', note: 'Payment error.' };
    }
    from = await applyPaymentResult(services, orderId, result, v.gateway.id);
  }
  const order = (written as OrderDetail | null) ?? (await getOrderAdmin(services.db, orderId))!;
  if (from) notifyStatus(services, orderId, from, result.status, { order, settings });
  if (soldOut) kickWishlistAlerts(services);
  if (stockAlerts) kickStockAlerts(services);
  let account: PlaceOrderResult['account'] = null;
  if (created) {
    const u = created as SessionUser;
    account = { user: u, token: await createSession(services.db, u.id) };
    notifyAccountCreated(services, u.email, u.name);
  }
  const publicOrder = { ...order, notes: order.notes.filter((n) => n.customerNote) };
  return {
    order: publicOrder,
    replayed: false,
    payment: { status: result.status, redirect: result.redirect ?? receivedUrl(order.id, order.orderKey), message: result.message },
    instructions: paymentInstructions(order, settings),
    account,
  };
}

/** Applies what a gateway said about a payment (checkout, webhook). Returns the previous status when it changed. */
export async function applyPaymentResult(services: Services, orderId: number, result: Pick<PaymentResult, 'status' | 'transactionId' | 'note'>, by: string) {
  if (result.status === 'pending') {
    if (result.note || result.transactionId) {
      await withTransaction(services.db, async (trx) => {
        if (result.transactionId) await trx.updateTable('orders').set({ transaction_id: result.transactionId }).where('id', '=', orderId).execute();
        if (result.note) await insertNote(trx, orderId, result.note, false, by);
      });
    }
    return null;
  }
  return withTransaction(services.db, (trx) => transitionInTrx(trx, orderId, result.status, { name: by }, result.note, { transactionId: result.transactionId }));
}
