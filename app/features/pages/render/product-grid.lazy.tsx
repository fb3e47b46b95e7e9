import type { CSSProperties } from 'react';
import type { PriceFormat } from '../../../lib/money.ts';
import type { ProductSummary } from '../../catalog/catalog.schema.ts';
import { ProductCard } from '../../catalog/components/product-card.tsx';

export interface ProductGridProps {
  products: ProductSummary[];
  format: PriceFormat;
  /** The block's columns per breakpoint, as CSS custom properties. */
  style: CSSProperties;
}

/** The boxes of a product grid or featured products block: the shop's product cards with their cart and wishlist buttons. */
export default function ProductGrid({ products, format, style }: ProductGridProps) {
  return (
    <ul className="product-grid block-products__grid" style={style}>
      {products.map((product) => (
        <ProductCard key={product.id} product={product} format={format} />
      ))}
    </ul>
  );
}
