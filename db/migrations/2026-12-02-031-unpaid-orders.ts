import type { Kysely } from 'kysely';

/*
 * The hold-time job (app/features/orders/unpaid-orders.server.ts) asks every minute for the
 * orders pending payment since before a moment: by status, then last change.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_status_updated').on('orders').columns(['status', 'updated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_status_updated').ifExists().execute();
}
