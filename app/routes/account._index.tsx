import { data, Link, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/account._index';
import { clearWelcomeCookie, hasWelcome } from '../features/account/welcome.server.ts';
import { t } from '../i18n/t-orders.ts';

export const meta: Route.MetaFunction = () => [{ title: t('account.title') }, { name: 'robots', content: 'noindex' }];

interface ShellData {
  user: { name: string; email: string };
  staff: boolean;
}

/** Right after registering: a welcome notice, once. */
export function loader({ request, context }: Route.LoaderArgs) {
  const welcome = hasWelcome(request);
  return data({ welcome }, welcome ? { headers: { 'set-cookie': clearWelcomeCookie(context.secure) } } : undefined);
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const shell = useRouteLoaderData('routes/account') as ShellData | undefined;
  if (!shell) return null;
  return (
    <>
      {loaderData.welcome ? (
        <p className="notice" role="status">
          {t('myaccount.welcome', { name: shell.user.name || shell.user.email })}
        </p>
      ) : null}
      <h1>{t('account.title')}</h1>
      <p>{t('account.hello', { name: shell.user.name || shell.user.email })}</p>
      <p>
        {t('myaccount.dashboardFrom')} <Link to="/my-account/orders">{t('myaccount.dashboardOrders')}</Link>,{' '}
        <Link to="/my-account/edit-address">{t('myaccount.dashboardAddresses')}</Link> {t('myaccount.dashboardAnd')}{' '}
        <Link to="/my-account/edit-account">{t('myaccount.dashboardDetails')}</Link>.
      </p>
      {shell.staff ? (
        <p>
          <a href="/admin">{t('account.admin')}</a>
        </p>
      ) : null}
    </>
  );
}
