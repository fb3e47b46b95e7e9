import { existsSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/*
 * Id counters across a restore. A backup remembers the counters of its day; restoring it as
 * it is would hand out again the numbers issued since (order numbers customers hold, in
 * e-mails and at the payment provider). So before a restore the live database's counters
 * are read, and after it every counter the restored database has is raised to the higher of
 * the two: numbers issued after the backup are gone with their rows but never reissued.
 * Invoice and credit-note numbers live in `document_counters` (one row a kind, moved in the
 * issuing transaction so they run without gaps); those rows are carried over the same way,
 * keyed `document_counters:<kind>`.
 */

/**
 * The highest id a database has issued per counter (its counter, or a larger id in the
 * table): keyed by table on SQLite (one AUTOINCREMENT column a table), by "table.column" on
 * PostgreSQL (one sequence a serial column).
 */
export type IdCounters = Map<string, number>;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const key = (table: string, column: string) => `${table}.${column}`;
const DOCUMENT_KEY = 'document_counters:';

/**
 * SQLite's AUTOINCREMENT counters (sqlite_sequence) of the file the restore replaces; empty
 * when there is no file yet. Every id column of the schema is AUTOINCREMENT, so the
 * table's counter never falls below an id it held.
 */
export function readSqliteCounters(file: string): IdCounters {
  const counters: IdCounters = new Map();
  if (!existsSync(file)) return counters;
  // Not read-only: the latest orders may still be in the write-ahead log, which a reader replays.
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const hasSequence = db.prepare(`select 1 from sqlite_master where type = 'table' and name = 'sqlite_sequence'`).get();
    if (!hasSequence) return counters;
    for (const row of db.prepare(`select name, seq from sqlite_sequence`).all() as { name: string; seq: number }[]) {
      counters.set(row.name, Number(row.seq));
    }
    if (db.prepare(`select 1 from sqlite_master where type = 'table' and name = 'document_counters'`).get()) {
      for (const row of db.prepare(`select kind, last_number from document_counters`).all() as { kind: string; last_number: number }[]) {
        counters.set(DOCUMENT_KEY + row.kind, Number(row.last_number));
      }
    }
    return counters;
  } finally {
    db.close();
  }
}

/**
 * Raises the counters of the restored SQLite file (before it takes the live file's place) to
 * the live ones, in one transaction. Returns the tables whose counter moved.
 */
export function raiseSqliteCounters(file: string, live: IdCounters): string[] {
  const raised: string[] = [];
  if (live.size === 0) return raised;
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const tables = new Set((db.prepare(`select name from sqlite_master where type = 'table'`).all() as { name: string }[]).map((r) => r.name));
    if (!tables.has('sqlite_sequence')) return raised;
    const current = db.prepare<[string], { seq: number }>(`select seq from sqlite_sequence where name = ?`);
    const update = db.prepare(`update sqlite_sequence set seq = ? where name = ?`);
    // A table that never had a row has no counter row yet: SQLite takes one written by hand.
    const insert = db.prepare(`insert into sqlite_sequence (name, seq) values (?, ?)`);
    const raiseDocument = tables.has('document_counters')
      ? db.prepare(`update document_counters set last_number = ? where kind = ? and last_number < ?`)
      : null;
    db.transaction(() => {
      for (const [table, high] of live) {
        if (table.startsWith(DOCUMENT_KEY)) {
          const kind = table.slice(DOCUMENT_KEY.length);
          if (raiseDocument && raiseDocument.run(high, kind, high).changes > 0) raised.push(table);
          continue;
        }
        if (!tables.has(table)) continue;
        const row = current.get(table);
        if (row && Number(row.seq) >= high) continue;
        if (row) update.run(high, table);
        else insert.run(table, high);
        raised.push(table);
      }
    })();
    // The restored file then stands alone, without a write-ahead log beside it.
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return raised;
}

interface SerialColumn {
  table: string;
  column: string;
  /** The sequence, as pg_get_serial_sequence names it (quoted and qualified, ready for SQL). */
  seq: string;
}

/** Every column of the current schema that a sequence numbers (serial or identity). */
async function serialColumns(client: pg.Client): Promise<SerialColumn[]> {
  const { rows } = await client.query<SerialColumn>(
    `select table_name as "table", column_name as "column", pg_get_serial_sequence(quote_ident(table_schema) || '.' || quote_ident(table_name), column_name) as seq
       from information_schema.columns
      where table_schema = current_schema()`,
  );
  return rows.filter((r) => r.seq);
}

/** The document counters (invoice and credit-note numbers), when the schema has them. */
async function documentCounters(client: pg.Client): Promise<{ kind: string; last_number: number }[]> {
  if (!(await client.query(`select to_regclass('document_counters') as t`)).rows[0]?.t) return [];
  return (await client.query<{ kind: string; last_number: number }>(`select kind, last_number from document_counters`)).rows;
}

/** The highest value a sequence handed out, or an id above it in its column. */
async function highest(client: pg.Client, c: SerialColumn): Promise<number> {
  const seq = (await client.query<{ last_value: string; is_called: boolean }>(`select last_value, is_called from ${c.seq}`)).rows[0]!;
  const issued = seq.is_called ? Number(seq.last_value) : Number(seq.last_value) - 1;
  const max = (await client.query<{ max: string | null }>(`select max(${ident(c.column)}) as max from ${ident(c.table)}`)).rows[0]!.max;
  return Math.max(issued, Number(max ?? 0));
}

/** The live PostgreSQL database's sequences, before pg_restore replaces them. */
export async function readPostgresCounters(url: string): Promise<IdCounters> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counters: IdCounters = new Map();
    for (const c of await serialColumns(client)) counters.set(key(c.table, c.column), await highest(client, c));
    for (const row of await documentCounters(client)) counters.set(DOCUMENT_KEY + row.kind, Number(row.last_number));
    return counters;
  } finally {
    await client.end();
  }
}

/** After pg_restore: every restored sequence at least at the live one's value, in one transaction. */
export async function raisePostgresCounters(url: string, live: IdCounters): Promise<string[]> {
  const raised: string[] = [];
  if (live.size === 0) return raised;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    for (const c of await serialColumns(client)) {
      const high = live.get(key(c.table, c.column));
      if (high === undefined || high < 1 || (await highest(client, c)) >= high) continue;
      // is_called = true: the next value is high + 1.
      await client.query(`select setval($1, $2, true)`, [c.seq, high]);
      raised.push(c.table);
    }
    if ((await client.query(`select to_regclass('document_counters') as t`)).rows[0]?.t) {
      for (const [name, high] of live) {
        if (!name.startsWith(DOCUMENT_KEY)) continue;
        const res = await client.query(`update document_counters set last_number = $1 where kind = $2 and last_number < $1`, [high, name.slice(DOCUMENT_KEY.length)]);
        if ((res.rowCount ?? 0) > 0) raised.push(name);
      }
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
  return raised;
}
