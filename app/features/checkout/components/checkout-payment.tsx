import { t } from '../../../i18n/t-orders.ts';
import type { CheckoutPageData } from '../checkout-page.server.ts';
import { payPageOf, type PlacedOrder } from '../../payments/place-from-form.ts';
import { STRIPE_METHOD, StripeElement } from '../../payments/stripe/components/stripe-element.tsx';
import { PAYPAL_METHOD, PayPalButtons } from '../../payments/paypal/components/paypal-buttons.tsx';

interface Props {
  methods: CheckoutPageData['methods'];
  /** The chosen method (with scripts, only its description shows). */
  method: string;
  onMethod: (id: string) => void;
  /** The refusal's message for the choice of method. */
  error?: string;
  hydrated: boolean;
  /** What the card widget charges. */
  total: number;
  currency: string;
  /** Places the order from the form for the in-page widgets (POST /api/checkout/form). */
  place: (form: HTMLFormElement) => Promise<PlacedOrder>;
}

/** The checkout's payment methods: a radio each, its description, and the in-page card or PayPal widget. */
export function CheckoutPayment({ methods, method, onMethod, error, hydrated, total, currency, place }: Props) {
  return (
    <section aria-labelledby="payment-title" className="checkout-payment">
      <h2 id="payment-title">{t('checkout.payment')}</h2>
      {methods.length ? (
        <fieldset id="field-payment_method" tabIndex={-1} aria-describedby={error ? 'payment-error' : undefined}>
          <legend className="visually-hidden">{t('checkout.payment')}</legend>
          <ul className="payment-methods">
            {methods.map((m) => (
              <li key={m.id}>
                <input
                  type="radio"
                  id={`payment-${m.id}`}
                  name="payment_method"
                  value={m.id}
                  checked={method === m.id}
                  onChange={() => onMethod(m.id)}
                  aria-describedby={m.description ? `payment-${m.id}-desc` : undefined}
                />
                <label htmlFor={`payment-${m.id}`}>{m.title}</label>
                {m.description ? (
                  <p id={`payment-${m.id}-desc`} className="payment-methods__desc" hidden={hydrated && method !== m.id}>
                    {m.description}
                  </p>
                ) : null}
                {m.id === STRIPE_METHOD ? <StripeElement amount={total} currency={currency} place={place} leaveTo={payPageOf} /> : null}
                {m.id === PAYPAL_METHOD ? <PayPalButtons place={place} leaveTo={payPageOf} /> : null}
              </li>
            ))}
          </ul>
          {error ? (
            <p id="payment-error" className="field-error">
              {error}
            </p>
          ) : null}
        </fieldset>
      ) : (
        <p className="notice notice--error">{t('checkout.noPayment')}</p>
      )}
    </section>
  );
}
