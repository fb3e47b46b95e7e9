import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { createDb, migrate, type DB } from '../../db/client.ts';
import { seedBench } from '../../db/seed/bench.ts';
import { createMailer } from '../../app/lib/mail.server.ts';
import { createRateLimiter } from '../../app/lib/rate-limit.server.ts';
import type { Services } from '../../app/lib/services.server.ts';
import { loadConfig } from '../../app/config/app-config.ts';
import { onCleanup } from './cleanup.ts';
import type { BenchOptions } from './options.ts';

export interface BenchDatabase {
  /** What the server child gets as DATABASE_URL. */
  url: string;
  dataDir: string;
  sessionSecret: string;
  /** The runner's own connection (seeding, scenario setup, raw-SQL baselines). */
  db: DB;
}

/**
 * A temporary data directory and database: a SQLite file inside the directory, or a
 * dedicated PostgreSQL schema reached through `search_path` in the URL. Both are
 * removed by the cleanup, whatever happens.
 */
export async function createBenchDatabase(opts: BenchOptions): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-bench-'));
  onCleanup('remove data dir', () => rmSync(dataDir, { recursive: true, force: true }), () =>
    rmSync(dataDir, { recursive: true, force: true }),
  );
  const sessionSecret = randomBytes(32).toString('hex');
  if (opts.dialect === 'sqlite') {
    const url = `sqlite:${path.join(dataDir, 'bench.sqlite')}`;
    const db = createDb(url);
    onCleanup('close database', () => db.destroy());
    await migrate(db);
    return { url, dataDir, sessionSecret, db };
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = createDb(opts.pgUrl, { poolSize: 1 });
  try {
    await sql`create schema ${sql.id(schema)}`.execute(admin);
  } catch (err) {
    throw new Error(`Cannot create a schema on ${opts.pgUrl} (BENCH_PG_URL): ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await admin.destroy();
  }
  onCleanup('drop PostgreSQL schema', async () => {
    const a = createDb(opts.pgUrl, { poolSize: 1 });
    try {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(a);
    } finally {
      await a.destroy();
    }
  });
  const db = createDb(opts.pgUrl, { schema, poolSize: 4 });
  onCleanup('close database', () => db.destroy());
  await migrate(db);
  const sep = opts.pgUrl.includes('?') ? '&' : '?';
  return { url: `${opts.pgUrl}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`, dataDir, sessionSecret, db };
}

/** Fills the catalog with `seedBench`, the same code as `vitrine seed bench --products N`. */
export async function seedCatalog(bdb: BenchDatabase, products: number, timeoutMs: number): Promise<number> {
  const config = loadConfig(
    { LOG_LEVEL: 'warn' },
    { databaseUrl: bdb.url, dataDir: bdb.dataDir, sessionSecret: bdb.sessionSecret, seedDemo: false },
  );
  const services: Services = {
    db: bdb.db,
    config,
    mailer: createMailer({ from: config.mailFrom, dataDir: bdb.dataDir }),
    log: pino({ level: 'warn' }),
    loginLimiter: createRateLimiter(1, 1),
  };
  const started = Date.now();
  const tty = process.stderr.isTTY;
  let lastPrinted = 0;
  const progress = (done: number) => {
    if (tty) process.stderr.write(`\rseeding: ${done}/${products} products`);
    else if (done - lastPrinted >= products / 10 || done === products) {
      lastPrinted = done;
      process.stderr.write(`seeding: ${done}/${products} products\n`);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`seeding ${products} products took longer than ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    await Promise.race([seedBench(services, products, progress), limit]);
  } finally {
    clearTimeout(timer);
    services.mailer.close();
    if (tty) process.stderr.write('\n');
  }
  return (Date.now() - started) / 1000;
}
