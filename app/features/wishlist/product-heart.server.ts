import { t } from '../../i18n/t-wishlist.ts';
import type { ProductHeartText } from './components/product-heart.tsx';

/**
 * The product page heart's labels, worked out by the page's loader: the heart lives in the
 * purchase form's island, and this keeps the wishlist catalog out of that island's code.
 */
export function productHeartText(name: string): ProductHeartText {
  return { add: t('wishlist.heartAdd', { name }), added: t('wishlist.heartIn', { name }), loading: t('wishlist.heartLoading', { name }) };
}
