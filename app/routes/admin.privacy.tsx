import { Form, useActionData } from 'react-router';
import type { Route } from './+types/admin.privacy';
import { requireStaff } from '../features/admin/admin.server.ts';
import { erasurePreview } from '../features/account/customer.server.ts';
import { eraseCustomer, listPrivacyRequests } from '../features/orders/privacy.server.ts';
import { CsrfField, Field, FormErrors, fieldError } from '../features/account/components/form-parts.tsx';
import { PRIVACY_ROLES } from '../features/checkout/admin-roles.ts';
import { useOrderDate } from '../features/checkout/components/order-view.tsx';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject } from '../lib/validate.ts';
import { plural, t } from '../i18n/t-admin.ts';

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.privacy.title')} · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, PRIVACY_ROLES);
  const requests = await listPrivacyRequests(context.services.db, { status: 'pending' });
  return { pending: requests.filter((r) => r.type === 'erasure') };
}

type Answer = { preview: Awaited<ReturnType<typeof erasurePreview>> } | { erased: { email: string; orders: number } };

/** Two steps: "Review" shows what would be erased; only "Erase" (with the same address) does it. */
export async function action({ context, request }: Route.ActionArgs) {
  const staff = requireStaff(context, request, PRIVACY_ROLES);
  const values = formToObject(await request.formData());
  return formAction(async (): Promise<Answer> => {
    if (values.intent === 'review') return { preview: await erasurePreview(context.services.db, values.email ?? '') };
    if (values.intent === 'erase') {
      if (values.confirm !== '1') throw new HttpError(400, 'not_confirmed', t('admin.privacy.tickToConfirm'), { confirm: t('admin.privacy.tickField') });
      const { userId, email } = await erasurePreview(context.services.db, values.email ?? '');
      const done = await eraseCustomer(context.services, userId, { name: staff.name || staff.email });
      return { erased: { email, orders: done.orders } };
    }
    throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
  }, values);
}

export default function AdminPrivacy({ loaderData }: Route.ComponentProps) {
  const orderDate = useOrderDate();
  const result = useActionData<ActionError | Answer>();
  const error = isActionError(result) ? result : undefined;
  const preview = result && 'preview' in result ? result.preview : null;
  const erased = result && 'erased' in result ? result.erased : null;
  return (
    <>
      <h1>{t('admin.privacy.title')}</h1>
      <p>{t('admin.privacy.intro')}</p>
      {erased ? (
        <p className="notice" role="status">
          {plural('admin.privacy.erased', erased.orders, { email: erased.email })}
        </p>
      ) : null}
      <FormErrors result={error} labels={{ email: t('admin.privacy.email'), confirm: t('admin.privacy.confirmation') }} />
      {preview ? (
        <section className="notice" aria-labelledby="erase-confirm">
          <h2 id="erase-confirm">{t('admin.privacy.confirmHeading', { email: preview.email })}</h2>
          <p>
            {t('admin.privacy.accountDeleted', { name: preview.name || preview.email, role: preview.role })} {plural('admin.privacy.willAnonymise', preview.orders)}{' '}
            {t('admin.privacy.cannotUndo')}
          </p>
          <Form method="post">
            <CsrfField />
            <input type="hidden" name="email" value={preview.email} />
            <div className="form-row form-row--check">
              <label>
                <input type="checkbox" name="confirm" value="1" required /> {t('admin.privacy.understand')}
              </label>
            </div>
            <button type="submit" name="intent" value="erase" className="button">
              {t('admin.privacy.erase')}
            </button>{' '}
            <a href="/admin/privacy">{t('admin.privacy.cancel')}</a>
          </Form>
        </section>
      ) : (
        <Form method="post" className="admin-form">
          <CsrfField />
          <Field name="email" type="email" label={t('admin.privacy.email')} required defaultValue={error?.values?.email} error={fieldError(error, 'email')} />
          <button type="submit" name="intent" value="review" className="button">
            {t('admin.privacy.review')}
          </button>
        </Form>
      )}
      <h2>{t('admin.privacy.requests')}</h2>
      {loaderData.pending.length ? (
        <ul>
          {loaderData.pending.map((r) => (
            <li key={r.id}>
              <Form method="post" className="inline-form">
                <CsrfField />
                <input type="hidden" name="email" value={r.email} />
                {t('admin.privacy.askedOn', { email: r.email, date: orderDate(r.created_at) })}{' '}
                <button type="submit" name="intent" value="review" className="button button--ghost button--small" aria-label={t('admin.privacy.reviewLabel', { email: r.email })}>
                  {t('admin.privacy.review')}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('admin.privacy.noRequests')}</p>
      )}
    </>
  );
}
