import { island } from '../../../ui/island.tsx';
import type { RelatedProductsProps } from './related-products.lazy.tsx';

/**
 * Related products or upsells under the product (related-products.lazy.tsx). An island: below
 * the fold, its code (the product boxes with their add-to-cart buttons) loads when the section
 * comes into view or the shopper reaches into it.
 */
export const RelatedProducts = island<RelatedProductsProps>(() => import('./related-products.lazy.tsx'), ['visible', 'interaction']);
