import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, migrate, type DB } from './client.ts';
import { hotQuery } from './hot-query.ts';

/*
 * Group commit on SQLite: hot writes handed in during one turn of the event loop share one
 * transaction, yet each succeeds or fails on its own and sees the writes before it.
 */
describe('group commit (SQLite)', () => {
  let dir: string;
  let file: string;
  let db: DB;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'vitrine-group-'));
    file = path.join(dir, 'shop.sqlite');
    db = createDb(`sqlite:${file}`);
    await migrate(db);
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const PUT = hotQuery((d, slot) => d.insertInto('settings').values({ key: slot<string>(0), value: slot<string>(1) }).returning('key'), { storeData: false });
  /** A running count in one row: each write answers the count it left. */
  const BUMP = hotQuery(
    (d, slot) =>
      d
        .updateTable('settings')
        .set((eb) => ({ value: eb.cast(eb(eb.cast<number>('value', 'integer'), '+', slot<number>(0)), 'text') }))
        .where('key', '=', 'counter')
        .returning('value'),
    { storeData: false },
  );
  /** Pages appended to the write-ahead log so far (the log is not checkpointed back meanwhile: 1,000 pages). */
  const walFrames = () => Math.round((statSync(`${file}-wal`).size - 32) / (4096 + 24));

  it('writes handed in during one turn share one commit; awaited one by one they commit one by one', async () => {
    await PUT.all(db, ['counter', '0']);
    const before = walFrames();
    const values = await Promise.all(Array.from({ length: 50 }, () => BUMP.first(db, [1])));
    const together = walFrames() - before;
    // Each write saw the ones before it: 1 … 50, each exactly once.
    expect(values.map((v) => Number(v!.value)).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    // One commit writes the changed page once.
    expect(together).toBeLessThanOrEqual(2);

    const between = walFrames();
    for (let i = 0; i < 50; i++) await BUMP.first(db, [1]);
    expect(walFrames() - between).toBeGreaterThanOrEqual(50);
    const other = new SQLite(file, { readonly: true });
    expect(Number(other.prepare("select value from settings where key = 'counter'").pluck().get())).toBe(100);
    other.close();
  });

  it('a failing write fails alone: the others of its turn are committed', async () => {
    await PUT.all(db, ['taken', 'x']);
    const outcomes = await Promise.allSettled([PUT.first(db, ['a', '1']), PUT.first(db, ['taken', '2']), PUT.first(db, ['b', '3'])]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed/);
    const other = new SQLite(file, { readonly: true });
    expect(other.prepare("select key, value from settings where key in ('a', 'b', 'taken') order by key").all()).toEqual([
      { key: 'a', value: '1' },
      { key: 'b', value: '3' },
      { key: 'taken', value: 'x' },
    ]);
    other.close();
  });

  it('waits for a transaction open on the connection and is not part of it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('settings').values({ key: 'in-transaction', value: '1' }).execute();
        await held;
        throw new Error('changed my mind');
      })
      .catch((err: Error) => err.message);
    // Let the transaction begin, then hand in a write while it is open.
    await new Promise((resolve) => setImmediate(resolve));
    let done = false;
    const write = PUT.first(db, ['outside', '1']).then((row) => ((done = true), row));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(done).toBe(false);
    release();
    expect(await transaction).toBe('changed my mind');
    expect(await write).toEqual({ key: 'outside' });
    const keys = (await db.selectFrom('settings').select('key').where('key', 'in', ['outside', 'in-transaction']).execute()).map((r) => r.key);
    expect(keys).toEqual(['outside']);
  });
});
