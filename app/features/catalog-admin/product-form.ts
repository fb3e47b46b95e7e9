/*
 * The product editor's values: what the form shows (text, as typed) and what it posts.
 * The loader builds them from the database, the action from the posted form (so a refused
 * save shows everything as it was typed), and valuesToInput turns them into the catalog's
 * input (money in minor units).
 */

import { t } from '../../i18n/t-admin.ts';

export interface EditorImage {
  id: number;
  alt: string;
  path: string;
  widths: string;
}

export interface EditorAttribute {
  name: string;
  /** Options separated by "|". */
  options: string;
  visible: boolean;
  variation: boolean;
  /** How the shop shows its choices: select, color, label or image swatches. */
  display: string;
  /** Swatches as typed: "Red: #c00 | Blue: #00f" (a CSS colour, a label, or an image's media id). */
  swatches: string;
  /** Kept as stored: whether the attribute came from the shop-wide list (imports mark it). */
  is_global: boolean;
}

/** How the shop can show an attribute's choices. */
export const DISPLAYS = ['select', 'color', 'label', 'image'] as const;

/** The variation fields kept behind "More" in the editor, all text as typed. */
export const VARIATION_MORE = ['description', 'sale_from', 'sale_to', 'weight', 'length', 'width', 'height', 'min_qty', 'max_qty', 'backorders', 'shipping_class', 'tax_class'] as const;
export type VariationMore = (typeof VARIATION_MORE)[number];

export interface EditorVariation {
  id: number | null;
  attributes: Record<string, string>;
  enabled: boolean;
  sku: string;
  regular_price: string;
  sale_price: string;
  manage_stock: boolean;
  stock_quantity: string;
  stock_status: string;
  image: string;
  description: string;
  sale_from: string;
  sale_to: string;
  weight: string;
  length: string;
  width: string;
  height: string;
  min_qty: string;
  max_qty: string;
  backorders: string;
  shipping_class: string;
  tax_class: string;
  virtual: boolean;
  downloadable: boolean;
}

/** A product another one links to, as a picker lists it. */
export interface LinkedProduct {
  id: number;
  name: string;
  sku: string;
}

export const LINK_KINDS = ['upsell', 'crosssell', 'grouped'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];
export type EditorLinks = Record<LinkKind, LinkedProduct[]>;
export const EMPTY_LINKS = (): EditorLinks => ({ upsell: [], crosssell: [], grouped: [] });

export interface EditorValues {
  id: number | null;
  version: string;
  type: 'simple' | 'variable' | 'grouped' | 'external';
  name: string;
  slug: string;
  status: string;
  publish_at: string;
  catalog_visibility: string;
  featured: boolean;
  short_description: string;
  description: string;
  regular_price: string;
  sale_price: string;
  sale_from: string;
  sale_to: string;
  sku: string;
  manage_stock: boolean;
  stock_quantity: string;
  stock_status: string;
  backorders: string;
  low_stock_amount: string;
  sold_individually: boolean;
  weight: string;
  length: string;
  width: string;
  height: string;
  shipping_class: string;
  tax_status: string;
  tax_class: string;
  external_url: string;
  button_text: string;
  reviews_allowed: boolean;
  virtual: boolean;
  downloadable: boolean;
  purchase_note: string;
  menu_order: string;
  categories: number[];
  tags: string;
  images: EditorImage[];
  attributes: EditorAttribute[];
  variations: EditorVariation[];
  /** Upsells, cross-sells and (grouped products) children; the form posts their ids as `link.<kind>`. */
  links: EditorLinks;
}

/** A product's statuses in the order the back office shows them (labels: `products.status.<status>` in the admin catalog). */
export const PRODUCT_STATUS_ORDER = ['publish', 'draft', 'pending', 'private', 'future', 'trash'] as const;

export const emptyValues = (): EditorValues => ({
  id: null,
  version: '',
  type: 'simple',
  name: '',
  slug: '',
  status: 'draft',
  publish_at: '',
  catalog_visibility: 'visible',
  featured: false,
  short_description: '',
  description: '',
  regular_price: '',
  sale_price: '',
  sale_from: '',
  sale_to: '',
  sku: '',
  manage_stock: false,
  stock_quantity: '',
  stock_status: 'instock',
  backorders: 'no',
  low_stock_amount: '',
  sold_individually: false,
  weight: '',
  length: '',
  width: '',
  height: '',
  shipping_class: '',
  tax_status: 'taxable',
  tax_class: '',
  external_url: '',
  button_text: '',
  reviews_allowed: true,
  virtual: false,
  downloadable: false,
  purchase_note: '',
  menu_order: '',
  categories: [],
  tags: '',
  images: [],
  attributes: [],
  variations: [],
  links: EMPTY_LINKS(),
});

/** The slug an attribute's name gives (as the catalog computes it). */
export function attributeKey(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .slice(0, 180)
    .replace(/^-+|-+$/g, '');
  return s || 'attribute';
}

export const splitOptions = (text: string) =>
  text
    .split('|')
    .map((o) => o.trim())
    .filter(Boolean);

const TEXT_FIELDS = [
  'version',
  'name',
  'slug',
  'status',
  'publish_at',
  'catalog_visibility',
  'short_description',
  'description',
  'regular_price',
  'sale_price',
  'sale_from',
  'sale_to',
  'sku',
  'stock_quantity',
  'stock_status',
  'backorders',
  'low_stock_amount',
  'weight',
  'length',
  'width',
  'height',
  'shipping_class',
  'tax_status',
  'tax_class',
  'external_url',
  'button_text',
  'tags',
  'purchase_note',
  'menu_order',
] as const;

/** The editor's values from its posted form (field names as EditorForm writes them). */
export function formToValues(form: FormData): EditorValues {
  const v = emptyValues();
  const text = (k: string) => {
    const x = form.get(k);
    return typeof x === 'string' ? x : '';
  };
  for (const k of TEXT_FIELDS) (v as unknown as Record<string, string>)[k] = text(k);
  const type = text('type');
  v.type = type === 'variable' || type === 'grouped' || type === 'external' ? type : 'simple';
  v.id = /^\d+$/.test(text('id')) ? Number(text('id')) : null;
  v.featured = form.has('featured');
  v.manage_stock = form.has('manage_stock');
  v.sold_individually = form.has('sold_individually');
  v.reviews_allowed = form.has('reviews_allowed');
  v.virtual = form.has('virtual');
  v.downloadable = form.has('downloadable');
  v.categories = form
    .getAll('categories')
    .map((c) => Number(c))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  // Gallery: in the order of the position fields, the featured one first, removed ones left out.
  const featured = text('featured_image');
  const images = form
    .getAll('image_ids')
    .map((raw) => String(raw))
    .filter((id) => /^\d+$/.test(id) && !form.has(`image.${id}.remove`))
    .map((id, i) => ({ id: Number(id), alt: text(`image.${id}.alt`), path: text(`image.${id}.path`), widths: text(`image.${id}.widths`) || '[]', order: Number(text(`image.${id}.position`)) || i + 1 }));
  images.sort((a, b) => (String(b.id) === featured ? 1 : 0) - (String(a.id) === featured ? 1 : 0) || a.order - b.order);
  v.images = images.map(({ order: _o, ...img }) => img);
  for (let i = 0; form.has(`attr.${i}.name`); i++) {
    const name = text(`attr.${i}.name`).trim();
    if (!name && !text(`attr.${i}.options`).trim()) continue;
    const display = text(`attr.${i}.display`);
    v.attributes.push({
      name,
      options: text(`attr.${i}.options`),
      visible: form.has(`attr.${i}.visible`),
      variation: form.has(`attr.${i}.variation`),
      display: ['color', 'label', 'image'].includes(display) ? display : 'select',
      swatches: text(`attr.${i}.swatches`),
      is_global: text(`attr.${i}.is_global`) === '1',
    });
  }
  for (const kind of LINK_KINDS) {
    const ids = form
      .getAll(`link.${kind}`)
      .map((x) => String(x))
      .filter((x) => /^\d{1,10}$/.test(x))
      .map(Number);
    v.links[kind] = [...new Set(ids)].slice(0, 500).map((id) => ({ id, name: '', sku: '' }));
  }
  const keys = v.attributes.filter((a) => a.variation).map((a) => attributeKey(a.name));
  for (let i = 0; form.has(`var.${i}.present`); i++) {
    if (form.has(`var.${i}.remove`)) continue;
    const id = text(`var.${i}.id`);
    v.variations.push({
      id: /^\d+$/.test(id) ? Number(id) : null,
      attributes: Object.fromEntries(keys.map((k) => [k, text(`var.${i}.attr.${k}`)])),
      enabled: form.has(`var.${i}.enabled`),
      sku: text(`var.${i}.sku`),
      regular_price: text(`var.${i}.regular_price`),
      sale_price: text(`var.${i}.sale_price`),
      manage_stock: form.has(`var.${i}.manage_stock`),
      stock_quantity: text(`var.${i}.stock_quantity`),
      stock_status: text(`var.${i}.stock_status`) || 'instock',
      image: text(`var.${i}.image`),
      ...(Object.fromEntries(VARIATION_MORE.map((k) => [k, text(`var.${i}.${k}`)])) as Record<VariationMore, string>),
      backorders: text(`var.${i}.backorders`) || 'no',
      tax_class: form.has(`var.${i}.tax_class`) ? text(`var.${i}.tax_class`) : 'parent',
      virtual: form.has(`var.${i}.virtual`),
      downloadable: form.has(`var.${i}.downloadable`),
    });
  }
  return v;
}

export class FieldErrors extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(Object.entries(fields).map(([k, m]) => `${k}: ${m}`)[0] ?? t('products.error.invalid'));
  }
}

/**
 * The catalog's input for these values: money parsed with `toMinor` (the shop's currency),
 * empty texts as null. Fields that do not parse are collected and thrown together.
 */
export function valuesToInput(v: EditorValues, toMinor: (s: string) => number | null): Record<string, unknown> {
  const fields: Record<string, string> = {};
  const money = (key: string, s: string) => {
    if (!s.trim()) return null;
    const n = toMinor(s);
    if (n === null) fields[key] = t('productList.notAmount');
    else if (n < 0) fields[key] = t('productList.error.negative');
    return n;
  };
  const num = (key: string, s: string, int = false, signed = false) => {
    if (!s.trim()) return null;
    const n = Number(s);
    if (!Number.isFinite(n) || (int && !Number.isInteger(n))) {
      fields[key] = t(int ? 'products.error.wholeNumber' : 'products.error.number');
      return null;
    }
    if (n < 0 && !signed && key !== 'stock_quantity' && !key.endsWith('stock_quantity')) fields[key] = t('productList.error.negative');
    return n;
  };
  const date = (key: string, s: string) => {
    if (!s.trim()) return null;
    const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : /Z|[+-]\d\d:\d\d$/.test(s) ? s : `${s}Z`);
    if (Number.isNaN(d.getTime())) {
      fields[key] = t('products.error.date');
      return null;
    }
    return /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : d.toISOString();
  };
  const variationAttrs = v.attributes.filter((a) => a.variation);
  const input: Record<string, unknown> = {
    type: v.type,
    name: v.name,
    slug: v.slug.trim() || undefined,
    status: v.status,
    publish_at: v.status === 'future' ? date('publish_at', v.publish_at) : null,
    version: v.version || undefined,
    catalog_visibility: v.catalog_visibility,
    featured: v.featured,
    short_description: v.short_description,
    description: v.description,
    sku: v.sku.trim() || null,
    regular_price: money('regular_price', v.regular_price),
    sale_price: money('sale_price', v.sale_price),
    sale_from: date('sale_from', v.sale_from),
    sale_to: date('sale_to', v.sale_to),
    manage_stock: v.manage_stock,
    stock_quantity: num('stock_quantity', v.stock_quantity, true),
    stock_status: v.stock_status,
    backorders: v.backorders,
    low_stock_amount: num('low_stock_amount', v.low_stock_amount, true),
    sold_individually: v.sold_individually,
    weight: num('weight', v.weight),
    length: num('length', v.length),
    width: num('width', v.width),
    height: num('height', v.height),
    shipping_class: v.shipping_class,
    tax_status: v.tax_status,
    tax_class: v.tax_class,
    external_url: v.type === 'external' ? v.external_url.trim() || null : null,
    button_text: v.type === 'external' ? v.button_text.trim() || null : null,
    reviews_allowed: v.reviews_allowed,
    virtual: v.virtual,
    downloadable: v.downloadable,
    purchase_note: v.purchase_note,
    menu_order: num('menu_order', v.menu_order, true, true) ?? 0,
    categories: v.categories,
    tags: v.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    images: v.images.map((i) => i.id),
    attributes: v.attributes.map((a, i) => ({
      name: a.name,
      options: splitOptions(a.options),
      visible: a.visible,
      variation: a.variation,
      is_global: a.is_global,
      display: a.display,
      swatches: parseSwatches(a.swatches, a.display, `attributes.${i}.swatches`, fields),
    })),
    variations:
      v.type === 'variable'
        ? v.variations.map((x, i) => ({
            attributes: Object.fromEntries(variationAttrs.map((a) => [attributeKey(a.name), x.attributes[attributeKey(a.name)] ?? ''])),
            status: x.enabled ? 'publish' : 'private',
            sku: x.sku.trim() || null,
            regular_price: money(`variations.${i}.regular_price`, x.regular_price),
            sale_price: money(`variations.${i}.sale_price`, x.sale_price),
            manage_stock: x.manage_stock,
            stock_quantity: num(`variations.${i}.stock_quantity`, x.stock_quantity, true),
            stock_status: x.stock_status,
            image: /^\d+$/.test(x.image) ? Number(x.image) : null,
            menu_order: i,
            description: x.description,
            sale_from: date(`variations.${i}.sale_from`, x.sale_from),
            sale_to: date(`variations.${i}.sale_to`, x.sale_to),
            weight: num(`variations.${i}.weight`, x.weight),
            length: num(`variations.${i}.length`, x.length),
            width: num(`variations.${i}.width`, x.width),
            height: num(`variations.${i}.height`, x.height),
            min_qty: num(`variations.${i}.min_qty`, x.min_qty, true),
            max_qty: num(`variations.${i}.max_qty`, x.max_qty, true),
            backorders: x.backorders,
            shipping_class: x.shipping_class,
            tax_class: x.tax_class,
            virtual: x.virtual,
            downloadable: x.downloadable,
          }))
        : [],
    // Every kind is given, so a link unticked in the form is removed; only a grouped product keeps children.
    links: { upsell: v.links.upsell.map((l) => l.id), crosssell: v.links.crosssell.map((l) => l.id), grouped: v.type === 'grouped' ? v.links.grouped.map((l) => l.id) : [] },
    variation_ids: v.type === 'variable' ? v.variations.map((x) => x.id) : [],
  };
  if (Object.keys(fields).length) throw new FieldErrors(fields);
  return input;
}

/** Swatches as the editor shows them: "Red: #c00 | Blue: #00f". */
export const swatchesToText = (swatches: Record<string, string | number>) =>
  Object.entries(swatches)
    .map(([value, swatch]) => `${value}: ${swatch}`)
    .join(' | ');

/** Swatches typed in the editor, as the catalog stores them (image swatches are media ids). */
function parseSwatches(text: string, display: string, key: string, fields: Record<string, string>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const part of text.split('|').map((p) => p.trim()).filter(Boolean)) {
    const at = part.lastIndexOf(':');
    const value = at > 0 ? part.slice(0, at).trim() : '';
    const swatch = at > 0 ? part.slice(at + 1).trim() : '';
    if (!value || !swatch) {
      fields[key] = t(display === 'color' ? 'products.error.swatchColour' : display === 'image' ? 'products.error.swatchPicture' : 'products.error.swatchLabel');
      continue;
    }
    if (display === 'image') {
      if (!/^\d{1,10}$/.test(swatch)) fields[key] = t('products.error.swatchId', { value });
      else out[value] = Number(swatch);
    } else out[value] = swatch;
  }
  return out;
}
