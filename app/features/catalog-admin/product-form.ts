/*
 * The product editor's values: what the form shows (text, as typed) and what it posts.
 * The loader builds them from the database, the action from the posted form (so a refused
 * save shows everything as it was typed); product-input.ts turns them into the catalog's
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
  /** Set for a variation (then `id` is the variation's and `name` reads "Tee — Size M"): its product's id. */
  variationOf?: number;
}

/** A picker's key for an entry: products and variations are numbered apart, so an id alone can name one of each. */
export const pickKey = (p: LinkedProduct) => `${p.variationOf ? 'v' : 'p'}${p.id}`;

/**
 * Products and variations as one list of matches: each variation right after its product
 * when that product is in the list, the others after all products.
 */
export function withVariations(products: LinkedProduct[], variations: LinkedProduct[]): LinkedProduct[] {
  const out: LinkedProduct[] = [];
  for (const p of products) out.push(p, ...variations.filter((v) => v.variationOf === p.id));
  return [...out, ...variations.filter((v) => !products.some((p) => p.id === v.variationOf))];
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

/** Swatches as the editor shows them: "Red: #c00 | Blue: #00f". */
export const swatchesToText = (swatches: Record<string, string | number>) =>
  Object.entries(swatches)
    .map(([value, swatch]) => `${value}: ${swatch}`)
    .join(' | ');
