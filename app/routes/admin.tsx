import { Outlet, useMatches, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/admin';
import { MAIL_ROLES, requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { AdminShell, type AdminNavEntry } from '../features/admin/components/admin-shell.tsx';
import { REVIEW_ROLES } from '../features/product/reviews-admin.server.ts';
import { ORDER_ROLES, PRIVACY_ROLES } from '../features/checkout/admin-roles.ts';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/products-admin.server.ts';
import { WISHLIST_ADMIN_ROLES } from '../features/wishlist/wishlist-admin.server.ts';
import { FORM_ADMIN_ROLES } from '../features/forms/admin-roles.ts';
import { PAGE_EDITOR_ROLES } from '../features/pages/roles.ts';
import { MEDIA_ROLES } from '../features/media/roles.ts';
import { CHAT_CONSOLE_ROLES } from '../features/chat/chat-roles.ts';
import { MENU_ADMIN_ROLES } from '../features/menus/admin-roles.ts';
import { CUSTOMER_ADMIN_ROLES, ROLE_ADMIN_ROLES } from '../features/customers/roles.ts';
import { STOCK_ROLES } from '../features/stock/roles.ts';
import { REPORT_ROLES } from '../features/reports/roles.ts';
import { INTEGRATION_ROLES } from '../features/api-keys/roles.ts';
import { ErrorBoundary as SiteError, useRootData, type RouteHandle } from '../root.tsx';
import { t } from '../i18n/t-admin.ts';
import '../features/admin/admin.css';

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireStaff(context, request);
  return {
    user,
    canSettings: SETTINGS_ROLES.includes(user.role),
    canMail: MAIL_ROLES.includes(user.role),
    canReviews: REVIEW_ROLES.includes(user.role),
    canOrders: ORDER_ROLES.includes(user.role),
    canPrivacy: PRIVACY_ROLES.includes(user.role),
    canWishlists: WISHLIST_ADMIN_ROLES.includes(user.role),
    canForms: FORM_ADMIN_ROLES.includes(user.role),
    canMenus: MENU_ADMIN_ROLES.includes(user.role),
    canProducts: PRODUCT_ADMIN_ROLES.includes(user.role),
    canPages: PAGE_EDITOR_ROLES.includes(user.role),
    canMedia: MEDIA_ROLES.includes(user.role),
    canChat: CHAT_CONSOLE_ROLES.includes(user.role),
    canCustomers: CUSTOMER_ADMIN_ROLES.includes(user.role),
    canStaff: ROLE_ADMIN_ROLES.includes(user.role),
    // Back office: dashboard and stock.
    canStock: STOCK_ROLES.includes(user.role),
    canReports: REPORT_ROLES.includes(user.role),
    canIntegrations: INTEGRATION_ROLES.includes(user.role),
  };
}

type AdminData = Awaited<ReturnType<typeof loader>>;

/** The layout's data once a staff member is let in (the root layout then leaves out the shop's header and footer). */
export const useAdminData = () => useRouteLoaderData<AdminData>('routes/admin');

/** The side navigation's entries this user may open. */
function navFor(data: AdminData): AdminNavEntry[] {
  const entries: (AdminNavEntry | false)[] = [
    { to: '/admin', label: t('admin.dashboard'), end: true },
    data.canOrders && { to: '/admin/orders', label: t('admin.nav.orders') },
    data.canReports && { to: '/admin/reports', label: t('admin.nav.reports') },
    data.canCustomers && { to: '/admin/customers', label: t('admin.nav.customers') },
    data.canStaff && { to: '/admin/staff', label: t('admin.nav.staff') },
    data.canProducts && { to: '/admin/products', label: t('admin.nav.products') },
    data.canProducts && { to: '/admin/categories', label: t('admin.nav.categories') },
    data.canProducts && { to: '/admin/tags', label: t('admin.nav.tags') },
    data.canProducts && { to: '/admin/attributes', label: t('admin.nav.attributes') },
    data.canStock && { to: '/admin/stock', label: t('admin.nav.stock') },
    data.canProducts && { to: '/admin/shipping-classes', label: t('admin.nav.shippingClasses') },
    data.canSettings && { to: '/admin/settings', label: t('admin.settings') },
    data.canSettings && { to: '/admin/import', label: t('admin.nav.import') },
    data.canSettings && { to: '/admin/coupons', label: t('admin.nav.coupons') },
    data.canSettings && { to: '/admin/shipping', label: t('admin.nav.shipping') },
    data.canSettings && { to: '/admin/tax', label: t('admin.nav.tax') },
    data.canSettings && { to: '/admin/payments', label: t('admin.nav.payments') },
    data.canSettings && { to: '/admin/settings/invoices', label: t('admin.invoices.title') },
    data.canSettings && { to: '/admin/settings/emails', label: t('admin.emails.title') },
    data.canSettings && { to: '/admin/search', label: t('admin.nav.search') },
    data.canMail && { to: '/admin/mail', label: t('admin.mail') },
    data.canIntegrations && { to: '/admin/api-keys', label: t('admin.nav.apiKeys') },
    data.canIntegrations && { to: '/admin/webhooks', label: t('admin.nav.webhooks') },
    data.canPrivacy && { to: '/admin/privacy', label: t('admin.nav.privacy') },
    data.canReviews && { to: '/admin/reviews', label: t('admin.nav.reviews') },
    data.canWishlists && { to: '/admin/wishlists', label: t('admin.nav.wishlists') },
    data.canForms && { to: '/admin/forms', label: t('admin.nav.forms') },
    data.canPages && { to: '/admin/pages', label: t('admin.nav.pages') },
    data.canMedia && { to: '/admin/media', label: t('admin.nav.media') },
    data.canChat && { to: '/admin/chat', label: t('admin.nav.chat') },
    data.canChat && { to: '/admin/chat/transcripts', label: t('admin.chat.transcripts') },
    data.canChat && { to: '/admin/chat/offline', label: t('admin.chat.offlineInbox') },
    data.canSettings && { to: '/admin/chat/settings', label: t('admin.chat.settingsLink') },
    data.canSettings && { to: '/admin/chat/canned', label: t('admin.chat.canned') },
    data.canMenus && { to: '/admin/menus', label: t('admin.nav.menus') },
  ];
  return entries.filter((e): e is AdminNavEntry => e !== false);
}

function Shell({ data, children }: { data: AdminData; children: React.ReactNode }) {
  const root = useRootData();
  const folded = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.adminNav === 'folded');
  return (
    <AdminShell storeName={root?.settings.storeName ?? 'Vitrine'} user={data.user} nav={navFor(data)} folded={folded}>
      {children}
    </AdminShell>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell data={loaderData}>
      <Outlet />
    </Shell>
  );
}

/** A page's error (not found, not allowed) inside the admin's frame; the shop's page when this layout's own check refused. */
export function ErrorBoundary() {
  const data = useAdminData();
  return data ? (
    <Shell data={data}>
      <SiteError />
    </Shell>
  ) : (
    <SiteError />
  );
}
