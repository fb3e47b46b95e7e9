import { noteShown } from '../../lib/stock-stamps.server.ts';
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import { LIMITS, SEARCH } from '../../config/constants.ts';
import { currencyInfo } from '../../lib/money.ts';
import { cached } from '../../lib/store-cache.server.ts';
import { productSearchCondition } from '../search/search.server.ts';
import { recordSearch } from '../search/search-stats.server.ts';
import { didYouMean } from '../search/did-you-mean.server.ts';
import { getSettings } from '../settings/settings.server.ts';
import { toSummary, type ProductCardRow, type ProductSummary } from './catalog.schema.ts';
import { attributeCondition, listingFacets, type Facets } from './facets.server.ts';
import { PER_PAGE_DEFAULT, type AttributeFilters, type ListingQuery, type Ordering } from './listing.schema.ts';

export interface Listing {
  products: ProductSummary[];
  total: number;
  page: number;
  pages: number;
  perPage: number;
  /** Lowest and highest price in the listing before the price filter, in major units. */
  bounds: { min: number; max: number } | null;
  /** A search that found nothing: a near query that finds products ("did you mean"). */
  didYouMean?: string;
  /** A search's categories and attribute values with their counts (searches only). */
  facets?: Facets;
  /** A search that found nothing: the best sellers in stock, to offer instead. */
  popular?: ProductSummary[];
}

export interface ListingScope {
  /** Category ids whose products are listed (a category and its descendants). */
  categoryIds?: number[];
  /** The category itself (its subcategories are the search's category facet). */
  categoryId?: number;
  tagId?: number;
}

/** How a search treats products out of stock (store setting `searchHideOutOfStock`). */
interface SearchOptions {
  hideOutOfStock: boolean;
}

export const CARD_COLUMNS = [
  'products.id',
  // Noted by shared pages (app/lib/stock-stamps.server.ts): an order moves it, not the store version.
  'products.stock_version',
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

/**
 * Published products for the listing (visibility visible/catalog) or for search (visible/search).
 * `walk`: test category/tag membership row by row while reading products in the listing's
 * order (`exists`), instead of collecting the members first (`in`): far faster for the first
 * pages of a large category, far slower for a small one; listProducts chooses.
 */
function scoped(db: DB, scope: ListingScope, search?: RawBuilder<boolean>, walk = false, filters: AttributeFilters = {}, searchOptions?: SearchOptions): ProductQuery {
  let q = db.selectFrom('products').where(search ? SEARCHABLE_SQL : LISTED_SQL);
  if (scope.categoryIds) {
    const ids = scope.categoryIds.length ? scope.categoryIds : [-1];
    q = walk
      ? q.where(({ exists, selectFrom }) =>
          exists(selectFrom('product_categories as pc').select('pc.product_id').whereRef('pc.product_id', '=', 'products.id').where('pc.category_id', 'in', ids)),
        )
      : q.where('products.id', 'in', db.selectFrom('product_categories').select('product_id').where('category_id', 'in', ids));
  }
  if (scope.tagId !== undefined) {
    const tagId = scope.tagId;
    q = walk
      ? q.where(({ exists, selectFrom }) =>
          exists(selectFrom('product_tags as pt').select('pt.product_id').whereRef('pt.product_id', '=', 'products.id').where('pt.tag_id', '=', tagId)),
        )
      : q.where('products.id', 'in', db.selectFrom('product_tags').select('product_id').where('tag_id', '=', tagId));
  }
  // The search index (app/features/search): word starts, diacritics, typos, SKUs.
  if (search) q = q.where(search);
  if (search && searchOptions?.hideOutOfStock) q = q.where('products.stock_status', '!=', 'outofstock');
  for (const [slug, values] of Object.entries(filters)) q = q.where(attributeCondition(db, slug, values));
  return q;
}

/** Out of stock after in stock: a search's first ordering key (unless they are hidden). */
const STOCK_LAST = sql`case when products.stock_status = 'outofstock' then 1 else 0 end`;

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
  // A product matches the price filter when its price range overlaps the chosen range.
  // Clamped to the integer columns' range: a larger bound matches the same products.
  const minMinor = query.min_price === undefined ? undefined : Math.min(query.min_price * unit, LIMITS.sqlIntMax);
  const maxMinor = query.max_price === undefined ? undefined : Math.min((query.max_price + 1) * unit - 1, LIMITS.sqlIntMax);
  const priceFilter = (q: ProductQuery) => {
    let out = q;
    if (minMinor !== undefined) out = out.where('products.max_price', '>=', minMinor);
    if (maxMinor !== undefined) out = out.where('products.min_price', '<=', maxMinor);
    return out;
  };

  const filters = query.filters ?? {};
  const filtered = Object.keys(filters).length > 0;
  const whole = !scope.categoryIds && scope.tagId === undefined && !query.s && !filtered;
  const search = query.s ? await productSearchCondition(db, query.s) : undefined;
  const searchOptions = query.s ? { hideOutOfStock: (await getSettings(db)).searchHideOutOfStock } : undefined;
  const filterKey = JSON.stringify(filters);
  const statsKey = `listing:${scope.categoryIds?.join(',') ?? ''}|${scope.tagId ?? ''}|${query.s ?? ''}|${minMinor ?? ''}|${maxMinor ?? ''}|${filterKey}|${searchOptions?.hideOutOfStock ?? ''}`;
  const [{ total, lo, hi }, catalogSize] = await Promise.all([
    cached(db, statsKey, () => listingStats(db, scope, search, minMinor, maxMinor, whole, filters, searchOptions)),
    whole ? Promise.resolve(0) : cached(db, 'listing:catalog-size', () => countListed(db)),
  ]);
  // A submitted search (its first page) counts in the admin's statistics; further pages do not.
  if (query.s && query.page === 1) await recordSearch(db, query.s, total);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(query.page, pages);
  const offset = (page - 1) * perPage;
  // Reading products in order and testing membership visits about (offset + perPage) × size
  // ÷ total rows; collecting the members visits about total: take the cheaper.
  const walk = !whole && !query.s && !filtered && (offset + perPage) * catalogSize < total * total;
  let base = priceFilter(scoped(db, scope, search, walk, filters, searchOptions));
  if (search && !searchOptions?.hideOutOfStock) base = base.orderBy(STOCK_LAST);
  const products = (await ordered(base.leftJoin('media', 'media.id', 'products.image_id').select(CARD_COLUMNS), query.orderby)
    .limit(perPage)
    .offset(offset)
    .execute()) as ProductCardRow[];
  noteShown(products);
  // A search's facets: counted over all its results (not this page), once per store version.
  const facets = search
    ? await cached(db, `facets:${statsKey}|${scope.categoryId ?? ''}`, () =>
        listingFacets(db, { parentId: scope.categoryId ?? null, filters, matching: (without) => priceFilter(scoped(db, scope, search, false, without, searchOptions)).select('products.id') }),
      )
    : undefined;
  return {
    products: products.map(toSummary),
    total,
    page,
    pages,
    perPage,
    bounds: lo === null || hi === null ? null : { min: Math.floor(lo / unit), max: Math.ceil(hi / unit) },
    ...(query.s && total === 0 ? optional('didYouMean', await didYouMean(db, query.s, scope.categoryIds)) : {}),
    ...optional('facets', facets),
    ...(query.s && total === 0 ? { popular: await popularProducts(db) } : {}),
  };
}

/** The best sellers a shopper can buy, for a search without results (once per store version). */
const popularProducts = (db: DB) =>
  cached(db, 'listing:popular', async () =>
    ((await db
      .selectFrom('products')
      .where(LISTED_SQL)
      .where('products.stock_status', '!=', 'outofstock')
      .leftJoin('media', 'media.id', 'products.image_id')
      .select(CARD_COLUMNS)
      .orderBy('products.total_sales', 'desc')
      .orderBy('products.id', 'desc')
      .limit(SEARCH.popularProducts)
      .execute()) as ProductCardRow[]).map(toSummary),
  );

/**
 * About how many products listings may show, for choosing how to read a category's page:
 * the highest product id, read from the primary key at no cost (an exact count would scan
 * every product after each change, and the choice needs only the order of magnitude).
 */
async function countListed(db: DB): Promise<number> {
  const row = await db.selectFrom('products').select((eb) => eb.fn.max('products.id').as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The listing's total (after the price filter) and its price bounds (before it), in one pass
 * over the listing's products; over the whole catalog the bounds are the first entries of
 * the price indexes instead.
 */
async function listingStats(
  db: DB,
  scope: ListingScope,
  search: RawBuilder<boolean> | undefined,
  minMinor: number | undefined,
  maxMinor: number | undefined,
  whole: boolean,
  filters: AttributeFilters,
  searchOptions: SearchOptions | undefined,
) {
  const base = scoped(db, scope, search, false, filters, searchOptions);
  const conditions = [
    ...(minMinor === undefined ? [] : [sql`products.max_price >= ${minMinor}`]),
    ...(maxMinor === undefined ? [] : [sql`products.min_price <= ${maxMinor}`]),
  ];
  const counted = conditions.length ? sql<number>`sum(case when ${sql.join(conditions, sql` and `)} then 1 else 0 end)` : sql<number>`count(*)`;
  if (whole) {
    const [count, lo, hi] = await Promise.all([
      base.select(counted.as('n')).executeTakeFirst(),
      base.select('products.min_price as v').where('products.min_price', 'is not', null).orderBy('products.min_price').orderBy('products.id').limit(1).executeTakeFirst(),
      base.select('products.max_price as v').where('products.max_price', 'is not', null).orderBy('products.max_price', 'desc').orderBy('products.id', 'desc').limit(1).executeTakeFirst(),
    ]);
    return { total: Number(count?.n ?? 0), lo: num(lo?.v), hi: num(hi?.v) };
  }
  const row = await base.select((eb) => [counted.as('n'), eb.fn.min('products.min_price').as('lo'), eb.fn.max('products.max_price').as('hi')]).executeTakeFirst();
  return { total: Number(row?.n ?? 0), lo: num(row?.lo), hi: num(row?.hi) };
}

const optional = <K extends string, V>(key: K, value: V | undefined) => (value === undefined ? {} : ({ [key]: value } as Record<K, V>));

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
