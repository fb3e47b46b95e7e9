import { perLanguage, plural, t } from '../../../i18n/t.ts';

/** The header cart's name, with its count once known (part of cartText, apart so the header needs only these). */
export const cartLabel = perLanguage(() => ({
  cart: t('site.cart'),
  cartCount: (n: number) => plural('cart.count', n),
}));
