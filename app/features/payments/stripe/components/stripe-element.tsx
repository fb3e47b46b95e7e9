import { useEffect, useRef, useState } from 'react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { toStripeAmount } from '../stripe-amounts.ts';
import { getJson, PaymentFlowError, placementMessage, postJson, type PlacedOrder } from '../../place-from-form.ts';
import { t } from '../../../../i18n/t-payment-widgets.ts';
import '../../payment-widgets.css';

/*
 * Stripe's Payment Element in the page (an island): mounted under the card method of the form
 * it sits in (the checkout, the page to pay an order) once that method is chosen, and only
 * when GET /api/payments/stripe/config says Stripe is offered. Stripe.js is fetched then and
 * only then (a dynamic import of the loader, which adds Stripe's script), so no other page
 * carries any of it. Until the Element is ready — and for good when Stripe.js cannot be had
 * (blocked, offline) — the form posts as without scripts: to Stripe's hosted page.
 *
 * Ready, it takes over the form's submit for the card method: the Element's fields are
 * checked, the order is placed (`place`), its PaymentIntent asked for (POST
 * /api/payments/stripe/intent), confirmed by Stripe.js (3-D Secure in Stripe's own dialog, or
 * by redirect back to the order-received page), and the result read back from Stripe by the
 * shop (POST /api/payments/stripe/confirm). A decline is told at the field; the order placed
 * stays pending and the next try pays the same order.
 */

type Config = { enabled: boolean; publishable_key?: string };
type Confirmed = { status: string; paid: boolean; message: string | null; received_url: string };
type Loaded = { stripe: Stripe; elements: StripeElements };

export const STRIPE_METHOD = 'stripe';

/** The method chosen in the form now. */
const chosenMethod = (form: HTMLFormElement) => (new FormData(form).get('payment_method') as string | null) ?? '';

async function loadElement(amount: number, currency: string, onReady: () => void, onFail: () => void, mount: HTMLElement): Promise<Loaded | null> {
  const config = await getJson<Config>('/api/payments/stripe/config');
  if (!config?.enabled || !config.publishable_key) return null;
  const stripeAmount = toStripeAmount(amount, currency);
  if (stripeAmount === null || stripeAmount <= 0) return null;
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  const stripe = await loadStripe(config.publishable_key).catch(() => null);
  if (!stripe) return null;
  const elements = stripe.elements({ mode: 'payment', amount: stripeAmount, currency: currency.toLowerCase() });
  const element = elements.create('payment', { layout: 'tabs' });
  element.on('ready', onReady);
  element.on('loaderror', () => {
    element.destroy();
    onFail();
  });
  element.mount(mount);
  return { stripe, elements };
}

export function StripeElement({ amount, currency, place, leaveTo }: {
  amount: number;
  currency: string;
  place: (form: HTMLFormElement) => Promise<PlacedOrder>;
  /** Where to go when another method is chosen after the order was placed here (the checkout). */
  leaveTo?: (order: PlacedOrder) => string;
}) {
  const root = useRef<HTMLDivElement>(null);
  const mount = useRef<HTMLDivElement>(null);
  const loaded = useRef<Loaded | null>(null);
  const placed = useRef<PlacedOrder | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'ready' | 'off'>('idle');
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = state === 'ready';
  const latest = useRef({ ready, busy, place, leaveTo });
  latest.current = { ready, busy, place, leaveTo };

  // Shown while the card method is chosen; loaded the first time it is.
  useEffect(() => {
    const form = root.current?.closest('form');
    if (!form) return;
    const sync = () => setShown(chosenMethod(form) === STRIPE_METHOD);
    sync();
    form.addEventListener('change', sync);
    return () => form.removeEventListener('change', sync);
  }, []);
  useEffect(() => {
    if (!shown || state !== 'idle' || !mount.current) return;
    setState('loading');
    loadElement(amount, currency, () => setState('ready'), () => setState('off'), mount.current)
      .then((l) => {
        loaded.current = l;
        if (!l) setState('off');
      })
      .catch(() => setState('off'));
  }, [shown, state, amount, currency]);
  // The cart's total can change while the shopper types (shipping, tax).
  useEffect(() => {
    const a = toStripeAmount(amount, currency);
    if (loaded.current && a) loaded.current.elements.update({ amount: a });
  }, [amount, currency]);

  useEffect(() => {
    const form = root.current?.closest('form');
    if (!form) return;
    const onSubmit = (e: SubmitEvent) => {
      const leave = latest.current.leaveTo;
      if (placed.current && leave && chosenMethod(form) !== STRIPE_METHOD) {
        e.preventDefault();
        window.location.assign(leave(placed.current));
        return;
      }
      // Not ready (or gone): the form's own post, to Stripe's hosted page.
      if (!latest.current.ready || !loaded.current || chosenMethod(form) !== STRIPE_METHOD) return;
      e.preventDefault();
      if (latest.current.busy) return;
      void payInPage(form, loaded.current);
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, []);

  async function payInPage(form: HTMLFormElement, { stripe, elements }: Loaded) {
    setBusy(true);
    setError(null);
    try {
      const checked = await elements.submit();
      if (checked.error) return setError(checked.error.message ?? t('stripe.declined'));
      const order = (placed.current ??= await latest.current.place(form));
      const ref = { order_id: order.order_id, order_key: order.order_key };
      const intent = await postJson<{ client_secret: string }>('/api/payments/stripe/intent', ref);
      const returnUrl = new URL(order.received_url, window.location.origin).href;
      const result = await stripe.confirmPayment({ elements, clientSecret: intent.client_secret, confirmParams: { return_url: returnUrl }, redirect: 'if_required' });
      if (result.error) return setError(result.error.message ?? t('stripe.declined'));
      const after = await postJson<Confirmed>('/api/payments/stripe/confirm', ref);
      if (!after.paid && after.message) return setError(after.message);
      window.location.assign(after.received_url);
    } catch (err) {
      setError(err instanceof PaymentFlowError ? placementMessage(err) : t('stripe.unavailable'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div ref={root} className="payment-widget" hidden={!shown || state === 'off'} aria-busy={state === 'loading' || busy || undefined}>
      <div ref={mount} className="payment-widget__mount" aria-describedby={error ? 'stripe-element-error' : undefined} />
      {state === 'loading' ? <p className="payment-widget__loading">{t('stripe.loading')}</p> : null}
      {error ? (
        <p id="stripe-element-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {busy ? (
        <p className="payment-widget__busy" role="status">
          {t('stripe.paying')}
        </p>
      ) : null}
    </div>
  );
}
