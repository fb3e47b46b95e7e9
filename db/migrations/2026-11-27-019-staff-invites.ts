import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * Staff invitations (back office → Staff accounts): an administrator invites someone by
 * e-mail with a role; the mail carries a single-use link whose token is stored only as its
 * SHA-256. Accepting creates the account and deletes the row, so a link works once; a
 * revoked invitation is deleted too. One pending invitation per address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const table = db.schema.createTable('staff_invites');
  await (isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    // One of the staff roles (shop_manager, editor, operator, admin).
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    // The latest (re)send; a resend replaces the token and moves expires_at.
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_invites').ifExists().execute();
}
