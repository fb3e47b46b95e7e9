/**
 * Texts of the single product page itself (tabs, review link, related lists), in the shop's
 * usual wording; those of its lazily loaded parts are in parts-text.ts. Kept beside the
 * feature, like the cart's texts.
 */
export const pageText = {
  tabsLabel: 'Product details',
  description: 'Description',
  additional: 'Additional information',
  reviews: (n: number) => `Reviews (${n})`,
  reviewLink: (n: number) => (n === 1 ? '1 customer review' : `${n} customer reviews`),
  noReviews: 'There are no reviews yet.',
  related: 'Related products',
  upsells: 'You may also like…',
} as const;
