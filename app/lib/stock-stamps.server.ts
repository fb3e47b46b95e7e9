import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery, type Kysely } from 'kysely';
import { idleSqlite } from '../../db/client.ts';
import { isPostgres } from '../../db/dialect.ts';
import { forgetAtNextTurn, freshnessEpoch, requestFreshness, type FreshnessMark } from '../../db/freshness.ts';
import type { Database } from '../../db/schema.ts';

/*
 * Per-product stock versions (migration 018). An order moves the `stock_version` of the
 * products it sells (their stock, their variations' stock, their sales count) instead of
 * the store version, so it makes stale only what shows those products: their page, the
 * listings they appear on, their quick view, their purchasable in carts. Those entries
 * remember the stock versions they were computed under and compare them with the current
 * ones, read once per request (the freshness epoch, db/freshness.ts) for the products asked.
 * There is no shared counter: each order writes only rows it locks anyway.
 */

type Db = Kysely<Database>;

/** Stock versions read in this freshness epoch, per database. */
const remembered = new WeakMap<object, { epoch: number; stamps: Map<number, number> }>();

/**
 * The current stock version of each product (a missing product is absent). Inside a request
 * a product's number is read once, and again only after the request itself writes
 * (db/freshness.ts); outside, while the process-wide freshness epoch stays.
 */
export async function readStockStamps(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (db.isTransaction) return query(db, [...new Set(ids)]);
  const scope = requestFreshness();
  if (scope) {
    let mine = scope.stockStamps?.get(db);
    if (!mine || mine.writes !== scope.writes) (scope.stockStamps ??= new Map()).set(db, (mine = { writes: scope.writes, stamps: new Map() }));
    const held = mine;
    const missing = ids.filter((id) => !held.stamps.has(id));
    if (missing.length === 0) return held.stamps;
    const found = await readEpochStamps(db, missing);
    // Kept only while the request has not written since the read began.
    if (scope.writes === held.writes) {
      for (const id of missing) if (!held.stamps.has(id)) held.stamps.set(id, found.get(id) ?? -1);
      return held.stamps;
    }
    const out = new Map<number, number>();
    for (const id of ids) out.set(id, found.get(id) ?? held.stamps.get(id) ?? -1);
    return out;
  }
  return readEpochStamps(db, ids);
}

/** The numbers under the process-wide freshness epoch. */
async function readEpochStamps(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  const epoch = freshnessEpoch();
  let known = remembered.get(db);
  if (!known || known.epoch !== epoch) remembered.set(db, (known = { epoch, stamps: new Map() }));
  const missing = ids.filter((id) => !known.stamps.has(id));
  if (missing.length) {
    const found = await query(db, [...new Set(missing)]);
    // Only numbers read in the epoch they are kept under are reused.
    if (freshnessEpoch() === epoch) {
      for (const id of missing) known.stamps.set(id, found.get(id) ?? -1);
      forgetAtNextTurn();
    } else {
      const out = new Map<number, number>();
      for (const id of ids) out.set(id, found.get(id) ?? known.stamps.get(id) ?? -1);
      return out;
    }
  }
  return known.stamps;
}

/**
 * Tells the stock versions a statement of this request read along with other data (the cart
 * read reads its lines' products'), so the next lookup need not read them. `mark` was taken
 * before that statement ran.
 */
export function primeStockStamps(db: Db, stamps: Iterable<readonly [number, number]>, mark: FreshnessMark): void {
  if (db.isTransaction) return;
  const { scope } = mark;
  if (scope && scope.writes === mark.writes) {
    let mine = scope.stockStamps?.get(db);
    if (!mine || mine.writes !== scope.writes) (scope.stockStamps ??= new Map()).set(db, (mine = { writes: scope.writes, stamps: new Map() }));
    // Stock versions only grow: the larger of two numbers is the later.
    for (const [id, version] of stamps) mine.stamps.set(id, Math.max(version, mine.stamps.get(id) ?? -1));
  }
  if (freshnessEpoch() !== mark.epoch) return;
  let known = remembered.get(db);
  if (!known || known.epoch !== mark.epoch) remembered.set(db, (known = { epoch: mark.epoch, stamps: new Map() }));
  for (const [id, version] of stamps) known.stamps.set(id, version);
  forgetAtNextTurn();
}

/*
 * On the page cache's hit path: one prepared statement with the ids as one JSON array on
 * SQLite (answered synchronously, no query builder), one array parameter on PostgreSQL.
 */
const SQLITE_STAMPS = 'select p.id as id, p.stock_version as stock_version from json_each(?) j join products p on p.id = j.value';
const PG_STAMPS = 'select id, stock_version from products where id = any($1::int[])';

async function query(db: Db, ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const idle = idleSqlite(db);
  if (idle) {
    for (const r of idle.prepare(SQLITE_STAMPS).all(JSON.stringify(ids)) as { id: number; stock_version: number }[]) out.set(r.id, r.stock_version);
    return out;
  }
  if (!db.isTransaction && isPostgres(db)) {
    const { rows } = await db.executeQuery<{ id: number; stock_version: number }>(CompiledQuery.raw(PG_STAMPS, [ids]));
    for (const r of rows) out.set(r.id, r.stock_version);
    return out;
  }
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db.selectFrom('products').select(['id', 'stock_version']).where('id', 'in', ids.slice(i, i + 500)).execute();
    for (const r of rows) out.set(r.id, r.stock_version);
  }
  return out;
}

/** Whether every product still has the stock version given (a vanished product counts as changed). */
export async function stampsCurrent(db: Db, ids: readonly number[], versions: readonly number[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const now = await readStockStamps(db, ids);
  for (let i = 0; i < ids.length; i++) if (now.get(ids[i]!) !== versions[i]) return false;
  return true;
}

/*
 * The products a shared page shows, noted by the loaders that read them (with the stock
 * version read in the same statement) while the page cache renders it. One store per process
 * on globalThis: page loaders run from the production build's server bundle, which holds its
 * own copy of this module.
 */
const SHOWN = Symbol.for('vitrine.shown-products');
const shown = ((globalThis as { [SHOWN]?: AsyncLocalStorage<Map<number, number>> })[SHOWN] ??= new AsyncLocalStorage<Map<number, number>>());

/** Notes products shown on the page being rendered for the page cache (no-op elsewhere). */
export function noteShown(rows: Iterable<{ id: number; stock_version?: number | null }>): void {
  const into = shown.getStore();
  if (!into) return;
  for (const r of rows) {
    if (r.stock_version == null) continue;
    const had = into.get(r.id);
    // Two reads of one product in one render: the older number, so the page is rendered again.
    into.set(r.id, had === undefined ? r.stock_version : Math.min(had, r.stock_version));
  }
}

/** Runs a render and answers the products it showed, with their stock versions. */
export async function collectShown<T>(render: () => Promise<T>): Promise<{ result: T; ids: number[]; versions: number[] }> {
  const into = new Map<number, number>();
  const result = await shown.run(into, render);
  return { result, ids: [...into.keys()], versions: [...into.values()] };
}
