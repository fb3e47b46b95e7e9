import { Form, Link, useSearchParams } from 'react-router';
import type { Route } from './+types/admin.orders';
import { requireStaff } from '../features/admin/admin.server.ts';
import { listOrdersAdmin } from '../features/orders/orders.server.ts';
import { ORDER_STATUSES, STATUS_LABELS, type OrderStatus } from '../features/orders/orders.ts';
import { Pagination } from '../features/catalog/components/pagination.tsx';
import { useMoney } from '../features/cart/components/money.ts';
import { orderDate } from '../features/checkout/components/order-view.tsx';
import { ORDER_ROLES } from '../features/checkout/admin-roles.ts';
import { AdminTable } from '../features/admin/components/admin-table.tsx';
import { plural, t } from '../i18n/t-admin.ts';
import '../features/catalog/catalog.css';
import '../styles/orders.css';

export const meta: Route.MetaFunction = () => [{ title: `Orders · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, ORDER_ROLES);
  const params = new URL(request.url).searchParams;
  const status = params.get('status') ?? '';
  const page = Number(params.get('page') ?? '1');
  const search = (params.get('s') ?? '').slice(0, 100);
  const list = await listOrdersAdmin(context.services.db, {
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : null,
    search,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  });
  return { ...list, status, search };
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { items, counts, status, search, page, pages, total } = loaderData;
  const [params] = useSearchParams();
  const money = useMoney(items[0]?.currency);
  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  const href = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) if (v) next.set(k, v);
    else next.delete(k);
    const q = next.toString();
    return q ? `/admin/orders?${q}` : '/admin/orders';
  };
  return (
    <>
      <h1>Orders</h1>
      <nav aria-label="Filter orders by status" className="status-filter">
        <ul>
          <li>
            <Link to={href({ status: null, page: null })} aria-current={status === '' ? 'page' : undefined}>
              All ({all})
            </Link>
          </li>
          {ORDER_STATUSES.filter((s) => counts[s] > 0 || s === status).map((s) => (
            <li key={s}>
              <Link to={href({ status: s, page: null })} aria-current={status === s ? 'page' : undefined}>
                {STATUS_LABELS[s]} ({counts[s]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="order-search" role="search">
        {status ? <input type="hidden" name="status" value={status} /> : null}
        <label htmlFor="order-search">Search orders</label>
        <div className="order-search__row">
          <input id="order-search" name="s" type="search" defaultValue={search} placeholder="Order number, e-mail or name" />
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </Form>
      <p role="status">{search ? plural('admin.orders.found', total, { search }) : plural('admin.orders.count', total)}</p>
      <AdminTable
        label="Orders"
        rows={items}
        rowKey={(o) => o.id}
        empty={<p>No orders match.</p>}
        columns={[
          {
            header: 'Order',
            rowHeader: true,
            cell: (o) => (
              <Link to={`/admin/orders/${o.id}`}>
                #{o.id} {o.billingName}
              </Link>
            ),
          },
          { header: 'Date', cell: (o) => <time dateTime={o.createdAt}>{orderDate(o.createdAt)}</time> },
          { header: 'Status', cell: (o) => <span className={`order-status order-status--${o.status}`}>{o.statusLabel}</span> },
          { header: 'Billing e-mail', cell: (o) => o.billingEmail },
          {
            header: 'Total',
            numeric: true,
            cell: (o) => (
              <>
                {money(o.total)}
                {o.refundedTotal > 0 ? <span className="hint"> (−{money(o.refundedTotal)})</span> : null}
              </>
            ),
          },
        ]}
      />
      <Pagination page={page} pages={pages} href={(p) => href({ page: p === 1 ? null : String(p) })} />
    </>
  );
}
