import type { DB } from '../../../db/client.ts';
import type { ProductCardRow, ProductSummary } from '../catalog/catalog.schema.ts';
import { toSummary } from '../catalog/catalog.schema.ts';
import { CARD_COLUMNS, LISTED_SQL } from '../catalog/listing.server.ts';
import { summariesByIds, type ProductDetail } from '../catalog/product.server.ts';

/** How many related products the product page shows: full rows of the grid's 3 columns and of its 2 on phones. */
export const RELATED_PRODUCTS_LIMIT = 6;
/** Upsells shown at most; a shop links a handful, the page should not turn into a listing. */
export const UPSELLS_LIMIT = 8;
/** A row of the product grid on wide screens: fewer upsells than this are topped up from the category. */
export const UPSELLS_ROW = 3;

/**
 * Related products: listed products (published, visible in the catalog) sharing a category
 * with `product`, other than the product itself and its upsells (those have their own list).
 * The best sellers come first, newest first among equals, so the list is stable between
 * visits and reads the listing's popularity index (cross-sells belong to the cart).
 */
export async function relatedProducts(db: DB, product: Pick<ProductDetail, 'id' | 'categories' | 'upsellIds'>, limit = RELATED_PRODUCTS_LIMIT): Promise<ProductSummary[]> {
  const categoryIds = product.categories.map((c) => c.id);
  if (categoryIds.length === 0 || limit <= 0) return [];
  const excluded = [product.id, ...product.upsellIds];
  const rows = (await db
    .selectFrom('products')
    .leftJoin('media', 'media.id', 'products.image_id')
    .select(CARD_COLUMNS)
    .where(LISTED_SQL)
    .where('products.id', 'not in', excluded)
    .where('products.id', 'in', db.selectFrom('product_categories').select('product_id').where('category_id', 'in', categoryIds))
    .orderBy('products.total_sales', 'desc')
    .orderBy('products.id', 'desc')
    .limit(limit)
    .execute()) as ProductCardRow[];
  return rows.map(toSummary);
}

/** The product's upsells in the order the shop set, published and visible in the catalog only. */
export async function upsellProducts(db: DB, product: Pick<ProductDetail, 'upsellIds'>, limit = UPSELLS_LIMIT): Promise<ProductSummary[]> {
  const ids = product.upsellIds.slice(0, limit);
  if (ids.length === 0) return [];
  const visible = await db.selectFrom('products').select('id').where(LISTED_SQL).where('id', 'in', ids).execute();
  const keep = new Set(visible.map((r) => r.id));
  return (await summariesByIds(db, ids)).filter((p) => keep.has(p.id));
}

/**
 * The product page's two lists. Upsells that do not fill a row ("You may also like" with one
 * product left two thirds of it empty) are topped up with the category's best sellers, which
 * then leave the related list, so no product shows twice. The related list keeps whole rows.
 */
export async function productRecommendations(db: DB, product: Pick<ProductDetail, 'id' | 'categories' | 'upsellIds'>): Promise<{ upsells: ProductSummary[]; related: ProductSummary[] }> {
  const [upsells, candidates] = await Promise.all([upsellProducts(db, product), relatedProducts(db, product, RELATED_PRODUCTS_LIMIT + UPSELLS_ROW - 1)]);
  const fill = upsells.length > 0 && upsells.length < UPSELLS_ROW ? UPSELLS_ROW - upsells.length : 0;
  const related = candidates.slice(fill, fill + RELATED_PRODUCTS_LIMIT);
  // Full rows only once there is more than one: a lone product on a second row looks left over.
  const rows = related.length > UPSELLS_ROW ? related.length - (related.length % UPSELLS_ROW) : related.length;
  return { upsells: [...upsells, ...candidates.slice(0, fill)], related: related.slice(0, rows) };
}
