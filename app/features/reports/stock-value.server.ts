import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { variationName } from '../catalog/variation-name.ts';

/*
 * Stock value: units in stock × regular price, for products and variations whose stock the shop
 * manages (`manage_stock = 1`) with units above zero, trashed products left out. A variation
 * holding its own stock counts on its own; a variable product's own stock, when it manages one,
 * at the product's regular price. Amounts in minor units.
 */

export interface StockValueRow {
  productId: number;
  variationId: number | null;
  name: string;
  sku: string;
  units: number;
  /** Regular price, minor units (0 when none is set). */
  price: number;
  value: number;
}

export interface StockValue {
  units: number;
  value: number;
  rows: StockValueRow[];
}

export async function stockValue(db: DB): Promise<StockValue> {
  const [products, variations] = await Promise.all([
    db
      .selectFrom('products as p')
      .select(['p.id', 'p.name', 'p.sku', 'p.stock_quantity', 'p.regular_price'])
      .where(sql.raw<boolean>('p.manage_stock = 1'))
      .where('p.stock_quantity', '>', 0)
      .where('p.status', '<>', 'trash')
      .execute(),
    db
      .selectFrom('product_variations as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id', 'v.product_id', 'p.name', 'v.sku', 'v.attributes', 'v.stock_quantity', 'v.regular_price'])
      .where(sql.raw<boolean>('v.manage_stock = 1'))
      .where('v.stock_quantity', '>', 0)
      .where('p.status', '<>', 'trash')
      .execute(),
  ]);
  const rows: StockValueRow[] = [
    ...products.map((p) => ({ productId: p.id, variationId: null, name: p.name, sku: p.sku ?? '', units: Number(p.stock_quantity), price: Number(p.regular_price ?? 0) })),
    ...variations.map((v) => ({ productId: v.product_id, variationId: v.id, name: variationName(v.name, v.attributes), sku: v.sku ?? '', units: Number(v.stock_quantity), price: Number(v.regular_price ?? 0) })),
  ].map((r) => ({ ...r, value: r.units * r.price }));
  rows.sort((a, b) => b.value - a.value || a.productId - b.productId || (a.variationId ?? 0) - (b.variationId ?? 0));
  return { units: rows.reduce((a, r) => a + r.units, 0), value: rows.reduce((a, r) => a + r.value, 0), rows };
}
