import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { BaselineSpec, BenchContext } from './types.ts';

/*
 * The checkout's baseline: the same rows a purchase writes, written by a bare loop through the
 * runner's own connection (the same driver the server uses) with no HTTP, no validation, no
 * totals and no e-mail. A purchase, as the checkout scenario's buyers make one:
 *   1. a new cart and its line (POST /api/cart/items, autocommitted);
 *   2. one transaction: the product's sales count and stock version, the order, its line and
 *      its note, the cart line taken out, the cart marked as used (POST /api/checkout).
 * The rows are copies of the last orders the scenario placed, one per buyer and product, so
 * every column holds what a real order holds. As many purchases run at once as the scenario has
 * buyers (on SQLite they queue for the one writer, as the server's do). Checkout orders/s ÷ this
 * rate says how much of what the database can write the shop reaches (issue "One step of
 * architecture": target ≥ 0.5 on SQLite and PostgreSQL).
 */

type Row = Record<string, unknown>;
const without = (row: Row, ...keys: string[]): Row => Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));

/** One buyer's rows: the last order placed for a product, ready to copy. */
async function template(ctx: BenchContext, productId: number) {
  const db = ctx.db;
  const item = await db.selectFrom('order_items').select('order_id').where('product_id', '=', productId).orderBy('order_id', 'desc').executeTakeFirst();
  const order = item && (await db.selectFrom('orders').selectAll().where('id', '=', item.order_id).executeTakeFirst());
  if (!order) throw new Error(`bare purchase baseline: no order of product ${productId} to copy`);
  const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
  const notes = await db.selectFrom('order_notes').selectAll().where('order_id', '=', order.id).execute();
  return {
    productId,
    order: without(order as unknown as Row, 'id', 'order_key', 'idempotency_key', 'request_hash'),
    items: items.map((i) => without(i as unknown as Row, 'id', 'order_id')),
    notes: notes.map((n) => without(n as unknown as Row, 'id', 'order_id')),
  };
}

async function setup(ctx: BenchContext): Promise<() => Promise<unknown>> {
  const db = ctx.db;
  // The products the scenario's buyers bought (each buyer its own, so no two purchases wait on one row).
  const recent = await db.selectFrom('order_items').select('product_id').where('product_id', 'is not', null).orderBy('id', 'desc').limit(BUYERS * 4).execute();
  const productIds = [...new Set(recent.map((r) => r.product_id as number))].slice(0, BUYERS);
  if (productIds.length === 0) throw new Error('bare purchase baseline: the checkout scenario placed no order to copy');
  const templates = await Promise.all(productIds.map((id) => template(ctx, id)));

  const purchase = async ({ productId, order: orderTemplate, items: itemTemplates, notes: noteTemplates }: (typeof templates)[number]) => {
    const line = { product_id: productId, variation_id: null, quantity: 1 };
    const now = new Date().toISOString();
    const cart = await db
      .insertInto('carts')
      .values({ token_hash: randomBytes(24).toString('base64url'), user_id: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('cart_items')
      .values({ cart_id: cart.id, item_key: `${line.product_id}`, product_id: line.product_id, variation_id: line.variation_id, quantity: line.quantity, created_at: now } as never)
      .execute();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('products')
        .set({ total_sales: sql<number>`total_sales + 1`, stock_version: sql<number>`stock_version + 1` })
        .where('id', '=', productId)
        .returning(['id', 'manage_stock'])
        .executeTakeFirst();
      const placed = await trx
        .insertInto('orders')
        .values({ ...orderTemplate, order_key: `wc_order_${randomBytes(9).toString('base64url')}`, created_at: now, updated_at: now } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      if (itemTemplates.length) await trx.insertInto('order_items').values(itemTemplates.map((i) => ({ ...i, order_id: placed.id })) as never).execute();
      if (noteTemplates.length) await trx.insertInto('order_notes').values(noteTemplates.map((n) => ({ ...n, order_id: placed.id, created_at: now })) as never).execute();
      await trx.deleteFrom('cart_items').where('cart_id', '=', cart.id).returning(['id', 'quantity']).execute();
      await trx.updateTable('carts').set({ coupons: '[]', customer: '{}', updated_at: now }).where('id', '=', cart.id).execute();
    });
  };
  return () => Promise.all(templates.map(purchase));
}

/** The checkout scenario's concurrent buyers. */
export const BUYERS = 20;

export const barePurchase: BaselineSpec = { kind: 'loop', name: `bare purchase transaction (same writes, same driver, ${BUYERS} at once)`, unit: 'purchases/s', setup, perCall: BUYERS };
