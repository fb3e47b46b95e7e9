import type { Route } from './+types/admin._index';
import { requireStaff } from '../features/admin/admin.server.ts';
import { dashboardCounts } from '../features/admin/dashboard.server.ts';
import { t } from '../i18n/t.ts';

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.dashboard')} · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireStaff(context, request);
  return { user, counts: await dashboardCounts(context.services.db), mail: context.services.mailer.transport };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user, counts, mail } = loaderData;
  return (
    <>
      <h1>{t('admin.dashboard')}</h1>
      <p>{t('account.hello', { name: user.name || user.email })}</p>
      <ul className="admin-cards">
        <li>
          <strong>{counts.products}</strong> published products
        </li>
        <li>
          <strong>{counts.categories}</strong> categories
        </li>
        <li>
          <strong>{counts.customers}</strong> customers
        </li>
        <li>
          <strong>{counts.pendingReviews}</strong> reviews awaiting approval
        </li>
      </ul>
      <p>Outgoing mail: {mail === 'smtp' ? 'sent through SMTP' : 'written to files (see Mail)'}.</p>
    </>
  );
}
