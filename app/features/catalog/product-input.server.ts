import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import type { Bool } from '../../../db/schema.ts';
import { rowId } from '../../lib/validate.ts';

/*
 * A product as the catalog's writers take it (catalog-write.server.ts): the schema every
 * seed, importer and the editor's save go through, descriptions sanitised on the way in,
 * sale dates as whole days, slugs.
 */

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v): Bool => (v ? 1 : 0));
const money = z.number().int('must be whole minor units').min(0, 'must not be negative').max(1e12);
const id = rowId;
const size = z.number().min(0).max(1e6).nullish();
const when = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);
/** Rich text as stored (product and category descriptions): sanitised on write, whatever sent it. */
export const sanitizeDescription = (s: string) => sanitizeHtml(s);
const html = (max: number) => z.string().max(max).default('').transform(sanitizeDescription);
const stock = z.enum(['instock', 'outofstock', 'onbackorder']).default('instock');
const backorders = z.enum(['no', 'notify', 'yes']).default('no');
// CSS colours only, since swatches end up in style attributes.
const colour = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|hsl)a?\([\d\s.,%/]+\))$/i;

const saleFields = {
  regular_price: money.nullish(),
  sale_price: money.nullish(),
  sale_from: when.nullish(),
  sale_to: when.nullish(),
};
const stockFields = {
  manage_stock: flag.default(0),
  stock_quantity: z.number().int().min(-1e9).max(1e9).nullish(),
  stock_status: stock,
  backorders,
};
const shapeFields = { weight: size, length: size, width: size, height: size, virtual: flag.default(0), downloadable: flag.default(0) };

const attributeSchema = z.object({
  name: z.string().trim().min(1).max(100),
  slug: z.string().trim().max(100).optional(),
  options: z.array(z.string().trim().min(1).max(200)).max(500).default([]),
  visible: flag.default(1),
  variation: flag.default(0),
  is_global: flag.default(0),
  display: z.enum(['select', 'color', 'label', 'image']).default('select'),
  swatches: z.record(z.string(), z.union([z.string().max(200), id])).default({}),
});

const variationSchema = z.object({
  sku: z.string().trim().min(1).max(100).nullish(),
  attributes: z.record(z.string(), z.string().max(200)),
  status: z.enum(['publish', 'private']).default('publish'),
  description: html(20_000),
  ...saleFields,
  ...stockFields,
  ...shapeFields,
  image: id.nullish(),
  min_qty: z.number().int().min(0).nullish(),
  max_qty: z.number().int().min(0).nullish(),
  tax_class: z.string().max(100).default('parent'),
  shipping_class: z.string().max(100).default(''),
  menu_order: z.number().int().default(0),
  meta: z.record(z.string(), z.unknown()).default({}),
});

const reviewSchema = z.object({
  author: z.string().trim().min(1).max(100),
  email: z.email(),
  rating: z.number().int().min(1).max(5),
  content: z.string().trim().min(1).max(10_000),
  status: z.enum(['approved', 'pending', 'spam']).default('pending'),
  verified: flag.default(0),
  user_id: id.nullish(),
  created_at: when.optional(),
});

const ids = z.array(id).max(500).default([]);

export const productInputSchema = z
  .object({
    type: z.enum(['simple', 'variable', 'grouped', 'external']).default('simple'),
    name: z.string().trim().min(1).max(200),
    slug: z.string().trim().max(200).optional(),
    status: z.enum(['publish', 'draft', 'private']).default('publish'),
    catalog_visibility: z.enum(['visible', 'catalog', 'search', 'hidden']).default('visible'),
    featured: flag.default(0),
    sku: z.string().trim().min(1).max(100).nullish(),
    short_description: html(20_000),
    description: html(200_000),
    ...saleFields,
    ...stockFields,
    ...shapeFields,
    tax_status: z.enum(['taxable', 'shipping', 'none']).default('taxable'),
    tax_class: z.string().max(100).default(''),
    low_stock_amount: z.number().int().min(0).nullish(),
    sold_individually: flag.default(0),
    download_limit: z.number().int().min(-1).nullish(),
    download_expiry: z.number().int().min(-1).nullish(),
    external_url: z.url({ protocol: /^https?$/ }).nullish(),
    button_text: z.string().trim().max(100).nullish(),
    purchase_note: html(20_000),
    reviews_allowed: flag.default(1),
    shipping_class: z.string().max(100).default(''),
    vendor_id: z.number().int().min(0).default(0),
    menu_order: z.number().int().default(0),
    total_sales: z.number().int().min(0).default(0),
    meta: z.record(z.string(), z.unknown()).default({}),
    created_at: when.optional(),
    /** Media ids, the first being the main image. */
    images: z.array(id).max(100).default([]),
    /** Category ids, or name paths such as ["Clothing", "Hoodies"] (created when missing). */
    categories: z.array(z.union([id, z.array(z.string().trim().min(1).max(100)).min(1).max(10)])).max(100).default([]),
    /** Tag ids or names (created when missing). */
    tags: z.array(z.union([id, z.string().trim().min(1).max(100)])).max(100).default([]),
    attributes: z.array(attributeSchema).max(50).default([]),
    variations: z.array(variationSchema).max(5000).default([]),
    links: z.object({ upsell: ids, crosssell: ids, grouped: ids }).partial().default({}),
    reviews: z.array(reviewSchema).max(5000).default([]),
  })
  .superRefine((p, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    checkSale(p, [], issue);
    if (p.type === 'external' && !p.external_url) issue(['external_url'], 'An external product needs its URL');
    if (p.type !== 'variable' && p.variations.length) issue(['variations'], 'Only a variable product has variations');
    if (p.type !== 'grouped' && p.links.grouped?.length) issue(['links', 'grouped'], 'Only a grouped product has children');
    const slugs = p.attributes.map((a) => attributeSlug(a));
    slugs.forEach((s, i) => slugs.indexOf(s) !== i && issue(['attributes', i, 'name'], 'Duplicate attribute'));
    p.attributes.forEach((a, i) => {
      for (const [value, swatch] of Object.entries(a.swatches)) {
        if (a.display === 'color' && (typeof swatch !== 'string' || !colour.test(swatch))) issue(['attributes', i, 'swatches', value], 'Not a CSS colour');
        if (a.display === 'image' && typeof swatch !== 'number') issue(['attributes', i, 'swatches', value], 'Must be a media id');
      }
    });
    const skus = [p.sku, ...p.variations.map((v) => v.sku)].filter(Boolean);
    if (new Set(skus).size !== skus.length) issue(['sku'], 'SKUs must be unique');
    p.variations.forEach((v, i) => {
      checkSale(v, ['variations', i], issue);
      if (v.min_qty != null && v.max_qty != null && v.min_qty > v.max_qty) issue(['variations', i, 'max_qty'], 'Must not be below min_qty');
      for (const [key, value] of Object.entries(v.attributes)) {
        const attr = p.attributes.find((a) => a.variation && (attributeSlug(a) === key || a.name === key));
        if (!attr) issue(['variations', i, 'attributes', key], 'Not a variation attribute of this product');
        else if (value !== '' && matchOption(attr.options, value) === undefined) issue(['variations', i, 'attributes', key], `"${value}" is not an option`);
      }
    });
  });

export type ProductInput = z.input<typeof productInputSchema>;
export type Parsed = z.output<typeof productInputSchema>;
type Issue = (path: (string | number)[], message: string) => void;

function checkSale(p: { regular_price?: number | null; sale_price?: number | null; sale_from?: string | null; sale_to?: string | null }, at: (string | number)[], issue: Issue) {
  if (p.sale_price != null && p.regular_price != null && p.sale_price >= p.regular_price) issue([...at, 'sale_price'], 'Must be below the regular price');
  if (p.sale_from && p.sale_to && saleStart(p.sale_from)! > saleEnd(p.sale_to)!) issue([...at, 'sale_to'], 'Must not be before sale_from');
}

// A bare date means the whole day: sales start at its first and end at its last millisecond (UTC).
export const saleStart = (v: string | null | undefined) => (v ? new Date(v.length === 10 ? `${v}T00:00:00.000Z` : v).toISOString() : null);
export const saleEnd = (v: string | null | undefined) => (v ? new Date(v.length === 10 ? `${v}T23:59:59.999Z` : v).toISOString() : null);

/** URL-safe lower-case slug; letters of any script are kept, accents dropped. */
export function slugify(text: string, fallback = 'item'): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .slice(0, 180)
    .replace(/^-+|-+$/g, '');
  return s || fallback;
}

export const attributeSlug = (a: { name: string; slug?: string }) => slugify(a.slug || a.name, 'attribute');
/** The option a variation value names: exact text, else the same slug (importers send slugs). */
export const matchOption = (options: string[], value: string) => options.find((o) => o === value) ?? options.find((o) => slugify(o) === slugify(value));
