import { Link } from 'react-router';
import type { Route } from './+types/account.orders';
import { listOrdersForUser } from '../features/orders/orders.server.ts';
import { needsPayment } from '../features/orders/orders.ts';
import { Pagination } from '../features/catalog/components/pagination.tsx';
import { useMoney } from '../features/cart/components/money.ts';
import { useOrderDate } from '../features/checkout/components/order-view.tsx';
import { TableScroll } from '../ui/table-scroll.tsx';
import { requireUser } from '../features/account/require-user.server.ts';
import { t } from '../i18n/t-orders.ts';
import '../features/catalog/catalog.css';

export const meta: Route.MetaFunction = () => [{ title: t('myaccount.ordersTitle') }, { name: 'robots', content: 'noindex' }];

const PER_PAGE = 10;

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
  return listOrdersForUser(context.services.db, requireUser(context, request).id, { page: Number.isInteger(page) && page > 0 ? page : 1, perPage: PER_PAGE });
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const orderDate = useOrderDate();
  const { items, page, pages } = loaderData;
  const money = useMoney(items[0]?.currency);
  return (
    <>
      <h1>{t('myaccount.ordersTitle')}</h1>
      {items.length === 0 ? (
        <div className="notice">
          <p>{page > 1 ? t('myaccount.ordersPageEmpty') : t('myaccount.ordersNone')}</p>
          <Link to="/shop" className="button button--ghost">
            {t('myaccount.browseProducts')}
          </Link>
        </div>
      ) : (
        <TableScroll label={t('myaccount.ordersTable')}>
          <table className="orders-table">
            <thead>
              <tr>
                <th scope="col">{t('order.number')}</th>
                <th scope="col">{t('order.date')}</th>
                <th scope="col">{t('order.status')}</th>
                <th scope="col">{t('order.total')}</th>
                <th scope="col">{t('order.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((o) => (
                <tr key={o.id}>
                  <th scope="row">
                    <Link to={`/my-account/view-order/${o.id}`}>#{o.id}</Link>
                  </th>
                  <td>
                    <time dateTime={o.createdAt}>{orderDate(o.createdAt)}</time>
                  </td>
                  <td>
                    <span className={`order-status order-status--${o.status}`}>{o.statusLabel}</span>
                  </td>
                  <td>{t(o.itemCount === 1 ? 'myaccount.totalForOne' : 'myaccount.totalFor', { total: money(o.total), count: o.itemCount })}</td>
                  <td>
                    <span className="orders-table__actions">
                      {needsPayment(o.status) ? (
                        // The owner's own link: signed in, the pay page needs no key.
                        <Link to={`/checkout/order-pay/${o.id}`} className="button button--small" aria-label={t('myaccount.payOrder', { number: o.id })}>
                          {t('myaccount.pay')}
                        </Link>
                      ) : null}
                      <Link to={`/my-account/view-order/${o.id}`} className="button button--ghost button--small" aria-label={t('myaccount.viewOrder', { number: o.id })}>
                        {t('myaccount.view')}
                      </Link>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination page={page} pages={pages} href={(p) => (p === 1 ? '/my-account/orders' : `/my-account/orders?page=${p}`)} />
    </>
  );
}
