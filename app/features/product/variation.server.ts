import type { DB } from '../../../db/client.ts';
import { imageSources } from '../../lib/image.ts';
import { activePrice } from '../catalog/price.ts';
import { findProduct, summariesByIds, type ProductDetail, type ProductImage } from '../catalog/product.server.ts';
import type { ProductSummary } from '../catalog/catalog.schema.ts';
import { t } from '../../i18n/t.ts';
import {
  ATTRIBUTE_PREFIX, choiceFromSearch, embedVariations, findMatchingVariation, isComplete, slugOfKey,
  type Choice, type FormAttribute, type VariationCombo, type VariationImage, type VariationObject,
} from './variations.ts';

/** Units the shop's weights and dimensions are entered in. */
export const WEIGHT_UNIT = 'kg';
export const DIMENSION_UNIT = 'cm';
/** `sizes` of a variation's main image, as the product gallery shows it. */
export const VARIATION_IMAGE_SIZES = '(max-width: 849px) 100vw, 600px';

/** A child row of a grouped product; `canAdd` = simple, priced and in stock, so it gets a quantity field. */
export type GroupedChild = ProductSummary & { canAdd: boolean };

/** Everything the add-to-cart form needs, computed by the page loader (serialisable). */
export interface ProductFormData {
  productId: number;
  productName: string;
  productUrl: string;
  type: ProductDetail['type'];
  purchasable: boolean;
  inStock: boolean;
  availabilityText: string;
  soldIndividually: boolean;
  /** The simple product's quantity limits (variations bring their own). */
  quantity: { min: number; max: number | null };
  externalUrl: string | null;
  buttonText: string | null;
  attributes: FormAttribute[];
  combos: VariationCombo[];
  /** Every variation object when embedded (at most the store's limit), else null: the form asks the API. */
  variations: VariationObject[] | null;
  initialChoice: Choice;
  initialVariation: VariationObject | null;
  children: GroupedChild[];
}

type StockOwner = { stockStatus: string; manageStock: boolean; stockQuantity: number | null; backorders: string };

function availability(s: StockOwner): string {
  if (s.stockStatus === 'outofstock') return t('product.outOfStock');
  if (s.stockStatus === 'onbackorder') return t('product.onBackorder');
  // Like WooCommerce: an in-stock item whose stock is not counted says nothing.
  return s.manageStock && s.stockQuantity !== null ? t('product.inStockCount', { count: s.stockQuantity }) : '';
}

/** Most one order may hold by stock and sold-individually; null = no limit. */
function stockMax(s: StockOwner, soldIndividually: boolean): number | null {
  if (soldIndividually) return 1;
  return s.manageStock && s.backorders === 'no' ? Math.max(0, s.stockQuantity ?? 0) : null;
}

const num = (n: number | null) => (n === null ? '' : String(n));

function toVariationImage(img: ProductImage): VariationImage {
  return {
    src: img.src, srcset: img.srcset, sizes: VARIATION_IMAGE_SIZES, title: img.title, caption: img.caption, alt: img.alt,
    full_src: img.fullSrc, full_src_w: img.width, full_src_h: img.height, src_w: img.width, src_h: img.height,
    thumb_src: img.thumbSrc, gallery_thumbnail_src: img.thumbSrc,
  };
}

/** Every published variation of a product as the spec's variation object, prices as of `now`. */
export async function variationObjects(db: DB, product: ProductDetail, now = new Date()): Promise<VariationObject[]> {
  if (product.type !== 'variable' || product.variations.length === 0) return [];
  // findProduct leaves out sale dates and stock handling; one more small query fills them in.
  const extra = await db.selectFrom('product_variations').select(['id', 'sale_from', 'sale_to', 'manage_stock', 'backorders'])
    .where('product_id', '=', product.id).execute();
  const byId = new Map(extra.map((e) => [e.id, e]));
  const options = new Map(product.attributes.map((a) => [a.slug, a.options]));
  return product.variations.map((v) => {
    const x = byId.get(v.id);
    const { price, onSale } = activePrice({ regular: v.prices.regular, sale: v.prices.sale, saleFrom: x?.sale_from ?? null, saleTo: x?.sale_to ?? null }, now);
    const own = x?.manage_stock === 1;
    const stock: StockOwner = own
      ? { stockStatus: v.stockStatus, manageStock: true, stockQuantity: v.stockQuantity, backorders: x?.backorders ?? 'no' }
      : { stockStatus: v.stockStatus, manageStock: product.manageStock, stockQuantity: product.stockQuantity, backorders: product.backorders };
    const visible = price !== null;
    const inStock = v.stockStatus !== 'outofstock';
    const weight = v.weight ?? product.weight;
    const d = [v.dimensions.length ?? product.dimensions.length, v.dimensions.width ?? product.dimensions.width, v.dimensions.height ?? product.dimensions.height];
    const image = v.image ?? product.images[0] ?? null;
    const limits = [stockMax(stock, product.soldIndividually), v.maxQty].filter((n): n is number => n !== null);
    const attributes: Record<string, string> = {};
    for (const [slug, value] of Object.entries(v.attributes)) {
      // Stored values may differ in case from the options ("red" for "Red"): show the option's spelling.
      attributes[`${ATTRIBUTE_PREFIX}${slug}`] = value ? (options.get(slug)?.find((o) => o.toLowerCase() === value.toLowerCase()) ?? value) : '';
    }
    return {
      attributes,
      variation_id: v.id,
      sku: v.sku ?? product.sku ?? '',
      display_price: price,
      display_regular_price: v.prices.regular ?? price,
      on_sale: onSale,
      weight: num(weight),
      weight_html: weight === null ? t('product.notAvailable') : `${weight} ${WEIGHT_UNIT}`,
      dimensions: { length: num(d[0]), width: num(d[1]), height: num(d[2]) },
      dimensions_html: d.some((n) => n !== null) ? `${d.filter((n) => n !== null).join(' × ')} ${DIMENSION_UNIT}` : t('product.notAvailable'),
      image: image ? toVariationImage(image) : null,
      image_id: image?.id ?? null,
      image_link: image?.fullSrc ?? '',
      is_purchasable: visible && product.status === 'publish',
      is_in_stock: inStock,
      variation_is_visible: visible,
      variation_is_active: visible && inStock,
      is_sold_individually: product.soldIndividually ? 'yes' : 'no',
      backorders_allowed: stock.manageStock ? stock.backorders !== 'no' : v.stockStatus === 'onbackorder',
      stock_status: v.stockStatus as VariationObject['stock_status'],
      availability_text: availability(stock),
      min_qty: Math.max(1, v.minQty ?? 1),
      max_qty: limits.length ? Math.min(...limits) : null,
      variation_description: v.description,
    };
  });
}

/** The variation attributes as form controls; image swatches resolved from media ids to thumbnails. */
async function formAttributes(db: DB, product: ProductDetail): Promise<FormAttribute[]> {
  const list = product.attributes.filter((a) => a.variation);
  const mediaIds = list.flatMap((a) => (a.display === 'image' ? Object.values(a.swatches).map(Number).filter(Number.isInteger) : []));
  const media = mediaIds.length ? await db.selectFrom('media').select(['id', 'path', 'widths']).where('id', 'in', mediaIds).execute() : [];
  const thumbs = new Map(media.map((m) => [m.id, imageSources(m.path, m.widths, 150)?.src ?? '']));
  return list.map((a) => {
    const display = (['select', 'color', 'label', 'image'] as const).find((d) => d === a.display) ?? 'select';
    const swatches: Record<string, string> = {};
    for (const o of a.options) {
      const raw = a.swatches[o];
      // A missing picture or label leaves "" and the swatch shows the option's name instead.
      if (display === 'image') swatches[o] = thumbs.get(Number(raw)) ?? '';
      else if (display !== 'select') swatches[o] = raw === undefined || raw === null ? '' : String(raw);
    }
    return { name: a.name, slug: a.slug, options: a.options, display, swatches };
  });
}

/**
 * The add-to-cart form's data for a product page. `search` is the page URL's query: a choice
 * it carries (?attribute_color=Blue) starts preselected, on the server render too.
 */
export async function productFormData(
  db: DB, product: ProductDetail, settings: { maxEmbeddedVariations?: number }, search: URLSearchParams | string = '', now = new Date(),
): Promise<ProductFormData> {
  const [objects, attributes, summaries] = await Promise.all([
    variationObjects(db, product, now),
    product.type === 'variable' ? formAttributes(db, product) : Promise.resolve([]),
    product.type === 'grouped' ? summariesByIds(db, product.groupedIds) : Promise.resolve([]),
  ]);
  const initialChoice = choiceFromSearch(search, attributes);
  const owner: StockOwner = product;
  const price = product.prices.min ?? product.prices.regular;
  return {
    productId: product.id,
    productName: product.name,
    productUrl: product.url,
    type: product.type,
    purchasable: price !== null || product.type === 'variable' || product.type === 'grouped',
    inStock: product.stockStatus !== 'outofstock',
    availabilityText: availability(owner),
    soldIndividually: product.soldIndividually,
    quantity: { min: 1, max: stockMax(owner, product.soldIndividually) },
    externalUrl: product.externalUrl,
    buttonText: product.buttonText,
    attributes,
    combos: objects.map((o) => ({ attributes: unprefixed(o.attributes), active: o.variation_is_active })),
    variations: embedVariations(objects.length, settings) ? objects : null,
    initialChoice,
    initialVariation: isComplete(attributes, initialChoice) ? findMatchingVariation(objects, initialChoice) : null,
    children: summaries.map((c) => ({ ...c, canAdd: c.type === 'simple' && c.stockStatus !== 'outofstock' && (c.prices.min ?? c.prices.regular) !== null })),
  };
}

const unprefixed = (attrs: Record<string, string>) => Object.fromEntries(Object.entries(attrs).map(([k, v]) => [slugOfKey(k), v]));

/**
 * POST /api/products/:id/variation (spec §7 get_variation): the variation matching the
 * chosen attributes, or null when the choice is incomplete, names an unknown attribute or
 * value, or matches nothing. `undefined` when the product does not exist or is not variable.
 */
export async function findVariation(db: DB, productId: number, given: Record<string, string>, now = new Date()): Promise<VariationObject | null | undefined> {
  const product = await findProduct(db, productId, { allowHidden: true });
  if (!product || product.type !== 'variable') return undefined;
  const attributes = product.attributes.filter((a) => a.variation);
  const choice: Choice = {};
  for (const [key, value] of Object.entries(given)) {
    const slug = slugOfKey(key);
    const attr = attributes.find((a) => a.slug === slug);
    const option = attr?.options.find((o) => o.toLowerCase() === value.toLowerCase());
    if (!attr || !option) return null;
    choice[slug] = option;
  }
  if (!isComplete(attributes, choice)) return null;
  return findMatchingVariation(await variationObjects(db, product, now), choice);
}
