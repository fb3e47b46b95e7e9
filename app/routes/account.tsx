import { Form, redirect } from 'react-router';
import type { Route } from './+types/account';
import { isStaff } from '../features/account/roles.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { t } from '../i18n/t.ts';

export const meta: Route.MetaFunction = () => [{ title: t('account.title') }, { name: 'robots', content: 'noindex' }];

export function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect('/account/login?redirect=/account');
  return { user: context.user, staff: isStaff(context.user.role) };
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { user, staff } = loaderData;
  return (
    <div className="page container">
      <h1>{t('account.title')}</h1>
      <p>{t('account.hello', { name: user.name || user.email })}</p>
      <p>{t('account.dashboardText')}</p>
      {staff ? (
        <p>
          <a href="/admin">{t('account.admin')}</a>
        </p>
      ) : null}
      <Form method="post" action="/account/logout">
        <CsrfField />
        <button type="submit" className="button button--ghost">
          {t('account.logout')}
        </button>
      </Form>
    </div>
  );
}
