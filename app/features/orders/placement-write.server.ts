import { sql, type Insertable, type Selectable } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import type { OrderItemsTable, OrderNotesTable } from '../../../db/schema.ts';
import { jsonColumn } from '../../lib/json.ts';
import type { Cart } from '../cart/cart.schema.ts';
import type { SoldProducts, StockRef } from './stock.server.ts';

/* Writing an order's lines and notes and taking its lines from the cart, inside the order's transaction. */

/**
 * Writes the order's lines and notes; returns them as written, in id order. On PostgreSQL
 * one statement (two inserts in a WITH), each a round trip fewer for every order.
 */
/**
 * Inserts the order's lines and notes, deletes the cart lines it took (`take.ids`, at least
 * one) and updates the cart, inside the order's transaction; returns the rows inserted and the cart lines deleted (id,
 * quantity), which the caller compares with those it priced. On PostgreSQL one statement
 * (the four in a WITH).
 */
export async function writeLinesTakeCart(
  trx: DB,
  lines: Insertable<OrderItemsTable>[],
  notes: Insertable<OrderNotesTable>[],
  take: { ids: number[]; cartId: number; set: { coupons: string; customer: string; updated_at: string } },
): Promise<{ items: Selectable<OrderItemsTable>[]; notes: Selectable<OrderNotesTable>[]; taken: { id: number; quantity: number }[] }> {
  if (!isPostgres(trx)) {
    const items = await trx.insertInto('order_items').values(lines).returningAll().execute();
    const noteRows = await trx.insertInto('order_notes').values(notes).returningAll().execute();
    const taken = await trx.deleteFrom('cart_items').where('id', 'in', take.ids).returning(['id', 'quantity']).execute();
    await trx.updateTable('carts').set(take.set).where('id', '=', take.cartId).execute();
    return { items, notes: noteRows, taken };
  }
  const row = await trx
    .with('i', (db) => db.insertInto('order_items').values(lines).returningAll())
    .with('n', (db) => db.insertInto('order_notes').values(notes).returningAll())
    .with('taken', (db) => db.deleteFrom('cart_items').where('id', 'in', take.ids).returning(['id', 'quantity']))
    .with('c', (db) => db.updateTable('carts').set(take.set).where('id', '=', take.cartId).returning('id'))
    .selectNoFrom([
      sql<unknown>`(select coalesce(json_agg(i order by i.id), '[]') from i)`.as('items'),
      sql<unknown>`(select coalesce(json_agg(n order by n.id), '[]') from n)`.as('notes'),
      sql<unknown>`(select coalesce(json_agg(json_build_object('id', taken.id, 'quantity', taken.quantity)), '[]') from taken)`.as('taken'),
    ])
    .executeTakeFirstOrThrow();
  return {
    items: jsonColumn<Selectable<OrderItemsTable>[]>(row.items),
    notes: jsonColumn<Selectable<OrderNotesTable>[]>(row.notes),
    taken: jsonColumn<{ id: number; quantity: number }[]>(row.taken),
  };
}

/** An order's product lines as stored, from its priced cart: names, SKUs, options and amounts as sold. */
export function productLineRows(items: Cart['items'], orderId: number, skus: Map<string, string>): Insertable<OrderItemsTable>[] {
  return items.map((i) => ({
    order_id: orderId,
    product_id: i.productId,
    variation_id: i.variationId,
    name: i.name,
    sku: skus.get(`${i.productId}:${i.variationId ?? ''}`) ?? '',
    attributes: JSON.stringify(i.attributes),
    quantity: i.quantity,
    unit_price: i.unitPrice,
    subtotal: i.lineSubtotal,
    total: i.lineTotal,
    tax: i.lineTax,
  }));
}

/** The SKU of each line (`productId:variationId`): the variation's, else the product's (as locked, when sold holds it). */
export async function skusOf(trx: DB, refs: StockRef[], sold: SoldProducts): Promise<Map<string, string>> {
  const pids = [...new Set(refs.map((r) => r.productId!).filter((x) => x !== null && !sold.has(x)))];
  const vids = [...new Set(refs.map((r) => r.variationId).filter((x): x is number => x !== null))];
  const [ps, vs] = await Promise.all([
    pids.length ? trx.selectFrom('products').select(['id', 'sku']).where('id', 'in', pids).execute() : Promise.resolve([]),
    vids.length ? trx.selectFrom('product_variations').select(['id', 'sku']).where('id', 'in', vids).execute() : Promise.resolve([]),
  ]);
  const out = new Map<string, string>();
  for (const r of refs) {
    const v = r.variationId !== null ? vs.find((x) => x.id === r.variationId) : undefined;
    const p = r.productId !== null ? (sold.get(r.productId) ?? ps.find((x) => x.id === r.productId)) : undefined;
    out.set(`${r.productId}:${r.variationId ?? ''}`, v?.sku || p?.sku || '');
  }
  return out;
}
