import type { DB } from '../../../db/client.ts';
import { cached } from '../../lib/store-cache.server.ts';
import { parseInput } from '../../lib/validate.ts';
import { toSummary, type ProductCardRow, type ProductSummary } from '../catalog/catalog.schema.ts';
import { CARD_COLUMNS, LISTED_SQL } from '../catalog/listing.server.ts';
import type { CategoryTile } from '../catalog/components/category-tiles.tsx';
import { currentCategoryPaths } from '../catalog/categories.server.ts';
import { DEFAULT_HOME_LAYOUT, HOME_LAYOUT_KEY, homeLayoutSchema, type HomeLayout, type HomeSection } from './home-layout.schema.ts';

/** The stored home layout, or the default when there is none or it no longer parses. */
export function homeLayout(db: DB): Promise<HomeLayout> {
  return cached(db, 'home-layout', async () => {
    const row = await db.selectFrom('settings').select('value').where('key', '=', HOME_LAYOUT_KEY).executeTakeFirst();
    if (!row) return DEFAULT_HOME_LAYOUT;
    try {
      const parsed = homeLayoutSchema.safeParse(JSON.parse(row.value));
      return parsed.success ? parsed.data : DEFAULT_HOME_LAYOUT;
    } catch {
      return DEFAULT_HOME_LAYOUT;
    }
  });
}

/** Validates (400 with the fields on a bad layout) and stores the home layout. */
export async function saveHomeLayout(db: DB, input: unknown): Promise<HomeLayout> {
  const layout = parseInput(homeLayoutSchema, input);
  const row = { key: HOME_LAYOUT_KEY, value: JSON.stringify(layout) };
  await db.insertInto('settings').values(row).onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value })).execute();
  return layout;
}

/** A section with what it shows: products, category tiles, a picture. */
export type HomeBlock =
  | (Extract<HomeSection, { type: 'hero' }> & { image: CategoryTile['image'] })
  | (Extract<HomeSection, { type: 'categories' }> & { categories: CategoryTile[] })
  | (Extract<HomeSection, { type: 'products' }> & { products: ProductSummary[] })
  | Extract<HomeSection, { type: 'promo' | 'benefits' }>;

const listable = (db: DB) => db.selectFrom('products').leftJoin('media', 'media.id', 'products.image_id').select(CARD_COLUMNS).where(LISTED_SQL);

async function products(db: DB, source: Extract<HomeSection, { type: 'products' }>['source'], limit: number): Promise<ProductSummary[]> {
  let q = listable(db);
  if (source === 'featured') q = q.where('products.featured', '=', 1).orderBy('products.menu_order').orderBy('products.id');
  else if (source === 'newest') q = q.orderBy('products.created_at', 'desc').orderBy('products.id', 'desc');
  else if (source === 'best_sellers') q = q.orderBy('products.total_sales', 'desc').orderBy('products.id', 'desc');
  // On sale: a sale price below the regular one is what the card's badge shows (toSummary).
  else q = q.where('products.sale_price', 'is not', null).orderBy('products.total_sales', 'desc').orderBy('products.id', 'desc');
  const rows = (await q.limit(source === 'on_sale' ? limit * 3 : limit).execute()) as ProductCardRow[];
  const list = rows.map(toSummary);
  return (source === 'on_sale' ? list.filter((p) => p.onSale) : list).slice(0, limit);
}

async function categories(db: DB, saved: string[] | undefined, limit: number): Promise<CategoryTile[]> {
  // Saved paths follow categories whose slug or parent changed since.
  const paths = saved?.length ? await currentCategoryPaths(db, saved) : saved;
  let q = db
    .selectFrom('categories')
    .leftJoin('media', 'media.id', 'categories.image_id')
    .select(['categories.id', 'categories.name', 'categories.path', 'categories.description', 'categories.product_count', 'media.path as image_path', 'media.widths as image_widths'])
    .where('categories.path', '!=', 'uncategorized')
    .where('categories.product_count', '>', 0);
  if (paths?.length) q = q.where('categories.path', 'in', paths);
  else {
    q = q
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('categories as child').select('child.id').whereRef('child.parent_id', '=', 'categories.id'))))
      .orderBy('categories.product_count', 'desc')
      .orderBy('categories.id');
  }
  const rows = await q.limit(paths?.length ? paths.length : limit).execute();
  if (paths?.length) rows.sort((a, b) => paths.indexOf(a.path) - paths.indexOf(b.path));
  return rows.slice(0, limit).map((c) => ({
    id: c.id,
    name: c.name,
    path: c.path,
    description: c.description,
    count: c.product_count,
    image: c.image_path ? { path: c.image_path, widths: c.image_widths ?? '[]' } : null,
  }));
}

/**
 * Each section with its data, read in parallel. Sections with nothing to show (no products
 * on sale, no categories) are left out rather than shown empty. Kept per store version, so
 * the page cache's misses do not query again.
 */
export function homeBlocks(db: DB): Promise<HomeBlock[]> {
  return cached(db, 'home-blocks', async () => {
    const layout = await homeLayout(db);
    const blocks = await Promise.all(
      layout.map(async (s): Promise<HomeBlock | null> => {
        switch (s.type) {
          case 'hero': {
            const image = s.imageCategory ? (await categories(db, [s.imageCategory], 1))[0]?.image ?? null : null;
            return { ...s, image };
          }
          case 'categories': {
            const list = await categories(db, s.paths, s.limit);
            return list.length ? { ...s, categories: list } : null;
          }
          case 'products': {
            const list = await products(db, s.source, s.limit);
            return list.length ? { ...s, products: list } : null;
          }
          default:
            return s;
        }
      }),
    );
    return blocks.filter((b): b is HomeBlock => b !== null);
  });
}
