import { Form, NavLink, Outlet, redirect } from 'react-router';
import type { Route } from './+types/account';
import { isStaff } from '../lib/roles.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { t } from '../i18n/t-orders.ts';
import '../styles/orders.css';

export const meta: Route.MetaFunction = () => [{ title: t('account.title') }, { name: 'robots', content: 'noindex' }];

/** Every My account page is the signed-in customer's own: anyone else goes to the login form first. */
export function loader({ context, request }: Route.LoaderArgs) {
  if (!context.user) {
    const url = new URL(request.url);
    throw redirect(`/account/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return { user: context.user, staff: isStaff(context.user.role) };
}

export function headers() {
  return { 'cache-control': 'private, no-store' };
}

const LINKS = [
  ['/my-account', 'myaccount.nav.dashboard'],
  ['/my-account/orders', 'myaccount.nav.orders'],
  ['/my-account/downloads', 'myaccount.nav.downloads'],
  ['/my-account/edit-address', 'myaccount.nav.addresses'],
  ['/my-account/edit-account', 'myaccount.nav.details'],
  ['/my-account/privacy', 'myaccount.nav.privacy'],
] as const;

/** The My account shell: its navigation beside the page of the section chosen. */
export default function MyAccount() {
  return (
    <div className="page container my-account">
      <nav className="my-account__nav" aria-label={t('myaccount.nav.label')}>
        <ul>
          {LINKS.map(([to, key]) => (
            <li key={to}>
              <NavLink to={to} end={to === '/my-account'}>
                {t(key)}
              </NavLink>
            </li>
          ))}
          <li>
            <Form method="post" action="/account/logout">
              <CsrfField />
              <button type="submit" className="my-account__logout">
                {t('account.logout')}
              </button>
            </Form>
          </li>
        </ul>
      </nav>
      <div className="my-account__content">
        <Outlet />
      </div>
    </div>
  );
}
