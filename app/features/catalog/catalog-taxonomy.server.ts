import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { nameKey } from '../../lib/name-key.ts';
import { slugify } from './product-input.server.ts';

/* Categories and tags as the catalog's writers create them, free slugs, and the categories' product counts. */

/** `base`, or `base-2`, `base-3` … whichever is free in the column. */
export async function uniqueValue(db: DB, table: 'products' | 'tags' | 'categories', column: 'slug' | 'path', base: string): Promise<string> {
  const rows = await db
    .selectFrom(table as 'products')
    .select(`${column} as v` as 'slug as v')
    .where((eb) => eb.or([eb(column as 'slug', '=', base), eb(column as 'slug', 'like', `${base}-%`)]))
    .execute();
  const taken = new Set(rows.map((r) => r.v));
  let candidate = base;
  for (let i = 2; taken.has(candidate); i++) candidate = `${base}-${i}`;
  return candidate;
}

/** The id of the category at this name path (e.g. ["Clothing", "Hoodies"]), creating missing levels. */
export async function ensureCategory(db: DB, names: string[]): Promise<number> {
  if (!names.length || names.some((n) => !n.trim())) throw new HttpError(400, 'invalid', 'A category path needs non-empty names.');
  let parent = null as { id: number; path: string } | null;
  for (const raw of names) {
    const name = raw.trim();
    const base: string = parent ? `${parent.path}/${slugify(name, 'category')}` : slugify(name, 'category');
    const parentId: number | null = parent?.id ?? null;
    const found = await db
      .selectFrom('categories')
      .select(['id', 'path'])
      .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
      .where((eb) => eb.or([eb('name', '=', name), eb('path', '=', base)]))
      .orderBy('id')
      .executeTakeFirst();
    if (found) {
      parent = found;
      continue;
    }
    const path = await uniqueValue(db, 'categories', 'path', base);
    parent = await db
      .insertInto('categories')
      .values({ parent_id: parentId, name, slug: path.slice(path.lastIndexOf('/') + 1), path })
      .returning(['id', 'path'])
      .executeTakeFirstOrThrow();
  }
  return (parent as { id: number }).id;
}

export interface CategoryNode {
  name: string;
  description?: string;
  image_id?: number | null;
  menu_order?: number;
  children?: CategoryNode[];
}

/** Creates (or completes) a category tree; answers the id of every node keyed by its slug path. */
export async function createCategoryTree(db: DB, nodes: CategoryNode[], above: string[] = []): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [i, node] of nodes.entries()) {
    const catId = await ensureCategory(db, [...above, node.name]);
    // Only what the node gives is set, so completing an existing tree keeps its texts and images.
    const row = await db
      .updateTable('categories')
      .set({
        menu_order: node.menu_order ?? i,
        ...(node.description !== undefined && { description: node.description }),
        ...(node.image_id !== undefined && { image_id: node.image_id }),
      })
      .where('id', '=', catId)
      .returning('path')
      .executeTakeFirstOrThrow();
    out[row.path] = catId;
    Object.assign(out, await createCategoryTree(db, node.children ?? [], [...above, node.name]));
  }
  return out;
}

/**
 * The id of the tag with this name, matched without case or accents ("winter" reuses
 * "Winter", "ete" reuses "Été"; an exact spelling first if the shop holds several), created
 * (with a unique slug) when missing.
 */
export async function ensureTag(db: DB, name: string): Promise<number> {
  const clean = name.trim();
  if (!clean) throw new HttpError(400, 'invalid', 'A tag needs a name.');
  const key = nameKey(clean);
  const found = await db
    .selectFrom('tags')
    .select('id')
    .where('name_key', '=', key)
    .orderBy(sql`case when name = ${clean} then 0 else 1 end`)
    .orderBy('id')
    .executeTakeFirst();
  if (found) return found.id;
  const slug = await uniqueValue(db, 'tags', 'slug', slugify(clean, 'tag'));
  return (await db.insertInto('tags').values({ name: clean, slug, name_key: key }).returning('id').executeTakeFirstOrThrow()).id;
}

/**
 * Recounts products shown in listings (published, visible in the catalog) per category,
 * counting a parent's descendants too, for these categories and their ancestors or 'all'.
 */
export async function recountCategories(db: DB, categoryIds: number[] | 'all'): Promise<void> {
  let q = db.updateTable('categories').set({
    // CROSS JOIN fixes SQLite's join order (subtree categories first, then their products
    // by index); it would otherwise scan all products per category. PostgreSQL reorders freely.
    product_count: sql<number>`(SELECT COUNT(DISTINCT pc.product_id)
      FROM categories d CROSS JOIN product_categories pc CROSS JOIN products p
      WHERE pc.category_id = d.id AND p.id = pc.product_id
      AND (d.path = categories.path OR d.path LIKE categories.path || '/%')
      AND p.status = 'publish' AND p.catalog_visibility IN ('visible', 'catalog'))`,
  });
  if (categoryIds !== 'all') {
    if (!categoryIds.length) return;
    const rows = await db.selectFrom('categories').select('path').where('id', 'in', categoryIds).execute();
    const paths = new Set(rows.flatMap((r) => r.path.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
    q = q.where('path', 'in', [...paths]);
  }
  await q.execute();
}
