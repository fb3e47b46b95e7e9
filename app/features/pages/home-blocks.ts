import type { Block } from './blocks.schema.ts';

/**
 * The home page of a shop that publishes no page "home" (a new shop without the demo, or
 * one whose home page was unpublished): hero, benefits, categories, new arrivals, a sale
 * strip, featured products. Editing it in the page builder starts from a page "home".
 */
export const DEFAULT_HOME_BLOCKS: Block[] = [
  {
    id: 'home-0',
    type: 'hero',
    props: { eyebrow: 'New season', title: 'New season, new favourites', text: 'Hand-picked pieces, delivered to your door.', cta: { label: 'Shop now', href: '/shop' } },
  },
  {
    id: 'home-1',
    type: 'benefits',
    props: {
      items: [
        { icon: 'truck', title: 'Fast delivery', text: 'Dispatched within two working days.' },
        { icon: 'return', title: 'Easy returns', text: '30 days to change your mind.' },
        { icon: 'lock', title: 'Secure checkout', text: 'Your payment details are encrypted.' },
      ],
    },
  },
  { id: 'home-2', type: 'category-tiles', props: { title: 'Shop by category', limit: 6 } },
  {
    id: 'home-3',
    type: 'product-grid',
    props: { title: 'New arrivals', source: 'newest', limit: 6, columns: { large: 3, medium: 3, small: 2 }, more: { label: 'View all', href: '/shop?orderby=date' } },
  },
  {
    id: 'home-4',
    type: 'promo',
    props: { eyebrow: 'Sale', title: 'Prices down while stocks last', text: 'Favourites at their lowest prices of the season.', cta: { label: 'Shop the sale', href: '/shop' } },
  },
  { id: 'home-5', type: 'product-grid', props: { title: 'Featured products', source: 'featured', limit: 6, columns: { large: 3, medium: 3, small: 2 } } },
];
