import { PostgresAdapter, type Kysely } from 'kysely';

/** True when this Kysely instance talks to PostgreSQL (false for SQLite). */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
