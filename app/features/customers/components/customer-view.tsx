import { Link } from 'react-router';
import { AdminTable } from '../../admin/components/admin-table.tsx';
import { useMoney } from '../../cart/components/money.ts';
import { useOrderDate } from '../../checkout/components/order-view.tsx';
import { statusName } from '../../orders/status-name.ts';
import type { CustomerDetail, CustomerOrder } from '../customers-admin.server.ts';
import type { Figures } from '../customer-orders.server.ts';
import { plural, t } from '../../../i18n/t-admin.ts';
import { RoleBadge } from './role-badge.tsx';

/* The read-only parts of a customer's back-office page: facts, saved addresses, orders. */

/** Orders count, total spent, average order and last order, as a customer's facts. */
export function useFigureFacts(c: Figures): [string, React.ReactNode][] {
  const orderDate = useOrderDate();
  const money = useMoney(undefined);
  return [
    [t('admin.customers.orders'), c.ordersCount],
    [t('admin.customers.spent'), money(c.totalSpent)],
    [t('admin.customers.average'), c.averageOrder === null ? '—' : money(c.averageOrder)],
    [t('admin.customers.lastOrder'), c.lastOrder ? <time dateTime={c.lastOrder}>{orderDate(c.lastOrder)}</time> : '—'],
  ];
}

export function CustomerFacts({ customer: c }: { customer: CustomerDetail }) {
  const orderDate = useOrderDate();
  const facts: [string, React.ReactNode][] = [
    [t('admin.customers.email'), <a href={`mailto:${c.email}`}>{c.email}</a>],
    [t('admin.customers.name'), c.name || t('admin.customers.noName')],
    [t('admin.customers.role'), <RoleBadge role={c.role} />],
    [t('admin.customers.registered'), <time dateTime={c.registeredAt}>{orderDate(c.registeredAt)}</time>],
    ...useFigureFacts(c),
    [t('admin.customers.wishlists'), c.wishlists],
  ];
  return <FactList id="customer-account" title={t('admin.customers.account')} facts={facts} />;
}

export function FactList({ id, title, facts }: { id: string; title: string; facts: [string, React.ReactNode][] }) {
  return (
    <section aria-labelledby={id} className="customer-card">
      <h2 id={id}>{title}</h2>
      <dl className="customer-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function CustomerAddresses({ billing, shipping, title = t('admin.customers.addresses') }: { billing: string[]; shipping: string[]; title?: string }) {
  const one = (id: string, title: string, lines: string[]) => (
    <div>
      <h3 id={id}>{title}</h3>
      {lines.length ? (
        <address aria-labelledby={id}>
          {lines.map((l, i) => (
            <span key={i}>
              {l}
              <br />
            </span>
          ))}
        </address>
      ) : (
        <p>{t('admin.customers.noAddress')}</p>
      )}
    </div>
  );
  return (
    <section aria-labelledby="customer-addresses" className="customer-card">
      <h2 id="customer-addresses">{title}</h2>
      <div className="customer-addresses">
        {one('customer-billing', t('admin.customers.billing'), billing)}
        {one('customer-shipping', t('admin.customers.shipping'), shipping)}
      </div>
    </section>
  );
}

export function CustomerOrders({ customer: c }: { customer: { orders: CustomerOrder[]; ordersCount: number; email: string } }) {
  const orderDate = useOrderDate();
  const money = useMoney(c.orders[0]?.currency);
  return (
    <section aria-labelledby="customer-orders" className="customer-card customer-page__wide">
      <h2 id="customer-orders">{t('admin.customers.ordersHeading')}</h2>
      <p className="hint">
        {plural('admin.customers.ordersCount', c.ordersCount)}
        {c.ordersCount > c.orders.length ? (
          <>
            {' '}
            {t('admin.customers.ordersShown', { shown: c.orders.length })}{' '}
            <Link to={`/admin/orders?email=${encodeURIComponent(c.email)}`}>{t('admin.customers.ordersAll')}</Link>
          </>
        ) : null}
      </p>
      <AdminTable
        label={t('admin.customers.ordersHeading')}
        rows={c.orders}
        rowKey={(o) => o.id}
        empty={<p>{t('admin.customers.noOrders')}</p>}
        columns={[
          { header: t('admin.customers.order'), rowHeader: true,
            cell: (o) => (
              <>
                <Link to={`/admin/orders/${o.id}`}>#{o.id}</Link>
                {o.asGuest ? <span className="hint"> {t('admin.customers.asGuest')}</span> : null}
              </>
            ),
          },
          { header: t('admin.customers.date'), cell: (o) => <time dateTime={o.createdAt}>{orderDate(o.createdAt)}</time> },
          { header: t('admin.customers.status'), cell: (o) => <span className={`order-status order-status--${o.status}`}>{statusName(o.status)}</span> },
          {
            header: t('admin.customers.total'),
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
    </section>
  );
}
