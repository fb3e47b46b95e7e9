import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import { currencyInfo } from '../../lib/money.ts';
import { toSummary, type ProductCardRow, type ProductSummary } from './catalog.schema.ts';
import { PER_PAGE_DEFAULT, type ListingQuery, type Ordering } from './listing.schema.ts';

export interface Listing {
  products: ProductSummary[];
  total: number;
  page: number;
  pages: number;
  perPage: number;
  /** Lowest and highest price in the listing before the price filter, in major units. */
  bounds: { min: number; max: number } | null;
}

export interface ListingScope {
  /** Category ids whose products are listed (a category and its descendants). */
  categoryIds?: number[];
  tagId?: number;
}

export const CARD_COLUMNS = [
  'products.id',
  'products.name',
  'products.slug',
  'products.type',
  'products.regular_price',
  'products.sale_price',
  'products.min_price',
  'products.max_price',
  'products.stock_status',
  'products.average_rating',
  'products.review_count',
  'products.button_text',
  'products.external_url',
  'media.path as image_path',
  'media.alt as image_alt',
  'media.width as image_width',
  'media.height as image_height',
  'media.widths as image_widths',
] as const;

type ProductQuery = SelectQueryBuilder<Database, 'products', object>;

/**
 * Products a listing may show. Written as literal SQL, word for word the condition of the
 * partial indexes (db/migrations/…-003-listing-indexes.ts), so SQLite and PostgreSQL read
 * sorted pages straight from them.
 */
export const LISTED_SQL = sql<boolean>`products.status = 'publish' and products.catalog_visibility in ('visible', 'catalog')`;
const SEARCHABLE_SQL = sql<boolean>`products.status = 'publish' and products.catalog_visibility in ('visible', 'search')`;

/** Published products for the listing (visibility visible/catalog) or for search (visible/search). */
function scoped(db: DB, scope: ListingScope, search?: string): ProductQuery {
  let q = db.selectFrom('products').where(search ? SEARCHABLE_SQL : LISTED_SQL);
  if (scope.categoryIds) {
    const ids = scope.categoryIds.length ? scope.categoryIds : [-1];
    q = q.where('products.id', 'in', db.selectFrom('product_categories').select('product_id').where('category_id', 'in', ids));
  }
  if (scope.tagId !== undefined) {
    q = q.where('products.id', 'in', db.selectFrom('product_tags').select('product_id').where('tag_id', '=', scope.tagId));
  }
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // lower() on both sides: SQLite's LIKE ignores ASCII case, PostgreSQL's does not.
    q = q.where((eb) =>
      eb.or([sql<boolean>`lower(products.name) like lower(${like}) escape '\\'`, eb('products.sku', '=', search)]),
    );
  }
  return q;
}

function ordered(q: ProductQuery, orderby: Ordering | undefined) {
  switch (orderby) {
    case 'popularity':
      return q.orderBy('products.total_sales', 'desc').orderBy('products.id', 'desc');
    case 'rating':
      return q.orderBy('products.average_rating', 'desc').orderBy('products.review_count', 'desc').orderBy('products.id', 'desc');
    case 'date':
      return q.orderBy('products.created_at', 'desc').orderBy('products.id', 'desc');
    case 'price':
      return q.orderBy('products.min_price', 'asc').orderBy('products.id', 'asc');
    case 'price-desc':
      return q.orderBy('products.max_price', 'desc').orderBy('products.id', 'desc');
    default:
      return q.orderBy('products.menu_order', 'asc').orderBy('products.name', 'asc').orderBy('products.id', 'asc');
  }
}

/** One page of a listing with its total and price bounds. */
export async function listProducts(
  db: DB,
  query: ListingQuery,
  scope: ListingScope,
  currency: string,
  perPage = query.per_page ?? PER_PAGE_DEFAULT,
): Promise<Listing> {
  const unit = 10 ** currencyInfo(currency).exponent;
  const base = scoped(db, scope, query.s);
  let filtered = base;
  // A product matches the price filter when its price range overlaps the chosen range.
  if (query.min_price !== undefined) filtered = filtered.where('products.max_price', '>=', query.min_price * unit);
  if (query.max_price !== undefined) filtered = filtered.where('products.min_price', '<=', (query.max_price + 1) * unit - 1);

  const whole = !scope.categoryIds && scope.tagId === undefined && !query.s;
  const [count, bounds] = await Promise.all([
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    whole
      ? // The whole catalog: each bound is the first entry of a price index.
        Promise.all([
          base.select('products.min_price as v').where('products.min_price', 'is not', null).orderBy('products.min_price').orderBy('products.id').limit(1).executeTakeFirst(),
          base.select('products.max_price as v').where('products.max_price', 'is not', null).orderBy('products.max_price', 'desc').orderBy('products.id', 'desc').limit(1).executeTakeFirst(),
        ]).then(([lo, hi]) => ({ lo: lo?.v ?? null, hi: hi?.v ?? null }))
      : base.select((eb) => [eb.fn.min('products.min_price').as('lo'), eb.fn.max('products.max_price').as('hi')]).executeTakeFirst(),
  ]);
  const total = Number(count?.n ?? 0);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(query.page, pages);
  const products = (await ordered(filtered.leftJoin('media', 'media.id', 'products.image_id').select(CARD_COLUMNS), query.orderby)
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute()) as ProductCardRow[];
  const lo = bounds?.lo === null || bounds?.lo === undefined ? null : Number(bounds.lo);
  const hi = bounds?.hi === null || bounds?.hi === undefined ? null : Number(bounds.hi);
  return {
    products: products.map(toSummary),
    total,
    page,
    pages,
    perPage,
    bounds: lo === null || hi === null ? null : { min: Math.floor(lo / unit), max: Math.ceil(hi / unit) },
  };
}
