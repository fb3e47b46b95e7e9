import { Link } from 'react-router';
import { formatPrice, type PriceFormat } from '../../../lib/money.ts';
import { plural, t } from '../../../i18n/t-admin.ts';
import { statusName } from '../../orders/status-name.ts';
import type { SalesView } from '../dashboard-view.server.ts';
import type { StockItem, StockList } from '../dashboard-stock.server.ts';
import type { PendingReview } from '../dashboard.server.ts';
import { AdminTable } from './admin-table.tsx';
import { DashboardChart } from './dashboard-chart.tsx';
import { shortDate, shortDay } from '../dashboard-format.ts';
import { useLocale } from '../../../lib/use-locale.ts';

/* The dashboard's sections, each shown to the roles its figures belong to (routes/admin._index.tsx decides). */


export function SalesSection({ sales, money }: { sales: SalesView; money: PriceFormat }) {
  const locale = useLocale();
  const { figures } = sales;
  const price = (n: number) => formatPrice(n, money);
  const windows = [
    ['today', t('admin.dash.today'), figures.today],
    ['week', t('admin.dash.week'), figures.week],
    ['month', t('admin.dash.month'), figures.month],
  ] as const;
  return (
    <section className="dash-section" aria-labelledby="dash-sales">
      <h2 id="dash-sales">{t('admin.dash.sales')}</h2>
      <p className="hint">{t('admin.dash.salesHint', { currency: figures.currency })}</p>
      <ul className="admin-cards dash-figures">
        {windows.map(([key, label, w]) => (
          <li key={key} data-window={key}>
            <span className="dash-figures__label">{label}</span>
            <strong>{price(w.total)}</strong>
            <span className="hint">{plural('admin.dash.orders', w.orders)}</span>
          </li>
        ))}
      </ul>
      <p className="dash-waiting">
        {t('admin.dash.waiting')}:{' '}
        {figures.waiting.map((w, i) => (
          <span key={w.status}>
            {i ? ' · ' : null}
            <Link to={`/admin/orders?status=${w.status}`}>{t('admin.dash.waitingItem', { status: statusName(w.status), count: w.count })}</Link>
          </span>
        ))}
      </p>
      <div className="dash-charts">
        <DashboardChart id="chart-sales" title={t('admin.dash.perDay')} summary={sales.perDay.summary} spec={sales.perDay.spec} money={money}>
          <AdminTable
            label={t('admin.dash.perDay')}
            rows={[...figures.days].reverse()}
            rowKey={(d) => d.day}
            columns={[
              { header: t('admin.dash.day'), rowHeader: true, cell: (d) => <time dateTime={d.day}>{shortDay(d.day, locale)}</time> },
              { header: t('admin.dash.net'), numeric: true, cell: (d) => price(d.total) },
              { header: t('admin.dash.ordersColumn'), numeric: true, cell: (d) => d.orders },
            ]}
          />
        </DashboardChart>
        <DashboardChart id="chart-status" title={t('admin.dash.byStatus')} summary={sales.byStatus.summary} spec={sales.byStatus.spec} money={null}>
          <AdminTable
            label={t('admin.dash.byStatus')}
            rows={figures.byStatus}
            rowKey={(s) => s.status}
            columns={[
              { header: t('admin.dash.status'), rowHeader: true, cell: (s) => <Link to={`/admin/orders?status=${s.status}`}>{statusName(s.status)}</Link> },
              { header: t('admin.dash.ordersColumn'), numeric: true, cell: (s) => s.count },
            ]}
          />
        </DashboardChart>
      </div>
      <h3>{t('admin.dash.topSellers')}</h3>
      <p className="hint">{t('admin.dash.topHint')}</p>
      <AdminTable
        label={t('admin.dash.topSellers')}
        rows={sales.top}
        rowKey={(r) => r.productId}
        empty={<p>{t('admin.dash.topNone')}</p>}
        columns={[
          { header: t('admin.dash.product'), rowHeader: true, cell: (r) => (r.exists ? <Link to={`/admin/products/${r.productId}`}>{r.name}</Link> : r.name) },
          { header: t('admin.dash.sold'), numeric: true, cell: (r) => r.quantity },
          { header: t('admin.dash.net'), numeric: true, cell: (r) => price(r.netSales) },
          { header: t('admin.dash.gross'), numeric: true, cell: (r) => price(r.grossSales) },
        ]}
      />
    </section>
  );
}

function StockTable({ id, title, hint, list, empty, threshold }: { id: string; title: string; hint?: string; list: StockList; empty: string; threshold: boolean }) {
  const name = (i: StockItem) => (i.variation ? `${i.name} — ${i.variation}` : i.name);
  return (
    <div className="dash-stock" aria-labelledby={id} role="group">
      <h3 id={id}>
        {title} <span className="dash-count">({list.count})</span>
      </h3>
      {hint ? <p className="hint">{hint}</p> : null}
      {list.count > list.items.length ? <p className="hint">{`${plural('admin.dash.items', list.count)}, ${t('admin.dash.shown', { shown: list.items.length })}`}</p> : null}
      <AdminTable
        label={title}
        rows={list.items}
        rowKey={(i) => `${i.productId}:${i.variationId ?? ''}`}
        empty={<p>{empty}</p>}
        columns={[
          { header: t('admin.dash.product'), rowHeader: true, cell: (i) => <Link to={`/admin/products/${i.productId}`}>{name(i)}</Link> },
          { header: t('admin.dash.stock'), numeric: true, cell: (i) => (i.quantity === null ? t('admin.dash.notCounted') : i.quantity) },
          ...(threshold ? [{ header: t('admin.dash.threshold'), numeric: true, cell: (i: StockItem) => i.threshold ?? '' }] : []),
        ]}
      />
    </div>
  );
}

export function StockSection({ low, out, threshold, history }: { low: StockList; out: StockList; threshold: number; history: boolean }) {
  return (
    <section className="dash-section" aria-labelledby="dash-stock">
      <h2 id="dash-stock">{t('admin.dash.stock')}</h2>
      <div className="dash-columns">
        <StockTable id="dash-low" title={t('admin.dash.lowStock')} hint={t('admin.dash.lowStockHint', { threshold })} list={low} empty={t('admin.dash.lowNone')} threshold />
        <StockTable id="dash-out" title={t('admin.dash.outOfStock')} list={out} empty={t('admin.dash.outNone')} threshold={false} />
      </div>
      {history ? (
        <p>
          <Link to="/admin/stock">{t('admin.dash.stockHistory')}</Link>
        </p>
      ) : null}
    </section>
  );
}

export function ReviewsSection({ reviews, count, productLinks }: { reviews: PendingReview[]; count: number; productLinks: boolean }) {
  const locale = useLocale();
  return (
    <section className="dash-section" aria-labelledby="dash-reviews">
      <h2 id="dash-reviews">
        {t('admin.dash.reviews')} <span className="dash-count">({count})</span>
      </h2>
      <AdminTable
        label={t('admin.dash.reviews')}
        rows={reviews}
        rowKey={(r) => r.id}
        empty={<p>{t('admin.dash.reviewsNone')}</p>}
        columns={[
          // Editors moderate reviews but do not open the product editor.
          { header: t('admin.dash.product'), rowHeader: true, cell: (r) => (productLinks ? <Link to={`/admin/products/${r.productId}`}>{r.productName}</Link> : r.productName) },
          { header: t('admin.dash.author'), cell: (r) => r.author },
          { header: t('admin.dash.rating'), cell: (r) => t('admin.dash.ratingValue', { rating: r.rating }) },
          { header: t('admin.dash.review'), cell: (r) => <span className="admin-review-text">{r.excerpt}</span> },
          { header: t('admin.dash.received'), cell: (r) => <time dateTime={r.createdAt}>{shortDate(r.createdAt, locale)}</time> },
        ]}
      />
      <p>
        <Link to="/admin/reviews?status=pending">{t('admin.dash.moderate')}</Link>
      </p>
    </section>
  );
}
