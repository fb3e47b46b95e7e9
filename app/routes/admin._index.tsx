import type { Route } from './+types/admin._index';
import { MAIL_ROLES, requireStaff } from '../features/admin/admin.server.ts';
import { dashboardCounts, pendingReviews } from '../features/admin/dashboard.server.ts';
import { lowStock, outOfStock } from '../features/admin/dashboard-stock.server.ts';
import { salesView } from '../features/admin/dashboard-view.server.ts';
import { ReviewsSection, SalesSection, StockSection } from '../features/admin/components/dashboard-sections.tsx';
import { trustedOrigin } from '../features/settings/origin.server.ts';
import { getSettings } from '../features/settings/settings.server.ts';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/roles.ts';
import { ORDER_ROLES } from '../features/checkout/admin-roles.ts';
import { REVIEW_ROLES } from '../features/product/reviews-admin.server.ts';
import { STOCK_ROLES } from '../features/stock/roles.ts';
import type { PriceFormat } from '../lib/money.ts';
import { plural, t } from '../i18n/t-admin.ts';
import '../features/admin/dashboard.css';

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.dashboard')} · ${t('admin.title')}` }];

/*
 * The dashboard. Each part is read only for the roles it belongs to (docs/ARCHITECTURE.md,
 * Security): sales, orders and top sellers for those who see orders; stock for those who
 * manage products; reviews awaiting approval for those who moderate them. Every staff member
 * gets the headline counts and the configuration warnings.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireStaff(context, request);
  const { db } = context.services;
  const role = user.role;
  const [settings, origin, counts] = await Promise.all([getSettings(db), trustedOrigin(context.services), dashboardCounts(db)]);
  const money: PriceFormat = {
    currency: settings.currency,
    currencyPosition: settings.currencyPosition,
    pricePrecision: settings.pricePrecision,
    thousandSeparator: settings.thousandSeparator,
    decimalPoint: settings.decimalPoint,
  };
  const [sales, low, out, reviews] = await Promise.all([
    ORDER_ROLES.includes(role) ? salesView(db, money, settings) : null,
    PRODUCT_ADMIN_ROLES.includes(role) ? lowStock(db, settings.stockLowThreshold) : null,
    PRODUCT_ADMIN_ROLES.includes(role) ? outOfStock(db) : null,
    REVIEW_ROLES.includes(role) ? pendingReviews(db) : null,
  ]);
  return {
    user,
    counts,
    money,
    sales,
    stock: low && out ? { low, out, threshold: settings.stockLowThreshold, history: STOCK_ROLES.includes(role) } : null,
    reviews,
    productLinks: PRODUCT_ADMIN_ROLES.includes(role),
    mail: context.services.mailer.transport,
    // Not the request's own address: the warning is about what e-mails sent later will use.
    noOrigin: !origin,
    seesMail: MAIL_ROLES.includes(role),
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user, counts, mail, noOrigin, seesMail, sales, stock, reviews, money } = loaderData;
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
      {sales ? <SalesSection sales={sales} money={money} /> : null}
      {stock ? <StockSection low={stock.low} out={stock.out} threshold={stock.threshold} history={stock.history} /> : null}
      {reviews ? <ReviewsSection reviews={reviews} count={counts.pendingReviews} productLinks={loaderData.productLinks} /> : null}
      <p>{mail === 'smtp' ? t('admin.dash.mailSmtp') : seesMail ? t('admin.dash.mailFilesSeeMail') : t('admin.dash.mailFiles')}</p>
    </>
  );
}
