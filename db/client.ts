import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  PostgresIntrospector,
  SqliteDialect,
  SqliteDriver,
  CompiledQuery,
  type DatabaseConnection,
  type SqliteDialectConfig,
  type Driver,
  sql,
  type DatabaseIntrospector,
  type TableMetadata,
} from 'kysely';
import { isPostgres } from './dialect.ts';
import pg from 'pg';
import { sqlitePath } from '../app/config/app-config.ts';
import { migrationProvider } from './migrations/index.ts';
import { watchWrites } from './freshness.ts';
import { checkpointInBackground } from './checkpointer.ts';
import type { Database } from './schema.ts';

export type DB = Kysely<Database>;

// PostgreSQL returns COUNT(*) and other int8 values as strings; our counts fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DbOptions {
  /** PostgreSQL only: schema to use (created if missing); tests use one each. */
  schema?: string;
  /** PostgreSQL only: pool size. */
  poolSize?: number;
  /** PostgreSQL only: name statements so each connection prepares them once (default true; see nameStatements). */
  preparedStatements?: boolean;
  /** SQLite file only: checkpoint the write-ahead log on a worker thread (db/checkpointer.ts). The server does. */
  backgroundCheckpoints?: boolean;
  /** Told when a background checkpoint fails (the serving connection then checkpoints itself). */
  onCheckpointError?: (message: string) => void;
}

/** The SQLite connection behind a database opened by createDb, with its statement cache. */
export interface SqliteAccess {
  sqlite: SQLite.Database;
  /** The connection's cached prepared statement for this SQL text (shared with Kysely: do not change its mode). */
  prepare(text: string): SQLite.Statement;
  /**
   * Runs a write (`run` executes statements on the connection, synchronously) together
   * with the other writes handed in during the same turn of the event loop: see groupCommit.
   */
  write<T>(run: () => T): Promise<T>;
}

const sqliteHandles = new WeakMap<object, SqliteAccess>();

/**
 * The SQLite connection behind a database opened by createDb, for the few hot statements
 * that cannot afford a query builder round trip — but only while no transaction holds it:
 * a read then would see that transaction's uncommitted rows, and a write would become part
 * of it. Undefined for PostgreSQL, for a Transaction object and while a transaction is open;
 * callers then go through Kysely, which waits its turn. Statements run on it synchronously,
 * so nothing else can start a transaction in between.
 */
export function idleSqlite(db: Kysely<Database>): SqliteAccess | undefined {
  const access = sqliteHandles.get(db);
  return access && !access.sqlite.inTransaction ? access : undefined;
}

/** Told of every statement run through Kysely on a database: its time and whether it failed (server/metrics.ts). */
export type QueryObserver = (ms: number, failed: boolean) => void;
const queryObservers = new WeakMap<object, { observe?: QueryObserver }>();

/** Sets (or clears) the one observer of the statements `db` runs through Kysely; a no-op for databases createDb did not open. */
export function observeQueries(db: Kysely<Database>, observer: QueryObserver | undefined): void {
  const slot = queryObservers.get(db);
  if (slot) slot.observe = observer;
}

/** Kysely's log hook feeding the database's observer (none: nothing but a property read per statement). */
function queryLog(slot: { observe?: QueryObserver }) {
  return (event: { level: 'query' | 'error'; queryDurationMillis: number }) => slot.observe?.(event.queryDurationMillis, event.level === 'error');
}

/** Opens the database named by a `sqlite:` or `postgres://` URL. One per process. */
export function createDb(databaseUrl: string, options: DbOptions = {}): DB {
  if (databaseUrl.startsWith('sqlite:')) {
    const file = sqlitePath(databaseUrl);
    if (file !== ':memory:') {
      mkdirSync(path.dirname(file), { recursive: true });
      // The database holds accounts, orders and sessions: readable by the shop's user only.
      // SQLite would create it 0644 and gives its -wal and -shm files the main file's mode,
      // so the file is made 0600 first (the mode applies only when it is created here).
      closeSync(openSync(file, 'a', 0o600));
    }
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    const stopCheckpoints = options.backgroundCheckpoints && file !== ':memory:' ? checkpointInBackground(sqlite, file, options.onCheckpointError) : undefined;
    const statements = withStatementCache(sqlite, stopCheckpoints);
    const slot: { observe?: QueryObserver } = {};
    const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: statements, onCreateConnection: watchWrites }), log: queryLog(slot) });
    queryObservers.set(db, slot);
    sqliteHandles.set(db, { sqlite, prepare: statements.prepare, write: groupCommit(sqlite) });
    return db;
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
    // While the server is away, requests fail (503, server/errors.ts) instead of waiting.
    connectionTimeoutMillis: 5_000,
  });
  // A connection dropped while idle (a restart, pg_terminate_backend) leaves the pool, which
  // opens a new one when next needed; unhandled, the event would end the process.
  pool.on('error', () => {});
  // The same for a connection lost while checked out: its query fails (and the request answers
  // 503); the event itself must not end the process.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    if (options.preparedStatements !== false) nameStatements(client);
  });
  const slot: { observe?: QueryObserver } = {};
  const db = new Kysely<Database>({ dialect: new SearchPathPostgresDialect({ pool, onCreateConnection: watchWrites }), log: queryLog(slot) });
  queryObservers.set(db, slot);
  return db;
}

/** How many distinct statement texts one PostgreSQL connection keeps prepared. */
export const NAMED_PER_CONNECTION = 256;
const UNNAMED = /^\s*(begin|commit|rollback|savepoint|release|start transaction|set|show|create|alter|drop)\b/i;
const TRANSACTION_START = /^\s*(begin|start transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback)\s*$/i;
const PLAN_OUTDATED = /cached plan must not change result type/i;

/** A prepared statement refused after a table's columns changed: the transaction may run again (transaction.server.ts). */
export const planOutdated = (err: unknown): boolean => PLAN_OUTDATED.test(String((err as { message?: unknown } | null)?.message));

type QueryFn = (...args: unknown[]) => Promise<unknown>;

/**
 * Server-side prepared statements on PostgreSQL: a statement text with parameters gets a name
 * the first time a connection runs it, so PostgreSQL parses and plans it once per connection
 * and later runs send only the values. The first texts a connection runs get names, up to a
 * bound (dynamic texts, such as IN lists of every length, would otherwise grow the set
 * without end); later ones run unnamed as before. Statements without parameters keep the
 * simple protocol; transaction control and schema changes are never named. When another
 * process changes a table's columns (a migration), a prepared `select *` refuses to run
 * ("cached plan must not change result type"): the connection then starts over with new
 * names, and a statement refused outside a transaction runs again unnamed (nothing of it
 * ran); inside one the error stands, as any other would.
 */
function nameStatements(client: pg.PoolClient): void {
  let names = new Map<string, string>();
  let generation = 0;
  let inTransaction = false;
  const query = client.query.bind(client) as QueryFn;
  (client as { query: unknown }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text === 'string' && callback === undefined && Array.isArray(values)) {
      if (TRANSACTION_START.test(text)) inTransaction = true;
      else if (TRANSACTION_END.test(text)) inTransaction = false;
      let name = values.length > 0 ? names.get(text) : undefined;
      if (name === undefined && values.length > 0 && names.size < NAMED_PER_CONNECTION && !UNNAMED.test(text)) names.set(text, (name = `vs${generation}_${names.size}`));
      if (name !== undefined) {
        const outside = !inTransaction;
        return query({ name, text, values }).catch((err: unknown) => {
          if (!planOutdated(err)) throw err;
          names = new Map();
          generation++;
          if (outside) return query(text, values);
          throw err;
        });
      }
    }
    return callback === undefined ? (values === undefined ? query(text) : query(text, values)) : query(text, values, callback);
  };
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrate(db: DB): Promise<string[]> {
  // Name the schema explicitly on PostgreSQL: Kysely looks for its bookkeeping tables across
  // all schemas, and would find another schema's (e.g. a parallel test's) otherwise.
  const schema = isPostgres(db) ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Kysely's PostgreSQL introspector reads every schema in the database, and its migrator
 * asks it whether `kysely_migration` exists; a schema dropped meanwhile (another test run)
 * makes that query fail. Tables are looked up on the connection's search path only.
 */
class SearchPathIntrospector extends PostgresIntrospector {
  readonly #db: Kysely<unknown>;
  constructor(db: Kysely<unknown>) {
    super(db);
    this.#db = db;
  }
  override async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ schema: string; name: string; kind: string }>`
      select n.nspname as schema, c.relname as name, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'v', 'p') and n.nspname = any (current_schemas(false))`.execute(this.#db);
    return rows.map((r) => ({ schema: r.schema, name: r.name, isView: r.kind === 'v', columns: [] }));
  }
}

class SearchPathPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SearchPathIntrospector(db);
  }
}

interface PendingWrite {
  run: () => unknown;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit. Writes handed in during one turn of the event loop run at its end, in one
 * transaction: under load the requests read in one turn share one commit — one append to
 * the write-ahead log, one round of locks — instead of paying one each. Each write still
 * succeeds or fails on its own (SQLite undoes a failing statement alone), and its caller
 * hears of it only once the transaction is committed. A write alone in its turn runs as
 * it would have, in autocommit. The turn's end is the next check phase, right after the
 * I/O callbacks that handed the writes in; while a transaction of Kysely's is open on the
 * connection (it awaits something), the batch waits for it.
 */
function groupCommit(sqlite: SQLite.Database): SqliteAccess['write'] {
  let queue: PendingWrite[] = [];
  const flush = () => {
    if (sqlite.inTransaction) {
      // Checked again shortly, without spinning the event loop meanwhile.
      setTimeout(flush, 1);
      return;
    }
    const jobs = queue;
    queue = [];
    if (jobs.length === 1) return settle(jobs[0], attempt(jobs[0]));
    try {
      sqlite.exec('begin immediate');
    } catch (err) {
      for (const job of jobs) job.reject(err);
      return;
    }
    const outcomes = jobs.map(attempt);
    // Some errors (a full disk, an I/O error) roll the whole transaction back.
    const lost = sqlite.inTransaction ? undefined : outcomes.find((o) => !o.ok);
    if (!lost) {
      try {
        sqlite.exec('commit');
      } catch (err) {
        if (sqlite.inTransaction) sqlite.exec('rollback');
        for (const job of jobs) job.reject(err);
        return;
      }
    }
    for (let i = 0; i < jobs.length; i++) settle(jobs[i], lost ?? outcomes[i]);
  };
  return <T>(run: () => T) =>
    new Promise<T>((resolve, reject) => {
      if (queue.push({ run, resolve: resolve as (value: unknown) => void, reject }) === 1) setImmediate(flush);
    });
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
function attempt(job: PendingWrite): Outcome {
  try {
    return { ok: true, value: job.run() };
  } catch (error) {
    return { ok: false, error };
  }
}
function settle(job: PendingWrite, outcome: Outcome) {
  if (outcome.ok) job.resolve(outcome.value);
  else job.reject(outcome.error);
}

/** How many prepared statements one SQLite connection keeps (least recently used go first). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every statement it runs; preparing costs as much as running a small
 * indexed query. The same SQL text gets the same prepared statement back. Safe because the
 * driver uses its one connection for one query at a time (a stream holds it until done).
 */
function withStatementCache(sqlite: SQLite.Database, beforeClose?: () => void): { close(): void; prepare(text: string): SQLite.Statement } {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      beforeClose?.();
      sqlite.close();
    },
    prepare(text: string) {
      let stmt = statements.get(text);
      if (stmt) {
        statements.delete(text);
      } else {
        stmt = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, stmt);
      return stmt;
    },
  };
}

/**
 * SQLite transactions start with BEGIN IMMEDIATE: a transaction that reads and then writes
 * would otherwise fail at once (SQLITE_BUSY_SNAPSHOT, which the busy timeout does not cover)
 * when another process — a CLI import, a second server — committed in between.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
