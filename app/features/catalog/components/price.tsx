import { formatPrice, type PriceFormat } from '../../../lib/money.ts';
import { t } from '../../../i18n/t.ts';
import type { ProductSummary } from '../catalog.schema.ts';

/** Sale price with the regular one struck through, or a range for variable and grouped products. */
export function Price({ product, format }: { product: Pick<ProductSummary, 'type' | 'prices' | 'onSale'>; format: PriceFormat }) {
  const f = (n: number) => formatPrice(n, format);
  const { regular, sale, min, max } = product.prices;
  if (product.type === 'variable' || product.type === 'grouped') {
    if (min === null) return null;
    if (max !== null && max !== min) {
      return (
        <span className="price">
          {f(min)} – {f(max)}
        </span>
      );
    }
    return <span className="price">{f(min)}</span>;
  }
  if (product.onSale && regular !== null && sale !== null) {
    return (
      <span className="price">
        <del aria-hidden="true">{f(regular)}</del> <ins aria-hidden="true">{f(sale)}</ins>
        <span className="visually-hidden">
          {t('product.regularPrice', { price: f(regular) })} {t('product.salePrice', { price: f(sale) })}
        </span>
      </span>
    );
  }
  const price = min ?? regular;
  return price === null ? null : <span className="price">{f(price)}</span>;
}
