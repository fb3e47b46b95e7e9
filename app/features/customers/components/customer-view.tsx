import { Link } from 'react-router';
import { AdminTable } from '../../admin/components/admin-table.tsx';
import { useMoney } from '../../cart/components/money.ts';
import { orderDate } from '../../checkout/components/order-view.tsx';
import { STATUS_LABELS } from '../../orders/orders.ts';
import type { CustomerDetail } from '../customers-admin.server.ts';
import { plural, t } from '../../../i18n/t-admin.ts';
import { RoleBadge } from './role-badge.tsx';

/* The read-only parts of a customer's back-office page: facts, saved addresses, orders. */

export function CustomerFacts({ customer: c }: { customer: CustomerDetail }) {
  const money = useMoney(undefined);
  const facts: [string, React.ReactNode][] = [
    [t('admin.customers.email'), <a href={`mailto:${c.email}`}>{c.email}</a>],
    [t('admin.customers.name'), c.name || t('admin.customers.noName')],
    [t('admin.customers.role'), <RoleBadge role={c.role} />],
    [t('admin.customers.registered'), <time dateTime={c.registeredAt}>{orderDate(c.registeredAt)}</time>],
    [t('admin.customers.orders'), c.ordersCount],
    [t('admin.customers.spent'), money(c.totalSpent)],
    [t('admin.customers.wishlists'), c.wishlists],
  ];
  return (
    <section aria-labelledby="customer-account" className="customer-card">
      <h2 id="customer-account">{t('admin.customers.account')}</h2>
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

export function CustomerAddresses({ billing, shipping }: { billing: string[]; shipping: string[] }) {
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
      <h2 id="customer-addresses">{t('admin.customers.addresses')}</h2>
      <div className="customer-addresses">
        {one('customer-billing', t('admin.customers.billing'), billing)}
        {one('customer-shipping', t('admin.customers.shipping'), shipping)}
      </div>
    </section>
  );
}

export function CustomerOrders({ customer: c }: { customer: CustomerDetail }) {
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
            <Link to={`/admin/orders?s=${encodeURIComponent(c.email)}`}>{t('admin.customers.ordersAll')}</Link>
          </>
        ) : null}
      </p>
      <AdminTable
        label={t('admin.customers.ordersHeading')}
        rows={c.orders}
        rowKey={(o) => o.id}
        empty={<p>{t('admin.customers.noOrders')}</p>}
        columns={[
          { header: t('admin.customers.order'), rowHeader: true, cell: (o) => <Link to={`/admin/orders/${o.id}`}>#{o.id}</Link> },
          { header: t('admin.customers.date'), cell: (o) => <time dateTime={o.createdAt}>{orderDate(o.createdAt)}</time> },
          { header: t('admin.customers.status'), cell: (o) => <span className={`order-status order-status--${o.status}`}>{STATUS_LABELS[o.status]}</span> },
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
