import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { inTransaction, recomputeProducts, recountCategories } from '../catalog/catalog-write.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { t } from '../../i18n/t-admin.ts';
import { parseInput, rowId } from '../../lib/validate.ts';

/*
 * Deleting products for good, from the trash only (back office → Products → Trash): chosen
 * ones or the whole trash, in one transaction. With the product go its variations,
 * attributes, gallery rows, downloads, reviews, links, cart and wishlist rows and its search
 * entries (foreign keys that cascade), and here: waiting wishlist alerts and menu items that
 * linked to it. Kept: past orders' lines (they hold their own name, SKU and prices; their
 * product id is a plain number), the stock log (history), the pictures in the media library
 * (pages may show them), and coupons' product lists (a deleted id matches nothing; dropping it
 * could turn a coupon for one product into a coupon for all).
 */

const MAX = 5000;
const CHUNK = 500;

const deleteSchema = z.union([
  z.object({ scope: z.literal('all') }),
  z.object({
    ids: z.array(rowId).min(1, { error: () => t('productList.error.selectOne') }).max(MAX),
  }),
]);

export interface TrashedProduct {
  id: number;
  name: string;
  sku: string | null;
}

const chunks = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

/** What a confirmation names: the chosen trashed products (or the whole trash, at most `limit` of it), and how many in all. */
export async function trashedForDeletion(db: DB, input: unknown, limit = 100): Promise<{ products: TrashedProduct[]; total: number }> {
  const cmd = parseInput(deleteSchema, input);
  let q = db.selectFrom('products').where('status', '=', 'trash');
  if ('ids' in cmd) q = q.where('id', 'in', [...new Set(cmd.ids)]);
  const total = Number((await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  // Chosen products are all named (the confirmation posts their ids); the whole trash up to `limit`.
  const products = await q
    .select(['id', 'name', 'sku'])
    .orderBy('name')
    .orderBy('id')
    .limit('ids' in cmd ? MAX : limit)
    .execute();
  if ('ids' in cmd && total !== new Set(cmd.ids).size) throw new HttpError(400, 'invalid', t('trash.error.notTrashed'));
  return { products, total };
}

/**
 * Deletes the chosen trashed products (`{ ids }`) or every trashed product (`{ scope: 'all' }`).
 * A chosen product that is gone or not in the trash refuses the whole request (nothing changes).
 */
export async function deletePermanently(db: DB, input: unknown): Promise<{ deleted: TrashedProduct[] }> {
  const cmd = parseInput(deleteSchema, input);
  return inTransaction(db, async (trx) => {
    let found: (TrashedProduct & { status: string })[];
    if ('ids' in cmd) {
      const ids = [...new Set(cmd.ids)];
      found = (await Promise.all(chunks(ids).map((part) => trx.selectFrom('products').select(['id', 'name', 'sku', 'status']).where('id', 'in', part).execute()))).flat();
      if (found.length !== ids.length) throw new HttpError(404, 'not_found', t('productList.error.gone'));
      if (found.some((p) => p.status !== 'trash')) throw new HttpError(400, 'invalid', t('trash.error.notTrashed'));
    } else {
      found = await trx.selectFrom('products').select(['id', 'name', 'sku', 'status']).where('status', '=', 'trash').execute();
    }
    const ids = found.map((p) => p.id);
    if (!ids.length) return { deleted: [] };
    const parents = new Set<number>();
    const categories = new Set<number>();
    for (const part of chunks(ids)) {
      // Grouped products and upsells that listed them: their links go (cascade), their prices are recomputed.
      for (const r of await trx.selectFrom('product_links').select('product_id').distinct().where('linked_id', 'in', part).execute()) parents.add(r.product_id);
      for (const r of await trx.selectFrom('product_categories').select('category_id').distinct().where('product_id', 'in', part).execute()) categories.add(r.category_id);
      await trx.deleteFrom('wishlist_alert_queue').where('product_id', 'in', part).execute();
      // A menu item for the product (and the items under it) goes: the menu already left it out once it was trashed.
      await trx.deleteFrom('menu_items').where('kind', '=', 'product').where('target_id', 'in', part).execute();
      await trx.deleteFrom('products').where('id', 'in', part).execute();
    }
    for (const id of ids) parents.delete(id);
    if (parents.size) await recomputeProducts(trx, [...parents]);
    if (categories.size) await recountCategories(trx, [...categories]);
    return { deleted: found.map(({ id, name, sku }) => ({ id, name, sku })) };
  });
}
