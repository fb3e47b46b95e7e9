import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import * as tar from 'tar';
import { createDb, migrate } from '../db/client.ts';
import { sqlitePath, type AppConfig } from '../app/config/app-config.ts';
import { mediaRoot, privateRoot } from '../app/lib/media.server.ts';
import { raisePostgresCounters, raiseSqliteCounters, readPostgresCounters, readSqliteCounters, type IdCounters } from './id-counters.ts';
import { isMediaKey, mediaStoreFor, mediaType, privateStoreFor, type MediaStore } from '../app/lib/media-store.server.ts';

/*
 * Operations commands: `vitrine backup <file>`, `vitrine restore <file>` and
 * `vitrine migrate-db --to postgres://…`. A backup is a gzipped tar archive holding
 * `vitrine-backup.json` (what it is), the database (`database.sqlite`, made with SQLite's
 * online backup API while the shop runs, or `database.pgdump`, pg_dump's custom format) and
 * `media/` (DATA_DIR/media: uploaded and imported pictures with their generated sizes; with
 * the S3 media store the bucket is backed up by the store's own means instead).
 */

const run = promisify(execFile);
const MANIFEST = 'vitrine-backup.json';

export class OpsError extends Error {}

interface Manifest {
  format: 'vitrine-backup';
  version: 1;
  dialect: 'sqlite' | 'postgres';
  createdAt: string;
  database: string;
}

/** libpq understands postgres:// URLs, but not the `postgresql+…` or extra query keys of others; ours pass as they are. */
async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]) {
  try {
    await run(tool, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') throw new OpsError(`${tool} was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client).`);
    throw new OpsError(`${tool} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

export async function backup(config: AppConfig, file: string, out: Pick<Console, 'log'>): Promise<void> {
  const target = path.resolve(file);
  const staging = mkdtempSync(path.join(tmpdir(), 'vitrine-backup-'));
  try {
    const database = config.dialect === 'sqlite' ? 'database.sqlite' : 'database.pgdump';
    if (config.dialect === 'sqlite') {
      const source = sqlitePath(config.databaseUrl);
      if (!existsSync(source)) throw new OpsError(`No database at ${source}.`);
      // The online backup API: a consistent copy while the shop keeps serving and writing.
      const db = new SQLite(source, { fileMustExist: true });
      try {
        await db.backup(path.join(staging, database));
      } finally {
        db.close();
      }
    } else {
      await pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(staging, database)}`, `--dbname=${config.databaseUrl}`]);
    }
    const manifest: Manifest = { format: 'vitrine-backup', version: 1, dialect: config.dialect, createdAt: new Date().toISOString(), database };
    writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    const entries = [MANIFEST, database];
    const media = mediaRoot(config.dataDir);
    // With the S3 store the pictures are in the bucket, backed up by the store's own means
    // (versioning, replication, a sync to another bucket): a folder left from before is not them.
    if (!config.mediaS3 && existsSync(media)) {
      symlinkSync(media, path.join(staging, 'media'));
      entries.push('media');
    }
    // Downloadable products' files (the private folder) go with them, on the same terms.
    const privateFiles = privateRoot(config.dataDir);
    if (!config.mediaS3 && existsSync(privateFiles)) {
      symlinkSync(privateFiles, path.join(staging, 'private'));
      entries.push('private');
    }
    mkdirSync(path.dirname(target), { recursive: true });
    const partial = `${target}.partial-${process.pid}`;
    // `follow`: the media link is archived as the directory it points to.
    await tar.create({ gzip: true, file: partial, cwd: staging, follow: true, portable: true }, entries);
    renameSync(partial, target);
    out.log(`Backed up the ${config.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database${entries.includes('media') ? ' and media files' : ''} to ${target}.`);
    if (config.mediaS3) out.log(`Media files are in the S3 bucket ${config.mediaS3.bucket} and not in this backup: back the bucket up with the store's own means.`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

export async function restore(config: AppConfig, file: string, out: Pick<Console, 'log'>): Promise<void> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new OpsError(`No backup at ${source}.`);
  const staging = mkdtempSync(path.join(tmpdir(), 'vitrine-restore-'));
  try {
    // node-tar refuses absolute paths and `..` in entries: nothing lands outside the staging directory.
    await tar.extract({ file: source, cwd: staging, strict: true });
    let manifest: Manifest;
    try {
      manifest = JSON.parse(readFileSync(path.join(staging, MANIFEST), 'utf8')) as Manifest;
    } catch {
      throw new OpsError(`${source} is not a Vitrine backup (no ${MANIFEST}).`);
    }
    if (manifest.format !== 'vitrine-backup' || manifest.version !== 1) throw new OpsError(`${source} is not a backup this version can read.`);
    if (manifest.dialect !== config.dialect) {
      throw new OpsError(
        `This backup holds a ${manifest.dialect} database and DATABASE_URL is ${config.dialect}: restore it onto ${manifest.dialect}` +
          (manifest.dialect === 'sqlite' ? ', then move it with `vitrine migrate-db --to postgres://…`.' : '.'),
      );
    }
    const dump = path.join(staging, path.basename(manifest.database));
    if (!existsSync(dump)) throw new OpsError(`${source} has no database file.`);
    // Raised: the tables whose id counter stays above the replaced database's instead of going back.
    let raised: string[];
    if (config.dialect === 'sqlite') {
      const target = sqlitePath(config.databaseUrl);
      mkdirSync(path.dirname(target), { recursive: true });
      const live = await liveCounters(() => readSqliteCounters(target), out);
      const next = `${target}.restoring`;
      copyFileSync(dump, next);
      raised = raiseSqliteCounters(next, live);
      // The old write-ahead log belongs to the old file: it must not be replayed onto the restored one.
      for (const extra of ['-wal', '-shm']) rmSync(`${target}${extra}`, { force: true });
      renameSync(next, target);
    } else {
      const live = await liveCounters(() => readPostgresCounters(config.databaseUrl), out);
      await pgTool('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', `--dbname=${config.databaseUrl}`, dump]);
      raised = await raisePostgresCounters(config.databaseUrl, live);
    }
    const media = mediaRoot(config.dataDir);
    let restoredMedia = false;
    if (existsSync(path.join(staging, 'media'))) {
      if (config.mediaS3) {
        // A folder-store backup restored onto the S3 store: its pictures are copied into the
        // bucket (objects of the same name replaced, others left), which is also how a shop moves to S3.
        await copyIntoStore(path.join(staging, 'media'), mediaStoreFor(config));
      } else {
        rmSync(media, { recursive: true, force: true });
        mkdirSync(path.dirname(media), { recursive: true });
        renameSync(path.join(staging, 'media'), media);
      }
      restoredMedia = true;
    }
    if (existsSync(path.join(staging, 'private'))) {
      if (config.mediaS3) await copyIntoStore(path.join(staging, 'private'), privateStoreFor(config), false);
      else {
        const privateFiles = privateRoot(config.dataDir);
        rmSync(privateFiles, { recursive: true, force: true });
        renameSync(path.join(staging, 'private'), privateFiles);
      }
    }
    out.log(`Restored the backup of ${manifest.createdAt} (${manifest.dialect}${restoredMedia || (!config.mediaS3 && existsSync(media)) ? `, media files${config.mediaS3 ? ` into the S3 bucket ${config.mediaS3.bucket}` : ''}` : ''}). Start the shop again.`);
    if (raised.includes('orders')) {
      out.log('Orders placed after this backup are no longer in the shop; their numbers are not given out again. Re-enter them from their e-mails or the payment provider.');
    }
    if (raised.length > 0) out.log(`Id counters kept above the replaced database's: ${raised.join(', ')}.`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * The replaced database's id counters; a database too damaged to read them (the reason for
 * many a restore) does not stop the restore, which says what that means instead.
 */
async function liveCounters(read: () => IdCounters | Promise<IdCounters>, out: Pick<Console, 'log'>): Promise<IdCounters> {
  try {
    return await read();
  } catch (err) {
    out.log(`Warning: the id counters of the database being replaced could not be read (${(err as Error).message}): numbers issued after the backup may be given out again.`);
    return new Map();
  }
}

/** Puts every file under `dir` into the media store under its relative path. */
async function copyIntoStore(dir: string, store: MediaStore, publicOnly = true): Promise<void> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  for (const f of files) {
    const key = path.relative(dir, path.join(f.parentPath, f.name)).split(path.sep).join('/');
    // Only names the shop writes: anything else in the folder was never served either.
    if (publicOnly ? isMediaKey(key) : /^downloads\/\d+\/[0-9a-f]{32}$/.test(key)) await store.put(key, readFileSync(path.join(f.parentPath, f.name)), publicOnly ? mediaType(key) : 'application/octet-stream');
  }
}

/** Tables every shop database has that say "this shop is in use": the target must have none of their rows. */
const IN_USE = ['products', 'orders', 'users', 'categories'];
const SKIP = new Set(['kysely_migration', 'kysely_migration_lock']);
/** PostgreSQL allows 65,535 parameters per statement. */
const MAX_PARAMS = 60_000;

/**
 * Copies every table of the SQLite shop into an empty PostgreSQL database: migrates it to
 * the same schema, then in one transaction empties what the migrations wrote, copies the
 * rows table by table in batches (triggers and foreign-key checks held back while copying,
 * so counts kept by triggers are copied as they are rather than counted twice, and tables
 * go in any order), and moves every id sequence past the largest id copied.
 */
export async function migrateDb(config: AppConfig, to: string, out: Pick<Console, 'log'>): Promise<void> {
  if (config.dialect !== 'sqlite') throw new OpsError('migrate-db copies from a SQLite shop: DATABASE_URL must be sqlite:…');
  if (!/^postgres(ql)?:\/\//.test(to)) throw new OpsError('--to must be a postgres:// URL.');
  const file = sqlitePath(config.databaseUrl);
  if (!existsSync(file)) throw new OpsError(`No database at ${file}.`);

  // The source at the newest schema first, then the target at the same schema.
  const sourceDb = createDb(config.databaseUrl);
  try {
    await migrate(sourceDb);
  } finally {
    await sourceDb.destroy();
  }
  const targetDb = createDb(to);
  try {
    await migrate(targetDb);
  } finally {
    await targetDb.destroy();
  }

  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  const client = new pg.Client({ connectionString: to });
  await client.connect();
  try {
    const pgColumns = new Map<string, Set<string>>();
    const { rows: cols } = await client.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns where table_schema = current_schema()`,
    );
    for (const c of cols) {
      if (!pgColumns.has(c.table_name)) pgColumns.set(c.table_name, new Set());
      pgColumns.get(c.table_name)!.add(c.column_name);
    }
    for (const table of IN_USE) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${ident(table)}`);
      if (rows[0]!.n > 0) throw new OpsError(`The PostgreSQL database is not empty (${table} has rows): migrate into a new, empty database.`);
    }
    // Tables of the SQLite shop that PostgreSQL has too (not SQLite's own, FTS5's or the migrator's).
    const tables = (source.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`).all() as { name: string }[])
      .map((r) => r.name)
      .filter((t) => !SKIP.has(t) && pgColumns.has(t));

    await client.query('begin');
    try {
      // Replica mode: no user triggers, no foreign-key checks until commit (needs a superuser or the database owner with that right).
      await client.query(`set local session_replication_role = replica`).catch((err: Error) => {
        throw new OpsError(`The PostgreSQL role may not copy with triggers held back (${err.message}): run migrate-db as a superuser (e.g. postgres).`);
      });
      await client.query(`truncate ${tables.map(ident).join(', ')}`);
      const counts: string[] = [];
      for (const table of tables) {
        const wanted = pgColumns.get(table)!;
        const columns = (source.prepare(`select name from pragma_table_info(?)`).all(table) as { name: string }[]).map((c) => c.name).filter((c) => wanted.has(c));
        if (columns.length === 0) continue;
        const perBatch = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
        const insertHead = `insert into ${ident(table)} (${columns.map(ident).join(', ')}) values `;
        let batch: unknown[][] = [];
        let copied = 0;
        const flush = async () => {
          if (batch.length === 0) return;
          const params: unknown[] = [];
          const tuples = batch.map((row) => `(${row.map((v) => (params.push(v), `$${params.length}`)).join(', ')})`);
          await client.query(insertHead + tuples.join(', '), params);
          copied += batch.length;
          batch = [];
        };
        const select = source.prepare(`select ${columns.map(ident).join(', ')} from ${ident(table)}`).raw(true);
        for (const row of select.iterate() as Iterable<unknown[]>) {
          batch.push(row);
          if (batch.length >= perBatch) await flush();
        }
        await flush();
        counts.push(`${table} ${copied}`);
      }
      // Every serial column's sequence continues after the largest id copied.
      for (const table of tables) {
        for (const column of pgColumns.get(table)!) {
          const { rows } = await client.query<{ seq: string | null }>(`select pg_get_serial_sequence($1, $2) as seq`, [ident(table), column]);
          const seq = rows[0]?.seq;
          if (!seq) continue;
          await client.query(`select setval($1, coalesce((select max(${ident(column)}) from ${ident(table)}), 0) + 1, false)`, [seq]);
        }
      }
      await client.query('commit');
      out.log(`Copied ${tables.length} tables to PostgreSQL: ${counts.join(', ')}.\nSet DATABASE_URL to the new database and start the shop.`);
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    }
  } finally {
    source.close();
    await client.end();
  }
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
