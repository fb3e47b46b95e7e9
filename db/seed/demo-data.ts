import { slugify } from '../../app/features/catalog/catalog-write.server.ts';
import { CLOTHING } from './demo-clothing.ts';
import { HOME } from './demo-home.ts';
import type { ColorName, DemoProduct } from './demo-kit.ts';
import type { Shape } from './demo-images.ts';

/*
 * The demo shop's catalog as data, and the names end-to-end tests look for. Products are
 * created in this order (grouped products last), so "newest" lists are stable too.
 */

export interface DemoCategory {
  name: string;
  description: string;
  art: { shape: Shape; color: ColorName; extra?: Shape };
  children?: DemoCategory[];
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    name: 'Clothing',
    description: 'Everyday clothes in natural fabrics, made to last.',
    art: { shape: 'tshirt', color: 'Blue', extra: 'hoodie' },
    children: [
      { name: 'T-shirts', description: 'Tees in every weight, from airy to heavyweight.', art: { shape: 'tshirt', color: 'Red' } },
      { name: 'Hoodies', description: 'Warm fleece hoodies, zipped or pulled over.', art: { shape: 'hoodie', color: 'Grey' } },
      { name: 'Accessories', description: 'Caps, beanies, bags and the little extras.', art: { shape: 'beanie', color: 'Yellow' } },
    ],
  },
  {
    name: 'Home & Living',
    description: 'Things for the kitchen, the walls and the windowsill.',
    art: { shape: 'mug', color: 'Terracotta', extra: 'plant' },
    children: [
      { name: 'Mugs', description: 'Mugs and cups for every kind of coffee.', art: { shape: 'mug', color: 'Blue' } },
      { name: 'Posters', description: 'Art prints for bare walls.', art: { shape: 'poster', color: 'Plum' } },
      { name: 'Plants', description: 'Easy-going plants and the pots to put them in.', art: { shape: 'plant', color: 'Terracotta' } },
    ],
  },
];

export const DEMO_PRODUCTS: DemoProduct[] = [...CLOTHING, ...HOME];

export const DEMO_PRODUCT_NAMES = DEMO_PRODUCTS.map((p) => p.name);
/** Demo names are distinct, so each slug is the plain slug of its name. */
export const DEMO_PRODUCT_SLUGS = DEMO_PRODUCT_NAMES.map((n) => slugify(n));
export const DEMO_FEATURED_NAMES = DEMO_PRODUCTS.filter((p) => p.featured).map((p) => p.name);

/** Demo products with a notable feature, by name, for tests that need one. */
export const DEMO_SPECIAL = {
  /** 36 variations, more than a product page preloads. */
  manyVariations: 'Classic Cotton Tee',
  /** Has a variation for red in any size. */
  anyVariation: 'Heavyweight Boxy Tee',
  /** Colour swatches plus size label swatches, some combinations out of stock. */
  swatches: 'Everyday Zip Hoodie',
  /** Size labels plus a plain select (frame). */
  selectAttribute: 'Mountain Sunrise Poster',
  /** Attribute shown as image swatches. */
  imageSwatches: 'City Map Poster',
  grouped: 'Coffee Corner Set',
  external: 'Screen-Printing Workshop',
  soldIndividually: 'Limited Edition Enamel Pin',
  lowStock: 'Knitted Scarf',
  outOfStock: 'Vintage Ringer Tee',
  onBackorder: 'Heritage College Hoodie',
  /** A sale with dates around today. */
  onSaleDated: 'Striped Breton Tee',
  /** A sale without dates. */
  onSale: 'Cropped Hoodie',
  /** Variation sale that starts next week. */
  scheduledSale: 'Fleece Pullover Hoodie',
} as const;
