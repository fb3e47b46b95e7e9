import { createHash } from 'node:crypto';
import type { Order as PayPalOrder } from '@paypal/paypal-server-sdk';
import { isPostgres } from '../../../../db/dialect.ts';
import { formatPrice } from '../../../lib/money.ts';
import type { Services } from '../../../lib/services.server.ts';
import { withTransaction } from '../../orders/transaction.server.ts';
import { getSettings } from '../../settings/settings.server.ts';
import { notifyStatus } from '../../orders/emails.server.ts';
import { insertNote, transitionInTrx } from '../../orders/order-status.server.ts';
import { canTransition, type OrderStatus } from '../../orders/orders.ts';
import { recordEventOnce } from '../events.server.ts';
import type { ReceivedEvent } from '../gateway.ts';
import { fromPayPalValue } from './paypal-amounts.ts';
import { PAYPAL_PROVIDER } from './paypal-client.server.ts';

/*
 * Applies what PayPal says of a payment to the order it belongs to, once per event id (the
 * webhook's, or a read's made of the state it found), in one transaction with the order locked:
 * the return page, the webhooks (in any order, repeated) and a capture racing them leave one
 * paid order. What to do is decided from the locked order and the PayPal order as PayPal has it.
 */

export const PAYPAL_ACTOR = { name: 'PayPal' };

/** `custom_id` of the PayPal order: our order id and a digest of its key, so another shop's PayPal order cannot touch ours. */
export const customIdFor = (order: { id: number; orderKey: string }) => `${order.id}-${createHash('sha256').update(order.orderKey).digest('hex').slice(0, 16)}`;

/** A PayPal order reduced to what decides the shop's order (from the SDK's answer or a webhook's JSON). */
export interface PayPalView {
  paypalOrderId: string;
  status: string;
  customId: string;
  capture: { id: string; status: string; value: string; currency: string } | null;
}

export function viewOfOrder(o: PayPalOrder): PayPalView {
  const unit = o.purchaseUnits?.[0];
  const cap = unit?.payments?.captures?.[0];
  return {
    paypalOrderId: o.id ?? '',
    status: o.status ?? '',
    customId: unit?.customId ?? '',
    capture: cap?.id ? { id: cap.id, status: cap.status ?? '', value: cap.amount?.value ?? '', currency: cap.amount?.currencyCode ?? '' } : null,
  };
}

type Row = { id: number; status: OrderStatus; total: number; currency: string; transaction_id: string | null };
interface Plan {
  to?: OrderStatus;
  note?: string;
  transactionId?: string;
}

const CAPTURED = ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'];

function plan(o: Row, v: PayPalView, money: (minor: number) => string): Plan {
  const cap = v.capture;
  const paid = ['processing', 'completed', 'refunded'].includes(o.status);
  if (cap && (CAPTURED.includes(cap.status) || cap.status === 'PENDING')) {
    const ours = o.transaction_id === cap.id || o.transaction_id === v.paypalOrderId;
    const got = fromPayPalValue(cap.value, cap.currency);
    const shown = got === null ? `${cap.value} ${cap.currency}` : money(got);
    if (!ours && (paid || o.status === 'on-hold')) return { note: `A second PayPal payment (${cap.id}, ${shown}) was made for this order, which is paid through ${o.transaction_id}: refund one of them in PayPal.` };
    if (paid || (o.status === 'on-hold' && o.transaction_id === cap.id && cap.status !== 'COMPLETED')) return {};
    if (o.status === 'on-hold' && o.transaction_id === cap.id && (cap.currency !== o.currency || got !== o.total)) return {};
    if (!canTransition(o.status, 'processing')) return { note: `PayPal reports a payment of ${shown} (${cap.id}) for this ${o.status} order: refund it in PayPal.` };
    if (cap.status === 'PENDING') return { to: 'on-hold', transactionId: cap.id, note: `PayPal holds the payment of ${shown} (${cap.id}) for review: the order moves on when PayPal completes it.` };
    if (cap.currency !== o.currency || got !== o.total) {
      return { to: 'on-hold', transactionId: cap.id, note: `PayPal captured ${shown} (${cap.id}) but the order total is ${money(o.total)}: check the payment before sending the order.` };
    }
    return { to: 'processing', transactionId: cap.id, note: `PayPal payment of ${shown} captured (${cap.id}).` };
  }
  if (cap && (cap.status === 'DECLINED' || cap.status === 'FAILED')) {
    if (paid || !(o.transaction_id === cap.id || o.transaction_id === v.paypalOrderId)) return {};
    return canTransition(o.status, 'failed') ? { to: 'failed', transactionId: cap.id, note: `PayPal denied the payment (${cap.id}).` } : {};
  }
  if (v.status === 'VOIDED' && !paid) return { note: `The PayPal order ${v.paypalOrderId} was voided; the order waits for another try.` };
  return {};
}

/** The shop's order a PayPal order names (its custom_id), or null when it is not one of ours. */
export async function orderOfCustomId(services: Services, customId: string): Promise<{ id: number; order_key: string; transaction_id: string | null } | null> {
  const id = Number(/^(\d{1,15})-[0-9a-f]{16}$/.exec(customId)?.[1]);
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const row = await services.db.selectFrom('orders').select(['id', 'order_key', 'payment_method', 'transaction_id']).where('id', '=', id).executeTakeFirst();
  if (!row || row.payment_method !== PAYPAL_PROVIDER || customIdFor({ id: row.id, orderKey: row.order_key }) !== customId) return null;
  return row;
}

/** Applies the PayPal order to the shop's order its custom_id names; `event.id` makes it once. */
export async function applyPayPal(services: Services, v: PayPalView, event: { id: string; type: string }): Promise<ReceivedEvent> {
  const known = await orderOfCustomId(services, v.customId);
  if (!known) {
    services.log.warn({ paypalOrder: v.paypalOrderId, event: event.id, type: event.type }, 'PayPal event for a payment this shop does not know; ignored');
    return { orderId: null, status: null, applied: false };
  }
  const orderId = known.id;
  const settings = await getSettings(services.db);
  let change: { from: OrderStatus; to: OrderStatus } | null = null;
  const result = await withTransaction(services.db, async (trx) => {
    change = null;
    const q = trx.selectFrom('orders').select(['id', 'status', 'total', 'currency', 'transaction_id']).where('id', '=', orderId);
    const o = (await (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirstOrThrow()) as Row;
    const money = (minor: number) => formatPrice(minor, { ...settings, currency: o.currency });
    const p = plan(o, v, money);
    const summary = `${v.paypalOrderId} ${v.status}${v.capture ? ` capture ${v.capture.id} ${v.capture.status} ${v.capture.value} ${v.capture.currency}` : ''}${p.to ? ` → ${p.to}` : ''}`;
    if (!(await recordEventOnce(trx, { provider: PAYPAL_PROVIDER, eventId: event.id, orderId, type: event.type, summary }))) return { applied: false, status: o.status };
    let status = o.status;
    if (p.to && p.to !== o.status) {
      const from = await transitionInTrx(trx, orderId, p.to, PAYPAL_ACTOR, p.note, { transactionId: p.transactionId });
      if (from) change = { from, to: p.to };
      status = p.to;
    } else if (p.note) {
      await insertNote(trx, orderId, p.note, false, PAYPAL_ACTOR.name);
    }
    return { applied: true, status };
  });
  const done = change as { from: OrderStatus; to: OrderStatus } | null;
  if (done) notifyStatus(services, orderId, done.from, done.to);
  return { orderId, status: result.status, applied: result.applied };
}

/** A private note on the order (and a timeline entry), once per event id; no status change. */
export async function notePayPal(services: Services, orderId: number, event: { id: string; type: string }, note: string): Promise<void> {
  await withTransaction(services.db, async (trx) => {
    if (await recordEventOnce(trx, { provider: PAYPAL_PROVIDER, eventId: event.id, orderId, type: event.type, summary: note })) await insertNote(trx, orderId, note, false, PAYPAL_ACTOR.name);
  });
}
