import { MAX_EMBEDDED_VARIATIONS } from '../../config/constants.ts';
import { ATTRIBUTE_PREFIX, same, slugOfKey } from './choice.ts';

/*
 * The variation form's rules (spec §3, §4), pure and isomorphic: the server uses them to
 * answer POST /api/products/:id/variation and to preselect from the URL, the browser to
 * match choices, disable values and decide what the add-to-cart button says.
 * Attribute values compare case-insensitively, as the cart does ("red" matches "Red").
 */

/** Shopper's choice: attribute slug → chosen option ("" = not chosen). */
export type Choice = Record<string, string>;

/** One attribute of the form; `swatches` maps an option to a CSS colour, a label text or an image URL. */
export interface FormAttribute {
  name: string;
  slug: string;
  options: string[];
  display: 'select' | 'color' | 'label' | 'image';
  swatches: Record<string, string>;
}

/** What the form knows of every variation, even when the full objects are fetched one by one. */
export interface VariationCombo {
  /** Slug → value; "" means any value. */
  attributes: Record<string, string>;
  /** False when it cannot be bought (out of stock, no price): its values do not count as offered. */
  active: boolean;
}

export interface VariationImage {
  src: string;
  srcset: string;
  sizes: string;
  title: string;
  caption: string;
  alt: string;
  full_src: string;
  full_src_w: number;
  full_src_h: number;
  src_w: number;
  src_h: number;
  thumb_src: string;
  gallery_thumbnail_src: string;
}

/** The variation object of spec §3, as embedded in the page or answered by the API. */
export interface VariationObject {
  /** "attribute_<slug>" → value; "" = any value. */
  attributes: Record<string, string>;
  variation_id: number;
  sku: string;
  display_price: number | null;
  display_regular_price: number | null;
  on_sale: boolean;
  weight: string;
  weight_html: string;
  dimensions: { length: string; width: string; height: string };
  dimensions_html: string;
  image: VariationImage | null;
  image_id: number | null;
  image_link: string;
  is_purchasable: boolean;
  is_in_stock: boolean;
  variation_is_visible: boolean;
  variation_is_active: boolean;
  is_sold_individually: 'yes' | 'no';
  backorders_allowed: boolean;
  stock_status: 'instock' | 'outofstock' | 'onbackorder';
  availability_text: string;
  min_qty: number;
  /** null = no limit. */
  max_qty: number | null;
  /** Sanitised HTML. */
  variation_description: string;
}

export { ATTRIBUTE_PREFIX, choiceFromSearch, slugOfKey } from './choice.ts';

/** Accepts both "attribute_"-prefixed and bare slugs. */
export function unprefix(attrs: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(attrs)) out[slugOfKey(k)] = v;
  return out;
}

/** A choice as form fields: {attribute_color: "Blue"}; unchosen attributes are left out. */
export function toAttributeFields(choice: Choice): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [slug, v] of Object.entries(choice)) if (v) out[`${ATTRIBUTE_PREFIX}${slug}`] = v;
  return out;
}

/** Does a variation (slug → value, "" = any) fit the choice? Unchosen attributes fit anything. */
export function fitsChoice(variation: Record<string, string>, choice: Choice): boolean {
  const attrs = unprefix(variation);
  return Object.entries(choice).every(([slug, picked]) => {
    if (!picked) return true;
    const v = attrs[slug];
    return v === undefined || v === '' || same(v, picked);
  });
}

/** Every attribute has a value. */
export const isComplete = (attributes: Pick<FormAttribute, 'slug'>[], choice: Choice) => attributes.length > 0 && attributes.every((a) => !!choice[a.slug]);

export const anyChosen = (choice: Choice) => Object.values(choice).some((v) => !!v);

/** The first variation matching a complete choice; "any" values match every option. */
export function findMatchingVariation<T extends { attributes: Record<string, string> }>(list: readonly T[], choice: Choice): T | null {
  return list.find((v) => {
    const attrs = unprefix(v.attributes);
    return Object.entries(attrs).every(([slug, value]) => !!choice[slug] && (value === '' || same(value, choice[slug])));
  }) ?? null;
}

/**
 * Per attribute, the options no active variation offers given the other current choices
 * (spec §4: such swatches and select options become disabled). The attribute's own choice
 * is ignored when computing its options, so a shopper can always switch to another value.
 */
export function disabledValues(attributes: Pick<FormAttribute, 'slug' | 'options'>[], combos: readonly VariationCombo[], choice: Choice): Record<string, Set<string>> {
  const out: Record<string, Set<string>> = {};
  for (const attr of attributes) {
    const others: Choice = { ...choice, [attr.slug]: '' };
    const fitting = combos.filter((c) => c.active && fitsChoice(c.attributes, others));
    const disabled = new Set<string>();
    for (const option of attr.options) {
      const offered = fitting.some((c) => {
        const v = unprefix(c.attributes)[attr.slug];
        return v === undefined || v === '' || same(v, option);
      });
      if (!offered) disabled.add(option);
    }
    out[attr.slug] = disabled;
  }
  return out;
}

export type ButtonState = 'select' | 'unavailable' | 'ready';

/**
 * The add-to-cart button of a variable product (spec §4): no variation shown (not fully
 * chosen, no match, still loading) → "select"; one that is not purchasable, in stock and
 * visible → "unavailable"; otherwise "ready".
 */
export function buttonState(variation: Pick<VariationObject, 'is_purchasable' | 'is_in_stock' | 'variation_is_visible'> | null): ButtonState {
  if (!variation) return 'select';
  return variation.is_purchasable && variation.is_in_stock && variation.variation_is_visible ? 'ready' : 'unavailable';
}

/** The page URL with the choice in its query, other parameters kept (for history.replaceState). */
export function searchWithChoice(search: string, choice: Choice): string {
  const params = new URLSearchParams(search);
  for (const k of [...params.keys()]) if (k.startsWith(ATTRIBUTE_PREFIX)) params.delete(k);
  for (const [k, v] of Object.entries(toAttributeFields(choice))) params.set(k, v);
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Stable key of a choice, for caching answers of the ajax path. */
export const choiceKey = (choice: Choice) =>
  Object.keys(choice).sort().map((k) => `${k}=${choice[k].toLowerCase()}`).join('&');

/**
 * Whether the page embeds every variation object (spec §7: the ajax call is made only when
 * they are not preloaded): up to MAX_EMBEDDED_VARIATIONS, or the store's own limit.
 */
export function embedVariations(count: number, settings: { maxEmbeddedVariations?: number } = {}): boolean {
  const limit = settings.maxEmbeddedVariations ?? MAX_EMBEDDED_VARIATIONS;
  return count <= limit;
}
