import type { Kysely } from 'kysely';
import { CompiledQuery, sql } from 'kysely';
import type { Statement } from 'better-sqlite3';
import { idleSqlite } from '../../db/client.ts';
import { forgetAtNextTurn, freshnessEpoch, requestFreshness, type FreshnessMark, type RequestFreshness } from '../../db/freshness.ts';
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

/** Versions are whole numbers that only grow: the larger of two is the later. */
const later = (a: string, b: string) => (Number(a) >= Number(b) ? a : b);

/** Keeps what the running request read, under its count of its own writes at `mark`. */
function rememberInRequest(scope: RequestFreshness, db: object, writes: number, version: string): void {
  if (scope.writes !== writes) return;
  const versions = (scope.storeVersions ??= new Map());
  const held = versions.get(db);
  const keep = held && held.writes === writes && held.version !== undefined ? later(held.version, version) : version;
  if (held?.version === keep && held.writes === writes) return;
  versions.set(db, { writes, pending: Promise.resolve(keep), version: keep });
}

/**
 * Tells the version a statement of this request read (or checked) along with other data,
 * so the next lookup need not read it again. `mark` was taken before that statement ran.
 */
export function primeStoreVersion(db: Kysely<Database>, version: string, mark: FreshnessMark): void {
  if (db.isTransaction) return;
  remember(db, mark.epoch, version);
  if (mark.scope) rememberInRequest(mark.scope, db, mark.writes, version);
}

/**
 * The current version. Inside a request it is read once, and again only after the request
 * itself writes (db/freshness.ts): a request sees its own writes and everything committed
 * before it began, and never an older number than one it has seen. Outside requests a number
 * is reused while the process-wide freshness epoch stays (it moves after every write of this
 * process and on the next turn of the event loop).
 */
export function readStoreVersion(db: Kysely<Database>): Promise<string> {
  // A transaction reads its own (its writes move the number before they commit).
  if (db.isTransaction) return db.executeQuery<{ value: string }>(READ).then((r) => r.rows[0]?.value ?? '0');
  const scope = requestFreshness();
  if (!scope) return readShared(db);
  const held = scope.storeVersions?.get(db);
  if (held && held.writes === scope.writes) return held.pending;
  const writes = scope.writes;
  const pending = readShared(db).then((version) => {
    rememberInRequest(scope, db, writes, version);
    return scope.storeVersions?.get(db)?.version ?? version;
  });
  // Lookups of the same request share a read under way; a failed one is not kept.
  (scope.storeVersions ??= new Map()).set(db, { writes, pending });
  pending.catch(() => {
    if (scope.storeVersions?.get(db)?.pending === pending) scope.storeVersions.delete(db);
  });
  return pending;
}

/** The version under the process-wide freshness epoch. */
function readShared(db: Kysely<Database>): Promise<string> {
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
