import type { DB } from '../../../db/client.ts';

export interface CategoryNode {
  id: number;
  name: string;
  slug: string;
  path: string;
  description: string;
  count: number;
  image: { path: string; widths: string; alt: string } | null;
  children: CategoryNode[];
}

export interface CategoryPage {
  category: CategoryNode;
  /** Root first, excluding the category itself. */
  ancestors: { name: string; path: string }[];
  /** The category and all its descendants: a category page lists all their products. */
  descendantIds: number[];
}

async function allCategories(db: DB) {
  return db
    .selectFrom('categories')
    .leftJoin('media', 'media.id', 'categories.image_id')
    .select([
      'categories.id',
      'categories.parent_id',
      'categories.name',
      'categories.slug',
      'categories.path',
      'categories.description',
      'categories.product_count',
      'categories.menu_order',
      'media.path as image_path',
      'media.widths as image_widths',
      'media.alt as image_alt',
    ])
    .orderBy('categories.menu_order')
    .orderBy('categories.name')
    .execute();
}

type Row = Awaited<ReturnType<typeof allCategories>>[number];

function toNode(row: Row, rows: Row[]): CategoryNode {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    path: row.path,
    description: row.description,
    count: row.product_count,
    image: row.image_path ? { path: row.image_path, widths: row.image_widths ?? '[]', alt: row.image_alt ?? '' } : null,
    children: rows.filter((r) => r.parent_id === row.id).map((r) => toNode(r, rows)),
  };
}

/** The whole category tree (for `GET /api/categories` and the sitemap). */
export async function categoryTree(db: DB): Promise<CategoryNode[]> {
  const rows = await allCategories(db);
  return rows.filter((r) => r.parent_id === null).map((r) => toNode(r, rows));
}

/** A category by its URL path ("clothing/hoodies"), or null. */
export async function categoryByPath(db: DB, path: string): Promise<CategoryPage | null> {
  const clean = path.replace(/^\/+|\/+$/g, '').toLowerCase();
  if (!clean || clean.length > 500) return null;
  const rows = await allCategories(db);
  const row = rows.find((r) => r.path === clean);
  if (!row) return null;
  const ancestors: { name: string; path: string }[] = [];
  for (let p = rows.find((r) => r.id === row.parent_id); p; p = rows.find((r) => r.id === p!.parent_id)) {
    ancestors.unshift({ name: p.name, path: p.path });
  }
  const descendantIds = rows.filter((r) => r.path === clean || r.path.startsWith(`${clean}/`)).map((r) => r.id);
  return { category: toNode(row, rows), ancestors, descendantIds };
}

export async function tagBySlug(db: DB, slug: string) {
  if (!slug || slug.length > 200) return null;
  return (await db.selectFrom('tags').select(['id', 'name', 'slug', 'description']).where('slug', '=', slug.toLowerCase()).executeTakeFirst()) ?? null;
}

/** The slug of the tag a merged tag's old slug went into, or null (catalog-admin/tag-merge.server.ts keeps them). */
export async function tagRedirect(db: DB, oldSlug: string): Promise<string | null> {
  if (!oldSlug || oldSlug.length > 200) return null;
  const row = await db
    .selectFrom('tag_redirects')
    .innerJoin('tags', 'tags.id', 'tag_redirects.tag_id')
    .select('tags.slug')
    .where('tag_redirects.old_slug', '=', oldSlug.toLowerCase())
    .executeTakeFirst();
  return row?.slug ?? null;
}

/** Where an address a category used to have (before a new slug or parent) leads now, or null (category-edit.server.ts keeps them). */
export async function categoryRedirect(db: DB, oldPath: string): Promise<string | null> {
  const clean = oldPath.replace(/^\/+|\/+$/g, '').toLowerCase();
  if (!clean || clean.length > 500) return null;
  const row = await db
    .selectFrom('category_redirects')
    .innerJoin('categories', 'categories.id', 'category_redirects.category_id')
    .select('categories.path')
    .where('category_redirects.old_path', '=', clean)
    .executeTakeFirst();
  return row?.path ?? null;
}

/**
 * Category paths as saved in content (the home layout, page blocks) followed to where those
 * categories are now: a path no live category has but a moved one had is replaced by its
 * current one; the others stay as they are.
 */
export async function currentCategoryPaths(db: DB, paths: string[]): Promise<string[]> {
  if (!paths.length) return paths;
  const live = new Set((await db.selectFrom('categories').select('path').where('path', 'in', paths).execute()).map((r) => r.path));
  const gone = paths.filter((p) => !live.has(p));
  if (!gone.length) return paths;
  const moved = await db
    .selectFrom('category_redirects')
    .innerJoin('categories', 'categories.id', 'category_redirects.category_id')
    .select(['category_redirects.old_path', 'categories.path'])
    .where('category_redirects.old_path', 'in', gone)
    .execute();
  const to = new Map(moved.map((r) => [r.old_path, r.path]));
  return paths.map((p) => to.get(p) ?? p);
}
