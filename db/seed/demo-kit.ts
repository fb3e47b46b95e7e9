import type { ProductInput } from '../../app/features/catalog/catalog-write.server.ts';
import type { Shape } from './demo-images.ts';

/*
 * Building blocks of the demo catalog definitions: colours, attribute helpers and a
 * seeded random generator so every run gives the same shop (tests rely on names).
 */

/** Colour names offered by demo products and their swatch / artwork colours. */
export const PALETTE = {
  Red: '#c2412d',
  Blue: '#2f5d9e',
  Green: '#3d7a4f',
  Black: '#2b2b2b',
  White: '#f4f1ea',
  Yellow: '#e0b131',
  Grey: '#8a8d91',
  Navy: '#1f2e4d',
  Sand: '#d8c3a0',
  Olive: '#6b7a3a',
  Pink: '#e59bb0',
  Terracotta: '#c46a47',
  Teal: '#2a8c8c',
  Plum: '#6e3b5c',
} as const;
export type ColorName = keyof typeof PALETTE;

type Variation = NonNullable<ProductInput['variations']>[number];
type Attribute = NonNullable<ProductInput['attributes']>[number];

/** A demo product: product input fields plus what the seed turns into images, texts and links. */
export interface DemoProduct extends Omit<ProductInput, 'images' | 'categories' | 'links' | 'reviews' | 'description' | 'short_description' | 'tags'> {
  name: string;
  category: [string, string];
  shape: Shape;
  color: ColorName;
  blurb: string;
  details: string[];
  tags?: string[];
  /** Adds a close-up and a backdrop picture to the gallery. */
  gallery?: boolean;
  /** Star ratings of approved and pending reviews. */
  reviews?: { approved?: number[]; pending?: number[] };
  upsells?: string[];
  crosssells?: string[];
  /** Names of the children of a grouped product. */
  children?: string[];
  /** For an attribute shown as image swatches: option → colour of its picture. */
  imageSwatches?: { attribute: string; art: Record<string, ColorName> };
}

/** A colour attribute shown as colour swatches. */
export const colorAttr = (colors: ColorName[], variation = true): Attribute => ({
  name: 'Color',
  slug: 'color',
  options: colors,
  variation,
  display: 'color',
  swatches: Object.fromEntries(colors.map((c) => [c, PALETTE[c]])),
});

/** A size attribute shown as label swatches. */
export const sizeAttr = (sizes: string[], name = 'Size'): Attribute => ({
  name,
  slug: 'size',
  options: sizes,
  variation: true,
  display: 'label',
  swatches: Object.fromEntries(sizes.map((s) => [s, s])),
});

export const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];

/**
 * Every combination of the given attribute values as a variation; `each` adjusts one
 * (price, stock, sale) and may return null to leave the combination out.
 */
export function grid(
  attrs: Record<string, string[]>,
  base: Omit<Variation, 'attributes'>,
  each: (combo: Record<string, string>, index: number) => Partial<Variation> | null = () => ({}),
): Variation[] {
  let combos: Record<string, string>[] = [{}];
  for (const [slug, values] of Object.entries(attrs)) combos = combos.flatMap((c) => values.map((v) => ({ ...c, [slug]: v })));
  const out: Variation[] = [];
  combos.forEach((attributes, i) => {
    const extra = each(attributes, i);
    if (extra) out.push({ ...base, ...extra, attributes });
  });
  return out;
}

/** An ISO date this many days from today (sale windows relative to the seed run). */
export function day(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** mulberry32: a tiny deterministic PRNG, so "random" demo data is the same every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
