import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * The search's admin data: synonym groups the shop owner defines (the words of a group find
 * each other), and search statistics, one row per day and normalised query.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const table = db.schema.createTable('search_synonyms');
  await (isPostgres(db) ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    // JSON array of the group's entries as typed ("tee", "t-shirt").
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('search_stats')
    // UTC day, YYYY-MM-DD.
    .addColumn('day', 'text', (c) => c.notNull())
    // Folded words joined by one space.
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('searches', 'integer', (c) => c.notNull().defaultTo(0))
    // Results of the latest search of the day for this query.
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('search_stats_pk', ['day', 'query'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_stats').ifExists().execute();
  await db.schema.dropTable('search_synonyms').ifExists().execute();
}
