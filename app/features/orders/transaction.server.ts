import { planOutdated, type DB } from '../../../db/client.ts';

/** PostgreSQL's "try again" errors: serialization failure and deadlock. */
const RETRYABLE = new Set(['40001', '40P01']);

/**
 * Runs `fn` in one transaction (BEGIN IMMEDIATE on SQLite, see db/client.ts), retrying a
 * few times when PostgreSQL aborts it as a deadlock or serialization victim, or refuses a
 * prepared statement whose table changed under it (the connection has renamed its statements
 * by then); nothing of a failed attempt is kept.
 */
export async function withTransaction<T>(db: DB, fn: (trx: DB) => Promise<T>, attempts = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await db.transaction().execute(fn);
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (i >= attempts || !((typeof code === 'string' && RETRYABLE.has(code)) || planOutdated(err))) throw err;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * i));
    }
  }
}
