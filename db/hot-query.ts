import type { Compilable, CompiledQuery, Kysely, QueryId } from 'kysely';
import { idleSqlite } from './client.ts';
import { isPostgres } from './dialect.ts';
import { requestFreshness, staleFromHere } from './freshness.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

const dialects = new WeakMap<object, boolean>();
/** Whether this database (or transaction) is PostgreSQL, asked once per object. */
function dialectOf(db: Db): boolean {
  let pg = dialects.get(db);
  if (pg === undefined) dialects.set(db, (pg = isPostgres(db)));
  return pg;
}

/** Stands in for the n-th value while the statement is compiled. */
const SLOT = '\u0000slot:';

interface Prepared {
  sql: string;
  query: CompiledQuery['query'];
  queryId: QueryId;
  /** The statement's parameters with the caller's values put in their slots. */
  bind(values: readonly unknown[]): unknown[];
}

export interface HotQueryOptions {
  /**
   * false: the statement writes only rows no remembered value depends on (a cart's own
   * lines and times, not store data), so values read before it stay fresh.
   */
  storeData?: boolean;
}

export interface HotQuery<Row> {
  /** Every row. */
  all(db: Db, values: readonly unknown[]): Promise<Row[]>;
  /** The first row, if any. */
  first(db: Db, values: readonly unknown[]): Promise<Row | undefined>;
}

/**
 * A statement built once with the query builder and then run many times with new values,
 * for the few queries on the cart's hot path where building and compiling would cost more
 * than running. `build` receives `slot(n)` to put the n-th value where it belongs:
 *
 *   const byToken = hotQuery((db, slot) => db.selectFrom('carts').selectAll().where('token_hash', '=', slot<string>(0)));
 *   const cart = await byToken.first(db, [tokenHash]);
 *
 * On SQLite with no transaction open, it runs as the connection's cached prepared statement:
 * a read at once, a write with the others of the same turn of the event loop, in one
 * transaction (groupCommit in db/client.ts). Otherwise (PostgreSQL, a transaction) it runs
 * through Kysely's driver as usual.
 */
export function hotQuery<Row>(build: (db: Db, slot: <T>(n: number) => T) => Compilable<Row>, options: HotQueryOptions = {}): HotQuery<Row> {
  const storeData = options.storeData !== false;
  const byDialect = new Map<boolean, Prepared>();
  const prepared = (db: Db): Prepared => {
    const pg = dialectOf(db);
    let p = byDialect.get(pg);
    if (!p) {
      const compiled = build(db, <T>(n: number) => `${SLOT}${n}` as T).compile();
      const sources = compiled.parameters.map((value) => (typeof value === 'string' && value.startsWith(SLOT) ? Number(value.slice(SLOT.length)) : { value }));
      p = {
        sql: compiled.sql,
        query: compiled.query,
        queryId: compiled.queryId,
        bind: (values) => sources.map((s) => (typeof s === 'number' ? values[s] : s.value)),
      };
      byDialect.set(pg, p);
    }
    return p;
  };
  const all = (db: Db, values: readonly unknown[]): Promise<Row[]> => {
    const p = prepared(db);
    const parameters = p.bind(values);
    const idle = idleSqlite(db);
    if (idle) {
      const stmt = idle.prepare(p.sql);
      if (stmt.readonly) return Promise.resolve(stmt.all(parameters) as Row[]);
      // A write shares its commit with the other writes of this turn of the event loop, which
      // run outside this request's async context: the request is named.
      const scope = storeData ? requestFreshness() : undefined;
      return idle.write(() => {
        const rows = stmt.reader ? (stmt.all(parameters) as Row[]) : (stmt.run(parameters), []);
        if (storeData) staleFromHere(scope);
        return rows;
      });
    }
    return db.executeQuery<Row>({ sql: p.sql, query: p.query, queryId: p.queryId, parameters }).then((r) => r.rows);
  };
  return {
    all,
    first: (db, values) => all(db, values).then((rows) => rows[0]),
  };
}
