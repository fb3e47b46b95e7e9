import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/checkout.order-pay.$id';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { payForOrder, payPageData } from '../features/orders/pay-for-order.server.ts';
import { OrderOverview, PaymentInstructions } from '../features/checkout/components/order-overview.tsx';
import { HttpError } from '../lib/http-error.ts';
import { formToObject, idFromText } from '../lib/validate.ts';
import { t } from '../i18n/t-orders.ts';
import { statusName } from '../features/orders/status-name.ts';
import { STRIPE_METHOD, StripeElement } from '../features/payments/stripe/components/stripe-element.tsx';
import type { PlacedOrder } from '../features/payments/place-from-form.ts';
import '../styles/orders.css';

export const meta: Route.MetaFunction = () => [{ title: t('pay.title') }, { name: 'robots', content: 'noindex' }];

export function headers() {
  // The key is in the address: never cached, never sent on to another site. `same-origin`,
  // not `no-referrer`: with that, a browser posts the form with `Origin: null`, which the
  // router's check of a form post's origin refuses.
  return { 'cache-control': 'private, no-store', 'referrer-policy': 'same-origin' };
}

/** The id in the path, or 0 (found by nothing) when it is not one the column can hold. */
const idOf = (param: string) => idFromText(param) ?? 0;

/** The order behind the link's key, or the signed-in owner's; anything else is not found. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get('key');
  try {
    const page = await payPageData(context.services, idOf(params.id), { key, user: context.user });
    // The link to the order afterwards: its received page (with the key) or, for its owner, My account.
    return { ...page, viewUrl: key ? page.order.receivedUrl : `/my-account/view-order/${page.order.id}` };
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) throw data(null, { status: 404 });
    throw err;
  }
}

/** The pay form's post (also the only path without scripts): paid → the provider's page or the order-received page. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const key = new URL(request.url).searchParams.get('key');
  const values = formToObject(await request.formData());
  try {
    const result = await payForOrder(context.services, idOf(params.id), { key, user: context.user }, { payment_method: values.payment_method ?? '' }, context.requestOrigin);
    if (result.payment.status === 'failed') {
      return data({ error: { message: result.payment.message ?? t('received.failed'), fields: {} as Record<string, string> }, method: values.payment_method ?? '' });
    }
    return redirect(result.payment.redirect);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    if (err.status === 404) throw data(null, { status: 404 });
    // Already paid or cancelled (a second submit): the page, loaded again, says so.
    return data({ error: { message: err.message, fields: err.fields ?? {} }, method: values.payment_method ?? '' }, { status: err.status });
  }
}

/** The order this page pays, as the card widget pays it. */
const placedOf = (o: { id: number; orderKey: string; receivedUrl: string }): PlacedOrder => ({ order_id: o.id, order_key: o.orderKey, received_url: o.receivedUrl, redirect_url: o.receivedUrl, message: null });

export default function PayForOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, payable, methods, instructions, viewUrl } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const chosen = actionData?.method || (methods.some((m) => m.id === order.paymentMethod) ? order.paymentMethod : methods[0]?.id);
  const fieldError = actionData?.error.fields.payment_method;
  const closed = order.status === 'cancelled' || order.status === 'refunded';
  return (
    <div className="page container order-pay">
      <h1>{t('pay.title')}</h1>
      {payable ? (
        <p>{t(order.status === 'failed' ? 'pay.failedIntro' : 'pay.intro', { number: order.id })}</p>
      ) : (
        <p className={closed ? 'notice notice--error' : 'notice'} role="status">
          {order.status === 'on-hold' ? t('pay.onHold', { method: order.paymentMethodTitle }) : t(closed ? 'pay.closed' : 'pay.paid', { status: statusName(order.status, { inText: true }) })} <Link to={viewUrl}>{t('pay.viewOrder')}</Link>
        </p>
      )}
      {actionData?.error && payable ? (
        <p className="notice notice--error" role="alert">
          {actionData.error.message}
        </p>
      ) : null}
      <OrderOverview
        order={order}
        summary={{}}
        updates={false}
        afterLines={instructions ? <PaymentInstructions instructions={instructions} details={false} /> : null}
      />
      {payable ? (
        <Form method="post" className="order-pay__form">
          <CsrfField />
          <section aria-labelledby="pay-method-title" className="checkout-payment">
            <h2 id="pay-method-title">{t('pay.method')}</h2>
            {methods.length ? (
              <fieldset aria-describedby={fieldError ? 'pay-method-error' : undefined}>
                <legend className="visually-hidden">{t('pay.method')}</legend>
                <ul className="payment-methods">
                  {methods.map((m) => (
                    <li key={m.id}>
                      <input type="radio" id={`pay-${m.id}`} name="payment_method" value={m.id} defaultChecked={m.id === chosen} aria-describedby={m.description ? `pay-${m.id}-desc` : undefined} />
                      <label htmlFor={`pay-${m.id}`}>{m.title}</label>
                      {m.description ? (
                        <p id={`pay-${m.id}-desc`} className="payment-methods__desc">
                          {m.description}
                        </p>
                      ) : null}
                      {/* In the page for an order already to be paid by card; a change of method goes through the form's post. */}
                      {m.id === STRIPE_METHOD && order.paymentMethod === STRIPE_METHOD ? <StripeElement amount={order.total} currency={order.currency} place={async () => placedOf(order)} /> : null}
                    </li>
                  ))}
                </ul>
                {fieldError ? (
                  <p id="pay-method-error" className="field-error">
                    {fieldError}
                  </p>
                ) : null}
              </fieldset>
            ) : (
              <p className="notice notice--error">{t('pay.noMethods')}</p>
            )}
          </section>
          {methods.length ? (
            <button type="submit" className="button order-pay__submit" disabled={busy}>
              {t('pay.submit')}
            </button>
          ) : null}
        </Form>
      ) : null}
    </div>
  );
}
