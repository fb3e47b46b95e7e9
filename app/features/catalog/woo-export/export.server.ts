import type { Selectable } from 'kysely';
import type { DB } from '../../../../db/client.ts';
import type { ProductsTable, ProductVariationsTable } from '../../../../db/schema.ts';
import { CSV_BOM, csvLine } from '../../../lib/csv-write.ts';
import { parseWidths, variantUrl } from '../../../lib/image.ts';
import { currencyInfo } from '../../../lib/money.ts';
import { getSettings } from '../../settings/settings.server.ts';
import { parseMeta } from '../woo-import/upsert.server.ts';
import type { Field } from '../woo-import/columns.ts';
import * as c from './cells.ts';

/*
 * The catalogue as WooCommerce's product CSV: every product but those in the trash, each
 * followed by its variations (Type "variation", Parent naming it), read by keyset a page of
 * products at a time, so a shop of any size costs a few queries per page and one page in
 * memory. Pictures are absolute addresses: the address a picture was imported from when it
 * came from another shop, else the largest variant this shop serves.
 */

/** Products read (and written out) per page. */
export const EXPORT_PAGE = 500;

type Product = Selectable<ProductsTable>;
type Variation = Selectable<ProductVariationsTable>;
interface Attribute { product_id: number; name: string; slug: string; options: string; visible: number; variation: number; is_global: number; position: number }
type Media = { id: number; path: string; widths: string; original_url: string | null };

export interface ProductExportOptions {
  /** Origin for this shop's own pictures (trustedOrigin); without one they are written as paths. */
  origin: string | null;
}

const byProduct = <T extends { product_id: number }>(rows: T[]): Map<number, T[]> => {
  const out = new Map<number, T[]>();
  for (const r of rows) out.set(r.product_id, [...(out.get(r.product_id) ?? []), r]);
  return out;
};

/** Category id → "Clothing > Hoodies", from the whole (small) category tree. */
async function categoryPaths(db: DB): Promise<Map<number, string>> {
  const rows = await db.selectFrom('categories').select(['id', 'parent_id', 'name']).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const path = (id: number, seen = new Set<number>()): string[] => {
    const r = byId.get(id);
    if (!r || seen.has(id)) return [];
    seen.add(id);
    return [...(r.parent_id === null ? [] : path(r.parent_id, seen)), r.name];
  };
  return new Map(rows.map((r) => [r.id, path(r.id).join(' > ')]));
}

/** The most download and attribute groups any product has: the header's numbered columns. */
async function groupCounts(db: DB): Promise<{ downloads: number; attributes: number }> {
  const most = async (table: 'product_downloads' | 'product_attributes') => {
    const counts = db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).groupBy('product_id').as('g');
    const row = await db.selectFrom(counts).select((eb) => eb.fn.max('g.n').as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  };
  return { downloads: await most('product_downloads'), attributes: await most('product_attributes') };
}

export async function* exportProductsCsv(db: DB, options: ProductExportOptions): AsyncGenerator<string> {
  const { currency } = await getSettings(db);
  const money = { currency, pricePrecision: currencyInfo(currency).exponent };
  const groups = await groupCounts(db);
  const categories = await categoryPaths(db);
  const header = c.exportHeader(groups.downloads, groups.attributes);
  yield CSV_BOM + csvLine(header);

  let after = 0;
  for (;;) {
    const products = await db.selectFrom('products').selectAll().where('status', '!=', 'trash').where('id', '>', after).orderBy('id').limit(EXPORT_PAGE).execute();
    if (products.length === 0) return;
    yield await page(db, products, { money, categories, groups, origin: options.origin });
    after = products[products.length - 1]!.id;
    if (products.length < EXPORT_PAGE) return;
  }
}

/** The export's records after the header: every product but those in the trash, and their variations. */
export async function countProductExportRows(db: DB): Promise<number> {
  const [products, variations] = await Promise.all([
    db.selectFrom('products').select((eb) => eb.fn.countAll<number | string>().as('n')).where('status', '!=', 'trash').executeTakeFirstOrThrow(),
    db
      .selectFrom('product_variations as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('p.status', '!=', 'trash')
      .executeTakeFirstOrThrow(),
  ]);
  return Number(products.n) + Number(variations.n);
}

interface PageContext {
  /** The shop's currency at its own full precision: amounts are exported exactly. */
  money: { currency: string; pricePrecision: number };
  categories: Map<number, string>;
  groups: { downloads: number; attributes: number };
  origin: string | null;
}

/** One page of products and their variations as CSV lines. */
async function page(db: DB, products: Product[], ctx: PageContext): Promise<string> {
  const ids = products.map((p) => p.id);
  const [variations, attributes, cats, tags, gallery, links, downloads] = await Promise.all([
    db.selectFrom('product_variations').selectAll().where('product_id', 'in', ids).orderBy('product_id').orderBy('menu_order').orderBy('id').execute(),
    db.selectFrom('product_attributes').select(['product_id', 'name', 'slug', 'options', 'visible', 'variation', 'is_global', 'position']).where('product_id', 'in', ids).orderBy('position').orderBy('id').execute(),
    db.selectFrom('product_categories').select(['product_id', 'category_id']).where('product_id', 'in', ids).execute(),
    db.selectFrom('product_tags').innerJoin('tags', 'tags.id', 'product_tags.tag_id').select(['product_tags.product_id', 'tags.name']).where('product_tags.product_id', 'in', ids).orderBy('tags.name').execute(),
    db.selectFrom('product_images').select(['product_id', 'media_id']).where('product_id', 'in', ids).orderBy('position').execute(),
    db
      .selectFrom('product_links')
      .innerJoin('products as target', 'target.id', 'product_links.linked_id')
      .select(['product_links.product_id', 'product_links.kind', 'target.id', 'target.sku'])
      .where('product_links.product_id', 'in', ids)
      .orderBy('product_links.position')
      .execute(),
    db.selectFrom('product_downloads').select(['product_id', 'name', 'url']).where('product_id', 'in', ids).orderBy('id').execute(),
  ]);
  const mediaIds = [...new Set([...products.map((p) => p.image_id), ...variations.map((v) => v.image_id), ...gallery.map((g) => g.media_id)].filter((m): m is number => m !== null))];
  const media = new Map<number, Media>();
  for (let i = 0; i < mediaIds.length; i += EXPORT_PAGE) {
    const rows = await db.selectFrom('media').select(['id', 'path', 'widths', 'original_url']).where('id', 'in', mediaIds.slice(i, i + EXPORT_PAGE)).execute();
    for (const m of rows) media.set(m.id, m);
  }
  const url = (id: number | null): string[] => {
    const m = id === null ? undefined : media.get(id);
    if (!m) return [];
    if (m.original_url) return [m.original_url];
    const widths = parseWidths(m.widths);
    return widths.length ? [`${ctx.origin ?? ''}${variantUrl(m.path, widths[widths.length - 1]!)}`] : [];
  };
  const variationsOf = byProduct(variations);
  const attributesOf = byProduct(attributes);
  const catsOf = byProduct(cats);
  const tagsOf = byProduct(tags);
  const galleryOf = byProduct(gallery);
  const linksOf = byProduct(links);
  const downloadsOf = byProduct(downloads);

  let out = '';
  for (const p of products) {
    const meta = parseMeta(p.meta);
    const attrs = attributesOf.get(p.id) ?? [];
    const defaults = (meta._default_attributes ?? {}) as Record<string, string>;
    const missing = Array.isArray(meta._woo_image_urls) ? (meta._woo_image_urls as string[]) : [];
    const images = [...new Set([...url(p.image_id), ...(galleryOf.get(p.id) ?? []).flatMap((g) => url(g.media_id)), ...missing])];
    const linked = (kind: string) => c.implode((linksOf.get(p.id) ?? []).filter((l) => l.kind === kind).map((l) => c.refCell(l)));
    const fields: Partial<Record<Field, string>> = {
      ...common(p, ctx.money),
      id: String(p.id),
      type: c.typeCell(p.type, p.virtual, p.downloadable),
      gtin: typeof meta._global_unique_id === 'string' ? meta._global_unique_id : '',
      name: p.name,
      published: c.publishedCell(p.status),
      featured: c.flag(p.featured),
      catalog_visibility: p.catalog_visibility,
      short_description: c.descriptionCell(p.short_description),
      tax_status: p.tax_status,
      low_stock_amount: c.numberCell(p.low_stock_amount),
      sold_individually: c.flag(p.sold_individually),
      reviews_allowed: c.flag(p.reviews_allowed),
      purchase_note: p.purchase_note,
      categories: c.implode([...new Set((catsOf.get(p.id) ?? []).map((x) => ctx.categories.get(x.category_id) ?? ''))].filter(Boolean).sort()),
      tags: c.implode((tagsOf.get(p.id) ?? []).map((t) => t.name)),
      images: c.implode(images),
      download_limit: c.numberCell(p.download_limit),
      download_expiry: c.numberCell(p.download_expiry),
      grouped: linked('grouped'),
      upsell: linked('upsell'),
      crosssell: linked('crosssell'),
      external_url: p.external_url ?? '',
      button_text: p.button_text ?? '',
      brands: Array.isArray(meta._brands) ? c.implode(meta._brands as string[]) : '',
    };
    const dl = (downloadsOf.get(p.id) ?? []).flatMap((d) => ['', d.name, d.url]);
    const at = attrs.flatMap((a) => [a.name, c.implode(JSON.parse(a.options) as string[]), c.flag(a.visible), c.flag(a.is_global), defaults[a.slug] ?? '']);
    out += line(fields, dl, at, ctx.groups);

    for (const v of variationsOf.get(p.id) ?? []) out += variationLine(p, v, attrs, url, ctx);
  }
  return out;
}

/** The columns products and variations share. */
function common(p: Product | Variation, money: PageContext['money']): Partial<Record<Field, string>> {
  return {
    sku: p.sku ?? '',
    description: c.descriptionCell(p.description),
    sale_from: c.dateCell(p.sale_from),
    sale_to: c.dateCell(p.sale_to),
    tax_class: p.tax_class,
    stock_status: c.stockStatusCell(p.stock_status),
    stock: p.manage_stock ? c.numberCell(p.stock_quantity) : '',
    backorders: c.backordersCell(p.backorders),
    weight: c.numberCell(p.weight),
    length: c.numberCell(p.length),
    width: c.numberCell(p.width),
    height: c.numberCell(p.height),
    sale_price: c.priceCell(p.sale_price, money),
    regular_price: c.priceCell(p.regular_price, money),
    shipping_class: p.shipping_class,
    position: String(p.menu_order),
  };
}

function variationLine(parent: Product, v: Variation, attrs: Attribute[], url: (id: number | null) => string[], ctx: PageContext): string {
  const chosen = parseMeta(v.attributes) as Record<string, string>;
  const meta = parseMeta(v.meta);
  const missing = Array.isArray(meta._woo_image_urls) ? (meta._woo_image_urls as string[]) : [];
  const used = attrs.filter((a) => a.variation || a.slug in chosen);
  const fields: Partial<Record<Field, string>> = {
    ...common(v, ctx.money),
    // Variations and products are numbered apart here; WooCommerce's IDs are one series, so a variation's is left out.
    id: '',
    type: c.typeCell('variation', v.virtual, v.downloadable),
    name: [parent.name, used.map((a) => chosen[a.slug] ?? '').filter(Boolean).join(', ')].filter(Boolean).join(' - '),
    published: v.status === 'private' ? '0' : '1',
    images: c.implode([...new Set([...url(v.image_id), ...missing])].slice(0, 1)),
    parent: c.refCell(parent),
  };
  const at = used.flatMap((a) => [a.name, c.implode(chosen[a.slug] ? [chosen[a.slug]!] : []), '', c.flag(a.is_global), '']);
  return line(fields, [], at, ctx.groups);
}

function line(fields: Partial<Record<Field, string>>, downloads: string[], attributes: string[], groups: { downloads: number; attributes: number }): string {
  const cells = c.EXPORT_FIELDS.map((f) => fields[f] ?? '');
  const pad = (xs: string[], n: number) => [...xs, ...Array<string>(Math.max(0, n - xs.length)).fill('')];
  return csvLine([...cells, ...pad(downloads, groups.downloads * 3), ...pad(attributes, groups.attributes * 5)]);
}
