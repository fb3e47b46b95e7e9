import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, idleSqlite, migrate, type DB } from './client.ts';

/*
 * The server's SQLite connection leaves checkpoints to a worker thread: its own commits
 * must not copy the write-ahead log into the database file (that stalls every request),
 * yet the log must still reach the file within a fraction of a second.
 */
describe('background checkpoints (SQLite)', () => {
  let dir: string;
  let db: DB | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  const open = async (backgroundCheckpoints: boolean) => {
    dir = mkdtempSync(path.join(tmpdir(), 'vitrine-ckpt-'));
    const file = path.join(dir, 'shop.sqlite');
    db = createDb(`sqlite:${file}`, { backgroundCheckpoints });
    await migrate(db);
    return file;
  };
  /** 3,000 one-row commits on the serving connection: about 3,000 log pages. */
  const write = async () => {
    for (let i = 0; i < 3000; i++) await db!.insertInto('settings').values({ key: `load.${i}`, value: 'x'.repeat(200) }).execute();
  };
  const walPages = (file: string) => Math.round(statSync(`${file}-wal`).size / 4096);

  it('copies the log into the database file from a worker thread while the serving connection never does', async () => {
    const file = await open(true);
    expect(idleSqlite(db!)!.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(20_000);
    const before = statSync(file).mtimeMs;
    await write();
    // Checkpoints run five times a second (given half a minute on a busy machine). Only a
    // checkpoint writes the database file itself, and the serving connection's own would wait
    // for 20,000 pages.
    await expect.poll(() => statSync(file).mtimeMs, { timeout: 30_000, interval: 100 }).toBeGreaterThan(before);
    // What was written is there for any other connection.
    const other = new SQLite(file, { readonly: true });
    expect(other.prepare("select count(*) from settings where key like 'load.%'").pluck().get()).toBe(3000);
    other.close();
  }, 60_000);

  it('without it, the connection checkpoints inside its own commits every 1,000 pages', async () => {
    const file = await open(false);
    expect(idleSqlite(db!)!.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    await write();
    // The log wrapped around after a checkpoint: it never holds all 3,000 pages.
    expect(walPages(file)).toBeLessThan(2000);
  });
});
