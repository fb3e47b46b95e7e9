/**
 * Texts of the single product page (gallery, zoom, lightbox, tabs, sticky bar, related
 * lists). The zoom and lightbox wording is the specification's (§8); the rest follows the
 * shop's usual wording. Kept beside the feature, like the cart's texts.
 */
export const pageText = {
  gallery: (name: string) => `Pictures of ${name}`,
  showImage: (n: number, total: number) => `Show image ${n} of ${total}`,
  openImage: (n: number, total: number) => `Open image ${n} of ${total} in a larger view`,
  zoomLoading: 'Loading image',
  zoomError: 'The image could not be loaded',
  lightbox: (name: string) => `${name}: enlarged pictures`,
  lightboxError: (n: number) => `The image #${n} could not be loaded.`,
  counter: (n: number, total: number) => `${n} / ${total}`,
  prev: 'Previous image',
  next: 'Next image',
  close: 'Close',
  tabsLabel: 'Product details',
  description: 'Description',
  additional: 'Additional information',
  reviews: (n: number) => `Reviews (${n})`,
  reviewLink: (n: number) => (n === 1 ? '1 customer review' : `${n} customer reviews`),
  noReviews: 'There are no reviews yet.',
  weight: 'Weight',
  dimensions: 'Dimensions',
  weightValue: (kg: number) => `${kg} kg`,
  dimensionsValue: (parts: number[]) => `${parts.join(' × ')} cm`,
  sku: 'SKU:',
  categories: (n: number) => (n === 1 ? 'Category:' : 'Categories:'),
  tags: (n: number) => (n === 1 ? 'Tag:' : 'Tags:'),
  related: 'Related products',
  upsells: 'You may also like…',
  stickyLabel: (name: string) => `Buy ${name}`,
  chooseOptions: 'Select options',
  viewCart: 'View cart',
} as const;
