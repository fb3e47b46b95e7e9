import type { AppLoadContext } from 'react-router';
import type { DB } from '../../../db/client.ts';
import { cached } from '../../lib/store-cache.server.ts';
import { toSummary, type ProductCardRow, type ProductSummary } from '../catalog/catalog.schema.ts';
import { CARD_COLUMNS, LISTED_SQL } from '../catalog/listing.server.ts';
import type { CategoryTile } from '../catalog/components/category-tiles.tsx';
import { currentCategoryPaths } from '../catalog/categories.server.ts';
import { embedForms } from '../forms/form-embed.server.ts';
import type { ContactFormProps } from '../forms/components/form-state.ts';
import { parsePageBlocks, walkBlocks, type Block } from './blocks.schema.ts';
import { sanitizeBlocks } from './rich-text.server.ts';
import { behavioursOf } from './render/behaviours.ts';

export { PAGE_EDITOR_ROLES, canEditPages } from './roles.ts';

/** A stored tree, validated and sanitised; an empty page when it no longer parses. */
export function readTree(json: string | null | undefined): Block[] {
  if (!json) return [];
  try {
    const parsed = parsePageBlocks(JSON.parse(json));
    return parsed.ok ? sanitizeBlocks(parsed.blocks) : [];
  } catch {
    return [];
  }
}

export interface ShownPage {
  id: number;
  slug: string;
  title: string;
  seoTitle: string;
  seoDescription: string;
  noindex: boolean;
  status: 'draft' | 'published';
  blocks: Block[];
  updatedAt: string;
}

/** The published page at a slug (what visitors see), kept per store version; null for none or a draft. */
export function publishedPage(db: DB, slug: string): Promise<ShownPage | null> {
  return cached(db, `page:${slug}`, async () => {
    const row = await db.selectFrom('pages').selectAll().where('slug', '=', slug).where('status', '=', 'published').executeTakeFirst();
    if (!row || row.published_blocks === null) return null;
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      seoTitle: row.seo_title,
      seoDescription: row.seo_description,
      noindex: row.noindex === 1,
      status: 'published' as const,
      blocks: readTree(row.published_blocks),
      updatedAt: row.updated_at,
    };
  });
}

/** A page's draft as its editors see it (the page at its slug with `?preview`). */
export async function draftPage(db: DB, slug: string): Promise<ShownPage | null> {
  const row = await db.selectFrom('pages').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    noindex: row.noindex === 1,
    status: row.status,
    blocks: readTree(row.blocks),
    updatedAt: row.updated_at,
  };
}

// ── What the blocks show: pictures, products, categories, forms ────────────────────────

export interface MediaInfo {
  path: string;
  widths: string;
  width: number;
  height: number;
}

/** Everything the renderers need besides the tree, read once per page (and store version). */
export interface PageData {
  media: Record<number, MediaInfo>;
  /** Product lists by block id (product grids, featured products). */
  products: Record<string, ProductSummary[]>;
  /** Category tiles by block id. */
  categories: Record<string, CategoryTile[]>;
  /** Hero pictures taken from a category, by block id. */
  categoryImages: Record<string, { path: string; widths: string } | null>;
  /** Block ids that other blocks point at (inline lightboxes): these get a DOM id. */
  referenced: string[];
  /** Behaviour names the page's markup uses (render/behaviours.ts), for loading only their code. */
  behaviours: string[];
  /** Whether a block writes the page's h1 (else the page title is the h1). */
  hasH1: boolean;
  /** The hero that writes it: the page's first block, when a hero. */
  h1Hero: string | null;
}

const listable = (db: DB) => db.selectFrom('products').leftJoin('media', 'media.id', 'products.image_id').select(CARD_COLUMNS).where(LISTED_SQL);

async function products(db: DB, source: string, limit: number, category?: string): Promise<ProductSummary[]> {
  let q = listable(db);
  if (source === 'featured') q = q.where('products.featured', '=', 1).orderBy('products.menu_order').orderBy('products.id');
  else if (source === 'newest') q = q.orderBy('products.created_at', 'desc').orderBy('products.id', 'desc');
  else if (source === 'best_sellers') q = q.orderBy('products.total_sales', 'desc').orderBy('products.id', 'desc');
  else if (source === 'category') {
    const [path] = category ? await currentCategoryPaths(db, [category]) : [''];
    q = q
      .where('products.id', 'in', (eb) =>
        eb.selectFrom('product_categories').innerJoin('categories', 'categories.id', 'product_categories.category_id').select('product_categories.product_id').where('categories.path', '=', path ?? ''),
      )
      .orderBy('products.menu_order')
      .orderBy('products.id');
  } else q = q.where('products.sale_price', 'is not', null).orderBy('products.total_sales', 'desc').orderBy('products.id', 'desc');
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

/** Media ids a block shows. */
function mediaIdsOf(b: Block): number[] {
  switch (b.type) {
    case 'image':
      return [b.props.mediaId];
    case 'section':
      return b.props.bgMediaId ? [b.props.bgMediaId] : [];
    case 'video':
      return b.props.posterMediaId ? [b.props.posterMediaId] : [];
    case 'lightbox':
      return b.props.images.map((i) => i.mediaId);
    case 'hero':
      return b.props.image ? [b.props.image.mediaId] : [];
    default:
      return [];
  }
}

/** Contact form ids on the page, in order. */
export function formIdsOf(blocks: readonly Block[]): number[] {
  const ids: number[] = [];
  walkBlocks(blocks, (b) => {
    if (b.type === 'contact-form') ids.push(b.props.formId);
  });
  return ids;
}

/**
 * Reads what a tree shows, in parallel. Kept per store version under `key` (a page's
 * published tree), so the page cache's misses do not query again; drafts pass no key.
 */
export function pageData(db: DB, blocks: readonly Block[], key?: string): Promise<PageData> {
  const load = async (): Promise<PageData> => {
    const mediaIds = new Set<number>();
    const referenced: string[] = [];
    let hasH1 = false;
    const jobs: Promise<void>[] = [];
    const out: PageData = { media: {}, products: {}, categories: {}, categoryImages: {}, referenced, behaviours: behavioursOf(blocks), hasH1: false, h1Hero: null };
    walkBlocks(blocks, (b, parent) => {
      for (const id of mediaIdsOf(b)) mediaIds.add(id);
      if (b.type === 'heading' && b.props.level === 1) hasH1 = true;
      if (b.type === 'hero' && parent === null && blocks[0] === b) {
        hasH1 = true;
        out.h1Hero = b.id;
      }
      if (b.type === 'lightbox' && b.props.contentBlock) referenced.push(b.props.contentBlock);
      if (b.type === 'product-grid') jobs.push(products(db, b.props.source, b.props.limit, b.props.category).then((l) => void (out.products[b.id] = l)));
      if (b.type === 'featured-products') jobs.push(products(db, 'featured', b.props.limit).then((l) => void (out.products[b.id] = l)));
      if (b.type === 'category-tiles') jobs.push(categories(db, b.props.paths, b.props.limit).then((l) => void (out.categories[b.id] = l)));
      if (b.type === 'hero' && b.props.imageCategory && !b.props.image) {
        jobs.push(categories(db, [b.props.imageCategory], 1).then((l) => void (out.categoryImages[b.id] = l[0]?.image ?? null)));
      }
    });
    if (mediaIds.size) {
      jobs.push(
        db
          .selectFrom('media')
          .select(['id', 'path', 'widths', 'width', 'height'])
          .where('id', 'in', [...mediaIds])
          .execute()
          .then((rows) => {
            for (const r of rows) out.media[r.id] = { path: r.path, widths: r.widths, width: r.width, height: r.height };
          }),
      );
    }
    await Promise.all(jobs);
    out.hasH1 = hasH1;
    return out;
  };
  return key ? cached(db, `page-data:${key}`, load) : load();
}

/** The contact forms a page shows (per request: each carries a fresh start time). */
export function pageForms(context: AppLoadContext, blocks: readonly Block[], action: string, result?: Parameters<typeof embedForms>[2]['result']): Promise<Record<number, ContactFormProps>> {
  const ids = formIdsOf(blocks);
  return ids.length ? embedForms(context, ids, { action, result }) : Promise.resolve({});
}
