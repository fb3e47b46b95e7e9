import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/**
 * Oversell across processes on SQLite: a shop may run several server processes on one
 * database file, each with its own connection. Four processes, 50 buyers each, all at once,
 * for a product with 10 in stock.
 */
const PROCESSES = 4;
const BUYERS = 200;

describe('checkout from several processes on one SQLite file', () => {
  let t: TestApp;
  let productId = 0;
  const tokens: string[] = [];

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const db = t.services.db;
    productId = (await createProduct(db, { name: 'Last Ten Lamp', regular_price: 2500, manage_stock: 1, stock_quantity: 10 })).id;
    const world = await addMethod(db, null, { type: 'flat_rate' });
    await saveMethod(db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
    for (let i = 0; i < BUYERS; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/cart/items', headers: { 'cart-token': `new-${i}`, 'content-type': 'application/json' }, payload: { productId, quantity: 1 } });
      expect(res.statusCode).toBe(201);
      tokens.push(res.headers['cart-token'] as string);
    }
  });
  afterAll(() => t?.close());

  it(`${BUYERS} buyers in ${PROCESSES} processes, 10 in stock: exactly 10 orders, the rest clear 409s, stock 0`, async () => {
    const per = BUYERS / PROCESSES;
    const children: { child: ChildProcess; out: string[] }[] = [];
    for (let p = 0; p < PROCESSES; p++) {
      const file = path.join(t.database.dataDir, `tokens-${p}.json`);
      writeFileSync(file, JSON.stringify(tokens.slice(p * per, (p + 1) * per)));
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'checkout-processes.worker.ts'), t.database.url, t.database.dataDir, file], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const out: string[] = [];
      let buf = '';
      child.stdout!.on('data', (d: Buffer) => {
        buf += d.toString();
        const lines = buf.split('\n');
        buf = lines.pop()!;
        out.push(...lines);
      });
      children.push({ child, out });
    }
    // Every process is up before any buyer goes (a process that stops first fails the test at once).
    const exited = new Set<number>();
    children.forEach((c, i) => c.child.once('exit', () => exited.add(i)));
    const deadline = Date.now() + 150_000;
    while (!children.every((c) => c.out.includes('ready'))) {
      const stopped = children.findIndex((c, i) => exited.has(i) && !c.out.includes('ready'));
      if (stopped >= 0) throw new Error(`worker ${stopped} stopped before it was ready:\n${children[stopped].out.join('\n')}`);
      if (Date.now() > deadline) throw new Error('workers did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
    for (const c of children) c.child.stdin!.end('go\n');
    await Promise.all(children.map((c) => new Promise((resolve) => c.child.on('exit', resolve))));
    const answers = children.flatMap((c) => c.out.filter((l) => l.startsWith('RESULT ')).map((l) => JSON.parse(l.slice(7)) as { status: number; code: string | null; message: string | null }));
    expect(answers).toHaveLength(BUYERS);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(BUYERS - 10);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(['out_of_stock', 'cart_changed']).toContain(r.code);
      expect(r.message).toMatch(/Last Ten Lamp/);
    }
    const row = await t.services.db.selectFrom('products').select(['stock_quantity', 'stock_status']).where('id', '=', productId).executeTakeFirstOrThrow();
    expect(row).toEqual({ stock_quantity: 0, stock_status: 'outofstock' });
    const orders = await t.services.db.selectFrom('order_items').select('order_id').where('product_id', '=', productId).execute();
    expect(orders).toHaveLength(10);
  }, 240_000);
});
