import { NavLink, Outlet } from 'react-router';
import type { Route } from './+types/admin';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { REVIEW_ROLES } from '../features/product/reviews-admin.server.ts';
import { ORDER_ROLES, PRIVACY_ROLES } from '../features/checkout/admin-roles.ts';
import { t } from '../i18n/t.ts';
import '../features/admin/admin.css';

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireStaff(context, request);
  return {
    user,
    canSettings: SETTINGS_ROLES.includes(user.role),
    canReviews: REVIEW_ROLES.includes(user.role),
    canOrders: ORDER_ROLES.includes(user.role),
    canPrivacy: PRIVACY_ROLES.includes(user.role),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin container">
      <nav className="admin__nav" aria-label={t('admin.title')}>
        <p className="admin__brand">{t('admin.title')}</p>
        <ul>
          <li>
            <NavLink to="/admin" end>
              {t('admin.dashboard')}
            </NavLink>
          </li>
          {loaderData.canOrders ? (
            <li>
              <NavLink to="/admin/orders">Orders</NavLink>
            </li>
          ) : null}
          {loaderData.canSettings ? (
            <>
              <li>
                <NavLink to="/admin/settings">{t('admin.settings')}</NavLink>
              </li>
              <li>
                <NavLink to="/admin/import">Import</NavLink>
              </li>
              <li>
                <NavLink to="/admin/coupons">Coupons</NavLink>
              </li>
              <li>
                <NavLink to="/admin/shipping">Shipping</NavLink>
              </li>
              <li>
                <NavLink to="/admin/tax">Tax</NavLink>
              </li>
              <li>
                <NavLink to="/admin/payments">Checkout and payments</NavLink>
              </li>
              <li>
                <NavLink to="/admin/mail">{t('admin.mail')}</NavLink>
              </li>
            </>
          ) : null}
          {loaderData.canPrivacy ? (
            <li>
              <NavLink to="/admin/privacy">Privacy</NavLink>
            </li>
          ) : null}
          {loaderData.canReviews ? (
            <li>
              <NavLink to="/admin/reviews">Reviews</NavLink>
            </li>
          ) : null}
          <li>
            <a href="/">{t('admin.viewShop')}</a>
          </li>
        </ul>
      </nav>
      <div className="admin__content">
        <Outlet />
      </div>
    </div>
  );
}
