import { pageText as page } from './page-text.ts';

/**
 * Texts of the product page's lazily loaded parts (gallery, zoom, lightbox, sticky bar, meta),
 * with the page's own: they load with those parts, not with the page. The zoom and lightbox
 * wording is the specification's (§8).
 */
export const pageText = {
  ...page,
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
  weight: 'Weight',
  dimensions: 'Dimensions',
  weightValue: (kg: number) => `${kg} kg`,
  dimensionsValue: (parts: number[]) => `${parts.join(' × ')} cm`,
  sku: 'SKU:',
  categories: (n: number) => (n === 1 ? 'Category:' : 'Categories:'),
  tags: (n: number) => (n === 1 ? 'Tag:' : 'Tags:'),
  stickyLabel: (name: string) => `Buy ${name}`,
  chooseOptions: 'Select options',
  viewCart: 'View cart',
} as const;
