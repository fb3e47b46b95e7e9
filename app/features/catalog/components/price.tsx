import { formatPrice, type PriceFormat } from '../../../lib/money.ts';
import { t } from '../../../i18n/t.ts';
import type { ProductCard } from '../catalog.schema.ts';

/** Sale price with the regular one struck through, or a range for variable products. */
export function Price({ product, format }: { product: ProductCard; format: PriceFormat }) {
  const f = (n: number) => formatPrice(n, format);
  if (product.type === 'variable' || product.type === 'grouped') {
    if (product.min_price === null) return null;
    if (product.max_price !== null && product.max_price !== product.min_price) {
      return (
        <span className="price">
          {f(product.min_price)} – {f(product.max_price)}
        </span>
      );
    }
    return <span className="price">{f(product.min_price)}</span>;
  }
  const onSale = product.sale_price !== null && product.regular_price !== null && product.sale_price < product.regular_price;
  if (onSale) {
    return (
      <span className="price">
        <del aria-hidden="true">{f(product.regular_price!)}</del> <ins aria-hidden="true">{f(product.sale_price!)}</ins>
        <span className="visually-hidden">
          {t('product.regularPrice', { price: f(product.regular_price!) })} {t('product.salePrice', { price: f(product.sale_price!) })}
        </span>
      </span>
    );
  }
  const price = product.min_price ?? product.regular_price;
  return price === null ? null : <span className="price">{f(price)}</span>;
}
