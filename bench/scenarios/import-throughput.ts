import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, migrate } from '../../db/client.ts';
import { importWooCommerce } from '../../app/features/catalog/woo-import/importer.server.ts';
import { nowIso } from '../../app/lib/time.ts';
import { localMediaStore } from '../../app/lib/media-store.server.ts';
import type { CustomScenario, Measurement } from '../lib/types.ts';

/*
 * Import throughput: a generated WooCommerce export (simple, variable with three
 * variations each, grouped, external; categories, tags, attributes, HTML descriptions
 * with quotes, commas and line breaks) imported into a fresh SQLite database, timed from
 * the first byte read to the last listing column recomputed. Pictures are left out: their
 * download time is the network's, not ours. Baseline: the same number of bare product
 * rows inserted one transaction each, the floor of a row-per-transaction import.
 */

const HEADER = ['ID', 'Type', 'SKU', 'Name', 'Published', 'Is featured?', 'Visibility in catalog', 'Short description', 'Description', 'In stock?', 'Stock',
  'Backorders allowed?', 'Weight (kg)', 'Sale price', 'Regular price', 'Categories', 'Tags', 'Images', 'Parent', 'Grouped products', 'Upsells', 'External URL',
  'Button text', 'Attribute 1 name', 'Attribute 1 value(s)', 'Attribute 1 visible', 'Attribute 1 global', 'Meta: _origin'];
const DEPARTMENTS = ['Apparel', 'Footwear', 'Kitchen', 'Living', 'Garden', 'Office', 'Outdoor'];
const LEAVES = ['Basics', 'Premium', 'Kids', 'Sale', 'New', 'Gifts'];
const TAGS = ['eco', 'bestseller', 'gift idea', 'limited', 'handmade', 'organic', 'vegan', 'local', 'classic', 'travel'];
const COLOURS = ['Red', 'Blue', 'Green'];

const cell = (v: string | number) => {
  const s = String(v);
  return /[",\n\r\t ]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** A WooCommerce-style export of exactly `rows` rows. */
export function generateWooCsv(rows: number): string {
  const lines = [`\uFEFF${HEADER.map(cell).join(',')}`];
  const push = (r: Partial<Record<(typeof HEADER)[number], string | number>>) => lines.push(HEADER.map((h) => cell(r[h] ?? '')).join(','));
  let id = 1;
  while (lines.length - 1 < rows) {
    const n = id;
    const left = rows - (lines.length - 1);
    const base = {
      ID: n, SKU: `BENCH-${n}`, Name: `Product ${n}, "edition" ${n % 97}`, Published: 1, 'Is featured?': n % 50 === 0 ? 1 : 0, 'Visibility in catalog': 'visible',
      'Short description': `<p>Short text for ${n}.</p>`, Description: `<p>Line one, with a comma.</p>\n<p>Line "two" of ${n}.</p>`, 'In stock?': 1,
      'Backorders allowed?': 0, 'Weight (kg)': (n % 30) / 10, Categories: `${DEPARTMENTS[n % 7]} > ${LEAVES[n % 6]}`, Tags: `${TAGS[n % 10]}, ${TAGS[(n * 3) % 10]}`,
      'Meta: _origin': 'bench',
    };
    if (n % 10 === 0 && left >= 4) {
      push({ ...base, Type: 'variable', 'Attribute 1 name': 'Color', 'Attribute 1 value(s)': COLOURS.join(', '), 'Attribute 1 visible': 1, 'Attribute 1 global': 1 });
      for (const [k, colour] of COLOURS.entries()) {
        id++;
        push({ ID: id, Type: 'variation', SKU: `BENCH-${n}-${colour}`, Name: `Product ${n} - ${colour}`, Published: 1, 'In stock?': 1, Stock: 5 + k, 'Regular price': `${20 + k}.50`, Parent: `id:${n}`, 'Attribute 1 name': 'Color', 'Attribute 1 value(s)': colour, 'Attribute 1 global': 1 });
      }
    } else if (n % 100 === 8 && n > 100) {
      push({ ...base, Type: 'grouped', 'Grouped products': `BENCH-${n - 1}, BENCH-${n - 2}` });
    } else if (n % 50 === 7) {
      push({ ...base, Type: 'external', 'Regular price': '19.99', 'External URL': `https://example.com/p/${n}`, 'Button text': 'Buy elsewhere' });
    } else {
      push({ ...base, Type: 'simple', 'Regular price': `${5 + (n % 200)}.99`, 'Sale price': n % 7 === 0 ? `${4 + (n % 200)}.49` : '', Stock: n % 5 === 0 ? n % 40 : '',
        Upsells: n % 20 === 5 ? `BENCH-${n - 1}` : '', 'Attribute 1 name': 'Material', 'Attribute 1 value(s)': 'Cotton, Linen', 'Attribute 1 visible': 1, 'Attribute 1 global': 0 });
    }
    id++;
  }
  return `${lines.join('\n')}\n`;
}

function tempDatabase() {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-import-bench-'));
  const db = createDb(`sqlite:${path.join(dir, 'bench.sqlite')}`);
  return { dir, db, async close() { await db.destroy(); rmSync(dir, { recursive: true, force: true }); } };
}

/** Generates a `rows`-row CSV in a temporary directory and imports it into a temporary SQLite database. */
export async function importThroughput(rows = 10_000): Promise<{ rows: number; seconds: number; rowsPerSecond: number }> {
  const t = tempDatabase();
  try {
    await migrate(t.db);
    const file = path.join(t.dir, 'products.csv');
    writeFileSync(file, generateWooCsv(rows));
    const started = performance.now();
    const summary = await importWooCommerce({ db: t.db, media: localMediaStore(t.dir) }, createReadStream(file), { currency: 'GBP', downloadImages: false });
    const seconds = (performance.now() - started) / 1000;
    if (summary.failed || summary.created !== rows) throw new Error(`import of the bench CSV went wrong: ${JSON.stringify(summary.skipped.slice(0, 3))}`);
    return { rows, seconds, rowsPerSecond: rows / seconds };
  } finally {
    await t.close();
  }
}

/** The same number of bare product rows, one transaction each: what any row-per-transaction import pays. */
export async function rawInsertThroughput(rows = 10_000): Promise<{ rows: number; seconds: number; rowsPerSecond: number }> {
  const t = tempDatabase();
  try {
    await migrate(t.db);
    const now = nowIso();
    const started = performance.now();
    for (let i = 0; i < rows; i++) {
      await t.db.transaction().execute((trx) => trx.insertInto('products').values({ type: 'simple', name: `Product ${i}`, slug: `product-${i}`, sku: `RAW-${i}`, regular_price: 999, created_at: now, updated_at: now }).execute());
    }
    const seconds = (performance.now() - started) / 1000;
    return { rows, seconds, rowsPerSecond: rows / seconds };
  } finally {
    await t.close();
  }
}

const measured = (r: { rows: number; seconds: number; rowsPerSecond: number }, note: string): Measurement => ({
  throughput: r.rowsPerSecond,
  unit: 'rows/s',
  count: r.rows,
  note,
  details: { seconds: r.seconds },
});

const scenario: CustomScenario = {
  name: 'WooCommerce CSV import (SQLite)',
  async run(ctx) {
    const rows = ctx.quick ? 2_000 : 10_000;
    const result = await importThroughput(rows);
    const baseline = await rawInsertThroughput(rows);
    return {
      result: measured(result, `${rows}-row generated export, one transaction per row, pictures off`),
      baseline: { name: 'bare product INSERT, one transaction per row', result: measured(baseline, 'same row count, no parsing or relations') },
    };
  },
};

export default scenario;
