import { sql } from 'kysely';
import type { BenchContext } from './types.ts';

/**
 * What scenarios pick from the seeded catalog (db/seed/bench.ts), chosen at run time from
 * the database so they hold for any BENCH_PRODUCTS. Memoised: every scenario of a run
 * sees the same picks.
 */
export interface CategoryPick {
  path: string;
  /** Listed products, subcategories included (categories.product_count). */
  count: number;
}

let categories: Promise<{ leaf: CategoryPick; top: CategoryPick }> | undefined;

/** The fullest leaf category and the fullest top-level one (which lists its subcategories too). */
export function benchCategories(ctx: BenchContext) {
  categories ??= (async () => {
    const rows = await ctx.db
      .selectFrom('categories as c')
      .select(['c.path', 'c.parent_id', 'c.product_count'])
      .select((eb) => eb.exists(eb.selectFrom('categories as k').select('k.id').whereRef('k.parent_id', '=', 'c.id')).as('has_children'))
      .orderBy('c.product_count', 'desc')
      .orderBy('c.path')
      .execute();
    const leaf = rows.find((r) => !r.has_children);
    const top = rows.find((r) => r.parent_id === null);
    if (!leaf || !top) throw new Error('the bench catalog has no categories (db/seed/bench.ts)');
    return { leaf: { path: leaf.path, count: leaf.product_count }, top: { path: top.path, count: top.product_count } };
  })();
  return categories;
}

let viewable: Promise<number[]> | undefined;

/** Up to 1,000 ids of published, non-hidden products spread over the whole catalog (simple and variable). */
export function quickViewIds(ctx: BenchContext): Promise<number[]> {
  viewable ??= (async () => {
    const { n } = await ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'publish')
      .where('catalog_visibility', '!=', 'hidden')
      .executeTakeFirstOrThrow();
    const step = Math.max(1, Math.floor(Number(n) / 1000));
    const rows = await ctx.db
      .selectFrom('products')
      .select('id')
      .where('status', '=', 'publish')
      .where('catalog_visibility', '!=', 'hidden')
      .where(sql<boolean>`id % ${step} = 0`)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (rows.length === 0) throw new Error('the bench catalog has no published products');
    return rows.map((r) => r.id);
  })();
  return viewable;
}

/**
 * `count` simple products that can be added again and again: published, in stock, stock
 * not managed (no stock limit to run into), not sold individually, with a price.
 */
export async function unlimitedProducts(ctx: BenchContext, count: number): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('products')
    .select('id')
    .where('status', '=', 'publish')
    .where('type', '=', 'simple')
    .where('manage_stock', '=', 0)
    .where('stock_status', '=', 'instock')
    .where('sold_individually', '=', 0)
    .where('regular_price', 'is not', null)
    .orderBy('id')
    .limit(count * 50)
    .execute();
  // Spread out rather than neighbours, so the lines differ in category and price.
  const step = Math.max(1, Math.floor(rows.length / count));
  const picked = rows.filter((_, i) => i % step === 0).slice(0, count).map((r) => r.id);
  if (picked.length < count) throw new Error(`the bench catalog has only ${picked.length} products a cart can hold without limits`);
  return picked;
}

let product: Promise<{ slug: string; name: string }> | undefined;

/**
 * The product page the bench loads: a published, visible variable product (options, swatches,
 * variations) with the most reviews, so its page is as full as the catalog's pages get.
 */
export function benchProduct(ctx: BenchContext) {
  product ??= (async () => {
    const row = await ctx.db
      .selectFrom('products')
      .select(['slug', 'name'])
      .where('status', '=', 'publish')
      .where('catalog_visibility', '!=', 'hidden')
      .orderBy(sql`case when type = 'variable' then 0 else 1 end`)
      .orderBy('review_count', 'desc')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!row) throw new Error('the bench catalog has no published products');
    return row;
  })();
  return product;
}
