import { useEffect, useRef, useState } from 'react';
import { getJson, PaymentFlowError, placementMessage, postJson, type PlacedOrder } from '../../place-from-form.ts';
import { t } from '../../../../i18n/t-payment-widgets.ts';
import '../../payment-widgets.css';

/*
 * PayPal's buttons in the page (an island), under the PayPal method of the form they sit in,
 * once that method is chosen and only when GET /api/payments/paypal/config says PayPal is
 * offered. PayPal's JS SDK is fetched then and only then (@paypal/paypal-js, imported
 * dynamically). A button places the order (`place`), has the shop make its PayPal order (POST
 * /api/payments/paypal/order: createOrder) and, once the shopper approved in PayPal's window,
 * has the shop capture it (POST /api/payments/paypal/capture: onApprove), then goes where the
 * shop says (the order-received page, or the page to try again). The form's own submit is
 * left alone: without the SDK (blocked, offline) and beside the buttons, it still ends on
 * PayPal's approval page by redirect.
 */

type Config = { enabled: boolean; client_id?: string; currency?: string };
type Captured = { status: string; paid: boolean; declined?: boolean; redirect_url: string };

export const PAYPAL_METHOD = 'paypal';

const chosenMethod = (form: HTMLFormElement) => (new FormData(form).get('payment_method') as string | null) ?? '';

export function PayPalButtons({ place, leaveTo }: { place: (form: HTMLFormElement) => Promise<PlacedOrder>; leaveTo?: (order: PlacedOrder) => string }) {
  const root = useRef<HTMLDivElement>(null);
  const mount = useRef<HTMLDivElement>(null);
  const placed = useRef<PlacedOrder | null>(null);
  const placeRef = useRef(place);
  placeRef.current = place;
  const [shown, setShown] = useState(false);
  const [state, setState] = useState<'idle' | 'loading' | 'ready' | 'off'>('idle');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const form = root.current?.closest('form');
    if (!form) return;
    const sync = () => setShown(chosenMethod(form) === PAYPAL_METHOD);
    sync();
    form.addEventListener('change', sync);
    return () => form.removeEventListener('change', sync);
  }, []);

  const leaveRef = useRef(leaveTo);
  leaveRef.current = leaveTo;
  // Placed here and PayPal's window closed: the form would only answer the same order again.
  useEffect(() => {
    const form = root.current?.closest('form');
    if (!form) return;
    const onSubmit = (e: SubmitEvent) => {
      if (!placed.current || !leaveRef.current) return;
      e.preventDefault();
      window.location.assign(leaveRef.current(placed.current));
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, []);

  useEffect(() => {
    const form = root.current?.closest('form');
    if (!shown || state !== 'idle' || !mount.current || !form) return;
    setState('loading');
    const target = mount.current;
    (async () => {
      const config = await getJson<Config>('/api/payments/paypal/config');
      if (!config?.enabled || !config.client_id) return setState('off');
      const { loadScript } = await import('@paypal/paypal-js');
      const paypal = await loadScript({ clientId: config.client_id, currency: config.currency, intent: 'capture', components: 'buttons' }).catch(() => null);
      if (!paypal?.Buttons) return setState('off');
      const ref = () => ({ order_id: placed.current!.order_id, order_key: placed.current!.order_key });
      await paypal
        .Buttons({
          style: { label: 'pay', tagline: false },
          createOrder: async () => {
            setError(null);
            try {
              placed.current ??= await placeRef.current(form);
              return (await postJson<{ id: string }>('/api/payments/paypal/order', ref())).id;
            } catch (err) {
              // Told here: PayPal's onError gets its own error, not ours.
              setError(err instanceof PaymentFlowError ? placementMessage(err) : t('paypal.failed'));
              throw err;
            }
          },
          onApprove: async () => {
            const after = await postJson<Captured>('/api/payments/paypal/capture', ref());
            window.location.assign(after.redirect_url);
          },
          onError: () => setError((shown) => shown ?? t('paypal.failed')),
        })
        .render(target);
      setState('ready');
    })().catch(() => setState('off'));
  }, [shown, state]);

  return (
    <div ref={root} className="payment-widget" hidden={!shown || state === 'off'} aria-busy={state === 'loading' || undefined}>
      <div ref={mount} className="payment-widget__mount" role="group" aria-label={t('paypal.label')} />
      {error ? (
        <p id="paypal-buttons-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
