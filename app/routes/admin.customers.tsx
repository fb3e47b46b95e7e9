import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { AdminList, listHref } from '../features/admin/components/admin-list.tsx';
import { ExportLink } from '../features/admin/components/export-link.tsx';
import { useMoney } from '../features/cart/components/money.ts';
import { useOrderDate } from '../features/checkout/components/order-view.tsx';
import { RoleBadge } from '../features/customers/components/role-badge.tsx';
import { listCustomers, parseCustomerListQuery } from '../features/customers/customers-admin.server.ts';
import { ROLE_FILTERS } from '../features/customers/customers.schema.ts';
import { CUSTOMER_ADMIN_ROLES, ROLE_ADMIN_ROLES } from '../features/customers/roles.ts';
import { plural, t } from '../i18n/t-admin.ts';
import '../features/customers/customers.css';

/* /admin/customers: every account and guest buyer with their orders and spending, on the shared admin list. */

export const meta: MetaFunction = () => [{ title: `${t('admin.nav.customers')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireStaff(context, request, CUSTOMER_ADMIN_ROLES);
  const query = parseCustomerListQuery(new URL(request.url).searchParams);
  return { ...(await listCustomers(context.services.db, query)), query, canInvite: ROLE_ADMIN_ROLES.includes(user.role) };
}

export default function AdminCustomers() {
  const orderDate = useOrderDate();
  const data = useLoaderData<typeof loader>();
  const { query } = data;
  const [params] = useSearchParams();
  const money = useMoney(undefined);
  const base = { q: query.q, role: query.role, sort: query.sort === 'registered' ? undefined : query.sort, dir: query.dir === 'desc' ? undefined : query.dir };
  const deleted = params.get('deleted') === '1' ? Number(params.get('orders')) : null;
  return (
    <>
      <h1>{t('admin.nav.customers')}</h1>
      <p>{t('admin.customers.intro')}</p>
      <p className="admin-actions">
        {data.canInvite ? (
          <Link className="button" to="/admin/staff">
            {t('admin.staff.inviteLink')}
          </Link>
        ) : null}
        <ExportLink href={`/admin/customers.csv${listHref('', { q: query.q, role: query.role })}`} fileName="customers.csv">
          {t('admin.export.customers')}
        </ExportLink>
      </p>
      {deleted !== null ? (
        <p className="notice" role="status">
          {plural('admin.customers.deleted', Number.isSafeInteger(deleted) && deleted >= 0 ? deleted : 0)}
        </p>
      ) : null}
      <AdminList
        label={t('admin.nav.customers')}
        path="/admin/customers"
        rows={data.customers}
        rowKey={(c) => `${c.kind}-${c.id}`}
        stack="wide"
        search={{ name: 'q', label: t('admin.customers.search'), value: query.q, placeholder: t('admin.customers.searchHint') }}
        filters={[
          {
            name: 'role',
            label: t('admin.customers.role'),
            value: query.role ?? '',
            options: [{ value: '', label: t('admin.customers.anyRole') }, ...ROLE_FILTERS.map((r) => ({ value: r, label: t(`admin.role.${r}`) }))],
          },
        ]}
        sort={{
          value: query.sort,
          dir: query.dir,
          options: [
            { value: 'registered', label: t('admin.customers.registered') },
            { value: 'name', label: t('admin.customers.name') },
            { value: 'orders', label: t('admin.customers.orders') },
            { value: 'spent', label: t('admin.customers.spent') },
            { value: 'last', label: t('admin.customers.lastOrder') },
          ],
        }}
        page={data.page}
        pages={data.pages}
        total={data.total}
        pageHref={(page) => listHref('/admin/customers', { ...base, page })}
        empty={<p>{query.q || query.role ? t('admin.customers.noMatch') : t('admin.customers.none')}</p>}
        columns={[
          {
            header: t('admin.customers.name'),
            rowHeader: true,
            cell: (c) => <Link to={c.kind === 'guest' ? `/admin/customers/guest/${c.id}` : `/admin/customers/${c.id}`}>{c.name || t('admin.customers.noName')}</Link>,
          },
          { header: t('admin.customers.emailShort'), cell: (c) => <a href={`mailto:${c.email}`}>{c.email}</a> },
          { header: t('admin.customers.role'), cell: (c) => (c.role ? <RoleBadge role={c.role} /> : <span className="role-badge">{t('admin.role.guest')}</span>) },
          { header: t('admin.customers.orders'), numeric: true, cell: (c) => c.ordersCount },
          { header: t('admin.customers.spent'), numeric: true, cell: (c) => money(c.totalSpent) },
          { header: t('admin.customers.average'), numeric: true, cell: (c) => (c.averageOrder === null ? '—' : money(c.averageOrder)) },
          { header: t('admin.customers.lastOrder'), cell: (c) => (c.lastOrder ? <time dateTime={c.lastOrder} className="customer-date">{orderDate(c.lastOrder)}</time> : '—') },
          { header: t('admin.customers.since'), cell: (c) => <time dateTime={c.since} className="customer-date">{orderDate(c.since)}</time> },
        ]}
      />
    </>
  );
}
