import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { createDb } from '../../db/client.ts';
import { startShopServer } from './shop-server.ts';
import { budget } from './time.ts';

/** Processes whose parent is `pid` and that run the shop's server. */
function serverChildren(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid && /build\/node\/server\.js|server\/index\.ts/.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) out.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

test('WORKERS=2: two processes share the port, agree on every change at once, and stop together', async ({ request }) => {
  test.setTimeout(budget(180_000));
  const server = await startShopServer({ name: 'workers', env: { WORKERS: '2' } });
  let stopped = false;
  try {
    expect(serverChildren(server.pid)).toHaveLength(2);
    const url = (p: string) => `${server.baseURL}${p}`;
    const { products } = await (await request.get(url('/api/products?per_page=50'))).json();
    const mug = products.find((p: { type: string; stockStatus: string }) => p.type === 'simple' && p.stockStatus === 'instock');
    const price = (view: { prices: { sale: number | null; regular: number } }) => view.prices.sale ?? view.prices.regular;
    const before = price(await (await request.get(url(`/api/products/${mug.id}/quick-view`))).json());

    // A change written by another process (here: straight into the database) is seen by
    // whichever worker answers next — every answer, not just most.
    const db = createDb(`sqlite:${path.join(server.dataDir, 'e2e.sqlite')}`);
    try {
      await db.updateTable('products').set({ regular_price: 4242, sale_price: null }).where('id', '=', mug.id).execute();
    } finally {
      await db.destroy();
    }
    const seen = await Promise.all(Array.from({ length: 30 }, async () => price(await (await request.get(url(`/api/products/${mug.id}/quick-view`))).json())));
    expect(before).not.toBe(4242);
    expect(new Set(seen)).toEqual(new Set([4242]));

    // One cart, whichever worker serves each call.
    const added = await request.post(url('/api/cart/items'), { headers: { 'cart-token': 'new' }, data: { productId: mug.id, quantity: 1 } });
    expect(added.status()).toBe(201);
    const token = added.headers()['cart-token'];
    for (let i = 0; i < 5; i++) {
      const res = await request.post(url('/api/cart/items'), { headers: { 'cart-token': token }, data: { productId: mug.id, quantity: 1 } });
      expect(res.status()).toBe(201);
    }
    const carts = await Promise.all(Array.from({ length: 20 }, async () => (await (await request.get(url('/api/cart'), { headers: { 'cart-token': token } })).json()).itemCount));
    expect(new Set(carts)).toEqual(new Set([6]));

    // SIGTERM to the supervisor stops every worker.
    const workers = serverChildren(server.pid);
    await server.stop();
    stopped = true;
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  } finally {
    if (!stopped) await server.stop();
  }
});
