import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { inTransaction, recomputeProducts } from '../catalog/catalog-write.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { nameKey } from '../../lib/name-key.ts';
import { t } from '../../i18n/t-admin.ts';
import { parseInput, rowIdText } from '../../lib/validate.ts';

/*
 * Merging one product tag into another (back office → Tags): the first tag's products get the
 * second tag, the first tag is deleted, and its address (and those of tags merged into it
 * before) answers a permanent redirect to the second tag's (`tag_redirects`), in one
 * transaction. The tagged products are reindexed (tag names are searched).
 */

const mergeSchema = z.object({
  id: rowIdText,
  into: z.string().trim().min(1, { error: () => t('tagMerge.error.into') }).max(100),
});

export async function mergeTag(db: DB, input: unknown): Promise<{ from: string; into: string; moved: number }> {
  const cmd = parseInput(mergeSchema, input);
  return inTransaction(db, async (trx) => {
    const from = await trx.selectFrom('tags').select(['id', 'name', 'slug']).where('id', '=', cmd.id).executeTakeFirst();
    if (!from) throw new HttpError(404, 'not_found', t('tags.error.gone'));
    // The target by its name as typed, matched as the editor matches tags (case and accents aside).
    const into = await trx.selectFrom('tags').select(['id', 'name', 'slug']).where('name_key', '=', nameKey(cmd.into)).where('id', '!=', from.id).orderBy('id').executeTakeFirst();
    if (!into) {
      const self = nameKey(cmd.into) === nameKey(from.name);
      const message = t(self ? 'tagMerge.error.self' : 'tagMerge.error.noTarget', { name: cmd.into });
      throw new HttpError(400, 'invalid', `into: ${message}`, {
        into: message,
      });
    }
    const products = (await trx.selectFrom('product_tags').select('product_id').where('tag_id', '=', from.id).execute()).map((r) => r.product_id);
    const already = new Set((await trx.selectFrom('product_tags').select('product_id').where('tag_id', '=', into.id).execute()).map((r) => r.product_id));
    const add = products.filter((p) => !already.has(p));
    for (let i = 0; i < add.length; i += 500) {
      await trx
        .insertInto('product_tags')
        .values(add.slice(i, i + 500).map((product_id) => ({ product_id, tag_id: into.id })))
        .execute();
    }
    // Addresses that led to the merged tag now lead to the target; the target's own address is live.
    await trx.updateTable('tag_redirects').set({ tag_id: into.id }).where('tag_id', '=', from.id).execute();
    await trx.deleteFrom('tag_redirects').where('old_slug', '=', into.slug).execute();
    await trx
      .insertInto('tag_redirects')
      .values({ old_slug: from.slug, tag_id: into.id })
      .onConflict((oc) => oc.column('old_slug').doUpdateSet({ tag_id: into.id }))
      .execute();
    await trx.deleteFrom('product_tags').where('tag_id', '=', from.id).execute();
    await trx.deleteFrom('tags').where('id', '=', from.id).execute();
    await recomputeProducts(trx, products);
    return { from: from.name, into: into.name, moved: add.length };
  });
}
