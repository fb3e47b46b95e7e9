import { sql, type SqlBool } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { plural, t } from '../../i18n/t-admin.ts';

/*
 * The list's bulk "put on sale, N % off". The new sale price is worked out from each row's
 * regular price; a row already holding a deeper sale keeps it, so a bulk discount never
 * raises a price a shop manager set lower by hand. "Deeper" is a real sale (below the
 * regular price) under the new price that has not ended: running now, or scheduled to
 * start later (the shop asked for it on purpose, and its dates stay). A sale that has
 * ended, or one shallower than the new price (running or scheduled), is replaced by the
 * new one, running from now without dates, as before.
 */

export interface SaleResult {
  /** Products with at least one price (their own or a variation's) put on the new sale. */
  set: number[];
  /** Sales kept because they were deeper: product rows and variation rows. */
  kept: number;
  /** Products that kept one or more deeper sales, with how many. */
  skipped: { id: number; name: string; reason: string }[];
}

export async function putOnSale(trx: DB, found: { id: number; name: string; type: string }[], percent: number, now: string): Promise<SaleResult> {
  const targets = found.map((r) => r.id);
  // Rounded to whole minor units; the percentage is a validated whole number, written as a
  // literal so both databases compute in numbers.
  const salePrice = sql<number>`CAST(ROUND(regular_price * ${sql.lit(100 - percent)} / 100.0) AS INTEGER)`;
  const deeper = sql<SqlBool>`(sale_price IS NOT NULL AND sale_price < regular_price AND sale_price < ${salePrice} AND (sale_to IS NULL OR sale_to >= ${now}))`;
  const notDeeper = sql<SqlBool>`NOT ${deeper}`;
  // Simple and external products carry their own price; a variable product's are its variations'.
  const own = trx.selectFrom('products').where('id', 'in', targets).where('type', 'in', ['simple', 'external']).where('regular_price', '>', 0);
  const vars = trx.selectFrom('product_variations').where('product_id', 'in', targets).where('regular_price', '>', 0);
  const keptOwn = (await own.select('id').where(deeper).execute()).map((r) => r.id);
  const keptVars = (await vars.select('product_id').where(deeper).execute()).map((r) => r.product_id);
  const setOwn = await trx
    .updateTable('products')
    .set({ sale_price: salePrice, sale_from: null, sale_to: null })
    .where('id', 'in', targets)
    .where('type', 'in', ['simple', 'external'])
    .where('regular_price', '>', 0)
    .where(notDeeper)
    .returning('id')
    .execute();
  const setVars = await trx
    .updateTable('product_variations')
    .set({ sale_price: salePrice, sale_from: null, sale_to: null, updated_at: now })
    .where('product_id', 'in', targets)
    .where('regular_price', '>', 0)
    .where(notDeeper)
    .returning('product_id')
    .execute();
  const set = new Set([...setOwn.map((r) => r.id), ...setVars.map((r) => r.product_id)]);
  const skipped: SaleResult['skipped'] = [];
  for (const r of found) {
    if (r.type === 'grouped') {
      skipped.push({ id: r.id, name: r.name, reason: t('productList.skip.grouped') });
      continue;
    }
    if (keptOwn.includes(r.id)) skipped.push({ id: r.id, name: r.name, reason: t('productList.skip.deeperSale') });
    const variations = keptVars.filter((id) => id === r.id).length;
    if (variations) skipped.push({ id: r.id, name: r.name, reason: plural('productList.skip.deeperVariations', variations) });
  }
  return { set: targets.filter((id) => set.has(id)), kept: keptOwn.length + keptVars.length, skipped };
}
