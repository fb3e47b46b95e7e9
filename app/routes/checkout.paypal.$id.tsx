import { data, Form, redirect, useActionData } from 'react-router';
import type { Route } from './+types/checkout.paypal.$id';
import { getSettings } from '../features/settings/settings.server.ts';
import { trustedOrigin } from '../features/settings/origin.server.ts';
import { getOrderByKey } from '../features/orders/orders.server.ts';
import { applyPaymentResult } from '../features/orders/placement.server.ts';
import { startPayPal } from '../features/payments/paypal/paypal-gateway.server.ts';
import { PAYPAL_PROVIDER } from '../features/payments/paypal/paypal-client.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { useMoney } from '../features/cart/components/money.ts';
import '../styles/orders.css';

/*
 * Back from PayPal without a payment (cancelled there, the funding source declined, PayPal
 * not answering): the order is kept, pending, and the shopper may try PayPal again. The
 * reason only picks one of the fixed messages below; the order's state is the shop's own.
 */

export const meta: Route.MetaFunction = () => [{ title: 'Pay with PayPal' }, { name: 'robots', content: 'noindex' }];

export function headers() {
  // same-origin, not no-referrer: the order key never leaves for PayPal, and the form's post keeps its Origin.
  return { 'cache-control': 'private, no-store', 'referrer-policy': 'same-origin' };
}

const REASONS = {
  cancelled: 'You left PayPal without paying. Your order is saved and waits for payment.',
  declined: 'PayPal could not take the payment with the way you chose to pay. Try again with PayPal and choose another card or bank account.',
  unavailable: 'PayPal is not answering just now. Your order is saved: please try again in a moment.',
} as const;

async function pendingOrder(context: Route.LoaderArgs['context'], request: Request, idText: string) {
  const key = new URL(request.url).searchParams.get('key') ?? '';
  const order = /^\d{1,12}$/.test(idText) ? await getOrderByKey(context.services.db, Number(idText), key) : null;
  if (!order || order.paymentMethod !== PAYPAL_PROVIDER) throw data(null, { status: 404 });
  if (order.status !== 'pending') throw redirect(order.receivedUrl);
  return order;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const order = await pendingOrder(context, request, params.id);
  const reason = new URL(request.url).searchParams.get('reason');
  return {
    order: { id: order.id, total: order.display.total, currency: order.currency },
    message: REASONS[(reason && reason in REASONS ? reason : 'cancelled') as keyof typeof REASONS],
  };
}

/** "Pay with PayPal" again: the same PayPal order while PayPal still waits for it, else a new one; then to PayPal. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const order = await pendingOrder(context, request, params.id);
  const { services } = context;
  const result = await startPayPal(services, order, { settings: await getSettings(services.db), origin: (await trustedOrigin(services, context.requestOrigin)) ?? '', services });
  await applyPaymentResult(services, order.id, { status: 'pending', transactionId: result.transactionId !== order.transactionId ? result.transactionId : undefined, note: result.transactionId !== order.transactionId ? result.note : undefined }, PAYPAL_PROVIDER);
  if (result.redirect) throw redirect(result.redirect, 303);
  return data({ error: result.message ?? REASONS.unavailable }, { status: 503 });
}

export default function PayPalRetry({ loaderData }: Route.ComponentProps) {
  const { order, message } = loaderData;
  const money = useMoney(order.currency);
  const result = useActionData<{ error: string }>();
  return (
    <div className="page container order-received">
      <h1>Pay for order #{order.id}</h1>
      <p className="notice" role="status">
        {result?.error ?? message}
      </p>
      <ul className="received-overview">
        <li>
          Order number <strong>{order.id}</strong>
        </li>
        <li>
          Total <strong>{money(order.total)}</strong>
        </li>
      </ul>
      <Form method="post" reloadDocument>
        <CsrfField />
        <button type="submit" className="button">
          Pay with PayPal
        </button>
      </Form>
      <p>
        <a href="/checkout">Back to checkout</a>
      </p>
    </div>
  );
}
