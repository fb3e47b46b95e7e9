import type { DB } from '../../../db/client.ts';
import { toSummary, type ProductCardRow, type ProductSummary } from './catalog.schema.ts';
import { CARD_COLUMNS, LISTED_SQL } from './listing.server.ts';

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

/** Published products a shopper may see in listings (visibility visible or catalog). */
function listable(db: DB) {
  return db
    .selectFrom('products')
    .leftJoin('media', 'media.id', 'products.image_id')
    .select(CARD_COLUMNS)
    .where(LISTED_SQL);
}

export async function featuredProducts(db: DB, limit: number): Promise<ProductSummary[]> {
  const rows = await listable(db).where('products.featured', '=', 1).orderBy('products.menu_order').orderBy('products.id').limit(limit).execute();
  return (rows as ProductCardRow[]).map(toSummary);
}

export async function newestProducts(db: DB, limit: number): Promise<ProductSummary[]> {
  const rows = await listable(db).orderBy('products.created_at', 'desc').orderBy('products.id', 'desc').limit(limit).execute();
  return (rows as ProductCardRow[]).map(toSummary);
}

/** Top-level categories with their image and product count, for home page tiles. */
export async function topCategories(db: DB, limit: number) {
  return db
    .selectFrom('categories')
    .leftJoin('media', 'media.id', 'categories.image_id')
    .select([
      'categories.id',
      'categories.name',
      'categories.path',
      'categories.product_count',
      'media.path as image_path',
      'media.alt as image_alt',
      'media.widths as image_widths',
    ])
    .where('categories.parent_id', 'is', null)
    .where('categories.path', '!=', 'uncategorized')
    .orderBy('categories.menu_order')
    .orderBy('categories.name')
    .limit(limit)
    .execute();
}
