import { Link } from 'react-router';
import { AdminList, listHref } from '../../admin/components/admin-list.tsx';
import { has, t } from '../../../i18n/t-admin.ts';
import { STOCK_REASONS, stockDelta, type StockHistoryPage, type StockHistoryRow } from '../stock.ts';
import { formatDateTime, type LocaleSource } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';

/*
 * The stock history on the shared admin list: the global one (/admin/stock, with a product
 * search) and a product's own (/admin/products/:id/stock). A reason filter and pages, as GET
 * links, so every view has its address and works without scripts.
 */

const when = (iso: string, locale: LocaleSource) => `${formatDateTime(iso, locale)} UTC`;
/** A message named by a stored value (a reason, a source, a status); nothing for a value without one. */
const label = (prefix: string, value: string | null): string => {
  const key = `${prefix}.${value}`;
  return value && has(key) ? t(key) : '';
};
export const statusLabel = (s: string | null) => label('admin.stock.status', s) || s || '';

function quantity(n: number | null) {
  return n === null ? <span className="hint">{t('admin.stock.notCounted')}</span> : String(n);
}

function Change({ row }: { row: StockHistoryRow }) {
  const delta = stockDelta(row.quantityBefore, row.quantityAfter);
  return (
    <span className="stock-change">
      {row.quantityBefore === null && row.statusBefore === null ? null : (
        <>
          {quantity(row.quantityBefore)}
          <span aria-hidden="true"> → </span>
          <span className="visually-hidden"> {t('admin.stock.to')} </span>
        </>
      )}
      {quantity(row.quantityAfter)}
      {delta && delta !== '0' ? <span className="stock-change__delta"> ({delta})</span> : null}
    </span>
  );
}

function Reason({ row }: { row: StockHistoryRow }) {
  const source = label('admin.stock.source', row.source);
  return (
    <>
      {label('admin.stock.reason', row.reason)}
      {row.orderId !== null ? (
        <>
          {' · '}
          <Link to={`/admin/orders/${row.orderId}`}>{t('admin.stock.order', { id: row.orderId })}</Link>
        </>
      ) : null}
      {source ? ` · ${source}` : null}
      {row.alert ? <span className="hint"> · {label('admin.stock.alert', row.alert)}</span> : null}
    </>
  );
}

export function StockHistoryList({ data, path, reason, q, product }: { data: StockHistoryPage; path: string; reason: string; q?: string; product?: boolean }) {
  const locale = useLocale();
  const params = { reason, q: q ?? '' };
  return (
    <AdminList
      label={t('admin.nav.stock')}
      path={path}
      rows={data.rows}
      rowKey={(r) => r.id}
      search={product ? undefined : { name: 'q', label: t('admin.stock.search'), value: q ?? '' }}
      filters={[
        {
          name: 'reason',
          label: t('admin.stock.reason'),
          value: reason,
          options: [{ value: '', label: t('admin.stock.allReasons') }, ...STOCK_REASONS.map((r) => ({ value: r, label: label('admin.stock.reason', r) }))],
        },
      ]}
      page={data.page}
      pages={data.pages}
      total={data.total}
      pageHref={(page) => listHref(path, { ...params, page })}
      stack="wide"
      empty={<p>{reason || q ? t('admin.stock.emptyFiltered') : t('admin.stock.empty')}</p>}
      columns={[
        {
          header: t('admin.stock.col.product'),
          rowHeader: true,
          cell: (r) =>
            r.productName === null ? (
              t('admin.stock.deleted', { id: r.productId })
            ) : (
              <>
                <Link to={`/admin/products/${r.productId}`}>{r.productName}</Link>
                {r.variationLabel ? <span className="hint"> — {r.variationLabel}</span> : null}
              </>
            ),
        },
        { header: t('admin.stock.col.when'), cell: (r) => <time dateTime={r.createdAt}>{when(r.createdAt, locale)}</time> },
        { header: t('admin.stock.col.change'), cell: (r) => <Change row={r} /> },
        {
          header: t('admin.stock.col.status'),
          cell: (r) => (r.statusBefore && r.statusBefore !== r.statusAfter ? `${statusLabel(r.statusBefore)} → ${statusLabel(r.statusAfter)}` : statusLabel(r.statusAfter)),
        },
        { header: t('admin.stock.col.reason'), cell: (r) => <Reason row={r} /> },
        { header: t('admin.stock.col.who'), cell: (r) => r.actor },
      ]}
    />
  );
}
