import { imageSources } from '../../../lib/image.ts';
import type { PriceFormat } from '../../../lib/money.ts';
import { t } from '../../../i18n/t.ts';
import type { ProductCard as Card } from '../catalog.schema.ts';
import { Price } from './price.tsx';
import { Stars } from './stars.tsx';

const GRID_SIZES = '(max-width: 549px) 50vw, (max-width: 1200px) 33vw, 400px';

/** A product box: image, name, price, rating, sale/out-of-stock labels and the type's button. */
export function ProductCard({ product, format, eager = false }: { product: Card; format: PriceFormat; eager?: boolean }) {
  const url = `/product/${product.slug}`;
  const img = imageSources(product.image_path, product.image_widths);
  const onSale = product.sale_price !== null && product.regular_price !== null && product.sale_price < product.regular_price;
  const button =
    product.type === 'variable'
      ? { label: t('product.selectOptions'), href: url }
      : product.type === 'grouped'
        ? { label: t('product.viewProducts'), href: url }
        : product.type === 'external'
          ? { label: product.button_text || t('product.buy'), href: product.external_url || url }
          : { label: t('product.addToCart'), href: url };
  return (
    <li className="product-card">
      <a href={url} className="product-card__image">
        {img ? (
          <img
            src={img.src}
            srcSet={img.srcSet}
            sizes={GRID_SIZES}
            width={product.image_width ?? 600}
            height={product.image_height ?? 600}
            alt={product.image_alt ?? ''}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span className="product-card__placeholder" aria-hidden="true" />
        )}
        {onSale ? <span className="badge badge--sale">{t('product.sale')}</span> : null}
        {product.stock_status === 'outofstock' ? <span className="badge badge--out">{t('product.outOfStock')}</span> : null}
      </a>
      <h3 className="product-card__title">
        <a href={url}>{product.name}</a>
      </h3>
      {product.review_count > 0 ? <Stars rating={product.average_rating} /> : null}
      <Price product={product} format={format} />
      <a className="button button--ghost product-card__button" href={button.href} aria-label={`${button.label}: ${product.name}`}>
        {button.label}
      </a>
    </li>
  );
}
