import { perLanguage, plural, t } from '../../i18n/t-product.ts';
import { pageTexts } from './page-text.ts';

/**
 * Texts of the product page's lazily loaded parts (gallery, zoom, lightbox, sticky bar, meta),
 * with the page's own (messages in app/i18n/locales/<lang>/product.po). The zoom and lightbox
 * wording is the specification's (§8).
 */
export const pageText = perLanguage(() => ({
  ...pageTexts(),
  gallery: (name: string) => t('productPage.gallery', { name }),
  showImage: (n: number, total: number) => t('productPage.showImage', { n, total }),
  openImage: (n: number, total: number) => t('productPage.openImage', { n, total }),
  zoomLoading: t('productPage.zoomLoading'),
  zoomError: t('productPage.zoomError'),
  lightbox: (name: string) => t('productPage.lightbox', { name }),
  lightboxError: (n: number) => t('productPage.lightboxError', { n }),
  counter: (n: number, total: number) => `${n} / ${total}`,
  prev: t('productPage.prev'),
  next: t('productPage.next'),
  close: t('cart.close'),
  weight: t('productPage.weight'),
  dimensions: t('productPage.dimensions'),
  weightValue: (kg: number) => t('productPage.weightValue', { weight: kg }),
  dimensionsValue: (parts: number[]) => t('productPage.dimensionsValue', { dimensions: parts.join(' × ') }),
  sku: t('product.skuLabel'),
  categories: (n: number) => plural('productPage.categories', n),
  tags: (n: number) => plural('productPage.tags', n),
  stickyLabel: (name: string) => t('productPage.sticky', { name }),
  chooseOptions: t('product.selectOptions'),
  viewCart: t('cart.viewCart'),
}));
