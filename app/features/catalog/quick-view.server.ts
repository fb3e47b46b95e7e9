import type { DB } from '../../../db/client.ts';
import { cached, forget } from '../../lib/store-cache.server.ts';
import { readStockStamps } from '../../lib/stock-stamps.server.ts';
import { productFormData, type ProductFormData } from '../product/variation.server.ts';
import { findProduct, stockVersionOf, type ProductDetail } from './product.server.ts';

/**
 * What the quick-view popup shows: a trimmed product (no long description). A variable
 * product brings its variation form's data (`form`: attributes with their swatches, the
 * combinations on offer, the variations unless there are more than a page embeds), so the
 * popup can sell it; other types have `form: null`.
 */
export type QuickView = Pick<
  ProductDetail,
  'id' | 'name' | 'slug' | 'type' | 'url' | 'prices' | 'onSale' | 'rating' | 'stockStatus' | 'stockQuantity' | 'manageStock' | 'shortDescription' | 'images' | 'sku' | 'externalUrl' | 'buttonText' | 'soldIndividually'
> & { attributes: { name: string; options: string[] }[]; form: ProductFormData | null };

/**
 * Published, non-hidden products only: a draft, private or hidden product is null (404).
 * Kept in the store cache until the catalog changes.
 */
export async function quickView(db: DB, id: number): Promise<QuickView | null> {
  const key = `quick-view:${id}`;
  const view = await cached(db, key, () => readQuickView(db, id));
  // It shows stock, which an order moves without the store version: its product's stock version says.
  if (!view || db.isTransaction || stockVersions.get(view) === (await readStockStamps(db, [id])).get(id)) return view;
  forget(db, key);
  return cached(db, key, () => readQuickView(db, id));
}

const stockVersions = new WeakMap<QuickView, number | undefined>();

async function readQuickView(db: DB, id: number): Promise<QuickView | null> {
  const p = await findProduct(db, id);
  if (!p) return null;
  const view: QuickView = {
    id: p.id,
    name: p.name,
    slug: p.slug,
    type: p.type,
    url: p.url,
    prices: p.prices,
    onSale: p.onSale,
    rating: p.rating,
    stockStatus: p.stockStatus,
    stockQuantity: p.stockQuantity,
    manageStock: p.manageStock,
    shortDescription: p.shortDescription,
    images: p.images,
    sku: p.sku,
    externalUrl: p.externalUrl,
    buttonText: p.buttonText,
    soldIndividually: p.soldIndividually,
    attributes: p.attributes.filter((a) => a.variation).map((a) => ({ name: a.name, options: a.options })),
    form: p.type === 'variable' ? await productFormData(db, p, {}) : null,
  };
  stockVersions.set(view, stockVersionOf(p));
  return view;
}
