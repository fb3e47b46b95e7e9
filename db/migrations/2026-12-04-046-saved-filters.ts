import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * Saved filters of the back office's lists (first the orders list): a staff member names the
 * view they are looking at and finds it again as a link above the list. Each person's own
 * (`user_id`, deleted with the account); `query` is the list's query string as it was saved,
 * read back through the list's own schema, so a saved view never bypasses validation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const table = db.schema.createTable('saved_filters');
  await (isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('saved_filters_user_list_name', ['user_id', 'list', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_filters').ifExists().execute();
}
