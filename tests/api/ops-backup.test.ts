import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { issueInvoice } from '../../app/features/invoices/invoices.server.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../app/config/app-config.ts';
import { dialects, PG_URL } from '../helpers/databases.ts';

/*
 * Backups, restores and the SQLite → PostgreSQL move, through the real `vitrine` command
 * (bin/vitrine.mjs, a child process) on real databases: a SQLite file, and PostgreSQL
 * databases of this file's own (created and dropped here; pg_dump works per database).
 */

const exec = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SECRET = 'test-secret-that-is-at-least-32-characters-long';

async function vitrine(args: string[], env: { DATABASE_URL: string; DATA_DIR: string }) {
  try {
    const { stdout, stderr } = await exec(process.execPath, [path.join(ROOT, 'bin', 'vitrine.mjs'), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, SESSION_SECRET: SECRET, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A PostgreSQL database of its own (the URL) and a way to drop it. */
async function pgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vitrine_ops_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  url.search = '';
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A shop on `databaseUrl` with a product, an order and a media file; closed again. */
async function fillShop(databaseUrl: string, dataDir: string, opts: { invoice?: boolean } = {}) {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }, { databaseUrl, dataDir, sessionSecret: SECRET, seedDemo: false, publicUrl: 'http://shop.example' });
  const app = await buildApp(config, { pages: false });
  try {
    const db = app.services.db;
    const product = await createProduct(db, { name: 'Backed-up Bowl', regular_price: 3400, manage_stock: 1, stock_quantity: 7 });
    const world = await addMethod(db, null, { type: 'flat_rate' });
    await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
    const add = await app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'cart-token': 'new-1', 'content-type': 'application/json' }, payload: { productId: product.id, quantity: 2 } });
    expect(add.statusCode).toBe(201);
    const billing = { first_name: 'Pat', last_name: 'Keeper', address_1: '1 Main St', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB', email: 'pat@example.com' };
    const order = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { 'cart-token': add.headers['cart-token'] as string, 'content-type': 'application/json' },
      payload: { billing_address: billing, payment_method: 'cod' },
    });
    expect(order.statusCode).toBe(200);
    const orderNumber = Number((order.json() as { order_number: string }).order_number);
    // The order's invoice, numbered from the shop's own sequence (not the order's).
    const invoiceNumber = opts.invoice ? (await issueInvoice(app.services, orderNumber)).number : null;
    const media = path.join(dataDir, 'media', 'products', 'bowl-800.webp');
    mkdirSync(path.dirname(media), { recursive: true });
    writeFileSync(media, randomBytes(4096));
    return { productId: product.id, media, orderNumber, invoiceNumber };
  } finally {
    await app.close();
  }
}

/**
 * Every id counter of the database, read as the database keeps it (SQLite's sqlite_sequence,
 * PostgreSQL's sequences by table): the highest id each table has handed out.
 */
async function idCounters(databaseUrl: string): Promise<Record<string, number>> {
  const { createDb } = await import('../../db/client.ts');
  const { sql } = await import('kysely');
  const db = createDb(databaseUrl);
  try {
    if (databaseUrl.startsWith('sqlite:')) {
      const rows = (await sql<{ name: string; seq: number }>`select name, seq from sqlite_sequence`.execute(db)).rows;
      return Object.fromEntries(rows.map((r) => [r.name, Number(r.seq)]));
    }
    const seqs = (
      await sql<{ t: string; seq: string }>`select table_name as t, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
        from information_schema.columns where table_schema = current_schema() and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`.execute(db)
    ).rows;
    const out: Record<string, number> = {};
    for (const { t, seq } of seqs) {
      const row = (await sql<{ last_value: string; is_called: boolean }>`select last_value, is_called from ${sql.raw(seq)}`.execute(db)).rows[0]!;
      out[t] = row.is_called ? Number(row.last_value) : Number(row.last_value) - 1;
    }
    return out;
  } finally {
    await db.destroy();
  }
}

/** What the round trips compare: every order, the product, and counts. */
async function snapshot(databaseUrl: string) {
  const { createDb } = await import('../../db/client.ts');
  const db = createDb(databaseUrl);
  try {
    const orders = await db.selectFrom('orders').selectAll().orderBy('id').execute();
    const items = await db.selectFrom('order_items').selectAll().orderBy('id').execute();
    const products = await db.selectFrom('products').select(['id', 'name', 'slug', 'regular_price', 'stock_quantity']).orderBy('id').execute();
    return { orders, items, products };
  } finally {
    await db.destroy();
  }
}

for (const dialect of await dialects()) {
  describe(`vitrine backup and restore (${dialect})`, () => {
    let dataDir = '';
    let databaseUrl = '';
    let drop = async () => {};
    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'ops-server-backup-'));
      if (dialect === 'sqlite') databaseUrl = `sqlite:${path.join(dataDir, 'shop.sqlite')}`;
      else ({ url: databaseUrl, drop } = await pgDatabase());
    });
    afterAll(async () => {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('a backup restored after losing the data brings back orders, products and media files', async () => {
      const { media } = await fillShop(databaseUrl, dataDir);
      const before = await snapshot(databaseUrl);
      expect(before.orders).toHaveLength(1);
      const picture = readFileSync(media);
      // A downloadable product's file, in the private folder beside the media.
      const privateFile = path.join(dataDir, 'private', 'downloads', '1', 'ab'.repeat(16));
      mkdirSync(path.dirname(privateFile), { recursive: true });
      writeFileSync(privateFile, 'the album');
      const archive = path.join(dataDir, 'backups', 'shop.tar.gz');
      const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir };

      const made = await vitrine(['backup', archive], env);
      expect(made.stderr).toBe('');
      expect(made.code).toBe(0);
      expect(existsSync(archive)).toBe(true);

      // Disaster: another order comes in (to be lost), the product is deleted, pictures gone.
      await fillShop(databaseUrl, dataDir);
      rmSync(path.join(dataDir, 'media'), { recursive: true, force: true });
      rmSync(path.join(dataDir, 'private'), { recursive: true, force: true });
      expect((await snapshot(databaseUrl)).orders).toHaveLength(2);

      const back = await vitrine(['restore', archive], env);
      expect(back.stderr).toBe('');
      expect(back.code).toBe(0);
      expect(await snapshot(databaseUrl)).toEqual(before);
      expect(readFileSync(media).equals(picture)).toBe(true);
      expect(readFileSync(privateFile, 'utf8')).toBe('the album');
    }, 120_000);

    it('refuses a file that is not a backup, and a missing one, with a clear message', async () => {
      const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
      const missing = await vitrine(['restore', path.join(dataDir, 'nope.tar.gz')], env);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/No backup at/);
      const junk = path.join(dataDir, 'junk.tar.gz');
      writeFileSync(junk, 'not an archive');
      const bad = await vitrine(['restore', junk], env);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/^Error: /);
      // The shop's data is still there.
      expect((await snapshot(databaseUrl)).orders).toHaveLength(1);
    }, 60_000);

    it('a restore never gives out again a number issued after the backup: the next order and the next invoice are numbered above every one before', async () => {
      const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
      const archive = path.join(dataDir, 'backups', 'numbers.tar.gz');
      const atBackup = (await snapshot(databaseUrl)).orders.length;
      expect((await vitrine(['backup', archive], env)).code).toBe(0);

      // Two orders (with their customers' carts, products, shipping methods) after the backup,
      // each invoiced: to be lost. An invoice number once issued is never issued again.
      const lostShops = [await fillShop(databaseUrl, dataDir, { invoice: true }), await fillShop(databaseUrl, dataDir, { invoice: true })];
      const lost = lostShops.map((shop) => shop.orderNumber);
      const lostInvoices = lostShops.map((shop) => shop.invoiceNumber!);
      expect(lostInvoices[1]).toBe(lostInvoices[0] + 1);
      const issued = await idCounters(databaseUrl);
      expect(issued.orders).toBe(Math.max(...lost));

      const back = await vitrine(['restore', archive], env);
      expect(back.stderr).toBe('');
      expect(back.code).toBe(0);
      expect(back.stdout).toMatch(/Orders placed after this backup are no longer in the shop; their numbers are not given out again/);
      // The rows issued after the backup are gone, and no counter went back.
      expect((await snapshot(databaseUrl)).orders).toHaveLength(atBackup);
      const restored = await idCounters(databaseUrl);
      for (const [table, high] of Object.entries(issued)) expect({ table, counter: restored[table] ?? 0 }).toEqual({ table, counter: high });

      const next = await fillShop(databaseUrl, dataDir, { invoice: true });
      expect(next.orderNumber).toBe(Math.max(...lost) + 1);
      expect(next.invoiceNumber).toBe(Math.max(...lostInvoices) + 1);
      expect(next.productId).toBeGreaterThan(0);

      // Restoring the same backup again, now over a database with fewer rows than ever: still no step back.
      const issuedAgain = await idCounters(databaseUrl);
      expect((await vitrine(['restore', archive], env)).code).toBe(0);
      const again = await idCounters(databaseUrl);
      for (const [table, high] of Object.entries(issuedAgain)) expect({ table, counter: again[table] ?? 0 }).toEqual({ table, counter: high });
      const last = await fillShop(databaseUrl, dataDir, { invoice: true });
      expect(last.orderNumber).toBe(next.orderNumber + 1);
      expect(last.invoiceNumber).toBe(next.invoiceNumber! + 1);
    }, 180_000);

    it.runIf(dialect === 'sqlite')('restores over a database file too damaged to read its counters, and says what that means', async () => {
      const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
      const file = databaseUrl.slice('sqlite:'.length);
      for (const extra of ['-wal', '-shm']) rmSync(`${file}${extra}`, { force: true });
      writeFileSync(file, randomBytes(8192));
      const back = await vitrine(['restore', path.join(dataDir, 'backups', 'numbers.tar.gz')], env);
      expect(back.stderr).toBe('');
      expect(back.code).toBe(0);
      expect(back.stdout).toMatch(/Warning: the id counters of the database being replaced could not be read \(.+\): numbers issued after the backup may be given out again/);
      expect((await snapshot(databaseUrl)).orders.length).toBeGreaterThan(0);
    }, 60_000);
  });
}

describe.runIf((await dialects()).includes('postgres'))('vitrine migrate-db: SQLite → PostgreSQL', () => {
  let dataDir = '';
  let target: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'ops-server-migrate-'));
    target = await pgDatabase();
  });
  afterAll(async () => {
    await target?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every table (counts and rows equal, ids continue), and the migrated shop serves a product page', async () => {
    const sqliteUrl = `sqlite:${path.join(dataDir, 'shop.sqlite')}`;
    const { productId } = await fillShop(sqliteUrl, dataDir);
    const env = { DATABASE_URL: sqliteUrl, DATA_DIR: dataDir };
    const moved = await vitrine(['migrate-db', '--to', target.url], env);
    expect(moved.stderr).toBe('');
    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(/Copied \d+ tables to PostgreSQL/);

    // Every table the SQLite shop has (but SQLite's own and FTS5's) holds as many rows on PostgreSQL.
    const { createDb } = await import('../../db/client.ts');
    const { sql } = await import('kysely');
    const source = createDb(sqliteUrl);
    const copy = createDb(target.url);
    try {
      const pgTables = new Set((await sql<{ t: string }>`select table_name as t from information_schema.tables where table_schema = current_schema()`.execute(copy)).rows.map((r) => r.t));
      const tables = (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(source)).rows
        .map((r) => r.name)
        .filter((t) => pgTables.has(t));
      expect(tables).toEqual(expect.arrayContaining(['products', 'orders', 'order_items', 'users', 'settings', 'carts', 'search_documents']));
      for (const table of tables) {
        const count = async (db: typeof source) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);
        expect({ table, rows: await count(copy) }).toEqual({ table, rows: await count(source) });
      }
      expect(await snapshot(target.url)).toEqual(await snapshot(sqliteUrl));
      const settings = await source.selectFrom('settings').selectAll().orderBy('key').execute();
      expect(await copy.selectFrom('settings').selectAll().orderBy('key').execute()).toEqual(settings);
    } finally {
      await source.destroy();
      await copy.destroy();
    }

    // The shop on PostgreSQL: the product page renders, and a new product gets the next id.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }, { databaseUrl: target.url, dataDir, sessionSecret: SECRET, seedDemo: false });
    const app = await buildApp(config, { pages: 'build' });
    try {
      const slug = (await app.services.db.selectFrom('products').select('slug').where('id', '=', productId).executeTakeFirstOrThrow()).slug;
      const page = await app.inject(`/product/${slug}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Backed-up Bowl');
      const next = await createProduct(app.services.db, { name: 'After the move', regular_price: 100 });
      expect(next.id).toBeGreaterThan(productId);
    } finally {
      await app.close();
    }

    // A second run finds the database in use and leaves it alone.
    const again = await vitrine(['migrate-db', '--to', target.url], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/not empty/);
  }, 180_000);
});
