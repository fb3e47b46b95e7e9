import { Form, useActionData } from 'react-router';
import type { Route } from './+types/order-tracking';
import { CsrfField, Field, FormErrors, fieldError } from '../features/account/components/form-parts.tsx';
import { addressLines } from '../features/address/address.server.ts';
import { lookUpOrder } from '../features/checkout/tracking.server.ts';
import { useOrderDate } from '../features/checkout/components/order-view.tsx';
import { OrderOverview } from '../features/checkout/components/order-overview.tsx';
import type { OrderDetail } from '../features/orders/orders.ts';
import { statusName } from '../features/orders/status-name.ts';
import { formAction } from '../lib/action.server.ts';
import type { ActionError } from '../lib/action.ts';
import { isActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { useScrollToNotices } from '../ui/scroll-to-notices.tsx';
import { t } from '../i18n/t-orders.ts';
import '../styles/orders.css';

export const meta: Route.MetaFunction = () => [{ title: t('tracking.title') }, { name: 'robots', content: 'noindex' }];

export function headers() {
  return { 'cache-control': 'private, no-store' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formToObject(await request.formData());
  return formAction(async () => {
    const order = await lookUpOrder(context.services, context.clientIp, values);
    return { order, billing: addressLines(order.billing), shipping: addressLines(order.shipping) };
  }, values);
}

type Found = { order: OrderDetail; billing: string[]; shipping: string[] };

export default function OrderTracking() {
  const orderDate = useOrderDate();
  const result = useActionData<ActionError | Found>();
  const error = isActionError(result) ? result : undefined;
  const found = result && !isActionError(result) ? result : null;
  const notices = useScrollToNotices(error);
  const labels = { orderid: t('tracking.orderId'), order_email: t('tracking.email') };
  return (
    <div className="page container">
      <h1>{t('tracking.title')}</h1>
      {found ? (
        <section aria-labelledby="tracking-result" className="tracking-result">
          <h2 id="tracking-result" tabIndex={-1}>
            {t('tracking.found', { number: found.order.id, date: orderDate(found.order.createdAt), status: statusName(found.order.status, { inText: true }) })}
          </h2>
          <OrderOverview order={found.order} captionHeading addresses={{ billing: found.billing, shipping: found.shipping }} />
        </section>
      ) : (
        <div className="form-card form-card--wide">
          <p>{t('tracking.text')}</p>
          <div ref={notices}>
            <FormErrors result={error} labels={labels} />
          </div>
          <Form method="post" noValidate>
            <CsrfField />
            <Field name="orderid" label={labels.orderid} hint={t('tracking.orderIdHint')} required defaultValue={error?.values?.orderid} error={fieldError(error, 'orderid')} />
            <Field
              name="order_email"
              type="email"
              label={labels.order_email}
              autoComplete="email"
              hint={t('tracking.emailHint')}
              required
              defaultValue={error?.values?.order_email}
              error={fieldError(error, 'order_email')}
            />
            <button type="submit" className="button">
              {t('tracking.submit')}
            </button>
          </Form>
        </div>
      )}
    </div>
  );
}
