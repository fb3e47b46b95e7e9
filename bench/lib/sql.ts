import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { sqlitePath } from '../../app/config/app-config.ts';
import { onCleanup } from './cleanup.ts';
import type { BenchContext } from './types.ts';

/**
 * Raw-SQL baselines: run an app function once against a connection that records every
 * query it sends, then replay those exact statements straight through the driver
 * (better-sqlite3 or pg), with no query builder, mapping or app code around them.
 */
export interface CapturedQuery {
  sql: string;
  parameters: readonly unknown[];
}

/** A Kysely connection to the bench database that logs each statement it runs. */
function loggingDb(ctx: BenchContext, log: (q: CapturedQuery) => void): DB {
  const onLog = (event: { level: string; query: CapturedQuery }) => {
    if (event.level === 'query') log({ sql: event.query.sql, parameters: [...event.query.parameters] });
  };
  if (ctx.dialect === 'sqlite') {
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(sqlitePath(ctx.databaseUrl)) }), log: onLog });
  }
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ctx.databaseUrl, max: 2 }) }), log: onLog });
}

/** Every statement `fn` sends to the database, in order. */
export async function captureQueries(ctx: BenchContext, fn: (db: DB) => Promise<unknown>): Promise<CapturedQuery[]> {
  const queries: CapturedQuery[] = [];
  const db = loggingDb(ctx, (q) => queries.push(q));
  try {
    await fn(db);
  } finally {
    await db.destroy();
  }
  return queries;
}

export interface RawConnection {
  /** A function running the statement once (and reading every row) straight through the driver. */
  prepare(q: CapturedQuery): () => unknown;
}

/** A driver-level connection of the runner's own, closed by the run's cleanup. */
export async function rawConnection(ctx: BenchContext): Promise<RawConnection> {
  if (ctx.dialect === 'sqlite') {
    const conn = new SQLite(sqlitePath(ctx.databaseUrl));
    conn.pragma('busy_timeout = 5000');
    onCleanup('close raw SQLite connection', () => void conn.close());
    return {
      prepare(q) {
        const st = conn.prepare(q.sql);
        const params = q.parameters as unknown[];
        return st.reader ? () => st.all(params) : () => st.run(params);
      },
    };
  }
  const client = new pg.Client({ connectionString: ctx.databaseUrl });
  await client.connect();
  onCleanup('close raw PostgreSQL connection', () => client.end());
  return { prepare: (q) => () => client.query(q.sql, q.parameters as unknown[]) };
}

/** A short name for a statement in notes: "count", "price bounds", "page", or its table. */
export function queryLabel(q: CapturedQuery): string {
  const s = q.sql.toLowerCase();
  if (/^\s*(insert|update|delete)/.test(s)) return `${s.trim().split(/\s+/)[0]} ${s.match(/(?:into|update|from)\s+"?(\w+)"?/)?.[1] ?? ''}`.trim();
  if (/\bcount\(/.test(s)) return 'count';
  if (/\bmin\(.*\bmax\(/.test(s)) return 'price bounds';
  if (/\blimit\b/.test(s) && /\boffset\b/.test(s)) return 'page';
  return s.match(/\bfrom\s+"?(\w+)"?/)?.[1] ?? 'query';
}

/**
 * Median time of each statement run on its own (up to `budgetMs` per statement), for the
 * note under the table: where the time of a request's SQL goes.
 */
export async function timeEach(raw: RawConnection, queries: CapturedQuery[], budgetMs: number): Promise<{ label: string; ms: number }[]> {
  const out: { label: string; ms: number }[] = [];
  for (const q of queries) {
    const run = raw.prepare(q);
    await run();
    const times: number[] = [];
    const end = performance.now() + budgetMs;
    while (performance.now() < end && times.length < 500) {
      const t0 = performance.now();
      await run();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    out.push({ label: queryLabel(q), ms: times[Math.floor(times.length / 2)] });
  }
  return out;
}

export const formatQueryTimes = (times: { label: string; ms: number }[]) =>
  times.map((t) => `${t.label} ${t.ms < 1 ? t.ms.toFixed(2) : t.ms.toFixed(1)} ms`).join(' · ');
