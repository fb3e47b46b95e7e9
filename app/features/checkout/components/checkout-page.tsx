import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Form, Link, useNavigation, useRouteLoaderData } from 'react-router';
import { LIMITS } from '../../../config/constants.ts';
import { t } from '../../../i18n/t-orders.ts';
import type { ActionError } from '../../../lib/action.ts';
import { TermsDialog, TermsLink } from '../../../ui/terms-dialog.tsx';
import { useScrollToNotices } from '../../../ui/scroll-to-notices.tsx';
import { CsrfField, Field } from '../../account/components/form-parts.tsx';
import type { Cart } from '../../cart/cart.schema.ts';
import { fetchCart } from '../../cart/client/cart-api.ts';
import { storeCart, useCart, useCartAction, useCartBusy, useHydrated } from '../../cart/client/cart-queue.ts';
import { useMoney } from '../../cart/components/money.ts';
import type { CheckoutPageData } from '../checkout-page.server.ts';
import type { Country } from '../../shipping/countries.ts';
import { postcodeValid } from '../../address/address.ts';
import { AddressFields, addressFromForm, addressLabels } from './address-fields.tsx';
import { CheckoutSteps } from './checkout-steps.tsx';
import { CheckoutTrust } from './checkout-trust.tsx';
import { CheckoutReview } from './checkout-review.tsx';
import { CheckoutPayment } from './checkout-payment.tsx';
import { placeFromForm } from '../../payments/place-from-form.ts';

/**
 * The form posted back: the values to show again and the states of the countries submitted,
 * with the errors when the order was refused (none after "Update", the no-script refresh).
 */
export type CheckoutResult = Partial<Pick<ActionError, 'error'>> & Omit<ActionError, 'error'> & { billingStates?: Country[]; shippingStates?: Country[] };

interface Props {
  data: CheckoutPageData;
  result: CheckoutResult | null;
}

const TERMS_DIALOG = 'terms-dialog';

/** Labels of every field the placement can refuse, for the error list at the top. */
function errorLabels(billingCountry: string, shippingCountry: string): Record<string, string> {
  return {
    ...addressLabels('billing', billingCountry, t('checkout.billing')),
    ...addressLabels('shipping', shippingCountry, t('checkout.shippingPrefix')),
    customer_note: t('checkout.notes'),
    payment_method: t('checkout.payment'),
    terms: t('checkout.termsField'),
    password: t('checkout.accountPassword'),
    create_account: t('checkout.createAccount'),
  };
}

/**
 * The checkout: billing and shipping addresses (country-aware), order notes, the order
 * review with shipping methods and live totals, payment methods, the terms checkbox and
 * "Place order". It is one plain form posting to the page's action, so it works without
 * scripts; with scripts, a change of the destination or of the shipping method updates the
 * cart (and so the totals) at once, and refusals scroll into view with focus.
 */
export function CheckoutPage({ data, result }: Props) {
  const root = useRouteLoaderData('root') as { user: { email: string } | null } | undefined;
  const signedIn = !!root?.user;
  const hydrated = useHydrated();
  const live = useCart();
  const run = useCartAction();
  const busy = useCartBusy();
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting' && navigation.formAction === '/checkout';
  const refusal = result?.error ? result : null;
  const notices = useScrollToNotices(refusal);
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The loader's cart is the freshest there is: the header and other widgets use it too.
  useEffect(() => storeCart(data.cart), [data.cart]);
  // A refused order may mean the cart changed on the server (prices, stock, the destination
  // written by the post): show the cart as it is now.
  useEffect(() => {
    if (!result) return;
    fetchCart()
      .then((cart) => storeCart(cart))
      .catch(() => undefined);
  }, [result]);
  // An order placed in the page (a card declined, PayPal's window closed) empties the cart on
  // the server, and the next refresh of the cart would bring that here: the form stays as it
  // was ordered, for another card or another method (which goes to that order's pay page).
  const [placed, setPlaced] = useState<Cart | null>(null);
  const current: Cart = hydrated && live ? live : data.cart;
  const cart: Cart = placed && current.items.length === 0 ? placed : current;
  const placeInPage = (form: HTMLFormElement) => {
    const ordered = cart;
    return placeFromForm(form).then((order) => {
      setPlaced(ordered);
      return order;
    });
  };
  const money = useMoney(cart.totals.currency);

  const submitted = result?.values ?? null;
  const billing = submitted ? addressFromForm(submitted, 'billing') : data.billing;
  const shipping = submitted ? addressFromForm(submitted, 'shipping') : data.shipping;
  const [separate, setSeparate] = useState(submitted ? submitted.ship_to_different_address === '1' : false);
  const [createAccount, setCreateAccount] = useState(submitted?.create_account === '1' || (!data.guestCheckout && data.accountCreation));
  const [method, setMethod] = useState(submitted?.payment_method ?? data.methods[0]?.id ?? '');
  const needsShipping = cart.shipping.packages.length > 0;
  // Fields corrected since the refusal lose their message at once (with scripts; without, the
  // next post answers anew). Keyed by the refusal, so a new one starts with all its messages.
  const [fixed, setFixed] = useState<{ of: CheckoutResult | null; names: Set<string> }>({ of: null, names: new Set() });
  const fixedNames = fixed.of === result ? fixed.names : null;
  const refused = result?.error?.fields ?? {};
  const fields = fixedNames ? Object.fromEntries(Object.entries(refused).filter(([k]) => !fixedNames.has(k))) : refused;

  if (cart.items.length === 0 && !result) {
    return (
      <div className="page container">
        <h1>{t('checkout.title')}</h1>
        <div className="notice" role="status">
          <p>{t('checkout.empty')}</p>
          <Link to="/shop" className="button">
            {t('checkout.returnToShop')}
          </Link>
        </div>
      </div>
    );
  }

  /** The destination as the form holds it now; the cart re-prices shipping and tax for it. */
  const updateDestination = (useSeparate = separate) => {
    const form = formRef.current;
    if (!form) return;
    const values = Object.fromEntries([...new FormData(form).entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));
    const a = addressFromForm(values, useSeparate ? 'shipping' : 'billing');
    if (!a.country) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      run({ type: 'customer', address: { country: a.country, state: a.state ?? '', postcode: a.postcode ?? '', city: a.city ?? '' } }).catch(() => {
        // The totals stay as they were; placing the order re-checks them.
      });
    }, 400);
  };
  /** A field with a message from the refusal that now holds an acceptable value loses its message. */
  const clearIfValid = (el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement) => {
    const name = el.name;
    if (!result || !fields[name]) return;
    const filled = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? el.checked : el.value.trim() !== '';
    if (!filled || !el.checkValidity()) return;
    const postcode = /^(billing|shipping)_postcode$/.exec(name);
    if (postcode) {
      const country = (el.form?.elements.namedItem(`${postcode[1]}_country`) as HTMLSelectElement | null)?.value ?? '';
      if (!postcodeValid(country, el.value)) return;
    }
    setFixed((f) => ({ of: result, names: new Set([...(f.of === result ? f.names : []), name]) }));
  };
  const onFormInput = (e: FormEvent<HTMLFormElement>) => {
    const el = e.target;
    if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) clearIfValid(el);
  };
  const onFormChange = (e: FormEvent<HTMLFormElement>) => {
    onFormInput(e);
    const name = (e.target as HTMLInputElement).name ?? '';
    const dest = separate ? 'shipping' : 'billing';
    if ([`${dest}_country`, `${dest}_state`, `${dest}_postcode`, `${dest}_city`].includes(name)) updateDestination();
  };

  const blocked = !signedIn && !data.guestCheckout && !data.accountCreation;

  return (
    <div className="page container checkout">
      <CheckoutSteps current="details" />
      <h1>{t('checkout.title')}</h1>
      <div ref={notices}>
        {result?.error ? (
          <div className="notice notice--error" role="alert" tabIndex={-1}>
            {Object.keys(refused).length ? (
              <>
                <p>{t('form.errors')}</p>
                <ul>
                  {Object.entries(refused).map(([k, msg]) => (
                    <li key={k}>
                      <a href={`#field-${k}`}>
                        {errorLabels(billing.country ?? '', shipping.country ?? '')[k] ?? k}: {msg}
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p>{result.error.message}</p>
            )}
            {result.error.code === 'email_registered' ? (
              <p>
                <a href="/account/login?redirect=/checkout">{t('checkout.loginInstead')}</a>
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      {cart.items.length === 0 ? (
        <p>
          <Link to="/shop">{t('checkout.returnToShop')}</Link>
        </p>
      ) : null}
      {!signedIn ? (
        <details className="checkout-login">
          <summary>{t('checkout.returning')}</summary>
          <p>{t('checkout.returningText')}</p>
          <Form method="post" action="/account/login" className="checkout-login__form">
            <CsrfField />
            <input type="hidden" name="redirect" value="/checkout" />
            <Field name="email" id="login-email" label={t('account.email')} type="email" autoComplete="email" required />
            <Field name="password" id="login-password" label={t('account.password')} type="password" autoComplete="current-password" required />
            <button type="submit" className="button button--ghost">
              {t('account.login')}
            </button>
          </Form>
        </details>
      ) : null}
      {blocked ? (
        <p className="notice">
          {t('checkout.mustLogIn')} <a href="/account/login?redirect=/checkout">{t('account.login')}</a>
        </p>
      ) : null}
      <Form method="post" action="/checkout" noValidate className="checkout-form" ref={formRef} onChange={onFormChange} key={result ? JSON.stringify(result.values ?? {}) : 'first'}>
        <CsrfField />
        <input type="hidden" name="idempotency_key" value={data.idempotencyKey} />
        <input type="hidden" name="expected_total" value={cart.totals.total} />
        <div className="checkout-grid">
          <div className="checkout-customer">
            <section aria-labelledby="billing-title">
              <h2 id="billing-title">{t('checkout.billingTitle')}</h2>
              <AddressFields kind="billing" values={billing} states={result?.billingStates ?? data.billingStates} errors={fields} withContact updateLabel={t('checkout.updateBilling')} />
              {!signedIn && data.accountCreation ? (
                <div className="checkout-account">
                  {data.guestCheckout ? (
                    <div className="form-row form-row--check">
                      <input type="hidden" name="create_account" value="0" />
                      <label>
                        <input type="checkbox" id="field-create_account" name="create_account" value="1" checked={createAccount} onChange={(e) => setCreateAccount(e.target.checked)} />{' '}
                        {t('checkout.createAccount')}
                      </label>
                    </div>
                  ) : (
                    <>
                      <input type="hidden" name="create_account" value="1" />
                      <p>{t('checkout.accountRequired')}</p>
                    </>
                  )}
                  {/* Without scripts the field is always there; it counts only with the box ticked. */}
                  <div hidden={hydrated && !createAccount}>
                    <Field
                      name="password"
                      type="password"
                      label={t('checkout.accountPassword')}
                      autoComplete="new-password"
                      minLength={LIMITS.passwordMinLength}
                      hint={t('account.passwordHint', { min: LIMITS.passwordMinLength })}
                      error={fields.password}
                    />
                  </div>
                </div>
              ) : null}
            </section>
            {needsShipping ? (
              <section aria-labelledby="shipping-title" className="checkout-shipping">
                <h2 id="shipping-title" className="checkout-shipping__toggle">
                  <input type="hidden" name="ship_to_different_address" value="0" />
                  <label>
                    <input
                      type="checkbox"
                      id="ship-to-different-address"
                      name="ship_to_different_address"
                      value="1"
                      checked={separate}
                      onChange={(e) => {
                        setSeparate(e.target.checked);
                        updateDestination(e.target.checked);
                      }}
                    />{' '}
                    {t('checkout.shipDifferent')}
                  </label>
                </h2>
                {/* Without scripts the fields stay visible; they count only with the box ticked. */}
                <div hidden={hydrated && !separate}>
                  <AddressFields kind="shipping" values={shipping} states={result?.shippingStates ?? data.shippingStates} errors={fields} updateLabel={t('checkout.updateShipping')} />
                </div>
              </section>
            ) : null}
            <section aria-labelledby="notes-title">
              <h2 id="notes-title">{t('checkout.additional')}</h2>
              <div className="form-row">
                <label htmlFor="field-customer_note">
                  {t('checkout.notes')} <span className="optional">{t('address.optional')}</span>
                </label>
                <textarea
                  id="field-customer_note"
                  name="customer_note"
                  rows={4}
                  placeholder={t('checkout.notesPlaceholder')}
                  defaultValue={submitted?.customer_note ?? ''}
                  aria-invalid={fields.customer_note ? true : undefined}
                />
              </div>
            </section>
          </div>
          <div className="checkout-review" aria-busy={busy || undefined}>
            <h2 id="order-review-title">{t('checkout.yourOrder')}</h2>
            <CheckoutReview cart={cart} money={money} />
            <CheckoutPayment methods={data.methods} method={method} onMethod={setMethod} error={fields.payment_method} hydrated={hydrated} total={cart.totals.total} currency={cart.totals.currency} place={placeInPage} />
            {data.terms ? (
              <div className="form-row form-row--check checkout-terms">
                <label>
                  <input
                    type="checkbox"
                    id="field-terms"
                    name="terms"
                    value="1"
                    required
                    defaultChecked={submitted?.terms === '1'}
                    aria-invalid={fields.terms ? true : undefined}
                    aria-describedby={fields.terms ? 'field-terms-error' : undefined}
                  />{' '}
                  <span>
                    {t('checkout.termsBefore')}{' '}
                    {data.terms.text ? <TermsLink href={data.terms.url} label={t('checkout.termsLink')} dialogId={TERMS_DIALOG} /> : <a href={data.terms.url} target="_blank" rel="noreferrer">{t('checkout.termsLink')}</a>}{' '}
                    <abbr className="required" title={t('address.required')}>
                      *
                    </abbr>
                  </span>
                </label>
                {fields.terms ? (
                  <p id="field-terms-error" className="field-error">
                    {fields.terms}
                  </p>
                ) : null}
              </div>
            ) : null}
            <button type="submit" className="button checkout-place" disabled={submitting || blocked || cart.items.length === 0} aria-disabled={busy || undefined}>
              {submitting ? t('checkout.placing') : t('checkout.placeOrder')}
            </button>
            <CheckoutTrust methods={data.methods.map((m) => m.title)} termsUrl={data.terms?.url ?? null} />
          </div>
        </div>
      </Form>
      {data.terms?.text ? <TermsDialog id={TERMS_DIALOG} title={t('checkout.termsTitle')} text={data.terms.text} /> : null}
    </div>
  );
}
