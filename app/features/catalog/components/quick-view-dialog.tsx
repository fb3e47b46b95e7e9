import { useEffect, useRef, useState } from 'react';
import { QUICK_VIEW_CLOSE_DELAY_MS, QUICK_VIEW_SLIDER_INIT_DELAY_MS } from '../../../config/constants.ts';
import type { PriceFormat } from '../../../lib/money.ts';
import { t } from '../../../i18n/t.ts';
import type { QuickView } from '../quick-view.server.ts';
import { Price } from './price.tsx';
import { Stars } from './stars.tsx';
import { addsDirectly, cardButton } from './product-card.tsx';
import { AddToCart } from '../../cart/components/add-to-cart.tsx';
import AddToCartForm from '../../product/components/add-to-cart-form.lazy.tsx';
import { WishlistHeart } from '../../wishlist/components/wishlist-heart.tsx';
import { Slider } from '../../../ui/slider.tsx';
import '../../product/product-form.css';

interface Props {
  productId: number;
  format: PriceFormat;
  onClose: () => void;
}

/**
 * The quick-view lightbox: a modal <dialog> (focus stays inside, Escape closes) filled from
 * `GET /api/products/:id/quick-view`. The gallery slider starts 300 ms after opening and the
 * popup fades out over 300 ms before it is removed.
 */
export default function QuickViewDialog({ productId, format, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [product, setProduct] = useState<QuickView | null>(null);
  const [error, setError] = useState(false);
  const [sliderReady, setSliderReady] = useState(false);
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    ref.current?.showModal();
    const ctrl = new AbortController();
    fetch(`/api/products/${productId}/quick-view`, { signal: ctrl.signal, headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? (r.json() as Promise<QuickView>) : Promise.reject(new Error(String(r.status)))))
      .then(setProduct)
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') setError(true);
      });
    const timer = setTimeout(() => setSliderReady(true), QUICK_VIEW_SLIDER_INIT_DELAY_MS);
    return () => {
      ctrl.abort();
      clearTimeout(timer);
    };
  }, [productId]);

  const close = () => {
    if (closing) return;
    setClosing(true);
    setTimeout(() => {
      ref.current?.close();
      onClose();
    }, QUICK_VIEW_CLOSE_DELAY_MS);
  };

  const titleId = `quick-view-title-${productId}`;
  return (
    <dialog
      ref={ref}
      className={`quick-view${closing ? ' is-closing' : ''}`}
      aria-labelledby={titleId}
      aria-busy={!product && !error}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onClick={(e) => {
        if (e.target === ref.current) close();
      }}
    >
      <button type="button" className="quick-view__close icon-button" onClick={close} aria-label={t('shop.close')}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {error ? (
        <p role="alert" id={titleId}>
          {t('shop.quickViewError')}
        </p>
      ) : !product ? (
        <div className="quick-view__loading" id={titleId} role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">{t('shop.loading')}</span>
        </div>
      ) : (
        <div className="quick-view__body">
          <div className="quick-view__gallery">
            <Slider images={product.images} ready={sliderReady} label={product.name} />
          </div>
          <div className="quick-view__summary">
            <h2 id={titleId}>{product.name}</h2>
            {product.rating.count > 0 ? <Stars rating={product.rating.average} /> : null}
            <p className="quick-view__price">
              <Price product={product} format={format} />
            </p>
            {/* Sanitised when saved (catalog write side). */}
            <div className="quick-view__desc" dangerouslySetInnerHTML={{ __html: product.shortDescription }} />
            <p className={`stock stock--${product.stockStatus}`}>
              {product.stockStatus === 'outofstock'
                ? t('product.outOfStock')
                : product.stockStatus === 'onbackorder'
                  ? t('shop.onBackorder')
                  : product.manageStock && product.stockQuantity !== null
                    ? t('shop.stockLeft', { count: product.stockQuantity })
                    : t('shop.inStock')}
            </p>
            <QuickViewPurchase product={product} format={format} />
            <WishlistHeart productId={product.id} productName={product.name} className="quick-view__heart" />
            <p>
              <a href={product.url}>{t('shop.viewDetails')}</a>
            </p>
          </div>
        </div>
      )}
    </dialog>
  );
}

/**
 * Simple products go into the cart from here (quantity field), variable ones through the
 * product page's variation form (swatches, the chosen variation's price and stock, quantity);
 * the others lead to their page.
 */
function QuickViewPurchase({ product, format }: { product: QuickView; format: PriceFormat }) {
  const button = cardButton(product as never);
  if (product.stockStatus === 'outofstock') return null;
  if (product.form) {
    return (
      <div className="quick-view__form">
        <AddToCartForm data={product.form} priceFormat={format} syncUrl={false} formId={`quick-view-form-${product.id}`} />
      </div>
    );
  }
  if (addsDirectly(product)) {
    const max = product.soldIndividually ? 1 : product.manageStock && product.stockStatus === 'instock' ? product.stockQuantity : null;
    return <AddToCart productId={product.id} productName={product.name} withQuantity={!product.soldIndividually} maxQuantity={max} className="quick-view__buy" />;
  }
  return (
    <form className="quick-view__buy" method="get" action={button.external ? button.href : product.url}>
      <button type="submit" className="button">
        {button.label}
      </button>
    </form>
  );
}
