import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * Online payment providers (app/features/payments): their secret keys, sealed with the shop's
 * secret and kept apart from the store settings (which pages and answers read), and the
 * events they sent, one row per provider event id: the unique key is what makes a repeated
 * webhook a no-op, written in the transaction that applies the event. The rows are also the
 * order page's payment timeline.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('payment_secrets')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    /** AES-256-GCM: iv.tag.data, base64url. */
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_secrets_pk', ['provider', 'name'])
    .execute();
  await db.schema
    .createTable('payment_events')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payment_events_once', ['provider', 'event_id'])
    .execute();
  await db.schema.createIndex('payment_events_order').on('payment_events').columns(['order_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_events').ifExists().execute();
  await db.schema.dropTable('payment_secrets').ifExists().execute();
}
