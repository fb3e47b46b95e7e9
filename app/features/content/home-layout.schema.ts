import { z } from 'zod';

/*
 * The home page as data: a list of typed sections, each rendered by its own component
 * (components/home-sections.tsx). Stored under the settings key `content.home_layout`;
 * without one (or with one that no longer parses) the default below is shown. Later the
 * admin edits this list as blocks; nothing about the page is fixed in JSX but its parts.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
/** A link inside the shop (a path) or to another site. */
const href = z.string().trim().max(500).regex(/^(\/(?!\/)|https?:\/\/)/, 'a path starting with / or an http(s) address');
const link = z.object({ label: text(60), href });

export const heroSection = z.object({
  type: z.literal('hero'),
  /** Small line above the title. */
  eyebrow: z.string().trim().max(60).optional(),
  title: text(120),
  text: z.string().trim().max(300).default(''),
  cta: link,
  secondary: link.optional(),
  /** The picture beside the text: a category's image, by its path. */
  imageCategory: z.string().trim().max(200).optional(),
});

export const categoriesSection = z.object({
  type: z.literal('categories'),
  title: text(120),
  /** Category paths in order; without them the categories with the most products (those without subcategories). */
  paths: z.array(z.string().trim().min(1).max(200)).max(12).optional(),
  limit: z.number().int().min(1).max(12).default(6),
});

export const productsSection = z.object({
  type: z.literal('products'),
  title: text(120),
  source: z.enum(['featured', 'newest', 'on_sale', 'best_sellers']),
  limit: z.number().int().min(1).max(12).default(6),
  /** Products a row on wide screens (phones show two). */
  columns: z.union([z.literal(3), z.literal(4)]).default(3),
  /** "View all" beside the title. */
  more: link.optional(),
});

/** A full-width strip: a sale, a season, an offer, with a call to action. */
export const promoSection = z.object({
  type: z.literal('promo'),
  eyebrow: z.string().trim().max(60).optional(),
  title: text(120),
  text: z.string().trim().max(300).default(''),
  cta: link,
});

/** Short promises in a row: delivery, returns, payment, help. */
export const benefitsSection = z.object({
  type: z.literal('benefits'),
  items: z.array(z.object({ icon: z.enum(['truck', 'return', 'lock', 'chat']), title: text(60), text: z.string().trim().max(160).default('') })).min(1).max(4),
});

export const homeSection = z.discriminatedUnion('type', [heroSection, categoriesSection, productsSection, promoSection, benefitsSection]);
export const homeLayoutSchema = z.array(homeSection).max(30);

export type HomeSection = z.infer<typeof homeSection>;
export type HomeLayout = z.infer<typeof homeLayoutSchema>;
/** A layout as written (defaults may be left out). */
export type HomeLayoutInput = z.input<typeof homeLayoutSchema>;

/** Settings key of the stored layout. */
export const HOME_LAYOUT_KEY = 'content.home_layout';

/** A shop's home page until it has its own: hero, categories, new arrivals, a sale strip, featured products. */
export const DEFAULT_HOME_LAYOUT: HomeLayout = homeLayoutSchema.parse([
  { type: 'hero', eyebrow: 'New season', title: 'New season, new favourites', text: 'Hand-picked pieces, delivered to your door.', cta: { label: 'Shop now', href: '/shop' } },
  { type: 'benefits', items: [
    { icon: 'truck', title: 'Fast delivery', text: 'Dispatched within two working days.' },
    { icon: 'return', title: 'Easy returns', text: '30 days to change your mind.' },
    { icon: 'lock', title: 'Secure checkout', text: 'Your payment details are encrypted.' },
  ] },
  { type: 'categories', title: 'Shop by category' },
  { type: 'products', title: 'New arrivals', source: 'newest', limit: 6, more: { label: 'View all', href: '/shop?orderby=date' } },
  { type: 'promo', eyebrow: 'Sale', title: 'Prices down while stocks last', text: 'Favourites at their lowest prices of the season.', cta: { label: 'Shop the sale', href: '/shop' } },
  { type: 'products', title: 'Featured products', source: 'featured', limit: 6 },
]);
