import { useEffect } from 'react';
import { data } from 'react-router';
import { fetchCart } from '../features/cart/client/cart-api.ts';
import { storeCart } from '../features/cart/client/cart-queue.ts';
import type { Route } from './+types/checkout.order-received.$id';
import { getSettings } from '../features/settings/settings.server.ts';
import { addressLines } from '../features/address/address.server.ts';
import { getOrderByKey } from '../features/orders/orders.server.ts';
import { payUrl } from '../features/orders/orders.ts';
import { paymentInstructions, refreshPayment } from '../features/payments/payments.server.ts';
import { OrderOverview, PaymentInstructions } from '../features/checkout/components/order-overview.tsx';
import { t } from '../i18n/t-orders.ts';
import { CheckoutSteps } from '../features/checkout/components/checkout-steps.tsx';
import '../styles/orders.css';

export const meta: Route.MetaFunction = () => [{ title: t('received.title') }, { name: 'robots', content: 'noindex' }];

export function headers() {
  return { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' };
}

/** The order behind the link only: a wrong key, or another order's, is not found. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get('key') ?? '';
  let order = /^\d{1,12}$/.test(params.id) ? await getOrderByKey(context.services.db, Number(params.id), key) : null;
  if (!order) throw data(null, { status: 404 });
  // Back from a payment page: the provider says whether it is paid (its query string is not trusted).
  if (await refreshPayment(context.services, order, context.requestOrigin)) order = (await getOrderByKey(context.services.db, order.id, key))!;
  const settings = await getSettings(context.services.db);
  return {
    order,
    instructions: paymentInstructions(order, settings),
    billing: [...addressLines(order.billing), order.billing.phone, order.billing.email].filter(Boolean),
    shipping: addressLines(order.shipping),
    needsShipping: order.shippingLines.length > 0,
  };
}

export default function OrderReceived({ loaderData }: Route.ComponentProps) {
  const { order, instructions, billing, shipping, needsShipping } = loaderData;
  // The order emptied the cart on the server: the header cart and other tabs learn it now.
  useEffect(() => {
    fetchCart()
      .then((cart) => storeCart(cart))
      .catch(() => undefined);
  }, []);
  const failed = order.status === 'failed';
  // Paid online (a provider's transaction): whether the money has come, as the provider said.
  const online = !!order.transactionId;
  return (
    <div className="page container order-received">
      {failed ? null : <CheckoutSteps current="done" />}
      <h1>{t('received.title')}</h1>
      <p className={failed ? 'notice notice--error' : 'notice received-thanks'} role="status">
        {failed ? t('received.failed') : t('received.thanks')}
      </p>
      {online && order.status === 'pending' ? (
        <p className="notice notice--warning" role="status">
          {t('received.awaitingPayment')}
        </p>
      ) : null}
      {online && order.paidAt ? <p className="notice">{t('received.paid')}</p> : null}
      {failed ? (
        <p className="received-actions">
          <a className="button" href={payUrl(order.id, order.orderKey)}>
            {t('received.payNow')}
          </a>
        </p>
      ) : null}
      <OrderOverview
        order={order}
        summary={{ email: true, method: true }}
        addresses={{ billing, shipping, showShipping: needsShipping }}
        beforeDetails={instructions ? <PaymentInstructions instructions={instructions} /> : null}
      />
    </div>
  );
}
