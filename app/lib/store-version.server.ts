import type { Kysely } from 'kysely';
import { CompiledQuery, sql } from 'kysely';
import type { Statement } from 'better-sqlite3';
import { sqliteHandle } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';

/**
 * One version number for everything a shopper's page or cart is computed from: products,
 * stock, categories, reviews, settings, shipping zones, tax rates, coupons. Database
 * triggers (migration 006) add one to it on every write to those tables, inside the
 * writing transaction, so the new number appears together with the data. In-memory caches
 * and the page cache compare it and drop what is older. It lives in the database, so every
 * process of a multi-process shop sees the same number.
 */
export const STORE_VERSION_KEY = 'cache.store_version';

/** Moves the version by hand (the triggers already do it for writes to store tables). */
export async function touchStore(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('settings')
    .set({ value: sql<string>`cast(cast(value as bigint) + 1 as text)` })
    .where('key', '=', STORE_VERSION_KEY)
    .execute();
}

const READ = CompiledQuery.raw(`select value from settings where key = '${STORE_VERSION_KEY}'`, []);
const inFlight = new WeakMap<object, Promise<string>>();
const versionStatements = new WeakMap<object, Statement>();

/**
 * The current version. Calls made while a read is already under way share it: that read
 * was queued before any write this process finishes afterwards, so it cannot miss one.
 */
export function readStoreVersion(db: Kysely<Database>): Promise<string> {
  // SQLite answers a one-row read synchronously: no builder, no queue. Not inside a
  // transaction (db is then a Transaction object, which has no handle of its own).
  const sqlite = sqliteHandle(db);
  if (sqlite) {
    let stmt = versionStatements.get(sqlite);
    if (!stmt) versionStatements.set(sqlite, (stmt = sqlite.prepare(READ.sql).pluck()));
    return Promise.resolve((stmt.get() as string | undefined) ?? '0');
  }
  let pending = inFlight.get(db);
  if (!pending) {
    pending = db
      .executeQuery<{ value: string }>(READ)
      .then((r) => r.rows[0]?.value ?? '0')
      .finally(() => inFlight.delete(db));
    inFlight.set(db, pending);
  }
  return pending;
}
