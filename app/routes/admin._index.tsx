import type { Route } from './+types/admin._index';
import { MAIL_ROLES, requireStaff } from '../features/admin/admin.server.ts';
import { dashboardCounts } from '../features/admin/dashboard.server.ts';
import { trustedOrigin } from '../features/admin/origin.server.ts';
import { plural, t } from '../i18n/t-admin.ts';

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.dashboard')} · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireStaff(context, request);
  // Not the request's own address: the warning is about what e-mails sent later will use.
  const origin = await trustedOrigin(context.services);
  return { user, counts: await dashboardCounts(context.services.db), mail: context.services.mailer.transport, noOrigin: !origin, seesMail: MAIL_ROLES.includes(user.role) };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user, counts, mail, noOrigin, seesMail } = loaderData;
  return (
    <>
      <h1>{t('admin.dashboard')}</h1>
      {noOrigin ? (
        <p className="notice notice--error" role="alert">
          {t('admin.originWarning')} <a href="/admin/settings">{t('admin.settings')}</a>
        </p>
      ) : null}
      <p>{t('account.hello', { name: user.name || user.email })}</p>
      <ul className="admin-cards">
        <li>
          <strong>{counts.products}</strong> {plural('admin.dashboard.products', counts.products)}
        </li>
        <li>
          <strong>{counts.categories}</strong> {plural('admin.dashboard.categories', counts.categories)}
        </li>
        <li>
          <strong>{counts.customers}</strong> {plural('admin.dashboard.customers', counts.customers)}
        </li>
        <li>
          <strong>{counts.pendingReviews}</strong> {plural('admin.dashboard.pendingReviews', counts.pendingReviews)}
        </li>
      </ul>
      <p>Outgoing mail: {mail === 'smtp' ? 'sent through SMTP' : seesMail ? 'written to files (see Mail)' : 'written to files'}.</p>
    </>
  );
}
