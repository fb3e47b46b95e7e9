import { noteShown } from '../../lib/stock-stamps.server.ts';
import type { DB } from '../../../db/client.ts';
import { imageSources } from '../../lib/image.ts';
import { toSummary, type ProductCardRow, type ProductSummary } from './catalog.schema.ts';
import { CARD_COLUMNS } from './listing.server.ts';
import { parseJson } from '../../lib/json.ts';

export interface ProductImage {
  id: number;
  src: string;
  srcset: string;
  alt: string;
  title: string;
  caption: string;
  width: number;
  height: number;
  /** The largest variant, for zoom and the lightbox. */
  fullSrc: string;
  thumbSrc: string;
}

export interface ProductDetail extends ProductSummary {
  sku: string | null;
  status: string;
  catalogVisibility: string;
  featured: boolean;
  shortDescription: string;
  description: string;
  stockQuantity: number | null;
  manageStock: boolean;
  backorders: string;
  soldIndividually: boolean;
  weight: number | null;
  dimensions: { length: number | null; width: number | null; height: number | null };
  images: ProductImage[];
  categories: { id: number; name: string; path: string }[];
  tags: { id: number; name: string; slug: string }[];
  attributes: { name: string; slug: string; options: string[]; visible: boolean; variation: boolean; display: string; swatches: Record<string, string> }[];
  variations: {
    id: number;
    sku: string | null;
    attributes: Record<string, string>;
    prices: { regular: number | null; sale: number | null };
    stockStatus: string;
    stockQuantity: number | null;
    image: ProductImage | null;
    weight: number | null;
    dimensions: { length: number | null; width: number | null; height: number | null };
    minQty: number | null;
    maxQty: number | null;
    description: string;
  }[];
  upsellIds: number[];
  crossSellIds: number[];
  groupedIds: number[];
}

function toImage(m: { id: number; path: string; widths: string; alt: string; title: string; caption: string; width: number; height: number }): ProductImage | null {
  const s = imageSources(m.path, m.widths, 600);
  const big = imageSources(m.path, m.widths, 1200);
  const thumb = imageSources(m.path, m.widths, 150);
  if (!s || !big || !thumb) return null;
  return { id: m.id, src: s.src, srcset: s.srcSet, alt: m.alt, title: m.title, caption: m.caption, width: m.width || 600, height: m.height || 600, fullSrc: big.src, thumbSrc: thumb.src };
}

/**
 * A product a shopper may open: published, and not hidden from the catalog unless
 * `allowHidden` (a direct product link still works for hidden products). Drafts and
 * private products are never returned.
 */
export async function findProduct(db: DB, idOrSlug: string | number, opts: { allowHidden?: boolean } = {}): Promise<ProductDetail | null> {
  const asId = typeof idOrSlug === 'number' ? idOrSlug : /^\d{1,9}$/.test(idOrSlug) ? Number(idOrSlug) : null;
  let q = db
    .selectFrom('products')
    .leftJoin('media', 'media.id', 'products.image_id')
    .select(CARD_COLUMNS)
    .select([
      'products.sku', 'products.status', 'products.catalog_visibility', 'products.featured', 'products.short_description',
      'products.description', 'products.stock_quantity', 'products.manage_stock', 'products.backorders',
      'products.sold_individually', 'products.weight', 'products.length', 'products.width', 'products.height', 'products.image_id',
    ])
    .where('products.status', '=', 'publish');
  if (!opts.allowHidden) q = q.where('products.catalog_visibility', '!=', 'hidden');
  q = asId !== null ? q.where('products.id', '=', asId) : q.where('products.slug', '=', String(idOrSlug).slice(0, 200));
  const row = await q.executeTakeFirst();
  if (!row) return null;
  const id = row.id;
  // Read with the stock it shows: a page or quick view made from it knows which stock it holds.
  noteShown([row]);
  const mediaCols = ['media.id', 'media.path', 'media.widths', 'media.alt', 'media.title', 'media.caption', 'media.width', 'media.height'] as const;
  const [gallery, cats, tags, attrs, vars, links] = await Promise.all([
    db.selectFrom('product_images').innerJoin('media', 'media.id', 'product_images.media_id').select(mediaCols).where('product_images.product_id', '=', id).orderBy('product_images.position').execute(),
    db.selectFrom('product_categories').innerJoin('categories', 'categories.id', 'product_categories.category_id').select(['categories.id', 'categories.name', 'categories.path']).where('product_categories.product_id', '=', id).orderBy('categories.path').execute(),
    db.selectFrom('product_tags').innerJoin('tags', 'tags.id', 'product_tags.tag_id').select(['tags.id', 'tags.name', 'tags.slug']).where('product_tags.product_id', '=', id).orderBy('tags.name').execute(),
    db.selectFrom('product_attributes').selectAll().where('product_id', '=', id).orderBy('position').execute(),
    db.selectFrom('product_variations').leftJoin('media', 'media.id', 'product_variations.image_id')
      .select(['product_variations.id', 'product_variations.sku', 'product_variations.attributes', 'product_variations.regular_price', 'product_variations.sale_price',
        'product_variations.stock_status', 'product_variations.stock_quantity', 'product_variations.weight', 'product_variations.length', 'product_variations.width',
        'product_variations.height', 'product_variations.min_qty', 'product_variations.max_qty', 'product_variations.description',
        'media.id as m_id', 'media.path as m_path', 'media.widths as m_widths', 'media.alt as m_alt', 'media.title as m_title', 'media.caption as m_caption', 'media.width as m_width', 'media.height as m_height'])
      .where('product_variations.product_id', '=', id).where('product_variations.status', '=', 'publish').orderBy('product_variations.menu_order').orderBy('product_variations.id').execute(),
    db.selectFrom('product_links').select(['linked_id', 'kind']).where('product_id', '=', id).orderBy('position').execute(),
  ]);
  const main = row.image_id ? await db.selectFrom('media').select(mediaCols).where('id', '=', row.image_id).executeTakeFirst() : undefined;
  const images = [main, ...gallery.filter((g) => g.id !== row.image_id)].filter((m): m is NonNullable<typeof m> => !!m).map(toImage).filter((m): m is ProductImage => !!m);
  const detail: ProductDetail = {
    ...toSummary(row as ProductCardRow),
    sku: row.sku,
    status: row.status,
    catalogVisibility: row.catalog_visibility,
    featured: row.featured === 1,
    shortDescription: row.short_description,
    description: row.description,
    stockQuantity: row.stock_quantity,
    manageStock: row.manage_stock === 1,
    backorders: row.backorders,
    soldIndividually: row.sold_individually === 1,
    weight: row.weight,
    dimensions: { length: row.length, width: row.width, height: row.height },
    images,
    categories: cats,
    tags,
    attributes: attrs.map((a) => ({ name: a.name, slug: a.slug, options: parseJson<string[]>(a.options, []), visible: a.visible === 1, variation: a.variation === 1, display: a.display, swatches: parseJson<Record<string, string>>(a.swatches, {}) })),
    variations: vars.map((v) => ({
      id: v.id,
      sku: v.sku,
      attributes: parseJson<Record<string, string>>(v.attributes, {}),
      prices: { regular: v.regular_price, sale: v.sale_price },
      stockStatus: v.stock_status,
      stockQuantity: v.stock_quantity,
      image: v.m_id && v.m_path ? toImage({ id: v.m_id, path: v.m_path, widths: v.m_widths ?? '[]', alt: v.m_alt ?? '', title: v.m_title ?? '', caption: v.m_caption ?? '', width: v.m_width ?? 0, height: v.m_height ?? 0 }) : null,
      weight: v.weight,
      dimensions: { length: v.length, width: v.width, height: v.height },
      minQty: v.min_qty,
      maxQty: v.max_qty,
      description: v.description,
    })),
    upsellIds: links.filter((l) => l.kind === 'upsell').map((l) => l.linked_id),
    crossSellIds: links.filter((l) => l.kind === 'crosssell').map((l) => l.linked_id),
    groupedIds: links.filter((l) => l.kind === 'grouped').map((l) => l.linked_id),
  };
  stockVersions.set(detail, row.stock_version);
  return detail;
}

const stockVersions = new WeakMap<ProductDetail, number>();
/** The stock version a product found by findProduct was read with. */
export const stockVersionOf = (p: ProductDetail): number | undefined => stockVersions.get(p);

/** Summaries of published, listable products by id, in the given order (related lists, grouped children). */
export async function summariesByIds(db: DB, ids: number[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = (await db.selectFrom('products').leftJoin('media', 'media.id', 'products.image_id').select(CARD_COLUMNS)
    .where('products.id', 'in', ids).where('products.status', '=', 'publish').execute()) as ProductCardRow[];
  noteShown(rows);
  const byId = new Map(rows.map((r) => [r.id, toSummary(r)]));
  return ids.map((i) => byId.get(i)).filter((p): p is ProductSummary => !!p);
}
