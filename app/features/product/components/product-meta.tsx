import { island } from '../../../ui/island.tsx';
import type { ProductDetail } from '../../catalog/product.server.ts';

export type MetaProps = Pick<ProductDetail, 'sku' | 'categories' | 'tags'>;

export interface InfoProps {
  attributes: Pick<ProductDetail['attributes'][number], 'name' | 'slug' | 'options' | 'visible'>[];
  weight: number | null;
  dimensions: ProductDetail['dimensions'];
  /** The chosen variation's own weight and dimensions texts, shown instead while it is chosen. */
  variation?: { weight_html: string; dimensions_html: string; weight: string; dimensions: Record<string, string> } | null;
}

export const dimensionParts = (d: ProductDetail['dimensions']) => [d.length, d.width, d.height].filter((n): n is number => n !== null);

/** Whether the Additional information tab has anything to show. */
export const hasAdditionalInformation = (p: Omit<InfoProps, 'variation'>) =>
  p.weight !== null || dimensionParts(p.dimensions).length > 0 || p.attributes.some((a) => a.visible && a.options.length > 0);

const load = () => import('./product-meta.lazy.tsx');

/**
 * SKU, categories and tags under the purchase form (product-meta.lazy.tsx). Plain links: an
 * island whose code loads only when the browser is idle after the page has loaded, or on the way in.
 */
export const ProductMeta = island<MetaProps>(() => load().then((m) => ({ default: m.ProductMeta })), ['interaction', 'idle']);

/** The Additional information tab (product-meta.lazy.tsx); an island like ProductMeta. */
export const AdditionalInformation = island<InfoProps>(() => load().then((m) => ({ default: m.AdditionalInformation })), ['interaction', 'idle']);
