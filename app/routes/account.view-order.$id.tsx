import { Form, data, redirect, useActionData } from 'react-router';
import type { Route } from './+types/account.view-order.$id';
import { getOrderForUser } from '../features/orders/orders.server.ts';
import { addressLines } from '../features/address/address.server.ts';
import { cartCallerFrom, cartCookies, cartTokenFromCookies } from '../features/cart/cart-http.server.ts';
import { orderAgain } from '../features/orders/order-again.server.ts';
import { useOrderDate } from '../features/checkout/components/order-view.tsx';
import { OrderOverview } from '../features/checkout/components/order-overview.tsx';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { requireUser } from '../features/account/require-user.server.ts';
import { formToObject, idFromText } from '../lib/validate.ts';
import { HttpError } from '../lib/http-error.ts';
import { t } from '../i18n/t-orders.ts';
import { documentLinks } from '../features/invoices/invoices.server.ts';

export const meta: Route.MetaFunction = ({ params }) => [{ title: t('myaccount.orderTitle', { number: params.id }) }, { name: 'robots', content: 'noindex' }];

/** The customer's own order only: another customer's number is simply not found. */
async function ownOrder(context: Route.LoaderArgs['context'], request: Request, id: string) {
  const user = requireUser(context, request);
  const number = idFromText(id);
  const order = number === null ? null : await getOrderForUser(context.services.db, number, user.id);
  if (!order) throw data(null, { status: 404 });
  return order;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const order = await ownOrder(context, request, params.id);
  return {
    order,
    billing: [...addressLines(order.billing), order.billing.phone, order.billing.email].filter(Boolean),
    shipping: addressLines(order.shipping),
    documents: await documentLinks(context.services.db, order.id),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const order = await ownOrder(context, request, params.id);
  // "Order again" is this form's only post: anything else is refused and adds nothing.
  if (formToObject(await request.formData()).intent !== 'order_again') throw new HttpError(400, 'invalid', 'Unknown request.');
  const caller = cartCallerFrom({ cookieToken: cartTokenFromCookies(request.headers.get('cookie')), user: requireUser(context, request) });
  const { cart, skipped } = await orderAgain(context.services, caller, order);
  const headers = new Headers();
  if (cart) for (const c of cartCookies(cart, context.secure)) headers.append('set-cookie', c);
  if (skipped.length === 0) return redirect('/cart?done=added', { headers });
  return data({ failed: skipped.map((s) => `${s.name} (${s.reason})`), added: cart !== null }, { headers, status: cart ? 200 : 409 });
}

export default function ViewOrder({ loaderData }: Route.ComponentProps) {
  const orderDate = useOrderDate();
  const { order, billing, shipping, documents } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>{t('myaccount.orderTitle', { number: order.id })}</h1>
      <p className="order-summary-line">
        {t('myaccount.orderPlaced', { date: orderDate(order.createdAt) })} <mark className={`order-status order-status--${order.status}`}>{order.statusLabel}</mark>
      </p>
      {result && 'failed' in result ? (
        <div className="notice notice--error" role="alert">
          <p>{t('myaccount.orderAgainFailed', { names: result.failed.join(', ') })}</p>
          {result.added ? (
            <p>
              <a href="/cart">{t('myaccount.goToCart')}</a>
            </p>
          ) : null}
        </div>
      ) : null}
      <OrderOverview
        order={order}
        addresses={{ billing, shipping }}
        documents={documents}
        afterLines={
          <Form method="post" className="order-again">
            <CsrfField />
            <button type="submit" name="intent" value="order_again" className="button">
              {t('myaccount.orderAgain')}
            </button>
          </Form>
        }
      />
    </>
  );
}
