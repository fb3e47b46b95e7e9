import { useEffect, useState, type ReactNode } from 'react';
import type { PriceFormat } from '../../../lib/money.ts';
import { t } from '../../../i18n/t.ts';
import { Price } from '../../catalog/components/price.tsx';
import type { ProductDetail } from '../../catalog/product.server.ts';
import { pageText } from '../parts-text.ts';
import type { ProductFormData } from '../variation.server.ts';
import { slugOfKey, type Choice, type VariationObject } from '../variations.ts';

/** What the bar's button does. */
export type StickyAction =
  /** Submits the purchase form (`form` attribute): the same add-to-cart path as its own button. */
  | { kind: 'submit'; label: string; formId: string }
  /** Brings the purchase form into view and focuses its first control (options still to choose). */
  | { kind: 'choose'; label: string }
  /** An external product's shop. */
  | { kind: 'link'; label: string; href: string };

interface Props {
  /** id of the purchase form's wrapper: the bar appears once it is scrolled past. */
  targetId: string;
  name: string;
  thumb: { src: string; alt: string } | null;
  price: ReactNode;
  /** The current variation choice in words ("Blue, M"), or null. */
  choice: string | null;
  action: StickyAction;
}

/**
 * Spec §4: active once the shopper has scrolled past the purchase form's wrapper while
 * scrolling down; inactive when scrolling up or back above it. Hidden and inert while
 * inactive (and without scripts, when it never activates), so it is never in the way of
 * keyboard or screen-reader users.
 */
export function useStickyActive(targetId: string): boolean {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const target = document.getElementById(targetId);
    if (!target) return;
    const page = document.documentElement;
    let last = window.scrollY;
    let lastHeight = page.scrollHeight;
    let frame = 0;
    const check = () => {
      frame = 0;
      const y = window.scrollY;
      const height = page.scrollHeight;
      // At the foot of the page, content above getting shorter (a picture or island settling)
      // pulls the scroll position up: that is not the shopper scrolling up.
      const pulledUp = y < last && height < lastHeight && y + window.innerHeight >= height - 2;
      const past = target.getBoundingClientRect().bottom < 0;
      if (!past) setActive(false);
      else if (y > last) setActive(true);
      else if (y < last && !pulledUp) setActive(false);
      last = y;
      lastHeight = height;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    // The bar's code loads on the first scroll: a shopper already past the form got there scrolling down.
    if (target.getBoundingClientRect().bottom < 0) setActive(true);
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [targetId]);
  return active;
}

/**
 * The purchase form's button state (idle, loading, added), read from its classes, so the
 * bar shows the same progress as the form it submits while the form is out of view.
 */
function useFormState(formId: string | null): 'idle' | 'loading' | 'added' {
  const [state, setState] = useState<'idle' | 'loading' | 'added'>('idle');
  useEffect(() => {
    const form = formId ? document.getElementById(formId) : null;
    if (!form) return;
    const read = () => {
      const button = form.querySelector('button[type="submit"]');
      setState(button?.classList.contains('is-loading') ? 'loading' : button?.classList.contains('is-added') ? 'added' : 'idle');
    };
    const observer = new MutationObserver(read);
    observer.observe(form, { attributes: true, attributeFilter: ['class'], subtree: true });
    read();
    return () => observer.disconnect();
  }, [formId]);
  return state;
}

function focusForm(targetId: string) {
  const target = document.getElementById(targetId);
  if (!target) return;
  const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'center' });
  target.querySelector<HTMLElement>('select, input:not([type="hidden"]), button, a[href]')?.focus({ preventScroll: true });
}

/** The sticky add-to-cart bar: thumbnail, name, price, the current choice and the button. */
export function StickyBar({ targetId, name, thumb, price, choice, action }: Props) {
  const active = useStickyActive(targetId);
  const state = useFormState(action.kind === 'submit' ? action.formId : null);
  return (
    <aside
      className={`sticky-bar${active ? ' is-active' : ''}`}
      data-state={active ? 'active' : 'inactive'}
      aria-label={pageText.stickyLabel(name)}
      aria-hidden={active ? undefined : true}
      inert={!active}
    >
      <div className="container sticky-bar__inner">
        {thumb ? <img className="sticky-bar__thumb" src={thumb.src} alt="" width={48} height={48} loading="lazy" decoding="async" /> : null}
        <div className="sticky-bar__text">
          <p className="sticky-bar__name">{name}</p>
          <p className="sticky-bar__detail">
            <span className="sticky-bar__price">{price}</span>
            {choice ? <span className="sticky-bar__choice">{choice}</span> : null}
          </p>
        </div>
        {action.kind === 'submit' ? (
          <>
            <button type="submit" form={action.formId} className={`button sticky-bar__button is-${state}`} aria-busy={state === 'loading'}>
              {state === 'loading' ? <span className="cart-spinner" aria-hidden="true" /> : null}
              {action.label}
            </button>
            {state === 'added' ? (
              <a className="sticky-bar__view" href="/cart">
                {pageText.viewCart}
              </a>
            ) : null}
          </>
        ) : action.kind === 'link' ? (
          <a className="button sticky-bar__button" href={action.href} rel="nofollow noopener">
            {action.label}
          </a>
        ) : (
          <button type="button" className="button sticky-bar__button" onClick={() => focusForm(targetId)}>
            {action.label}
          </button>
        )}
      </div>
    </aside>
  );
}

export interface ProductBarProps {
  product: Pick<ProductDetail, 'name' | 'type' | 'prices' | 'onSale' | 'images' | 'attributes'>;
  form: Pick<ProductFormData, 'type' | 'purchasable' | 'inStock' | 'externalUrl' | 'buttonText'>;
  variation: VariationObject | null;
  /** The shopper's current choice (attribute slug → option), for the variation's "any" attributes. */
  choice: Choice;
  format: PriceFormat;
  targetId: string;
  formId: string;
}

/** "Color: Blue, Size: M": the variation's values, and for its "any" attributes what the shopper picked. */
function choiceText(v: VariationObject, choice: Choice, attributes: ProductBarProps['product']['attributes']): string {
  return Object.entries(v.attributes)
    .map(([key, value]) => {
      const slug = slugOfKey(key);
      const name = attributes.find((a) => a.slug === slug)?.name ?? slug;
      const shown = value || choice[slug] || '';
      return shown ? `${name}: ${shown}` : '';
    })
    .filter(Boolean)
    .join(', ');
}

/** The product page's sticky bar: what its button does depends on the product type and the choice made. */
export default function ProductStickyBar({ product, form, variation: v, choice, format, targetId, formId }: ProductBarProps) {
  let action: StickyAction | null = null;
  if (form.type === 'external') action = form.externalUrl ? { kind: 'link', label: form.buttonText || t('product.buy'), href: form.externalUrl } : null;
  else if (form.type === 'variable') action = v ? { kind: 'submit', label: t('product.addToCart'), formId } : { kind: 'choose', label: pageText.chooseOptions };
  else if (form.type === 'grouped') action = { kind: 'choose', label: t('product.viewProducts') };
  else if (form.inStock && form.purchasable) action = { kind: 'submit', label: t('product.addToCart'), formId };
  if (!action) return null;
  const image = v?.image ? { src: v.image.gallery_thumbnail_src || v.image.thumb_src, alt: v.image.alt } : product.images[0] ? { src: product.images[0].thumbSrc, alt: product.images[0].alt } : null;
  const price = v ? (
    <Price product={{ type: 'simple', prices: { regular: v.display_regular_price, sale: v.on_sale ? v.display_price : null, min: v.display_price, max: v.display_price }, onSale: v.on_sale }} format={format} />
  ) : (
    <Price product={product} format={format} />
  );
  return <StickyBar targetId={targetId} name={product.name} thumb={image} price={price} choice={v ? choiceText(v, choice, product.attributes) : null} action={action} />;
}
