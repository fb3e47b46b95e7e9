import type { PriceFormat } from '../../../lib/money.ts';
import type { ProductSummary } from '../../catalog/catalog.schema.ts';
import { ProductCard } from '../../catalog/components/product-card.tsx';

export interface RelatedProductsProps {
  /** "related" or "upsells": names the section for styling and its heading id. */
  kind: 'related' | 'upsells';
  title: string;
  products: ProductSummary[];
  format: PriceFormat;
}

/**
 * Related products or upsells under the product: the shop's usual product boxes (images
 * load lazily, they are below the fold). Nothing at all when the list is empty.
 */
export default function RelatedProducts({ kind, title, products, format }: RelatedProductsProps) {
  if (products.length === 0) return null;
  const headingId = `${kind}-title`;
  return (
    <section className={`section related-products related-products--${kind}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ul className="product-grid">
        {products.map((p) => (
          <ProductCard key={p.id} product={p} format={format} />
        ))}
      </ul>
    </section>
  );
}
