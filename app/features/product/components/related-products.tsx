import { island } from '../../../ui/island.tsx';
import type { RelatedProductsProps } from './related-products.lazy.tsx';

/**
 * Related products or upsells under the product (related-products.lazy.tsx). An island: below
 * the fold, its code (the product boxes with their add-to-cart buttons) loads when the section
 * comes into view, the shopper reaches into it, or the browser is idle after the page has loaded.
 */
export const RelatedProducts = island<RelatedProductsProps>(() => import('./related-products.lazy.tsx'));
