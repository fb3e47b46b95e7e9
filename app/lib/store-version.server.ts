import type { Kysely } from 'kysely';
import { CompiledQuery, sql } from 'kysely';
import type { Statement } from 'better-sqlite3';
import { idleSqlite } from '../../db/client.ts';
import { forgetAtNextTurn, freshnessEpoch } from '../../db/freshness.ts';
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
const versionStatements = new WeakMap<object, Statement>();

/** The last number read per database, and the freshness epoch it was read in (db/freshness.ts). */
const remembered = new WeakMap<object, { epoch: number; version: string }>();
const inFlight = new WeakMap<object, { epoch: number; pending: Promise<string> }>();

function remember(db: object, epoch: number, version: string): string {
  if (freshnessEpoch() === epoch) {
    remembered.set(db, { epoch, version });
    forgetAtNextTurn();
  }
  return version;
}

/**
 * Tells the version a statement of this request read (or checked) along with other data,
 * so the next lookup in the same epoch need not read it again. `epoch` is the freshness
 * epoch taken before that statement ran.
 */
export function primeStoreVersion(db: Kysely<Database>, version: string, epoch: number): void {
  if (!db.isTransaction) remember(db, epoch, version);
}

/**
 * The current version. Read once per request (and again after this process writes): the
 * freshness epoch moves when a request starts and after every write, so a number read
 * earlier in the same epoch is still the number a new read would give this request.
 */
export function readStoreVersion(db: Kysely<Database>): Promise<string> {
  // A transaction reads its own (its writes move the number before they commit).
  if (db.isTransaction) return db.executeQuery<{ value: string }>(READ).then((r) => r.rows[0]?.value ?? '0');
  const epoch = freshnessEpoch();
  const known = remembered.get(db);
  if (known && known.epoch === epoch) return Promise.resolve(known.version);
  // SQLite answers a one-row read synchronously: no builder, no queue.
  const idle = idleSqlite(db);
  if (idle) {
    let stmt = versionStatements.get(idle.sqlite);
    if (!stmt) versionStatements.set(idle.sqlite, (stmt = idle.sqlite.prepare(READ.sql).pluck()));
    return Promise.resolve(remember(db, epoch, (stmt.get() as string | undefined) ?? '0'));
  }
  // Calls in the same epoch share a read under way: it began after everything this epoch must see.
  const flying = inFlight.get(db);
  if (flying && flying.epoch === epoch) return flying.pending;
  const pending = db
    .executeQuery<{ value: string }>(READ)
    .then((r) => remember(db, epoch, r.rows[0]?.value ?? '0'))
    .finally(() => {
      if (inFlight.get(db)?.pending === pending) inFlight.delete(db);
    });
  inFlight.set(db, { epoch, pending });
  return pending;
}
