import { Form, Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { trustedOrigin } from '../features/settings/origin.server.ts';
import { CsrfField, Field, FormErrors, fieldError } from '../features/account/components/form-parts.tsx';
import { AdminTable } from '../features/admin/components/admin-table.tsx';
import { useOrderDate } from '../features/checkout/components/order-view.tsx';
import { RoleBadge } from '../features/customers/components/role-badge.tsx';
import { INVITABLE_ROLES, ROLE_ADMIN_ROLES } from '../features/customers/roles.ts';
import { inviteStaff, listInvites, resendInvite, revokeInvite } from '../features/customers/staff-invites.server.ts';
import { STAFF_INVITE_VALID_MS } from '../config/constants.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject, idFromText } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';
import '../features/customers/customers.css';

/* /admin/staff: invite staff by e-mail with a role; pending invitations with resend and revoke. Administrators only. */

export const meta: MetaFunction = () => [{ title: `${t('admin.nav.staff')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, ROLE_ADMIN_ROLES);
  const [invites, origin] = await Promise.all([listInvites(context.services.db), trustedOrigin(context.services, context.requestOrigin)]);
  return { invites, noOrigin: !origin };
}

export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireStaff(context, request, ROLE_ADMIN_ROLES);
  const values = formToObject(await request.formData());
  return formAction(async () => {
    if (values.intent === 'invite') return { done: t('admin.staff.invited', (await inviteStaff(context.services, user, values, context.requestOrigin))) };
    const id = idFromText(values.id);
    if (id !== null && values.intent === 'resend') return { done: t('admin.staff.resent', await resendInvite(context.services, user, id, context.requestOrigin)) };
    if (id !== null && values.intent === 'revoke') return { done: t('admin.staff.revoked', await revokeInvite(context.services.db, id)) };
    throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
  }, values);
}

export default function AdminStaff() {
  const orderDate = useOrderDate();
  const { invites, noOrigin } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError | { done: string }>();
  const error = isActionError(result) ? result : undefined;
  const invited = error?.values?.intent === 'invite' ? error : undefined;
  const labels = { name: t('admin.customers.name'), email: t('admin.customers.email'), role: t('admin.customers.role') };
  const days = Math.round(STAFF_INVITE_VALID_MS / 86_400_000);
  return (
    <div className="staff-page">
      <h1>{t('admin.nav.staff')}</h1>
      <p>
        {t('admin.staff.intro', { days })} <Link to="/admin/customers?role=staff">{t('admin.staff.current')}</Link>
      </p>
      {noOrigin ? (
        <p className="notice notice--error" role="alert">
          {t('admin.staff.noOrigin')} <a href="/admin/settings">{t('admin.settings')}</a>
        </p>
      ) : null}
      {error && !invited ? (
        <p className="notice notice--error" role="alert">
          {error.error.message}
        </p>
      ) : result && !error ? (
        <p className="notice" role="status">
          {(result as { done: string }).done}
        </p>
      ) : null}
      <h2>{t('admin.staff.roles')}</h2>
      <dl className="staff-roles">
        {INVITABLE_ROLES.map((r) => (
          <div key={r}>
            <dt>{t(`admin.role.${r}`)}</dt>
            <dd>{t(`admin.staff.can.${r}`)}</dd>
          </div>
        ))}
      </dl>
      <h2 id="invite-heading">{t('admin.staff.inviteHeading')}</h2>
      <FormErrors result={invited} labels={labels} />
      {/* A new key after each invitation sent: the form starts empty again (with scripts it is not reloaded). */}
      <Form method="post" className="admin-form" aria-labelledby="invite-heading" key={result && !error ? (result as { done: string }).done : 'invite'}>
        <CsrfField />
        <Field name="name" label={labels.name} autoComplete="off" defaultValue={invited?.values?.name} error={fieldError(invited, 'name')} />
        <Field name="email" type="email" label={labels.email} autoComplete="off" required defaultValue={invited?.values?.email} error={fieldError(invited, 'email')} />
        <div className="form-row">
          <label htmlFor="field-role">{labels.role}</label>
          <select id="field-role" name="role" defaultValue={invited?.values?.role ?? 'shop_manager'} aria-invalid={fieldError(invited, 'role') ? true : undefined}>
            {INVITABLE_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`admin.role.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" name="intent" value="invite" className="button">
          {t('admin.staff.send')}
        </button>
      </Form>
      <h2>{t('admin.staff.pending')}</h2>
      <AdminTable
        label={t('admin.staff.pending')}
        rows={invites}
        rowKey={(i) => i.id}
        empty={<p>{t('admin.staff.none')}</p>}
        columns={[
          { header: labels.email, rowHeader: true, cell: (i) => i.email },
          { header: labels.name, cell: (i) => i.name || '—' },
          { header: labels.role, cell: (i) => <RoleBadge role={i.role} /> },
          { header: t('admin.staff.sent'), cell: (i) => <time dateTime={i.sentAt} className="customer-date">{orderDate(i.sentAt)}</time> },
          {
            header: t('admin.staff.expires'),
            cell: (i) => (i.expired ? <strong>{t('admin.staff.expired')}</strong> : <time dateTime={i.expiresAt} className="customer-date">{orderDate(i.expiresAt)}</time>),
          },
          {
            header: t('admin.staff.actions'),
            hideHeader: true,
            cell: (i) => (
              <Form method="post" className="admin-actions">
                <CsrfField />
                <input type="hidden" name="id" value={i.id} />
                <button type="submit" name="intent" value="resend" className="button button--ghost button--small" aria-label={t('admin.staff.resendTo', { email: i.email })}>
                  {t('admin.staff.resend')}
                </button>
                <button type="submit" name="intent" value="revoke" className="button button--ghost button--small" aria-label={t('admin.staff.revokeFor', { email: i.email })}>
                  {t('admin.staff.revoke')}
                </button>
              </Form>
            ),
          },
        ]}
      />
    </div>
  );
}
