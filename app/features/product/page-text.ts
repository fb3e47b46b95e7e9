import { perLanguage, plural, t } from '../../i18n/t-product.ts';

/** The single product page's own texts (tabs, review link, related lists); made by pageTexts() so parts-text.ts can add to them. */
export const pageTexts = () => ({
  tabsLabel: t('productPage.tabs'),
  description: t('productPage.description'),
  additional: t('productPage.additional'),
  reviews: (n: number) => t('productPage.reviewsTab', { count: n }),
  reviewLink: (n: number) => plural('productPage.reviewLink', n),
  noReviews: t('productPage.noReviews'),
  related: t('productPage.related'),
  upsells: t('productPage.upsells'),
});

/**
 * Texts of the single product page itself (messages in app/i18n/locales/<lang>/product.po);
 * those of its lazily loaded parts are in parts-text.ts. Made again when the language changes.
 */
export const pageText = perLanguage(pageTexts);
