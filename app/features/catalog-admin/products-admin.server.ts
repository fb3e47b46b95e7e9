import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { PRODUCT_STATUSES, type AdminProductStatus } from '../catalog/product-update.server.ts';
import { cached } from '../../lib/store-cache.server.ts';
import { nameOrSkuContains } from './product-text-search.server.ts';

/* The back office's product list: the query behind /admin/products (its bulk and row actions are in product-list-actions.server.ts). */

export { PRODUCT_ADMIN_ROLES } from './roles.ts';

export const PRODUCT_SORTS = ['updated', 'name', 'price', 'stock', 'sku', 'created'] as const;
export const PAGE_SIZE = 20;

export const listQuerySchema = z.object({
  q: z.string().trim().max(200).catch(''),
  category: z.coerce.number().int().positive().max(2 ** 31 - 1).optional().catch(undefined),
  type: z.enum(['simple', 'variable', 'grouped', 'external']).optional().catch(undefined),
  stock: z.enum(['instock', 'outofstock', 'onbackorder']).optional().catch(undefined),
  /** "all" is every status but trash. */
  status: z.enum([...PRODUCT_STATUSES, 'all']).catch('all'),
  sort: z.enum(PRODUCT_SORTS).catch('updated'),
  dir: z.enum(['asc', 'desc']).catch('desc'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type ListQuery = z.output<typeof listQuerySchema>;

export interface AdminProductRow {
  id: number;
  name: string;
  slug: string;
  sku: string | null;
  type: string;
  status: AdminProductStatus;
  regularPrice: number | null;
  salePrice: number | null;
  minPrice: number | null;
  maxPrice: number | null;
  manageStock: boolean;
  stockQuantity: number | null;
  stockStatus: string;
  updatedAt: string;
  image: { path: string; widths: string } | null;
  categories: string[];
}

export function parseListQuery(params: URLSearchParams): ListQuery {
  return listQuerySchema.parse(Object.fromEntries(params));
}

export async function listAdminProducts(db: DB, query: ListQuery) {
  let q = db.selectFrom('products');
  q = query.status === 'all' ? q.where('products.status', '!=', 'trash') : q.where('products.status', '=', query.status);
  if (query.q) q = q.where(nameOrSkuContains(db, query.q));
  if (query.type) q = q.where('products.type', '=', query.type);
  if (query.stock) q = q.where('products.stock_status', '=', query.stock);
  if (query.category) {
    // The category and its descendants as ids first: the planner then reads product_categories
    // by its category index instead of joining every product's categories to their paths (on
    // PostgreSQL a search within a 14,500-product category counted in 53 ms instead of 89).
    const cat = await db.selectFrom('categories').select('path').where('id', '=', query.category).executeTakeFirst();
    const ids = cat
      ? (await db.selectFrom('categories').select('id').where((e) => e.or([e('path', '=', cat.path), e('path', 'like', `${cat.path}/%`)])).execute()).map((r) => r.id)
      : [];
    q = q.where((eb) =>
      ids.length
        ? eb.exists(eb.selectFrom('product_categories as pc').select(sql`1`.as('one')).whereRef('pc.product_id', '=', 'products.id').where('pc.category_id', 'in', ids))
        : sql<boolean>`1 = 0`,
    );
  }
  // Unfiltered, the status tab's own count is the total: no second read of every product.
  const filtered = !!(query.q || query.type || query.stock || query.category);
  const count = filtered ? Number(((await q.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow()) as { total: number | string }).total) : ((await statusCounts(db))[query.status] ?? 0);
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const column = { updated: 'products.updated_at', name: 'products.name', price: 'products.min_price', stock: 'products.stock_quantity', sku: 'products.sku', created: 'products.created_at' } as const;
  const rows = await q
    .leftJoin('media', 'media.id', 'products.image_id')
    .select([
      'products.id',
      'products.name',
      'products.slug',
      'products.sku',
      'products.type',
      'products.status',
      'products.regular_price',
      'products.sale_price',
      'products.min_price',
      'products.max_price',
      'products.manage_stock',
      'products.stock_quantity',
      'products.stock_status',
      'products.updated_at',
      'media.path as image_path',
      'media.widths as image_widths',
    ])
    .orderBy(column[query.sort], query.dir)
    .orderBy('products.id', query.dir)
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  const ids = rows.map((r) => r.id);
  const cats = ids.length
    ? await db.selectFrom('product_categories as pc').innerJoin('categories as c', 'c.id', 'pc.category_id').select(['pc.product_id', 'c.name']).where('pc.product_id', 'in', ids).orderBy('c.name').execute()
    : [];
  const products: AdminProductRow[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    sku: r.sku,
    type: r.type,
    status: r.status as AdminProductStatus,
    regularPrice: r.regular_price,
    salePrice: r.sale_price,
    minPrice: r.min_price,
    maxPrice: r.max_price,
    manageStock: !!r.manage_stock,
    stockQuantity: r.stock_quantity,
    stockStatus: r.stock_status,
    updatedAt: r.updated_at,
    image: r.image_path ? { path: r.image_path, widths: r.image_widths ?? '[]' } : null,
    categories: cats.filter((c) => c.product_id === r.id).map((c) => c.name),
  }));
  return { products, total: count, page, pages, counts: await statusCounts(db) };
}

/**
 * Products per status for the list's tabs ("all" is every status but trash): a read of every
 * product, so kept until the store version moves (any write to products moves it; a stock
 * change alone does not, and changes no status).
 */
function statusCounts(db: DB): Promise<Readonly<Record<string, number>>> {
  return cached(db, 'admin.products.statusCounts', async () => {
    const rows = await db.selectFrom('products').select(['status', (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy('status').execute();
    const counts: Record<string, number> = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    counts.all = rows.filter((r) => r.status !== 'trash').reduce((a, r) => a + Number(r.n), 0);
    return counts;
  });
}

/** Categories as "Parent › Child" labels in tree order, for filters and the editor. */
export async function categoryOptions(db: DB): Promise<{ id: number; label: string; depth: number }[]> {
  const rows = await db.selectFrom('categories').select(['id', 'name', 'path', 'parent_id', 'menu_order']).execute();
  const byParent = new Map<number | null, typeof rows>();
  for (const r of rows) byParent.set(r.parent_id, [...(byParent.get(r.parent_id) ?? []), r]);
  const out: { id: number; label: string; depth: number }[] = [];
  const walk = (parent: number | null, depth: number, above: string) => {
    const kids = (byParent.get(parent) ?? []).sort((a, b) => a.menu_order - b.menu_order || a.name.localeCompare(b.name));
    for (const k of kids) {
      const label = above ? `${above} › ${k.name}` : k.name;
      out.push({ id: k.id, label, depth });
      walk(k.id, depth + 1, label);
    }
  };
  walk(null, 0, '');
  return out;
}
