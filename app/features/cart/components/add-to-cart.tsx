import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import { CartApiError } from '../client/cart-api.ts';
import { useCartAction, useHydrated } from '../client/cart-queue.ts';
import { QuantityInput } from './quantity-input.tsx';
import { cartText } from './cart-text.ts';
import '../cart.css';
import { useCsrfToken } from '../../../lib/use-csrf-token.ts';

interface RootBits {
  settings: { redirectToCartAfterAdd: boolean };
}

interface Props {
  productId: number;
  productName: string;
  /** Show a quantity field (quick view); product boxes add one. */
  withQuantity?: boolean;
  /** Most a shopper may ask for, when known (stock). */
  maxQuantity?: number | null;
  className?: string;
  /** The outlined look of the other product-box buttons. */
  ghost?: boolean;
}

/** Reads a typed quantity: anything that is not a whole number of at least 1 counts as 1. */
const quantityOf = (raw: FormDataEntryValue | null) => {
  const n = Math.floor(Number(raw));
  return Number.isFinite(n) && n >= 1 ? n : 1;
};

/**
 * An add-to-cart button. Without scripts it is a form posting to /cart (intent "add"), which
 * adds and comes back here (or goes to the cart, per the store setting). With scripts the
 * add goes through the cart queue without a reload: the button shows loading (aria-busy,
 * spinner), then a check mark and a "View cart" link (not on the cart page itself). Every
 * click queues one add, so a fast double click adds exactly twice. An error that needs the
 * product page (options to choose) goes there; any other is shown beside the button.
 */
export function AddToCart({ productId, productName, withQuantity = false, maxQuantity = null, className = '', ghost = false }: Props) {
  const root = useRouteLoaderData('root') as RootBits | undefined;
  const csrf = useCsrfToken();
  const location = useLocation();
  const navigate = useNavigate();
  const run = useCartAction();
  const hydrated = useHydrated();
  const pending = useRef(0);
  const [state, setState] = useState<'idle' | 'loading' | 'added'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const onCartPage = location.pathname === '/cart';

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const quantity = quantityOf(new FormData(e.currentTarget).get('quantity'));
    pending.current += 1;
    setState('loading');
    setError(null);
    setAnnounce('');
    run({ type: 'add', productId, quantity })
      .then(() => {
        pending.current -= 1;
        if (pending.current > 0) return;
        setState('added');
        setAnnounce(cartText.added(productName));
        if (root?.settings.redirectToCartAfterAdd && !onCartPage) navigate('/cart');
      })
      .catch((err: unknown) => {
        pending.current -= 1;
        setState(pending.current > 0 ? 'loading' : 'idle');
        if (err instanceof CartApiError && err.productUrl) {
          window.location.assign(err.productUrl);
          return;
        }
        setError(err instanceof Error ? err.message : cartText.failed);
      });
  };

  const errorId = `add-to-cart-error-${productId}`;
  return (
    <form method="post" action="/cart" className={`add-to-cart ${className}`} onSubmit={onSubmit}>
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirect" value={`${location.pathname}${location.search}`} />
      {withQuantity ? (
        <QuantityInput name="quantity" id={`add-to-cart-qty-${productId}`} productName={productName} quantity={1} max={maxQuantity} enhanced={hydrated} />
      ) : (
        <input type="hidden" name="quantity" value="1" />
      )}
      <button
        type="submit"
        className={`button${ghost ? ' button--ghost' : ''} add-to-cart__button is-${state}`}
        aria-busy={state === 'loading'}
        aria-label={cartText.addToCartOf(productName)}
        aria-describedby={error ? errorId : undefined}
      >
        {state === 'loading' ? <span className="cart-spinner" aria-hidden="true" /> : null}
        {state === 'added' ? (
          <svg className="add-to-cart__check" aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
            <path d="M4 12.5l5 5L20 6.5" stroke="currentColor" strokeWidth="2.5" fill="none" />
          </svg>
        ) : null}
        {cartText.addToCart}
      </button>
      {state === 'added' && !onCartPage ? (
        <Link to="/cart" className="add-to-cart__view">
          {cartText.viewCart}
        </Link>
      ) : null}
      <span className="visually-hidden" role="status">
        {announce}
      </span>
      {error ? (
        <p className="add-to-cart__error" role="alert" id={errorId}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
