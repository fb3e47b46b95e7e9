import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery, DatabaseConnection } from 'kysely';

/**
 * A counter that says when a value read from the database may have gone stale. It moves
 * when this process writes (after the statement or the commit) and when a request starts;
 * a number read and remembered under one count is reused only while the count stays.
 * Code outside requests gets a new count on each turn of the event loop.
 *
 * Inside an HTTP request a second, narrower rule applies (RequestFreshness below): what the
 * request itself read is reused until the request itself writes, whatever other requests do
 * meanwhile. So a request sees its own writes and any write committed before it began, and
 * reads a hot bookkeeping row (the store version) once instead of once per lookup — under
 * load every other request's start and write moves the counter above.
 */
/**
 * The counter lives on globalThis, like the request memo below: the production build's server
 * bundle holds its own copy of this module, and its page loaders must see the moves that
 * writes made through the server's copy (else a page loaded right after a save could show
 * the settings from before it).
 */
const EPOCH = Symbol.for('vitrine.freshness-epoch');
const counter = ((globalThis as { [EPOCH]?: { epoch: number; turnPending: boolean } })[EPOCH] ??= { epoch: 0, turnPending: false });

export const freshnessEpoch = (): number => counter.epoch;

/**
 * What one request remembers (the store version, stock versions), per database, with the
 * number of its own statements that may have written when it was read: a value is reused
 * only while that number stays. Ended once the answer has gone: work the request left
 * running (e-mails, alerts, timers it started) goes back to the process-wide rule.
 */
export interface RequestFreshness {
  /** This request's statements that may have changed store data (moves after each, and after each commit). */
  writes: number;
  ended: boolean;
  /** Owned by app/lib/store-version.server.ts. */
  storeVersions?: Map<object, { writes: number; pending: Promise<string>; version?: string }>;
  /** Owned by app/lib/stock-stamps.server.ts. */
  stockStamps?: Map<object, { writes: number; stamps: Map<number, number> }>;
}

/**
 * One store per process on globalThis: page loaders run from the production build's server
 * bundle, which holds its own copy of this module.
 */
const SCOPE = Symbol.for('vitrine.request-freshness');
const scopes = ((globalThis as { [SCOPE]?: AsyncLocalStorage<RequestFreshness> })[SCOPE] ??= new AsyncLocalStorage<RequestFreshness>());

export const newRequestFreshness = (): RequestFreshness => ({ writes: 0, ended: false });

/** Runs `fn` (and everything it starts) as part of the request that `scope` belongs to. */
export function inRequest<T>(scope: RequestFreshness, fn: () => T): T {
  return scopes.run(scope, fn);
}

/** The running request's memo, unless its answer has gone (or there is no request). */
export function requestFreshness(): RequestFreshness | undefined {
  const scope = scopes.getStore();
  return scope && !scope.ended ? scope : undefined;
}

/** Where a read began: a value it returns may be remembered if nothing was written since. */
export interface FreshnessMark {
  epoch: number;
  scope: RequestFreshness | undefined;
  writes: number;
}

export function freshnessMark(): FreshnessMark {
  const scope = requestFreshness();
  return { epoch: counter.epoch, scope, writes: scope?.writes ?? 0 };
}

/**
 * Everything remembered so far must be read again (a request starts; this process wrote).
 * `scope`: the request that wrote, when the write runs outside its async context (a group
 * commit on SQLite, db/hot-query.ts).
 */
export function staleFromHere(scope: RequestFreshness | undefined = undefined): void {
  counter.epoch++;
  if (scope) scope.writes++;
}

/** Called by whoever remembers something: it is forgotten at the next turn of the event loop at the latest. */
export function forgetAtNextTurn(): void {
  if (counter.turnPending) return;
  counter.turnPending = true;
  setImmediate(() => {
    counter.turnPending = false;
    counter.epoch++;
  });
}

/** Statements that change nothing another reader could see. */
const READ_ONLY = /^\s*(select|begin|start transaction|savepoint|release|rollback|set|show|pragma|explain)\b/i;
/**
 * Writes to a shopper's cart: nothing remembered here (store and stock versions) is read
 * from these tables, and no trigger on them writes elsewhere. A statement is one when every
 * table it writes (an insert, update or delete, in a WITH too; an upsert's `do update` names
 * none) is `carts` or `cart_items`.
 */
const WRITES = /^\s*(insert|update|delete|with)\b/i;
const WRITE_CLAUSE = /\b(?:insert\s+into|(?<!\bdo\s+)update|delete\s+from)\s+"?(\w+)"?/gi;
const cartOnlyMemo = new Map<string, boolean>();
export function cartOnly(sql: string): boolean {
  let known = cartOnlyMemo.get(sql);
  if (known !== undefined) return known;
  known = WRITES.test(sql);
  let tables = 0;
  for (const m of sql.matchAll(WRITE_CLAUSE)) {
    tables++;
    if (m[1] !== 'carts' && m[1] !== 'cart_items') known = false;
  }
  known &&= tables > 0;
  // Statements are built from a few shapes; the memo stays small, but is bounded all the same.
  if (cartOnlyMemo.size >= 1000) cartOnlyMemo.clear();
  cartOnlyMemo.set(sql, known);
  return known;
}

/**
 * Wraps a new connection so every statement that may change data (and every commit) moves
 * the epoch, and the running request's count of its own writes, once it has run. Used as the
 * dialects' onCreateConnection.
 */
export async function watchWrites(connection: DatabaseConnection): Promise<void> {
  const run = connection.executeQuery.bind(connection);
  connection.executeQuery = <R>(query: CompiledQuery) => {
    if (READ_ONLY.test(query.sql) || cartOnly(query.sql)) return run<R>(query);
    const scope = scopes.getStore();
    const result = run<R>(query);
    // SQLite has run the statement by now; PostgreSQL has once the promise settles.
    staleFromHere(scope);
    return result.finally(() => staleFromHere(scope));
  };
}
