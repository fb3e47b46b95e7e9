import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { createDb, migrate, type DB } from '../../db/client.ts';

/**
 * The databases every integration test runs on: SQLite always, PostgreSQL when one is
 * reachable (TEST_DATABASE_URL, else 127.0.0.1:5432/test). With REQUIRE_POSTGRES=1 (CI)
 * an unreachable PostgreSQL fails the run instead of being skipped.
 */
export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let pgReachable: Promise<boolean> | undefined;

async function checkPostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch (err) {
    if (process.env.REQUIRE_POSTGRES === '1') {
      throw new Error(`PostgreSQL is required (REQUIRE_POSTGRES=1) but ${PG_URL} is unreachable: ${String(err)}`);
    }
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export type Dialect = 'sqlite' | 'postgres';

export interface TestDatabase {
  dialect: Dialect;
  url: string;
  db: DB;
  dataDir: string;
  /** Drops the PostgreSQL schema / removes the SQLite file and closes connections. */
  cleanup(): Promise<void>;
}

/** The dialects to run on, decided once per process. */
export async function dialects(): Promise<Dialect[]> {
  pgReachable ??= checkPostgres();
  return (await pgReachable) ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** A fresh, migrated database of the given dialect, with its own data directory. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-test-'));
  if (dialect === 'sqlite') {
    const url = `sqlite:${path.join(dataDir, 'test.sqlite')}`;
    const db = createDb(url);
    await migrate(db);
    return {
      dialect,
      url,
      db,
      dataDir,
      async cleanup() {
        await db.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = createDb(PG_URL);
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  await admin.destroy();
  const db = createDb(PG_URL, { schema, poolSize: 20 });
  await migrate(db);
  const sep = PG_URL.includes('?') ? '&' : '?';
  return {
    dialect,
    url: `${PG_URL}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    db,
    dataDir,
    async cleanup() {
      await db.destroy();
      const a = createDb(PG_URL);
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(a);
      await a.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
