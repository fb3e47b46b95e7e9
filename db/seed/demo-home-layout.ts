import type { HomeLayoutInput } from '../../app/features/content/home-layout.schema.ts';
import { DEMO_WISHLIST, DEMO_WISHLIST_URL } from './demo-wishlist.ts';

/** The demo shop's home page, as the layout data a shop owner will edit as blocks. */
export const DEMO_HOME_LAYOUT: HomeLayoutInput = [
  {
    type: 'hero', eyebrow: 'Autumn collection', title: 'Made to be worn, used and loved',
    text: 'Organic cotton basics, warm hoodies and handmade homeware from small workshops.',
    cta: { label: 'Shop the collection', href: '/shop' }, secondary: { label: 'New arrivals', href: '/shop?orderby=date' },
    imageCategory: 'clothing',
  },
  {
    type: 'benefits', items: [
      { icon: 'truck', title: 'Free UK delivery over £50', text: 'Dispatched within two working days.' },
      { icon: 'return', title: '30-day returns', text: 'Changed your mind? Send it back.' },
      { icon: 'lock', title: 'Secure checkout', text: 'Your details stay encrypted.' },
      { icon: 'chat', title: 'Real people', text: 'Questions answered within a day.' },
    ],
  },
  {
    type: 'categories', title: 'Shop by category', limit: 6,
    paths: ['clothing/t-shirts', 'clothing/hoodies', 'clothing/accessories', 'home-living/mugs', 'home-living/posters', 'home-living/plants'],
  },
  { type: 'products', title: 'New arrivals', source: 'newest', limit: 6, more: { label: 'View all', href: '/shop?orderby=date' } },
  {
    type: 'promo', eyebrow: 'Sale', title: 'Lower prices on selected favourites',
    text: 'Tees, hoodies, mugs and prints at their lowest prices of the season, while stocks last.',
    cta: { label: 'Shop the sale', href: '/product-tag/sale' },
  },
  { type: 'products', title: 'On sale', source: 'on_sale', limit: 4, columns: 4, more: { label: 'All offers', href: '/product-tag/sale' } },
  { type: 'products', title: 'Featured products', source: 'featured', limit: 6 },
  {
    type: 'promo', eyebrow: 'Wishlists', title: DEMO_WISHLIST.name,
    text: 'Our favourite presents, shared as a wishlist. Tap the heart on any product to start your own list, then share it or ask us for a quote.',
    cta: { label: 'See the wishlist', href: DEMO_WISHLIST_URL },
  },
];
