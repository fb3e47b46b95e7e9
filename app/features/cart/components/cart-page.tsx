import { useEffect, useState, type FormEvent, type MouseEvent } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import type { PriceFormat } from '../../../lib/money.ts';
import type { ProductSummary } from '../../catalog/catalog.schema.ts';
import { ProductCard } from '../../catalog/components/product-card.tsx';
import type { Cart, CartItem } from '../cart.schema.ts';
import type { CartOp } from '../client/cart-api.ts';
import { storeCart, useCart, useCartAction, useCartBusy, useHydrated } from '../client/cart-queue.ts';
import { BlockOverlay } from './block-overlay.tsx';
import { CartTable } from './cart-table.tsx';
import { CartTotals } from './cart-totals.tsx';
import { cartText } from './cart-text.ts';
import { undoHref } from './mini-cart-contents.tsx';
import { useMoney } from './money.ts';
import type { Region } from './shipping-calculator.tsx';

export interface CartPageData {
  cart: Cart;
  crossSells: ProductSummary[];
  region: Region;
  /** A notice code from the last form post (see cartText.done). */
  notice: string | null;
  /** Back from removing a line: the line, for "“X” removed. Undo?". */
  undo: Undo | null;
}

/** The line last removed, which Undo puts back. */
interface Undo {
  key: string;
  name: string;
}

interface RootBits {
  csrfToken: string;
  settings: PriceFormat & { couponsEnabled: boolean; shippingCalculatorEnabled: boolean };
}

/** Notice codes shown as alerts rather than confirmations. */
const WARNINGS = new Set(['expired', 'gone', 'choose_state', 'undo_failed']);

interface Messages {
  ok: string[];
  errors: string[];
}

/**
 * The cart page. The server renders it from the loader's cart, and every form works as a
 * plain post. Once scripts run the page shows the browser's cart (seeded with the loader's)
 * and each form and link goes through the cart queue instead, updating in place under the
 * blocking overlay; notices and errors appear at the top.
 */
export function CartPage({ data, actionError }: { data: CartPageData; actionError: string | null }) {
  const hydrated = useHydrated();
  const live = useCart();
  const run = useCartAction();
  const busy = useCartBusy();
  const root = useRouteLoaderData('root') as RootBits | undefined;
  const csrf = root?.csrfToken ?? '';
  const [region, setRegion] = useState(data.region);
  const [undo, setUndo] = useState<Undo | null>(data.undo);
  const [messages, setMessages] = useState<Messages>(() => {
    // A removal that can be undone says so in its own notice.
    const notice = data.notice && !(data.notice === 'removed' && data.undo) ? [cartText.done[data.notice]] : [];
    const warn = data.notice !== null && WARNINGS.has(data.notice);
    return { ok: [...(warn ? [] : notice), ...data.cart.notices], errors: [...(warn ? notice : []), ...(actionError ? [actionError] : [])] };
  });

  // The loader's cart is the freshest there is: the header and other widgets use it too.
  useEffect(() => storeCart(data.cart), [data.cart]);

  const cart = hydrated && live ? live : data.cart;
  const money = useMoney(cart.totals.currency);

  /** Shows the outcome of a change: its confirmation and the cart's own notices, or the errors. */
  const show = (done: string | null, cart: Cart | undefined, errors: string[] = [], removed: Undo | null = null) => {
    setUndo(errors.length === 0 ? removed : null);
    setMessages({ ok: [...(done && !removed && errors.length === 0 ? [cartText.done[done]] : []), ...(cart?.notices ?? [])], errors });
    // The notice of an earlier form post no longer applies.
    if (window.location.search) window.history.replaceState(window.history.state, '', '/cart');
  };
  const settle = async (ops: CartOp[], done: string) => {
    const results = await Promise.allSettled(ops.map((op) => run(op)));
    const errors = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message || cartText.failed] : []));
    show(done, results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])).at(-1), errors);
    return errors.length === 0;
  };
  const act = (op: CartOp, done: string) => void settle([op], done);
  /** A link's change: through the queue, or by following the link when that fails (spec §8). */
  const actLink = (op: CartOp, done: string, href: string, removed: Undo | null = null) => {
    run(op)
      .then((next) => show(done, next, [], removed))
      .catch(() => window.location.assign(href));
  };
  const onUndo = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!undo) return;
    e.preventDefault();
    actLink({ type: 'restore', key: undo.key }, 'restored', e.currentTarget.href);
  };

  const onCoupon = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const input = e.currentTarget.elements.namedItem('coupon_code') as HTMLInputElement;
    const code = input.value.trim();
    void settle([{ type: 'apply_coupon', code }], 'coupon_applied').then((ok) => ok && (input.value = ''));
  };

  const empty = cart.items.length === 0;
  return (
    <div className="container page cart-page">
      <h1>{cartText.cart}</h1>
      <div className="cart-notices" role="status">
        {undo ? (
          <p className="notice cart-undo">
            {cartText.removedLine(undo.name)}{' '}
            <a href={undoHref(undo.key, csrf)} rel="nofollow" onClick={onUndo}>
              {cartText.undo}
            </a>
          </p>
        ) : null}
        {messages.ok.map((m) => (
          <p key={m} className="notice">
            {m}
          </p>
        ))}
      </div>
      <div className="cart-notices" role="alert">
        {messages.errors.map((m) => (
          <p key={m} className="notice notice--error">
            {m}
          </p>
        ))}
      </div>
      {empty ? (
        <div className="cart-empty">
          <p className="cart-empty__text">{cartText.empty}</p>
          <p>
            <Link to="/shop" className="button">
              {cartText.returnToShop}
            </Link>
          </p>
        </div>
      ) : (
        <div className="cart-page__body" aria-busy={busy}>
          <CartTable
            cart={cart}
            csrf={csrf}
            money={money}
            enhanced={hydrated}
            onUpdate={(changes) => void settle(changes.map((c) => ({ type: 'update', key: c.key, quantity: c.quantity })), 'updated')}
            onRemove={(item: CartItem, href) => actLink({ type: 'remove', key: item.key }, 'removed', href, { key: item.key, name: item.name })}
          />
          <div className="cart-page__collaterals">
            <div className="cart-page__side">
              {root?.settings.couponsEnabled !== false ? (
                <form method="post" action="/cart" className="coupon-form" onSubmit={onCoupon}>
                  <input type="hidden" name="_csrf" value={csrf} />
                  <label htmlFor="coupon_code">{cartText.couponLabel}</label>
                  <div className="coupon-form__row">
                    <input id="coupon_code" name="coupon_code" autoComplete="off" />
                    <button type="submit" className="button button--ghost" name="intent" value="apply_coupon">
                      {cartText.applyCoupon}
                    </button>
                  </div>
                </form>
              ) : null}
            </div>
            <CartTotals
              cart={cart}
              csrf={csrf}
              money={money}
              enhanced={hydrated}
              calculatorEnabled={root?.settings.shippingCalculatorEnabled !== false}
              calculatorOpen={data.notice === 'choose_state'}
              region={region}
              onRegion={setRegion}
              act={act}
              actLink={actLink}
            />
          </div>
          <BlockOverlay active={busy} />
        </div>
      )}
      {data.crossSells.length > 0 && !empty && root ? (
        <section className="cross-sells" aria-labelledby="cross-sells-title">
          <h2 id="cross-sells-title">{cartText.crossSells}</h2>
          <ul className="product-grid">
            {data.crossSells.map((p) => (
              <ProductCard key={p.id} product={p} format={root.settings} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
