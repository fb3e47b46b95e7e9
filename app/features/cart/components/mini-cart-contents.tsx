import { useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import type { CartItem } from '../cart.schema.ts';
import { useCart, useCartAction, useCartBusy } from '../client/cart-queue.ts';
import { BlockOverlay } from './block-overlay.tsx';
import { displayOf } from '../display.ts';
import { cartText } from './cart-text.ts';
import { useMoney } from './money.ts';
import { useCsrfToken } from '../../../lib/use-csrf-token.ts';

/** The link that removes a line without scripts (the cart page's loader handles it). */
export const removeHref = (key: string, csrf: string) => `/cart?remove_item=${encodeURIComponent(key)}&_csrf=${encodeURIComponent(csrf)}`;

/** The link that puts a removed line back without scripts ("Undo?"). */
export const undoHref = (key: string, csrf: string) => `/cart?undo_item=${encodeURIComponent(key)}&_csrf=${encodeURIComponent(csrf)}`;

export function Attributes({ item }: { item: CartItem }) {
  if (item.attributes.length === 0) return null;
  return (
    <dl className="cart-attributes">
      {item.attributes.map((a) => (
        <div key={a.name}>
          <dt>{a.name}:</dt> <dd>{a.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What the header cart shows: its lines (thumbnail, name, attributes, quantity × price and a
 * remove control), the subtotal, and "View cart" / "Checkout". A remove goes through the
 * queue; if it fails, the browser follows the remove link instead (spec §8).
 */
export function MiniCartContents() {
  const cart = useCart();
  const busy = useCartBusy();
  const run = useCartAction();
  const money = useMoney(cart?.totals.currency);
  const csrf = useCsrfToken();
  const [announce, setAnnounce] = useState('');
  const bodyRef = useRef<HTMLDivElement>(null);

  const remove = (item: CartItem) => (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const href = e.currentTarget.href;
    run({ type: 'remove', key: item.key })
      .then(() => {
        setAnnounce(cartText.done.removed);
        // The removed line took the focus with it: keep it in the panel, on the next control.
        requestAnimationFrame(() => {
          const body = bodyRef.current;
          if (body && !body.contains(document.activeElement)) body.querySelector<HTMLElement>('.mini-cart__remove, a')?.focus();
        });
      })
      .catch(() => window.location.assign(href));
  };

  return (
    <div className="mini-cart__body" aria-busy={busy} ref={bodyRef}>
      {!cart ? (
        <p className="mini-cart__loading">
          <span className="cart-spinner" aria-hidden="true" /> {cartText.updating}
        </p>
      ) : cart.items.length === 0 ? (
        <p className="mini-cart__empty">{cartText.emptyMini}</p>
      ) : (
        <>
          <ul className="mini-cart__items">
            {cart.items.map((item) => (
              <li key={item.key} className="mini-cart__item">
                <a href={item.url} className="mini-cart__thumb" tabIndex={-1} aria-hidden="true">
                  {item.image ? <img src={item.image.src} srcSet={item.image.srcset} sizes="64px" width={64} height={64} alt="" loading="lazy" /> : null}
                </a>
                <div className="mini-cart__info">
                  <a href={item.url} className="mini-cart__name">
                    {item.name}
                  </a>
                  <Attributes item={item} />
                  <span className="mini-cart__qty">
                    {item.quantity} × {money(item.unitPrice)}
                  </span>
                </div>
                <a className="mini-cart__remove" href={removeHref(item.key, csrf)} rel="nofollow" aria-label={cartText.remove(item.name)} onClick={remove(item)}>
                  <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
                    <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
          <p className="mini-cart__subtotal">
            <strong>{cartText.subtotal}:</strong> <span data-row="subtotal" data-amount={displayOf(cart).subtotal}>{money(displayOf(cart).subtotal)}</span>
          </p>
          <p className="mini-cart__buttons">
            <Link to="/cart" className="button button--ghost">
              {cartText.viewCart}
            </Link>
            <a href="/checkout" className="button">
              {cartText.checkout}
            </a>
          </p>
        </>
      )}
      <span className="visually-hidden" role="status">
        {announce}
      </span>
      <BlockOverlay active={busy} />
    </div>
  );
}
