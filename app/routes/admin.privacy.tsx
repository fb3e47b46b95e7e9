import { Form, useActionData } from 'react-router';
import type { Route } from './+types/admin.privacy';
import { requireStaff } from '../features/admin/admin.server.ts';
import { erasurePreview } from '../features/account/customer.server.ts';
import { eraseCustomer, listPrivacyRequests } from '../features/orders/privacy.server.ts';
import { CsrfField, Field, FormErrors, fieldError } from '../features/account/components/form-parts.tsx';
import { PRIVACY_ROLES } from '../features/checkout/admin-roles.ts';
import { orderDate } from '../features/checkout/components/order-view.tsx';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject } from '../lib/validate.ts';
import { plural, t } from '../i18n/t-admin.ts';

export const meta: Route.MetaFunction = () => [{ title: `Privacy · ${t('admin.title')}` }];

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
      if (values.confirm !== '1') throw new HttpError(400, 'not_confirmed', 'Tick the box to confirm the erasure.', { confirm: 'Tick to confirm' });
      const { userId, email } = await erasurePreview(context.services.db, values.email ?? '');
      const done = await eraseCustomer(context.services, userId, { name: staff.name || staff.email });
      return { erased: { email, orders: done.orders } };
    }
    throw new HttpError(400, 'invalid', 'Unknown request.');
  }, values);
}

export default function AdminPrivacy({ loaderData }: Route.ComponentProps) {
  const result = useActionData<ActionError | Answer>();
  const error = isActionError(result) ? result : undefined;
  const preview = result && 'preview' in result ? result.preview : null;
  const erased = result && 'erased' in result ? result.erased : null;
  return (
    <>
      <h1>Privacy</h1>
      <p>Anonymise a customer’s orders (name, addresses, e-mail, note and IP address are removed; lines and amounts stay for the accounts) and delete their account, saved addresses and sessions.</p>
      {erased ? (
        <p className="notice" role="status">
          {plural('admin.privacy.erased', erased.orders, { email: erased.email })}
        </p>
      ) : null}
      <FormErrors result={error} labels={{ email: 'Customer e-mail', confirm: 'Confirmation' }} />
      {preview ? (
        <section className="notice" aria-labelledby="erase-confirm">
          <h2 id="erase-confirm">Confirm the erasure of {preview.email}</h2>
          <p>
            {`Account “${preview.name || preview.email}” (${preview.role}) will be deleted. `}
            {plural('admin.privacy.willAnonymise', preview.orders)} This cannot be undone.
          </p>
          <Form method="post">
            <CsrfField />
            <input type="hidden" name="email" value={preview.email} />
            <div className="form-row form-row--check">
              <label>
                <input type="checkbox" name="confirm" value="1" required /> I understand that this cannot be undone
              </label>
            </div>
            <button type="submit" name="intent" value="erase" className="button">
              Erase personal data
            </button>{' '}
            <a href="/admin/privacy">Cancel</a>
          </Form>
        </section>
      ) : (
        <Form method="post" className="admin-form">
          <CsrfField />
          <Field name="email" type="email" label="Customer e-mail" required defaultValue={error?.values?.email} error={fieldError(error, 'email')} />
          <button type="submit" name="intent" value="review" className="button">
            Review
          </button>
        </Form>
      )}
      <h2>Erasure requests</h2>
      {loaderData.pending.length ? (
        <ul>
          {loaderData.pending.map((r) => (
            <li key={r.id}>
              <Form method="post" className="inline-form">
                <CsrfField />
                <input type="hidden" name="email" value={r.email} />
                {r.email}, asked on {orderDate(r.created_at)}{' '}
                <button type="submit" name="intent" value="review" className="button button--ghost button--small" aria-label={`Review the erasure of ${r.email}`}>
                  Review
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p>No pending requests.</p>
      )}
    </>
  );
}
