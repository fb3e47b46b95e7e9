import type { DB } from '../../../db/client.ts';

/*
 * A provider's events, one row per (provider, event id) (migration 029). `recordEventOnce` runs
 * inside the transaction that applies the event: a repeat finds the row and changes nothing, and
 * two deliveries at once are settled by the unique key (the second waits, then finds it). The
 * rows are the payment's timeline on the admin order page.
 */

export interface PaymentEvent {
  id: number;
  provider: string;
  eventId: string;
  type: string;
  summary: string;
  createdAt: string;
}

/** True when this is the first time the event is seen (and it is now recorded). */
export async function recordEventOnce(trx: DB, e: { provider: string; eventId: string; orderId: number | null; type: string; summary: string }): Promise<boolean> {
  const row = await trx
    .insertInto('payment_events')
    .values({ provider: e.provider, event_id: e.eventId, order_id: e.orderId, type: e.type, summary: e.summary.slice(0, 500), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

export async function eventSeen(db: DB, provider: string, eventId: string): Promise<boolean> {
  return !!(await db.selectFrom('payment_events').select('id').where('provider', '=', provider).where('event_id', '=', eventId).executeTakeFirst());
}

/** The order's payment timeline, oldest first. */
export async function orderPaymentEvents(db: DB, orderId: number): Promise<PaymentEvent[]> {
  const rows = await db.selectFrom('payment_events').selectAll().where('order_id', '=', orderId).orderBy('id').limit(200).execute();
  return rows.map((r) => ({ id: r.id, provider: r.provider, eventId: r.event_id, type: r.type, summary: r.summary, createdAt: r.created_at }));
}
