import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { sql } from 'kysely';
import { idleSqlite, type DB } from './client.ts';
import { isPostgres } from './dialect.ts';

/*
 * The first start of a shop (migrations, the demo catalog, the setup code) runs in one
 * process at a time. Nodes started together on an empty database would otherwise both seed
 * the demo and one would fail on a SKU the other had just written. The first to take the lock
 * does the work; the others wait, then find it done (each step checks before writing).
 *
 * - PostgreSQL: a session advisory lock, per schema (a shop lives in one), held on a
 *   connection of its own while the work runs on the pool's others.
 * - SQLite (several processes on one file, e.g. a CLI beside the server): a lock file next to
 *   the database, created exclusively, holding the owner's pid; one left by a process that
 *   died is taken over. An in-memory database has a single process by definition.
 */

/** Any fixed number: the first key of the advisory lock (the second is the schema's hash). */
const START_LOCK_ID = 7_411_003;
/** How long a process waits for another's first start before giving up (seeding takes seconds). */
const START_WAIT_MS = 10 * 60_000;
const POLL_MS = 100;

export async function underStartLock<T>(db: DB, work: () => Promise<T>): Promise<T> {
  if (isPostgres(db)) {
    return db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${START_LOCK_ID}, hashtext(current_schema()))`.execute(conn);
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(${START_LOCK_ID}, hashtext(current_schema()))`.execute(conn).catch(() => undefined);
      }
    });
  }
  const file = idleSqlite(db)?.sqlite.name;
  if (!file || file === ':memory:') return work();
  const lock = `${file}.start-lock`;
  await takeFileLock(lock);
  try {
    return await work();
  } finally {
    rmSync(lock, { force: true });
  }
}

async function takeFileLock(lock: string): Promise<void> {
  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (!ownerAlive(lock)) {
      rmSync(lock, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`Another process has held ${lock} for ${START_WAIT_MS / 60_000} minutes: remove it if no Vitrine process is starting.`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** Whether the process named in the lock file still runs (an empty file is being written: alive). */
function ownerAlive(lock: string): boolean {
  let pid: number;
  try {
    const text = readFileSync(lock, 'utf8');
    if (!text) return true;
    pid = Number(text);
  } catch {
    return true; // gone meanwhile: the next attempt takes it
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
