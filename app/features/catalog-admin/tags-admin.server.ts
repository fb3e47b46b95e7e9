import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { inTransaction, recomputeProducts, slugify } from '../catalog/catalog-write.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { contains } from '../../lib/list-query.ts';
import { nameKey } from '../../lib/name-key.ts';
import { t } from '../../i18n/t-admin.ts';
import { parseInput, rowIdText } from '../../lib/validate.ts';

/*
 * Product tags in the back office: list (search, pages), add, rename (the address stays),
 * delete (several at once). Tag names are part of the search index, so a rename or delete
 * reindexes the tagged products in the same transaction (recomputeProducts).
 */

export const TAGS_PER_PAGE = 50;

export interface AdminTag {
  id: number;
  name: string;
  slug: string;
  count: number;
}

export async function listTagsAdmin(db: DB, q: string, page: number) {
  let base = db.selectFrom('tags');
  if (q) base = base.where(contains(sql`tags.name`, q));
  const total = Number((await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  const pages = Math.max(1, Math.ceil(total / TAGS_PER_PAGE));
  const at = Math.min(Math.max(1, page), pages);
  const rows = await base
    .select(['tags.id', 'tags.name', 'tags.slug', (eb) => eb.selectFrom('product_tags').select((e) => e.fn.countAll<number | string>().as('c')).whereRef('product_tags.tag_id', '=', 'tags.id').as('count')])
    .orderBy('tags.name')
    .orderBy('tags.id')
    .limit(TAGS_PER_PAGE)
    .offset((at - 1) * TAGS_PER_PAGE)
    .execute();
  return { tags: rows.map((r): AdminTag => ({ id: r.id, name: r.name, slug: r.slug, count: Number(r.count ?? 0) })), total, page: at, pages };
}

const nameSchema = z.string().trim().min(1, { error: () => t('tags.error.name') }).max(100);

export async function addTag(db: DB, input: unknown): Promise<{ name: string }> {
  const { name } = parseInput(z.object({ name: nameSchema }), input);
  return inTransaction(db, async (trx) => {
    const slug = slugify(name, 'tag');
    // "winter" beside "Winter" (or "ete" beside "Été") is the same tag.
    const taken = await trx.selectFrom('tags').select('id').where((eb) => eb.or([eb('name_key', '=', nameKey(name)), eb('slug', '=', slug)])).executeTakeFirst();
    if (taken) throw new HttpError(409, 'exists', `name: ${t('tags.error.exists')}`, { name: t('tags.error.existsField') });
    await trx.insertInto('tags').values({ name, slug, name_key: nameKey(name) }).execute();
    return { name };
  });
}

const taggedProducts = async (db: DB, ids: number[]) => (await db.selectFrom('product_tags').select('product_id').distinct().where('tag_id', 'in', ids).execute()).map((r) => r.product_id);

export async function renameTag(db: DB, input: unknown): Promise<{ name: string }> {
  const { id, name } = parseInput(z.object({ id: rowIdText, name: nameSchema }), input);
  return inTransaction(db, async (trx) => {
    const clash = await trx.selectFrom('tags').select('id').where('name_key', '=', nameKey(name)).where('id', '!=', id).executeTakeFirst();
    if (clash) throw new HttpError(409, 'exists', `name: ${t('tags.error.clash')}.`, { name: t('tags.error.clash') });
    const done = await trx.updateTable('tags').set({ name, name_key: nameKey(name) }).where('id', '=', id).executeTakeFirst();
    if (!Number(done.numUpdatedRows)) throw new HttpError(404, 'not_found', t('tags.error.gone'));
    await recomputeProducts(trx, await taggedProducts(trx, [id]));
    return { name };
  });
}

export async function deleteTags(db: DB, input: unknown): Promise<{ count: number }> {
  const { ids } = parseInput(z.object({ ids: z.array(rowIdText).min(1, t('tags.error.selectOne')).max(1000) }), input);
  const unique = [...new Set(ids)];
  return inTransaction(db, async (trx) => {
    const found = await trx.selectFrom('tags').select('id').where('id', 'in', unique).execute();
    if (found.length !== unique.length) throw new HttpError(404, 'not_found', t('tags.error.someGone'));
    const products = await taggedProducts(trx, unique);
    await trx.deleteFrom('product_tags').where('tag_id', 'in', unique).execute();
    await trx.deleteFrom('tags').where('id', 'in', unique).execute();
    await recomputeProducts(trx, products);
    return { count: unique.length };
  });
}
