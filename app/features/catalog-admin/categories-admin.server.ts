import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { inTransaction, slugify } from '../catalog/catalog-write.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseInput, rowIdText } from '../../lib/validate.ts';

/*
 * Categories in the back office: the tree in shop order, adding one under any parent,
 * renaming (the address stays, so links keep working), and moving one up or down among its
 * siblings. Each change is one transaction; the store-version triggers move every cache.
 */

export interface AdminCategory {
  id: number;
  name: string;
  path: string;
  description: string;
  depth: number;
  productCount: number;
  /** Whether it has a sibling before / after it (for the move buttons). */
  first: boolean;
  last: boolean;
}

export async function listCategoriesAdmin(db: DB): Promise<AdminCategory[]> {
  const rows = await db.selectFrom('categories').select(['id', 'name', 'path', 'parent_id', 'menu_order', 'description', 'product_count']).execute();
  const byParent = new Map<number | null, typeof rows>();
  for (const r of rows) byParent.set(r.parent_id, [...(byParent.get(r.parent_id) ?? []), r]);
  const out: AdminCategory[] = [];
  const walk = (parent: number | null, depth: number) => {
    const kids = (byParent.get(parent) ?? []).sort((a, b) => a.menu_order - b.menu_order || a.name.localeCompare(b.name));
    kids.forEach((k, i) => {
      out.push({ id: k.id, name: k.name, path: k.path, description: k.description, depth, productCount: k.product_count, first: i === 0, last: i === kids.length - 1 });
      walk(k.id, depth + 1);
    });
  };
  walk(null, 0);
  return out;
}

const addSchema = z.object({
  name: z.string().trim().min(1, 'Give the category a name').max(100),
  parent: z.union([z.literal(''), rowIdText]).default(''),
  description: z.string().max(5000).default(''),
});

export async function addCategory(db: DB, input: unknown): Promise<{ id: number; path: string }> {
  const c = parseInput(addSchema, input);
  return inTransaction(db, async (trx) => {
    const parent = c.parent === '' ? null : await trx.selectFrom('categories').select(['id', 'path']).where('id', '=', c.parent).executeTakeFirst();
    if (c.parent !== '' && !parent) throw new HttpError(400, 'invalid', 'parent: No such category.', { parent: 'No such category' });
    const slug = slugify(c.name, 'category');
    const path = parent ? `${parent.path}/${slug}` : slug;
    const taken = await trx.selectFrom('categories').select('id').where('path', '=', path).executeTakeFirst();
    if (taken) throw new HttpError(409, 'exists', `name: A category at /${path} already exists.`, { name: 'Already exists here' });
    const siblings = await trx
      .selectFrom('categories')
      .select((eb) => eb.fn.max('menu_order').as('top'))
      .where((eb) => (parent ? eb('parent_id', '=', parent.id) : eb('parent_id', 'is', null)))
      .executeTakeFirst();
    const row = await trx
      .insertInto('categories')
      .values({ parent_id: parent?.id ?? null, name: c.name, slug, path, description: c.description, menu_order: Number(siblings?.top ?? -1) + 1 })
      .returning(['id', 'path'])
      .executeTakeFirstOrThrow();
    return row;
  });
}

const renameSchema = z.object({ id: rowIdText, name: z.string().trim().min(1, 'Give the category a name').max(100), description: z.string().max(5000).default('') });

export async function renameCategory(db: DB, input: unknown): Promise<{ name: string }> {
  const c = parseInput(renameSchema, input);
  const done = await db.updateTable('categories').set({ name: c.name, description: c.description }).where('id', '=', c.id).executeTakeFirst();
  if (!Number(done.numUpdatedRows)) throw new HttpError(404, 'not_found', 'This category no longer exists.');
  return { name: c.name };
}

const moveSchema = z.object({ id: rowIdText, direction: z.enum(['up', 'down']) });

/** Moves a category one place up or down among its siblings (their order is renumbered 0…n-1). */
export async function moveCategory(db: DB, input: unknown): Promise<{ name: string }> {
  const m = parseInput(moveSchema, input);
  return inTransaction(db, async (trx) => {
    const cat = await trx.selectFrom('categories').select(['id', 'name', 'parent_id']).where('id', '=', m.id).executeTakeFirst();
    if (!cat) throw new HttpError(404, 'not_found', 'This category no longer exists.');
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
