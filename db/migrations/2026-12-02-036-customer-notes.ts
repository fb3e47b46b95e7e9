import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * Private notes on a customer (back office → Customers): staff only, never shown to the
 * customer. A note on an account names it (`user_id`, deleted with the account); a note on
 * a guest buyer names their e-mail address (lowercased) with no account, and shows under the
 * account once the guest registers with that address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const table = db.schema.createTable('customer_notes');
  await (isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // Kept as written, so the note still says who wrote it once that account is gone.
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customer_notes_user').on('customer_notes').column('user_id').execute();
  await db.schema.createIndex('customer_notes_email').on('customer_notes').column('email').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('customer_notes').ifExists().execute();
}
