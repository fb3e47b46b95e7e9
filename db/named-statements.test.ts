import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_URL, dialects } from '../tests/helpers/databases.ts';
import { withTransaction } from '../app/features/orders/transaction.server.ts';
import { createDb, NAMED_PER_CONNECTION, type DB } from './client.ts';
import { randomBytes } from 'node:crypto';

/*
 * PostgreSQL connections prepare the statements they run (db/client.ts): up to a bound per
 * connection, and a table whose columns another process changed does not break them.
 */
const onPostgres = (await dialects()).includes('postgres');

describe.skipIf(!onPostgres)('named statements (postgres)', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let db: DB;
  let other: pg.Client;
  const prepared = async () =>
    Number((await sql<{ n: number }>`select count(*) as n from pg_prepared_statements where name like 'vs%'`.execute(db)).rows[0]!.n);

  beforeAll(async () => {
    other = new pg.Client({ connectionString: PG_URL });
    await other.connect();
    await other.query(`create schema ${schema}`);
    await other.query(`create table ${schema}.things (id integer primary key, name text)`);
    await other.query(`insert into ${schema}.things values (1, 'one'), (2, 'two')`);
    // One connection, so every statement below runs on the same session.
    db = createDb(PG_URL, { schema, poolSize: 1 });
  });
  afterAll(async () => {
    await db?.destroy();
    await other.query(`drop schema if exists ${schema} cascade`);
    await other.end();
  });

  it('prepares a statement with parameters once per connection, and at most the bound', async () => {
    const before = await prepared();
    for (let i = 0; i < 3; i++) expect((await db.selectFrom('things' as never).selectAll().where('id' as never, '=', 1 as never).execute()).length).toBe(1);
    expect(await prepared()).toBe(before + 1);
    // Many distinct texts (an IN list of every length): the bound holds, and they all still run.
    for (let n = 1; n <= NAMED_PER_CONNECTION + 20; n++) {
      const ids = Array.from({ length: n }, (_, i) => i + 1);
      expect((await db.selectFrom('things' as never).select('id' as never).where('id' as never, 'in', ids as never).execute()).length).toBe(Math.min(n, 2));
    }
    expect(await prepared()).toBe(NAMED_PER_CONNECTION);
  });

  it('runs a prepared select * again after another process added a column, in and out of transactions', async () => {
    await db.destroy();
    db = createDb(PG_URL, { schema, poolSize: 1 });
    const byId = () => db.selectFrom('things' as never).selectAll().where('id' as never, '=', 2 as never).executeTakeFirst() as Promise<Record<string, unknown> | undefined>;
    expect(await byId()).toEqual({ id: 2, name: 'two' });
    await other.query(`alter table ${schema}.things add column colour text default 'red'`);
    // Outside a transaction: run again unnamed, with the new column.
    expect(await byId()).toEqual({ id: 2, name: 'two', colour: 'red' });
    // Prepared again under a new name.
    expect(await byId()).toEqual({ id: 2, name: 'two', colour: 'red' });
    await other.query(`alter table ${schema}.things add column size integer default 3`);
    // Inside one, the first run fails (the transaction is lost, as with any error); the next works.
    await expect(db.transaction().execute(async (trx) => trx.selectFrom('things' as never).selectAll().where('id' as never, '=', 2 as never).executeTakeFirst())).rejects.toThrow(/cached plan/);
    expect(await db.transaction().execute(async (trx) => trx.selectFrom('things' as never).selectAll().where('id' as never, '=', 2 as never).executeTakeFirst())).toEqual({ id: 2, name: 'two', colour: 'red', size: 3 });
  });

  it('a transaction refused for an outdated plan runs again in withTransaction (order placement, stock changes)', async () => {
    const byId = (trx: DB) => trx.selectFrom('things' as never).selectAll().where('id' as never, '=', 1 as never).executeTakeFirst() as Promise<Record<string, unknown> | undefined>;
    await withTransaction(db, byId);
    await other.query(`alter table ${schema}.things add column shade text default 'dark'`);
    let runs = 0;
    const row = await withTransaction(db, async (trx) => {
      runs++;
      return byId(trx);
    });
    expect(runs).toBe(2);
    expect(row).toMatchObject({ id: 1, shade: 'dark' });
  });

  it('with prepared statements off (a transaction-mode pooler), nothing is prepared', async () => {
    const plain = createDb(PG_URL, { schema, poolSize: 1, preparedStatements: false });
    try {
      for (let i = 0; i < 3; i++) expect(await plain.selectFrom('things' as never).select('id' as never).where('id' as never, '=', 1 as never).execute()).toEqual([{ id: 1 }]);
      const n = await sql<{ n: number }>`select count(*) as n from pg_prepared_statements`.execute(plain);
      expect(Number(n.rows[0]!.n)).toBe(0);
    } finally {
      await plain.destroy();
    }
  });
});
