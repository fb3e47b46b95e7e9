import type { Kysely } from 'kysely';

/*
 * Coupons limited to (or excluding) single variations (docs/decisions/0007-coupon-variations.md):
 *
 * - `coupons.variation_ids`, `coupons.excluded_variation_ids`: JSON lists of
 *   `product_variations` ids, kept apart from `product_ids` because the two tables number
 *   their rows independently, so one id can name a product and a variation both.
 * - Ids already in `product_ids` / `excluded_product_ids` that name no product but do name a
 *   variation (only a hand-edited or imported row could hold one) move to the new lists.
 */

type Row = { id: number; product_ids: string; excluded_product_ids: string };
// The migration sees the database without the app's table types.
type Loose = Kysely<Record<string, Record<string, unknown>>>;

function ids(json: string): number[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is number => Number.isSafeInteger(x) && x > 0) : [];
  } catch {
    return [];
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('coupons').addColumn('variation_ids', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  await db.schema.alterTable('coupons').addColumn('excluded_variation_ids', 'text', (c) => c.notNull().defaultTo('[]')).execute();
  const q = db as unknown as Loose;
  const rows = (await q.selectFrom('coupons').select(['id', 'product_ids', 'excluded_product_ids']).execute()) as Row[];
  const all = [...new Set(rows.flatMap((r) => [...ids(r.product_ids), ...ids(r.excluded_product_ids)]))];
  if (!all.length) return;
  const known = async (table: string) => new Set(((await q.selectFrom(table).select('id').where('id', 'in', all).execute()) as { id: number }[]).map((r) => r.id));
  const products = await known('products');
  const variations = await known('product_variations');
  const isVariation = (id: number) => !products.has(id) && variations.has(id);
  for (const r of rows) {
    const [inc, exc] = [ids(r.product_ids), ids(r.excluded_product_ids)];
    if (!inc.some(isVariation) && !exc.some(isVariation)) continue;
    await q
      .updateTable('coupons')
      .set({
        product_ids: JSON.stringify(inc.filter((id) => !isVariation(id))),
        variation_ids: JSON.stringify(inc.filter(isVariation)),
        excluded_product_ids: JSON.stringify(exc.filter((id) => !isVariation(id))),
        excluded_variation_ids: JSON.stringify(exc.filter(isVariation)),
      })
      .where('id', '=', r.id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('coupons').dropColumn('excluded_variation_ids').execute();
  await db.schema.alterTable('coupons').dropColumn('variation_ids').execute();
}
