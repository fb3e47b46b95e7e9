import { Link, redirectDocument, useActionData } from 'react-router';
import type { Route } from './+types/admin.orders';
import { ExportLink } from '../features/admin/components/export-link.tsx';
import { requireStaff } from '../features/admin/admin.server.ts';
import { listOrdersAdmin, orderPaymentMethods } from '../features/orders/orders.server.ts';
import { bulkChangeOrderStatus } from '../features/orders/order-status.server.ts';
import { ORDER_STATUSES } from '../features/orders/orders.ts';
import { statusName } from '../features/orders/status-name.ts';
import { ORDER_SORTS, orderListParams, parseOrderListQuery } from '../features/orders/order-list.schema.ts';
import { deleteFilter, saveFilter, savedFilters, type SavedFilterList } from '../features/admin/saved-filters.server.ts';
import { SavedFilters } from '../features/admin/components/saved-filters.tsx';
import { useMoney } from '../features/cart/components/money.ts';
import { useOrderDate } from '../features/checkout/components/order-view.tsx';
import { ORDER_ROLES } from '../features/checkout/admin-roles.ts';
import { ActionNotice, type Skipped } from '../features/admin/components/action-notice.tsx';
import { AdminList, listHref } from '../features/admin/components/admin-list.tsx';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject } from '../lib/validate.ts';
import { plural, perLanguage, t } from '../i18n/t-admin.ts';
import '../features/catalog/catalog.css';
import '../styles/orders.css';

/*
 * /admin/orders: every order on the shared admin list (search, status tabs, payment, days,
 * customer by account or e-mail, sort, pages, bulk status change and printing). Every filter
 * is in the address; each staff member's saved filters are named links to such addresses.
 */

/** The orders list for saved filters: what it keeps of a query string is what its schema reads. */
const ORDERS_LIST: SavedFilterList = {
  list: 'orders',
  path: '/admin/orders',
  canonical: (params) => listHref('', orderListParams(parseOrderListQuery(params))).replace(/^\?/, ''),
};

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.orders.title')} · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireStaff(context, request, ORDER_ROLES);
  const { db } = context.services;
  const query = parseOrderListQuery(new URL(request.url).searchParams);
  const [list, payments, saved] = await Promise.all([
    listOrdersAdmin(db, { ...query }),
    orderPaymentMethods(db),
    savedFilters(db, user.id, ORDERS_LIST),
  ]);
  return { ...list, query, payments, saved };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireStaff(context, request, ORDER_ROLES);
  const form = await request.formData();
  const actor = { name: user.name || user.email, userId: user.id };
  const values = formToObject(form);
  return formAction(async () => {
    if (values.intent === 'save-filter') {
      const saved = await saveFilter(context.services.db, user.id, ORDERS_LIST, values);
      return { done: t('admin.savedFilters.saved', { name: saved.name }) };
    }
    if (values.intent === 'delete-filter') {
      const gone = await deleteFilter(context.services.db, user.id, ORDERS_LIST, values);
      return { done: t('admin.savedFilters.deleted', { name: gone.name }) };
    }
    if (values.intent !== 'bulk') throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
    const ids = form.getAll('ids').map(String);
    // "Print invoices" / "Print packing slips": one PDF of the chosen orders, fetched as a document (it downloads).
    const print = PRINT_ACTIONS.find((p) => p.value === form.get('action'));
    if (print) {
      if (!ids.length || ids.some((id) => !/^\d{1,10}$/.test(id))) throw new HttpError(400, 'invalid', t('admin.invoices.chooseOrders'), { ids: t('admin.invoices.chooseOrders') });
      return redirectDocument(`/admin/orders/print?kind=${print.kind}&ids=${ids.join(',')}`);
    }
    const r = await bulkChangeOrderStatus(context.services, { status: form.get('action') || undefined, ids }, actor);
    return { done: plural('admin.orders.bulkDone', ids.length, { status: statusName(r.to), changed: r.changed }), skipped: r.skipped };
  });
}

const PRINT_ACTIONS = perLanguage(() => [
  { value: 'print-invoices', kind: 'invoice', label: t('admin.invoices.bulkInvoices') },
  { value: 'print-packing-slips', kind: 'packing-slip', label: t('admin.invoices.bulkPackingSlips') },
] as const);

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const orderDate = useOrderDate();
  const { items, counts, query, payments, page, pages, total, saved } = loaderData;
  const result = useActionData<ActionError | { done: string; skipped: Skipped }>();
  const money = useMoney(items[0]?.currency);
  const all = Object.values(counts).reduce((a, b) => a + b, 0);
  const base = orderListParams(query);
  const href = (changes: Partial<Record<keyof typeof base | 'page', string | number>>) => listHref('/admin/orders', { ...base, ...changes });
  const view = href({});
  const { sort: _sort, dir: _dir, ...filtersOnly } = base;
  const filtered = Object.values(filtersOnly).some(Boolean);
  const filterError = isActionError(result) && result.error.fields?.name ? result.error.fields.name : undefined;
  return (
    <>
      <h1>{t('admin.orders.title')}</h1>
      <p className="admin-actions">
        <Link className="button" to="/admin/orders/new">
          {t('admin.orderForm.add')}
        </Link>{' '}
        <ExportLink href={`/admin/orders.csv${listHref('', filtersOnly)}`} fileName="orders.csv">
          {t('admin.export.orders')}
        </ExportLink>
      </p>
      <nav aria-label={t('admin.orders.statusNav')} className="status-filter">
        <ul>
          <li>
            <Link to={href({ status: '' })} aria-current={query.status ? undefined : 'page'}>
              {t('admin.orders.all', { count: all })}
            </Link>
          </li>
          {ORDER_STATUSES.filter((s) => counts[s] > 0 || s === query.status).map((s) => (
            <li key={s}>
              <Link to={href({ status: s })} aria-current={query.status === s ? 'page' : undefined}>
                {t('admin.orders.tab', { status: statusName(s), count: counts[s] })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {query.customer ? (
        <p className="admin-list__scope">
          {t('admin.orders.ofCustomer', { id: query.customer })} <Link to={href({ customer: '' })}>{t('admin.orders.allCustomers')}</Link>
        </p>
      ) : null}
      {query.email ? (
        <p className="admin-list__scope">
          {t('admin.orders.ofEmail', { email: query.email })} <Link to={href({ email: '' })}>{t('admin.orders.allCustomers')}</Link>
        </p>
      ) : null}
      <SavedFilters filters={saved} current={view} action={view} query={view.replace(/^[^?]*\??/, '')} error={filterError} />
      <ActionNotice result={result} />
      {/* One status at a time: after a bulk action its report is the page's status. */}
      <p role={result && !isActionError(result) ? undefined : 'status'}>{query.q ? plural('admin.orders.found', total, { search: query.q }) : plural('admin.orders.count', total)}</p>
      <AdminList
        label={t('admin.orders.title')}
        path="/admin/orders"
        rows={items}
        rowKey={(o) => o.id}
        keep={{ status: query.status ?? '', customer: query.customer ? String(query.customer) : '' }}
        search={{ name: 'q', label: t('admin.orders.search'), value: query.q, placeholder: t('admin.orders.searchHint') }}
        filters={[
          {
            name: 'payment',
            label: t('admin.orders.payment'),
            value: query.payment,
            options: [{ value: '', label: t('admin.orders.anyPayment') }, ...payments.map((p) => ({ value: p.id, label: p.title }))],
          },
          { name: 'from', label: t('admin.orders.from'), value: query.from, kind: 'date' },
          { name: 'to', label: t('admin.orders.to'), value: query.to, kind: 'date' },
          { name: 'email', label: t('admin.orders.customerEmail'), value: query.email ?? '', kind: 'email' },
        ]}
        sort={{
          value: query.sort,
          dir: query.dir,
          options: ORDER_SORTS.map((s) => ({ value: s, label: t(`admin.orders.${s}`) })),
        }}
        page={page}
        pages={pages}
        total={total}
        pageHref={(p) => href({ page: p })}
        bulk={{
          action: href({ page }),
          id: (o) => String(o.id),
          label: (o) => t('admin.orders.select', { id: o.id }),
          actions: [
            ...ORDER_STATUSES.map((s) => ({ value: s, label: t('admin.orders.bulkTo', { status: statusName(s) }) })),
            ...PRINT_ACTIONS.map((p) => ({ value: p.value, label: p.label })),
          ],
        }}
        empty={<p>{filtered ? t('admin.orders.noMatch') : t('admin.orders.none')}</p>}
        columns={[
          {
            header: t('admin.orders.order'),
            rowHeader: true,
            cell: (o) => (
              <Link to={`/admin/orders/${o.id}`}>
                #{o.id} {o.billingName}
              </Link>
            ),
          },
          { header: t('admin.orders.date'), cell: (o) => <time dateTime={o.createdAt}>{orderDate(o.createdAt)}</time> },
          { header: t('admin.orders.status'), cell: (o) => <span className={`order-status order-status--${o.status}`}>{o.statusLabel}</span> },
          { header: t('admin.orders.email'), cell: (o) => o.billingEmail },
          {
            header: t('admin.orders.total'),
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
    </>
  );
}
