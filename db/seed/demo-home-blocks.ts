import type { BlockInput } from '../../app/features/pages/blocks.schema.ts';
import { DEMO_WISHLIST, DEMO_WISHLIST_URL } from './demo-wishlist.ts';

/** The hero that opens the demo's home page (its h1). */
export const DEMO_HERO_TITLE = 'Made to be worn, used and loved';

/** The demo shop's home page, first part: what a shop's home shows (demo-pages.ts adds one block of every other type). */
export const DEMO_SHOP_BLOCKS: BlockInput[] = [
  {
    id: 'home-0', type: 'hero',
    props: {
      eyebrow: 'Autumn collection', title: DEMO_HERO_TITLE,
      text: 'Organic cotton basics, warm hoodies and handmade homeware from small workshops.',
      cta: { label: 'Shop the collection', href: '/shop' }, secondary: { label: 'New arrivals', href: '/shop?orderby=date' },
      imageCategory: 'clothing',
    },
  },
  {
    id: 'home-1', type: 'benefits',
    props: {
      items: [
        { icon: 'truck', title: 'Free UK delivery over £50', text: 'Dispatched within two working days.' },
        { icon: 'return', title: '30-day returns', text: 'Changed your mind? Send it back.' },
        { icon: 'lock', title: 'Secure checkout', text: 'Your details stay encrypted.' },
        { icon: 'chat', title: 'Real people', text: 'Questions answered within a day.' },
      ],
    },
  },
  {
    id: 'home-2', type: 'category-tiles',
    props: {
      title: 'Shop by category', limit: 6,
      paths: ['clothing/t-shirts', 'clothing/hoodies', 'clothing/accessories', 'home-living/mugs', 'home-living/posters', 'home-living/plants'],
    },
  },
  {
    id: 'home-3', type: 'product-grid',
    props: { title: 'New arrivals', source: 'newest', limit: 6, columns: { large: 3, medium: 3, small: 2 }, more: { label: 'View all', href: '/shop?orderby=date' } },
  },
  {
    id: 'home-4', type: 'promo',
    props: {
      eyebrow: 'Sale', title: 'Lower prices on selected favourites',
      text: 'Tees, hoodies, mugs and prints at their lowest prices of the season, while stocks last.',
      cta: { label: 'Shop the sale', href: '/product-tag/sale' },
    },
  },
  {
    id: 'home-5', type: 'product-grid',
    props: { title: 'On sale', source: 'on_sale', limit: 4, columns: { large: 4, medium: 3, small: 2 }, more: { label: 'All offers', href: '/product-tag/sale' } },
  },
  { id: 'home-6', type: 'product-grid', props: { title: 'Featured products', source: 'featured', limit: 6, columns: { large: 3, medium: 3, small: 2 } } },
  {
    id: 'home-7', type: 'promo',
    props: {
      eyebrow: 'Wishlists', title: DEMO_WISHLIST.name,
      text: 'Our favourite presents, shared as a wishlist. Tap the heart on any product to start your own list, then share it or ask us for a quote.',
      cta: { label: 'See the wishlist', href: DEMO_WISHLIST_URL },
    },
  },
];
