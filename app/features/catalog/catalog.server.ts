import type { DB } from '../../../db/client.ts';

export interface MenuCategory {
  id: number;
  name: string;
  path: string;
  children: { id: number; name: string; path: string }[];
}

/** Top-level categories with their direct children, for the header menu. */
export async function menuCategories(db: DB): Promise<MenuCategory[]> {
  const rows = await db
    .selectFrom('categories')
    .select(['id', 'parent_id', 'name', 'path', 'menu_order'])
    .orderBy('menu_order')
    .orderBy('name')
    .execute();
  const top = rows.filter((r) => r.parent_id === null && r.path !== 'uncategorized');
  return top.map((c) => ({
    id: c.id,
    name: c.name,
    path: c.path,
    children: rows.filter((r) => r.parent_id === c.id).map((r) => ({ id: r.id, name: r.name, path: r.path })),
  }));
}
