import type { PriceFormat } from '../../../lib/money.ts';
import { t } from '../../../i18n/t.ts';
import type { ProductSummary } from '../catalog.schema.ts';
import { Price } from './price.tsx';
import { Stars } from './stars.tsx';
import { AddToCart } from '../../cart/components/add-to-cart.tsx';
import { WishlistHeart } from '../../wishlist/components/wishlist-heart.tsx';

const GRID_SIZES = '(max-width: 549px) 50vw, (max-width: 1200px) 33vw, 400px';

export function cardButton(product: ProductSummary): { label: string; href: string; external: boolean } {
  switch (product.type) {
    case 'variable':
      return { label: t('product.selectOptions'), href: product.url, external: false };
    case 'grouped':
      return { label: t('product.viewProducts'), href: product.url, external: false };
    case 'external':
      return { label: product.buttonText || t('product.buy'), href: product.externalUrl || product.url, external: !!product.externalUrl };
    default:
      // A sold-out or unpriced simple product cannot be added: the box leads to its page.
      return { label: addsDirectly(product) ? t('product.addToCart') : t('product.readMore'), href: product.url, external: false };
  }
}

interface Props {
  product: ProductSummary;
  format: PriceFormat;
  eager?: boolean;
  /** Opens the quick view; without it (or without scripts) the button is a link to the product. */
  onQuickView?: (product: ProductSummary, opener: HTMLElement) => void;
}

/** Simple products with a price that are not sold out go straight into the cart from their box. */
export const addsDirectly = (p: Pick<ProductSummary, 'type' | 'stockStatus' | 'prices'>) =>
  p.type === 'simple' && p.stockStatus !== 'outofstock' && (p.prices.sale ?? p.prices.regular) !== null;

/** A product box: image, name, price, rating, sale/out-of-stock labels, the type's button, quick view. */
export function ProductCard({ product, format, eager = false, onQuickView }: Props) {
  const button = cardButton(product);
  const img = product.image;
  return (
    <li className="product-card">
      <div className="product-card__media">
      <a href={product.url} className="product-card__image" tabIndex={-1} aria-hidden="true">
        {img ? (
          <img
            src={img.src}
            srcSet={img.srcset}
            sizes={GRID_SIZES}
            width={img.width}
            height={img.height}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
            decoding="async"
          />
        ) : (
          <span className="product-card__placeholder" />
        )}
      </a>
      {product.onSale ? <span className="badge badge--sale">{t('product.sale')}</span> : null}
      {product.stockStatus === 'outofstock' ? <span className="badge badge--out">{t('product.outOfStock')}</span> : null}
      <WishlistHeart productId={product.id} productName={product.name} className="product-card__heart" />
      </div>
      <h3 className="product-card__title">
        <a href={product.url}>{product.name}</a>
      </h3>
      {product.rating.count > 0 ? <Stars rating={product.rating.average} /> : null}
      <Price product={product} format={format} />
      <div className="product-card__actions">
        {addsDirectly(product) ? (
          <AddToCart productId={product.id} productName={product.name} className="product-card__add" ghost />
        ) : (
          <a
            className="button button--ghost product-card__button"
            href={button.href}
            rel={button.external ? 'nofollow noopener' : undefined}
            aria-label={`${button.label}: ${product.name}`}
          >
            {/* The product's name in the text too, not only in the label: search engines judge a link by its words ("Read more" alone says nothing). */}
            {button.label}
            <span className="visually-hidden">: {product.name}</span>
          </a>
        )}
        {onQuickView ? (
          <button
            type="button"
            className="product-card__quick"
            aria-haspopup="dialog"
            aria-label={t('shop.quickViewOf', { name: product.name })}
            onClick={(e) => onQuickView(product, e.currentTarget)}
          >
            {t('shop.quickView')}
          </button>
        ) : null}
      </div>
    </li>
  );
}
