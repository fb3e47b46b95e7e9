import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { ensureCategory, inTransaction, recountCategories, sanitizeDescription, slugify } from '../catalog/catalog-write.server.ts';
import { reindexProducts } from '../../../db/search/search-index.ts';
import { HttpError } from '../../lib/http-error.ts';
import { t } from '../../i18n/t-admin.ts';
import { parseInput, rowIdText } from '../../lib/validate.ts';
import { CATEGORY_LIMITS } from '../../config/constants.ts';

/*
 * One category in the back office: its name, slug, parent, description and picture, and its
 * deletion. The address is the path of slugs from the root, so a new slug or parent moves the
 * category and its whole subtree; the old addresses are kept in `category_redirects` and
 * answer with a permanent redirect (routes/product-category.tsx). Each change is one
 * transaction; the store-version triggers move every cache with it, and the products whose
 * category names or paths changed are reindexed for search in the same transaction.
 */

/** The category products without one go to (catalog-write.server.ts makes it on demand). */
export const DEFAULT_CATEGORY_PATH = 'uncategorized';

export interface CategoryEdit {
  id: number;
  name: string;
  slug: string;
  path: string;
  parentId: number | null;
  description: string;
  image: { id: number; path: string; widths: string; alt: string } | null;
  /** Products in this category itself (not its subcategories). */
  products: number;
  children: number;
  isDefault: boolean;
}

export async function loadCategory(db: DB, id: number): Promise<CategoryEdit | null> {
  const row = await db
    .selectFrom('categories')
    .leftJoin('media', 'media.id', 'categories.image_id')
    .select(['categories.id', 'categories.name', 'categories.slug', 'categories.path', 'categories.parent_id', 'categories.description', 'media.id as image_id', 'media.path as image_path', 'media.widths as image_widths', 'media.alt as image_alt'])
    .where('categories.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const count = (q: Promise<{ n: number | string }>) => q.then((r) => Number(r.n));
  const [products, children] = await Promise.all([
    count(db.selectFrom('product_categories').select((eb) => eb.fn.countAll<number | string>().as('n')).where('category_id', '=', id).executeTakeFirstOrThrow()),
    count(db.selectFrom('categories').select((eb) => eb.fn.countAll<number | string>().as('n')).where('parent_id', '=', id).executeTakeFirstOrThrow()),
  ]);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    path: row.path,
    parentId: row.parent_id,
    description: row.description,
    image: row.image_id ? { id: row.image_id, path: row.image_path ?? '', widths: row.image_widths ?? '[]', alt: row.image_alt ?? '' } : null,
    products,
    children,
    isDefault: row.path === DEFAULT_CATEGORY_PATH,
  };
}

/** The category's subtree (itself first): ids and paths. */
const subtree = (db: DB, path: string) =>
  db
    .selectFrom('categories')
    .select(['id', 'path'])
    .where((eb) => eb.or([eb('path', '=', path), eb('path', 'like', `${path}/%`)]))
    .orderBy('path')
    .execute();

/** Products in any of these categories: their search documents carry the categories' names and their ancestors'. */
const productsIn = async (db: DB, categoryIds: number[]) =>
  categoryIds.length ? (await db.selectFrom('product_categories').select('product_id').distinct().where('category_id', 'in', categoryIds).execute()).map((r) => r.product_id) : [];

/**
 * Moves a subtree from `from` to `to` (paths), remembering every old address as a redirect
 * to its category. A live category's path never stays a redirect.
 */
async function movePaths(trx: DB, from: string, to: string): Promise<void> {
  const rows = await subtree(trx, from);
  for (const r of rows) await trx.updateTable('categories').set({ path: `${to}${r.path.slice(from.length)}` }).where('id', '=', r.id).execute();
  await trx
    .insertInto('category_redirects')
    .values(rows.map((r) => ({ old_path: r.path, category_id: r.id })))
    .onConflict((oc) => oc.column('old_path').doUpdateSet((eb) => ({ category_id: eb.ref('excluded.category_id') })))
    .execute();
  await trx.deleteFrom('category_redirects').where('old_path', 'in', rows.map((r) => `${to}${r.path.slice(from.length)}`)).execute();
}

const saveSchema = z.object({
  id: rowIdText,
  name: z.string().trim().min(1, { error: () => t('categories.error.name') }).max(CATEGORY_LIMITS.nameMax),
  slug: z.string().trim().max(CATEGORY_LIMITS.nameMax).default(''),
  parent: z.union([z.literal(''), rowIdText]).default(''),
  description: z.string().max(CATEGORY_LIMITS.descriptionMax).default(''),
  image_alt: z.string().max(500).optional(),
  remove_image: z.literal('1').optional(),
});

/** Saves the edit form: name, slug, parent, description, the picture's alt text (or its removal). */
export async function saveCategory(db: DB, input: unknown): Promise<{ path: string; moved: boolean }> {
  const c = parseInput(saveSchema, input);
  return inTransaction(db, async (trx) => {
    const cat = await trx.selectFrom('categories').select(['id', 'name', 'path', 'parent_id', 'image_id']).where('id', '=', c.id).executeTakeFirst();
    if (!cat) throw new HttpError(404, 'not_found', t('categories.gone'));
    const parent = c.parent === '' ? null : await trx.selectFrom('categories').select(['id', 'path']).where('id', '=', c.parent).executeTakeFirst();
    if (c.parent !== '' && !parent) throw new HttpError(400, 'invalid', `parent: ${t('categories.error.noParent')}.`, { parent: t('categories.error.noParent') });
    if (parent && (parent.id === cat.id || parent.path.startsWith(`${cat.path}/`))) {
      throw new HttpError(400, 'invalid', `parent: ${t('categories.error.loop')}`, { parent: t('categories.error.loopField') });
    }
    const slug = slugify(c.slug || c.name, 'category');
    const path = parent ? `${parent.path}/${slug}` : slug;
    const isDefault = cat.path === DEFAULT_CATEGORY_PATH;
    if (isDefault && path !== cat.path) {
      throw new HttpError(400, 'invalid', `slug: ${t('categories.error.defaultStays')}`, { slug: t('categories.error.defaultStaysField') });
    }
    const moved = path !== cat.path;
    if (moved) {
      const taken = await trx.selectFrom('categories').select('id').where('path', '=', path).executeTakeFirst();
      if (taken) throw new HttpError(409, 'slug_taken', `slug: ${t('categories.error.slugTaken', { path })}`, { slug: t('categories.error.slugTakenField') });
    }
    const before = (await subtree(trx, cat.path)).map((r) => r.id);
    const parentChanged = (parent?.id ?? null) !== cat.parent_id;
    // A new parent takes it as its last child.
    const top = parentChanged
      ? await trx
          .selectFrom('categories')
          .select((eb) => eb.fn.max('menu_order').as('top'))
          .where((eb) => (parent ? eb('parent_id', '=', parent.id) : eb('parent_id', 'is', null)))
          .executeTakeFirst()
      : undefined;
    if (moved) await movePaths(trx, cat.path, path);
    await trx
      .updateTable('categories')
      .set({
        name: c.name,
        slug,
        parent_id: parent?.id ?? null,
        description: sanitizeDescription(c.description),
        ...(parentChanged ? { menu_order: Number(top?.top ?? -1) + 1 } : {}),
        ...(c.remove_image ? { image_id: null } : {}),
      })
      .where('id', '=', cat.id)
      .execute();
    if (cat.image_id && !c.remove_image && c.image_alt !== undefined) await trx.updateTable('media').set({ alt: c.image_alt.trim() }).where('id', '=', cat.image_id).execute();
    if (parentChanged) await recountCategories(trx, [cat.id, ...(cat.parent_id ? [cat.parent_id] : [])]);
    if (moved || c.name !== cat.name) await reindexProducts(trx, await productsIn(trx, before));
    return { path, moved };
  });
}

/** Sets a category's picture to an uploaded media row (the upload route stores it first). */
export async function setCategoryImage(db: DB, categoryId: number, mediaId: number): Promise<void> {
  const done = await db.updateTable('categories').set({ image_id: mediaId }).where('id', '=', categoryId).executeTakeFirst();
  if (!Number(done.numUpdatedRows)) throw new HttpError(404, 'not_found', t('categories.gone'));
}

const deleteSchema = z.object({ id: rowIdText, confirm: z.literal('1', { error: () => t('categories.error.confirm') }) });

/**
 * Deletes a category. Its products go to its parent (at the top level, those left without any
 * category go to the default one); its subcategories move up to its parent, keeping their
 * place (a slug taken there gets a number), and its address and its subtree's redirect to
 * where they went. The default category cannot be deleted.
 */
export async function deleteCategory(db: DB, input: unknown): Promise<{ name: string; products: number; children: number }> {
  const d = parseInput(deleteSchema, input);
  return inTransaction(db, async (trx) => {
    const cat = await trx.selectFrom('categories').select(['id', 'name', 'path', 'parent_id', 'menu_order']).where('id', '=', d.id).executeTakeFirst();
    if (!cat) throw new HttpError(404, 'not_found', t('categories.gone'));
    if (cat.path === DEFAULT_CATEGORY_PATH) throw new HttpError(400, 'invalid', t('categories.delete.default'));
    const parent = cat.parent_id ? await trx.selectFrom('categories').select(['id', 'path']).where('id', '=', cat.parent_id).executeTakeFirstOrThrow() : null;
    const affected = await productsIn(trx, (await subtree(trx, cat.path)).map((r) => r.id));
    const own = (await trx.selectFrom('product_categories').select('product_id').where('category_id', '=', cat.id).execute()).map((r) => r.product_id);

    // Products: to the parent, or (top level) to the default category when this was their only one.
    const others = own.length
      ? new Set((await trx.selectFrom('product_categories').select('product_id').distinct().where('product_id', 'in', own).where('category_id', '!=', cat.id).execute()).map((r) => r.product_id))
      : new Set<number>();
    const target = parent ? parent.id : own.some((p) => !others.has(p)) ? await ensureCategory(trx, ['Uncategorized']) : null;
    if (target !== null) {
      const already = new Set((await trx.selectFrom('product_categories').select('product_id').where('category_id', '=', target).execute()).map((r) => r.product_id));
      const moving = own.filter((p) => !already.has(p) && (parent || !others.has(p)));
      if (moving.length) await trx.insertInto('product_categories').values(moving.map((p) => ({ product_id: p, category_id: target }))).execute();
    }

    // Subcategories: up to the parent, in this category's place among its siblings.
    const kids = await trx.selectFrom('categories').select(['id', 'slug', 'path']).where('parent_id', '=', cat.id).orderBy('menu_order').orderBy('name').execute();
    const siblings = await trx
      .selectFrom('categories')
      .select(['id', 'menu_order', 'name'])
      .where((eb) => (parent ? eb('parent_id', '=', parent.id) : eb('parent_id', 'is', null)))
      .where('id', '!=', cat.id)
      .execute();
    for (const k of kids) {
      let slug = k.slug;
      const taken = async (s: string) => !!(await trx.selectFrom('categories').select('id').where('path', '=', parent ? `${parent.path}/${s}` : s).executeTakeFirst());
      for (let i = 2; await taken(slug); i++) slug = `${k.slug}-${i}`;
      await movePaths(trx, k.path, parent ? `${parent.path}/${slug}` : slug);
      await trx.updateTable('categories').set({ parent_id: parent?.id ?? null, slug }).where('id', '=', k.id).execute();
    }
    const sorted = siblings.sort((a, b) => a.menu_order - b.menu_order || a.name.localeCompare(b.name));
    const at = sorted.filter((s) => s.menu_order < cat.menu_order || (s.menu_order === cat.menu_order && s.name.localeCompare(cat.name) < 0)).length;
    const order = [...sorted.slice(0, at).map((s) => s.id), ...kids.map((k) => k.id), ...sorted.slice(at).map((s) => s.id)];
    for (const [i, id] of order.entries()) await trx.updateTable('categories').set({ menu_order: i }).where('id', '=', id).execute();

    // Its own address (and old ones) now lead to the parent; at the top level they go.
    if (parent) {
      await trx.updateTable('category_redirects').set({ category_id: parent.id }).where('category_id', '=', cat.id).execute();
      await trx.insertInto('category_redirects').values({ old_path: cat.path, category_id: parent.id }).onConflict((oc) => oc.column('old_path').doUpdateSet({ category_id: parent.id })).execute();
    }
    await trx.deleteFrom('categories').where('id', '=', cat.id).execute();
    await recountCategories(trx, [...(parent ? [parent.id] : []), ...(target !== null ? [target] : []), ...kids.map((k) => k.id)]);
    await reindexProducts(trx, affected);
    return { name: cat.name, products: own.length, children: kids.length };
  });
}
