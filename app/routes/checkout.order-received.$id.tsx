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
import { useMoney } from '../features/cart/components/money.ts';
import { CustomerNotes, OrderAddresses, OrderLines, orderDate } from '../features/checkout/components/order-view.tsx';
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
  const money = useMoney(order.currency);
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
      <ul className="received-overview">
        <li>
          {t('received.number')} <strong>{order.id}</strong>
        </li>
        <li>
          {t('received.date')} <strong>{orderDate(order.createdAt)}</strong>
        </li>
        <li>
          {t('received.email')} <strong>{order.billingEmail}</strong>
        </li>
        <li>
          {t('received.total')} <strong>{money(order.display.total)}</strong>
        </li>
        <li>
          {t('received.method')} <strong>{order.paymentMethodTitle}</strong>
        </li>
      </ul>
      {instructions ? (
        <section aria-labelledby="instructions-title" className="received-instructions">
          <h2 id="instructions-title">{instructions.title}</h2>
          {instructions.text ? <p>{instructions.text}</p> : null}
          {instructions.accounts.length ? (
            <>
              <dl className="bank-details">
                {instructions.details.slice(0, 1).map((d) => (
                  <div key={d.label}>
                    <dt>{d.label}</dt>
                    <dd>{d.value}</dd>
                  </div>
                ))}
              </dl>
              {instructions.accounts.map((fields, i) => (
                <dl className="bank-details bank-details--account" key={i}>
                  {fields.map((d) => (
                    <div key={d.label}>
                      <dt>{d.label}</dt>
                      <dd>{d.value}</dd>
                    </div>
                  ))}
                </dl>
              ))}
            </>
          ) : null}
        </section>
      ) : null}
      <CustomerNotes notes={order.notes} />
      <h2>{t('order.details')}</h2>
      <OrderLines order={order} />
      {order.customerNote ? (
        <p>
          <strong>{t('order.note')}</strong> {order.customerNote}
        </p>
      ) : null}
      <OrderAddresses billing={billing} shipping={shipping} showShipping={needsShipping} />
    </div>
  );
}
