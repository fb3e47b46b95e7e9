import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import type { PriceFormat } from '../../../lib/money.ts';
import { t } from '../../../i18n/t.ts';
import { CartApiError, type CartOp } from '../../cart/client/cart-api.ts';
import { useCartAction, useHydrated } from '../../cart/client/cart-queue.ts';
import { cartText } from '../../cart/components/cart-text.ts';
import { Price } from '../../catalog/components/price.tsx';
import { clampQuantity, parseQuantity, quantityField, quantityFor } from '../quantity.ts';
import { buttonState, type VariationObject } from '../variations.ts';
import type { ProductFormData } from '../variation.server.ts';
import { ProductQuantity } from './quantity-input.tsx';
import { useVariationForm, VariationFields } from './variation-form.tsx';
import { useCsrfToken } from '../../../lib/use-csrf-token.ts';
import { ProductHeart, type ProductHeartText } from '../../wishlist/components/product-heart.tsx';

export interface AddToCartFormProps {
  /** From `productFormData(db, product, settings, url.searchParams)` in the page loader; `wishlistHeart` (product page only) adds the heart. */
  data: ProductFormData & { wishlistHeart?: ProductHeartText };
  priceFormat: PriceFormat;
  /** Store setting: clicking the chosen swatch clears it (default true). */
  reselectClears?: boolean;
  /** The chosen variation (null when none), once the form has initialised: swap the gallery image, update the sticky bar. */
  onVariationChange?: (variation: VariationObject | null) => void;
  /** id of the <form>, so a sticky bar's button can submit it with `form={formId}`. */
  formId?: string;
  /** The variation form writes the choice into the address (default); not where the form is not the page's (quick view). */
  syncUrl?: boolean;
}

/**
 * The product page's purchase form for every product type: simple, variable (variation form),
 * grouped (a quantity per child) and external (a link to the external shop). With scripts it
 * adds through the cart queue without a reload (loading → added + "View cart", mini-cart
 * refreshed); without, it is a plain form post to /cart.
 */
export default function AddToCartForm(props: AddToCartFormProps) {
  const { data } = props;
  if (data.type === 'external') {
    return data.externalUrl ? (
      <p className="cart-form cart-form--external">
        <a className="button" href={data.externalUrl} rel="nofollow noopener">{data.buttonText || t('product.buy')}</a>
      </p>
    ) : null;
  }
  if (data.type === 'grouped') return <GroupedForm key={data.productId} {...props} />;
  if (data.type === 'variable') return <VariableForm key={data.productId} {...props} />;
  if (!data.inStock || !data.purchasable) {
    return data.availabilityText ? <p className={`stock ${data.inStock ? '' : 'stock--outofstock'}`}>{data.availabilityText}</p> : null;
  }
  return <SimpleForm key={data.productId} {...props} />;
}

interface RootBits {
  settings: { redirectToCartAfterAdd: boolean };
}

/** Runs adds through the cart queue, one after another, with the button's states. */
function useAddToCart() {
  const root = useRouteLoaderData('root') as RootBits | undefined;
  const csrf = useCsrfToken();
  const navigate = useNavigate();
  const run = useCartAction();
  const pending = useRef(0);
  const [state, setState] = useState<'idle' | 'loading' | 'added'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const add = async (ops: CartOp[], addedText: string) => {
    pending.current += 1;
    setState('loading');
    setError(null);
    setAnnounce('');
    try {
      for (const op of ops) await run(op);
      if (--pending.current > 0) return;
      setState('added');
      setAnnounce(addedText);
      if (root?.settings.redirectToCartAfterAdd) navigate('/cart');
    } catch (err) {
      setState(--pending.current > 0 ? 'loading' : 'idle');
      // The cart asks for the product page: we are on it, so its message is shown here instead.
      setError(err instanceof CartApiError || err instanceof Error ? err.message : cartText.failed);
    }
  };
  return { state, error, setError, announce, add, csrf };
}

type Cart = ReturnType<typeof useAddToCart>;

/** The <form> posting to /cart without scripts, its hidden fields, button, status and blocked-click dialog. */
function CartForm(p: { cart: Cart; productId: number; formId?: string; className: string; blocked: string | null; onAdd(): void; children: ReactNode; heart?: ReactNode }) {
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [alertText, setAlertText] = useState('');
  const errorId = useId();
  const alertId = useId();
  const { cart } = p;
  // Without scripts the button must look and work as enabled: the cart checks the choice itself.
  const blocked = useHydrated() ? p.blocked : null;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (blocked) {
      // Spec §4: a click on the disabled button shows its text as an alert dialog.
      setAlertText(blocked);
      dialog.current?.showModal();
      return;
    }
    p.onAdd();
  };
  return (
    <>
      <form id={p.formId} method="post" action="/cart" className={`cart-form ${p.className}`} onSubmit={onSubmit} aria-busy={cart.state === 'loading'}>
        <input type="hidden" name="_csrf" value={cart.csrf} />
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={p.productId} />
        <input type="hidden" name="redirect" value={`${location.pathname}${location.search}`} />
        {p.children}
        <div className="cart-form__buttons">
          <button
            ref={button}
            type="submit"
            className={`button single-add-to-cart is-${cart.state}${blocked ? ' is-disabled' : ''}`}
            // aria-disabled, not disabled: the button stays focusable and its click explains why.
            aria-disabled={blocked ? true : undefined}
            aria-describedby={cart.error ? errorId : undefined}
            aria-busy={cart.state === 'loading'}
          >
            {cart.state === 'loading' ? <span className="cart-spinner" aria-hidden="true" /> : null}
            {t('product.addToCart')}
          </button>
          {p.heart}
          {cart.state === 'added' ? <Link to="/cart" className="cart-form__view">{cartText.viewCart}</Link> : null}
        </div>
        <span className="visually-hidden" role="status">{cart.announce}</span>
        {cart.error ? <p className="cart-form__error" role="alert" id={errorId}>{cart.error}</p> : null}
      </form>
      <dialog ref={dialog} role="alertdialog" aria-modal="true" aria-labelledby={alertId} className="product-alert" onClose={() => button.current?.focus()}>
        <p id={alertId}>{alertText}</p>
        <button type="button" className="button" autoFocus onClick={() => dialog.current?.close()}>{t('product.ok')}</button>
      </dialog>
    </>
  );
}

const heartOf = (data: AddToCartFormProps['data']) => (data.wishlistHeart ? <ProductHeart productId={data.productId} productName={data.productName} text={data.wishlistHeart} /> : null);

function SimpleForm({ data, formId }: AddToCartFormProps) {
  const cart = useAddToCart();
  const field = quantityField({ min: data.quantity.min, max: data.quantity.max, soldIndividually: data.soldIndividually });
  const [qty, setQty] = useState(String(field.min));
  return (
    <CartForm cart={cart} productId={data.productId} formId={formId} className="cart-form--simple" blocked={null} heart={heartOf(data)}
      onAdd={() => cart.add([{ type: 'add', productId: data.productId, quantity: clampQuantity(Math.floor(parseQuantity(qty)), field) }], cartText.added(data.productName))}>
      {data.availabilityText ? <p className={`stock stock--${data.inStock ? 'instock' : 'outofstock'}`}>{data.availabilityText}</p> : null}
      <ProductQuantity name="quantity" value={qty} onChange={setQty} productName={data.productName} min={field.min} max={field.max} hidden={field.hidden} />
    </CartForm>
  );
}

function VariableForm({ data, priceFormat, reselectClears = true, onVariationChange, formId, syncUrl }: AddToCartFormProps) {
  const cart = useAddToCart();
  const form = useVariationForm({ ...data, variations: data.variations, onVariationChange, syncUrl });
  const v = form.variation;
  const field = quantityField({ min: 1, max: null, soldIndividually: data.soldIndividually }, v);
  const [qty, setQty] = useState(() => String(quantityFor(1, field)));
  // A newly chosen variation brings its own limits: clamp the quantity to them (during render, not in an effect).
  const [limitsOf, setLimitsOf] = useState(v?.variation_id ?? 0);
  if (limitsOf !== (v?.variation_id ?? 0)) {
    setLimitsOf(v?.variation_id ?? 0);
    setQty(String(quantityFor(qty, field)));
  }
  const state = buttonState(v);
  const blocked = state === 'select' ? t('product.selectFirst') : state === 'unavailable' ? t('product.unavailable') : null;
  return (
    <CartForm cart={cart} productId={data.productId} formId={formId} className="cart-form--variable variations-form" blocked={blocked} heart={heartOf(data)}
      onAdd={() => v && cart.add([{
        type: 'add', productId: data.productId, variationId: v.variation_id, attributes: form.choice,
        quantity: clampQuantity(Math.floor(parseQuantity(qty)), field),
      }], cartText.added(data.productName))}>
      <VariationFields form={form} productUrl={data.productUrl} reselectClears={reselectClears} priceFormat={priceFormat} />
      <ProductQuantity name="quantity" value={qty} onChange={setQty} productName={data.productName} min={field.min} max={field.max} hidden={field.hidden} />
    </CartForm>
  );
}

function GroupedForm({ data, priceFormat, formId }: AddToCartFormProps) {
  const cart = useAddToCart();
  const [qty, setQty] = useState<Record<number, string>>({});
  const onAdd = () => {
    const ops: CartOp[] = data.children.filter((c) => c.canAdd).map((c) => ({ type: 'add' as const, productId: c.id, quantity: Math.floor(parseQuantity(qty[c.id] ?? '0')) }))
      .filter((op) => op.quantity > 0);
    if (ops.length === 0) return cart.setError(t('product.groupedNone'));
    void cart.add(ops, t('product.addedSome'));
  };
  return (
    <CartForm cart={cart} productId={data.productId} formId={formId} className="cart-form--grouped" blocked={null} onAdd={onAdd}>
      <table className="grouped-products">
        <thead className="visually-hidden">
          <tr><th scope="col">{t('product.quantity')}</th><th scope="col">{t('product.groupedProduct')}</th><th scope="col">{t('product.groupedPrice')}</th></tr>
        </thead>
        <tbody>
          {data.children.map((c) => (
            <tr key={c.id}>
              <td>
                {c.canAdd ? (
                  <ProductQuantity name={`quantity[${c.id}]`} value={qty[c.id] ?? '0'} onChange={(s) => setQty((q) => ({ ...q, [c.id]: s }))} productName={c.name} min={0} max={null} />
                ) : (
                  <a className="button" href={c.url}>{c.type === 'variable' ? t('product.selectOptions') : t('product.buy')}</a>
                )}
              </td>
              <th scope="row"><a href={c.url}>{c.name}</a></th>
              <td>
                <Price product={c} format={priceFormat} />
                {c.stockStatus === 'outofstock' ? <span className="stock stock--outofstock"> {t('product.outOfStock')}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </CartForm>
  );
}
