import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { inTransaction, sanitizeDescription, slugify } from '../catalog/catalog-write.server.ts';
import { reindexProducts } from '../../../db/search/search-index.ts';
import { HttpError } from '../../lib/http-error.ts';
import { t } from '../../i18n/t-admin.ts';
import { parseInput, rowIdText } from '../../lib/validate.ts';
import { CATEGORY_LIMITS } from '../../config/constants.ts';

/*
 * Categories in the back office: the tree in shop order, adding one under any parent,
 * renaming (the address stays, so links keep working), moving one up or down among its
 * siblings, and the whole tree's order at once (drag and drop). Each change is one
 * transaction; the store-version triggers move every cache. Editing one category (slug,
 * parent, picture) and deleting it: category-edit.server.ts.
 */

export interface AdminCategory {
  id: number;
  name: string;
  path: string;
  parentId: number | null;
  description: string;
  image: { path: string; widths: string } | null;
  depth: number;
  productCount: number;
  /** Whether it has a sibling before / after it (for the move buttons). */
  first: boolean;
  last: boolean;
}

export async function listCategoriesAdmin(db: DB): Promise<AdminCategory[]> {
  const rows = await db
    .selectFrom('categories')
    .leftJoin('media', 'media.id', 'categories.image_id')
    .select(['categories.id', 'categories.name', 'categories.path', 'categories.parent_id', 'categories.menu_order', 'categories.description', 'categories.product_count', 'media.path as image_path', 'media.widths as image_widths'])
    .execute();
  const byParent = new Map<number | null, typeof rows>();
  for (const r of rows) byParent.set(r.parent_id, [...(byParent.get(r.parent_id) ?? []), r]);
  const out: AdminCategory[] = [];
  const walk = (parent: number | null, depth: number) => {
    const kids = (byParent.get(parent) ?? []).sort((a, b) => a.menu_order - b.menu_order || a.name.localeCompare(b.name));
    kids.forEach((k, i) => {
      const image = k.image_path ? { path: k.image_path, widths: k.image_widths ?? '[]' } : null;
      out.push({ id: k.id, name: k.name, path: k.path, parentId: k.parent_id, description: k.description, image, depth, productCount: k.product_count, first: i === 0, last: i === kids.length - 1 });
      walk(k.id, depth + 1);
    });
  };
  walk(null, 0);
  return out;
}

const addSchema = z.object({
  name: z.string().trim().min(1, { error: () => t('categories.error.name') }).max(CATEGORY_LIMITS.nameMax),
  parent: z.union([z.literal(''), rowIdText]).default(''),
  description: z.string().max(CATEGORY_LIMITS.descriptionMax).default(''),
});

export async function addCategory(db: DB, input: unknown): Promise<{ id: number; path: string }> {
  const c = parseInput(addSchema, input);
  return inTransaction(db, async (trx) => {
    const parent = c.parent === '' ? null : await trx.selectFrom('categories').select(['id', 'path']).where('id', '=', c.parent).executeTakeFirst();
    if (c.parent !== '' && !parent) throw new HttpError(400, 'invalid', `parent: ${t('categories.error.noParent')}.`, { parent: t('categories.error.noParent') });
    const slug = slugify(c.name, 'category');
    const path = parent ? `${parent.path}/${slug}` : slug;
    const taken = await trx.selectFrom('categories').select('id').where('path', '=', path).executeTakeFirst();
    if (taken) throw new HttpError(409, 'exists', `name: ${t('categories.error.exists', { path })}`, { name: t('categories.error.existsField') });
    const siblings = await trx
      .selectFrom('categories')
      .select((eb) => eb.fn.max('menu_order').as('top'))
      .where((eb) => (parent ? eb('parent_id', '=', parent.id) : eb('parent_id', 'is', null)))
      .executeTakeFirst();
    const row = await trx
      .insertInto('categories')
      .values({ parent_id: parent?.id ?? null, name: c.name, slug, path, description: sanitizeDescription(c.description), menu_order: Number(siblings?.top ?? -1) + 1 })
      .returning(['id', 'path'])
      .executeTakeFirstOrThrow();
    return row;
  });
}

const renameSchema = z.object({
  id: rowIdText,
  name: z.string().trim().min(1, { error: () => t('categories.error.name') }).max(CATEGORY_LIMITS.nameMax),
  description: z.string().max(CATEGORY_LIMITS.descriptionMax).optional(),
});

/** A new name (and description, when given); the address stays. Search documents carry the names of a product's categories and their ancestors. */
export async function renameCategory(db: DB, input: unknown): Promise<{ name: string }> {
  const c = parseInput(renameSchema, input);
  return inTransaction(db, async (trx) => {
    const cat = await trx.selectFrom('categories').select(['name', 'path']).where('id', '=', c.id).executeTakeFirst();
    if (!cat) throw new HttpError(404, 'not_found', t('categories.gone'));
    await trx
      .updateTable('categories')
      .set({ name: c.name, ...(c.description !== undefined ? { description: sanitizeDescription(c.description) } : {}) })
      .where('id', '=', c.id)
      .execute();
    if (cat.name !== c.name) {
      const products = await trx
        .selectFrom('product_categories')
        .innerJoin('categories', 'categories.id', 'product_categories.category_id')
        .select('product_categories.product_id')
        .distinct()
        .where((eb) => eb.or([eb('categories.path', '=', cat.path), eb('categories.path', 'like', `${cat.path}/%`)]))
        .execute();
      await reindexProducts(trx, products.map((p) => p.product_id));
    }
    return { name: c.name };
  });
}

const moveSchema = z.object({ id: rowIdText, direction: z.enum(['up', 'down']) });

/** Moves a category one place up or down among its siblings (their order is renumbered 0…n-1). */
export async function moveCategory(db: DB, input: unknown): Promise<{ name: string }> {
  const m = parseInput(moveSchema, input);
  return inTransaction(db, async (trx) => {
    const cat = await trx.selectFrom('categories').select(['id', 'name', 'parent_id']).where('id', '=', m.id).executeTakeFirst();
    if (!cat) throw new HttpError(404, 'not_found', t('categories.gone'));
    const siblings = (
      await trx
        .selectFrom('categories')
        .select(['id', 'name', 'menu_order'])
        .where((eb) => (cat.parent_id === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', cat.parent_id)))
        .execute()
    ).sort((a, b) => a.menu_order - b.menu_order || a.name.localeCompare(b.name));
    const at = siblings.findIndex((s) => s.id === cat.id);
    const to = m.direction === 'up' ? at - 1 : at + 1;
    if (to < 0 || to >= siblings.length) return { name: cat.name };
    [siblings[at], siblings[to]] = [siblings[to]!, siblings[at]!];
    for (const [i, s] of siblings.entries()) if (s.menu_order !== i) await trx.updateTable('categories').set({ menu_order: i }).where('id', '=', s.id).execute();
    return { name: cat.name };
  });
}

const reorderSchema = z.object({
  order: z
    .string()
    .max(CATEGORY_LIMITS.reorderMax * 11)
    .regex(/^\d{1,10}(,\d{1,10})*$/, { error: () => t('categories.error.order') })
    .transform((s) => s.split(',').map(Number)),
});

/**
 * The whole tree's order at once (a drag and drop): `order` names every category exactly once;
 * each category's children take the order in which they appear in it. Parents do not change
 * here. A list missing a category, naming one twice or naming one that does not exist (the
 * tree changed since the page was read, or a forged list) is refused and nothing changes.
 */
export async function reorderCategories(db: DB, input: unknown): Promise<{ changed: number }> {
  const { order } = parseInput(reorderSchema, input);
  return inTransaction(db, async (trx) => {
    const rows = await trx.selectFrom('categories').select(['id', 'parent_id', 'menu_order']).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (order.length !== rows.length || new Set(order).size !== order.length || order.some((id) => !byId.has(id))) {
      throw new HttpError(409, 'stale', t('categories.error.stale'));
    }
    const position = new Map<number | null, number>();
    let changed = 0;
    for (const id of order) {
      const row = byId.get(id)!;
      const at = position.get(row.parent_id) ?? 0;
      position.set(row.parent_id, at + 1);
      if (row.menu_order === at) continue;
      await trx.updateTable('categories').set({ menu_order: at }).where('id', '=', id).execute();
      changed++;
    }
    return { changed };
  });
}
