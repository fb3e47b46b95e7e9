import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { formatPrice, type PriceFormat } from '../../../lib/money.ts';
import { plural, t } from '../../../i18n/t-admin.ts';
import { AdminTable } from '../../admin/components/admin-table.tsx';
import { DashboardChart, type ChartSpec } from '../../admin/components/dashboard-chart.tsx';
import { COMPARISONS, PRESETS, rangeQuery, type ReportRange } from '../report-range.ts';
import type { ReportTable } from '../report-csv.ts';
import type { Reports } from '../reports.server.ts';
import type { RevenueFigures } from '../revenue.server.ts';

/* The reports page's parts: the range form (a plain GET form), the figures, and each table with its CSV link. */

export const PRODUCT_ROWS = 50;

export function RangeForm({ values, errors }: { values: Record<string, string>; errors: Record<string, string> }) {
  const field = (k: string, label: string, control: (props: Record<string, unknown>) => ReactNode, hint?: string) => {
    const describedBy = [errors[k] ? `report-${k}-error` : '', hint ?? ''].filter(Boolean).join(' ');
    return (
      <div className="report-range__field">
        <label htmlFor={`report-${k}`}>{label}</label>
        {control({ id: `report-${k}`, name: k, ...(errors[k] ? { 'aria-invalid': true } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
        {errors[k] ? (
          <span id={`report-${k}-error`} className="field-error">
            {errors[k]}
          </span>
        ) : null}
      </div>
    );
  };
  return (
    <Form method="get" className="report-range" aria-label={t('admin.reports.rangeForm')}>
      {field('range', t('admin.reports.range'), (p) => (
        <select {...p} defaultValue={values.range ?? 'month'}>
          {PRESETS.map((v) => (
            <option key={v} value={v}>
              {t(`admin.reports.preset.${v}`)}
            </option>
          ))}
        </select>
      ))}
      {field('from', t('admin.reports.from'), (p) => <input {...p} type="date" defaultValue={values.from ?? ''} />, 'report-custom-hint')}
      {field('to', t('admin.reports.to'), (p) => <input {...p} type="date" defaultValue={values.to ?? ''} />, 'report-custom-hint')}
      {field('compare', t('admin.reports.compare'), (p) => (
        <select {...p} defaultValue={values.compare ?? 'previous'}>
          {COMPARISONS.map((v) => (
            <option key={v} value={v}>
              {t(`admin.reports.compare.${v}`)}
            </option>
          ))}
        </select>
      ))}
      <button type="submit" className="button">
        {t('admin.reports.show')}
      </button>
      <p id="report-custom-hint" className="hint">
        {t('admin.reports.customHint')}
      </p>
    </Form>
  );
}

const FIGURES: { key: keyof RevenueFigures; label: Parameters<typeof t>[0]; money: boolean }[] = [
  { key: 'gross', label: 'admin.reports.gross', money: true },
  { key: 'refunds', label: 'admin.reports.refunds', money: true },
  { key: 'discounts', label: 'admin.reports.discounts', money: true },
  { key: 'net', label: 'admin.reports.net', money: true },
  { key: 'taxes', label: 'admin.reports.taxes', money: true },
  { key: 'shipping', label: 'admin.reports.shipping', money: true },
  { key: 'total', label: 'admin.reports.total', money: true },
  { key: 'orders', label: 'admin.reports.orders', money: false },
  { key: 'average', label: 'admin.reports.average', money: true },
  { key: 'itemsSold', label: 'admin.reports.itemsSold', money: false },
];

function change(now: number, before: number, shown: string): string {
  if (now === before) return t('admin.reports.noChange', { value: shown });
  const pct = before === 0 ? null : Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
  const text = pct === null ? (now > before ? '+' : '−') : `${pct > 0 ? '+' : pct < 0 ? '−' : ''}${Math.abs(pct)} %`;
  return t('admin.reports.change', { change: text, value: shown });
}

function CsvLink({ range, table, title }: { range: ReportRange; table: ReportTable; title: string }) {
  return (
    <a className="report-csv" href={`/admin/reports.csv?${rangeQuery(range, { table })}`} download aria-label={t('admin.reports.csvOf', { table: title })}>
      {t('admin.reports.csv')}
    </a>
  );
}

export function ReportView({ data, money }: { data: Reports; money: PriceFormat }) {
  const { range, revenue, previous, products, categories, stock } = data;
  const price = (n: number) => formatPrice(n, money);
  const show = (f: (typeof FIGURES)[number], v: RevenueFigures) => (f.money ? price(v[f.key]) : String(v[f.key]));
  const s = revenue.summary;
  const perTitle = t(`admin.reports.revenue.${range.interval}`);
  const spec: ChartSpec = {
    direction: 'vertical',
    labels: revenue.buckets.map((b) => b.bucket),
    values: revenue.buckets.map((b) => b.total),
    notes: revenue.buckets.map((b) => plural('admin.dash.orders', b.orders)),
  };
  const summary = s.orders ? t('admin.reports.revenueSummary', { interval: t(`admin.reports.interval.${range.interval}`), total: price(s.total), orders: plural('admin.dash.orders', s.orders) }) : t('admin.reports.revenueNone');
  const none = <p>{t('admin.reports.none')}</p>;
  return (
    <>
      <p className="report-period">
        {t('admin.reports.period', { from: range.current.from, to: range.current.to })}
        {range.previous ? <> · {t('admin.reports.versus', { ...range.previous })}</> : null}
      </p>
      <ul className="admin-cards report-figures" aria-label={t('admin.reports.revenue')}>
        {FIGURES.map((f) => (
          <li key={f.key} data-figure={f.key}>
            <span className="dash-figures__label">{t(f.label)}</span>
            <strong>{show(f, s)}</strong>
            {previous ? <span className="hint">{change(s[f.key], previous[f.key], show(f, previous))}</span> : null}
          </li>
        ))}
      </ul>

      <section className="dash-section" aria-labelledby="report-revenue">
        <h2 id="report-revenue">{t('admin.reports.revenue')}</h2>
        <CsvLink range={range} table="revenue" title={t('admin.reports.revenue')} />
        <DashboardChart id="report-chart" title={perTitle} summary={summary} spec={spec} money={money}>
          <AdminTable
            label={perTitle}
            stack="wide"
            rows={revenue.buckets}
            rowKey={(b) => b.bucket}
            columns={[
              { header: t('admin.reports.periodColumn'), rowHeader: true, cell: (b) => b.bucket },
              { header: t('admin.reports.orders'), numeric: true, cell: (b) => b.orders },
              { header: t('admin.reports.gross'), numeric: true, cell: (b) => price(b.gross) },
              { header: t('admin.reports.refunds'), numeric: true, cell: (b) => price(b.refunds) },
              { header: t('admin.reports.discounts'), numeric: true, cell: (b) => price(b.discounts) },
              { header: t('admin.reports.net'), numeric: true, cell: (b) => price(b.net) },
              { header: t('admin.reports.taxes'), numeric: true, cell: (b) => price(b.taxes) },
              { header: t('admin.reports.shipping'), numeric: true, cell: (b) => price(b.shipping) },
              { header: t('admin.reports.total'), numeric: true, cell: (b) => price(b.total) },
            ]}
          />
        </DashboardChart>
      </section>

      <section className="dash-section" aria-labelledby="report-products">
        <h2 id="report-products">{t('admin.reports.products')}</h2>
        <p className="hint">{t('admin.reports.productsHint', { rows: PRODUCT_ROWS })}</p>
        <CsvLink range={range} table="products" title={t('admin.reports.products')} />
        <AdminTable
          label={t('admin.reports.products')}
          rows={products.slice(0, PRODUCT_ROWS)}
          rowKey={(p) => `${p.productId}-${p.variationId}`}
          empty={none}
          columns={[
            { header: t('admin.reports.product'), rowHeader: true, cell: (p) => (p.variation ? `${p.name} — ${p.variation}` : p.name) },
            { header: t('admin.reports.sku'), cell: (p) => p.sku },
            { header: t('admin.reports.itemsSold'), numeric: true, cell: (p) => p.quantity },
            { header: t('admin.reports.net'), numeric: true, cell: (p) => price(p.netSales) },
            { header: t('admin.reports.gross'), numeric: true, cell: (p) => price(p.grossSales) },
          ]}
        />
      </section>

      <section className="dash-section" aria-labelledby="report-categories">
        <h2 id="report-categories">{t('admin.reports.categories')}</h2>
        <p className="hint">{t('admin.reports.categoriesHint')}</p>
        <CsvLink range={range} table="categories" title={t('admin.reports.categories')} />
        <AdminTable
          label={t('admin.reports.categories')}
          rows={categories}
          rowKey={(c) => c.categoryId}
          empty={none}
          columns={[
            { header: t('admin.reports.category'), rowHeader: true, cell: (c) => c.name },
            { header: t('admin.reports.itemsSold'), numeric: true, cell: (c) => c.quantity },
            { header: t('admin.reports.net'), numeric: true, cell: (c) => price(c.netSales) },
            { header: t('admin.reports.gross'), numeric: true, cell: (c) => price(c.grossSales) },
          ]}
        />
      </section>

      <section className="dash-section" aria-labelledby="report-coupons">
        <h2 id="report-coupons">{t('admin.reports.coupons')}</h2>
        <CsvLink range={range} table="coupons" title={t('admin.reports.coupons')} />
        <AdminTable
          label={t('admin.reports.coupons')}
          rows={revenue.coupons}
          rowKey={(c) => c.code}
          empty={none}
          columns={[
            { header: t('admin.reports.coupon'), rowHeader: true, cell: (c) => c.code },
            { header: t('admin.reports.orders'), numeric: true, cell: (c) => c.orders },
            { header: t('admin.reports.discount'), numeric: true, cell: (c) => price(c.discount) },
          ]}
        />
      </section>

      <section className="dash-section" aria-labelledby="report-taxes">
        <h2 id="report-taxes">{t('admin.reports.taxTable')}</h2>
        <p className="hint">{t('admin.reports.taxHint')}</p>
        <CsvLink range={range} table="taxes" title={t('admin.reports.taxTable')} />
        <AdminTable
          label={t('admin.reports.taxTable')}
          rows={revenue.taxes}
          rowKey={(r) => `${r.name}|${r.country}`}
          empty={none}
          columns={[
            { header: t('admin.reports.taxRate'), rowHeader: true, cell: (r) => r.name },
            { header: t('admin.reports.country'), cell: (r) => r.country },
            { header: t('admin.reports.taxGoods'), numeric: true, cell: (r) => price(r.goods) },
            { header: t('admin.reports.taxShipping'), numeric: true, cell: (r) => price(r.shipping) },
            { header: t('admin.reports.taxTotal'), numeric: true, cell: (r) => price(r.total) },
          ]}
        />
      </section>

      <section className="dash-section" aria-labelledby="report-stock">
        <h2 id="report-stock">{t('admin.reports.stock')}</h2>
        <p className="hint">{t('admin.reports.stockHint', { rows: PRODUCT_ROWS })}</p>
        <p data-figure="stock-value">
          {t('admin.reports.stockTotal', { value: price(stock.value), units: stock.units })}
        </p>
        <CsvLink range={range} table="stock" title={t('admin.reports.stock')} />
        <AdminTable
          label={t('admin.reports.stock')}
          rows={stock.rows.slice(0, PRODUCT_ROWS)}
          rowKey={(r) => `${r.productId}-${r.variationId}`}
          empty={none}
          columns={[
            { header: t('admin.reports.product'), rowHeader: true, cell: (r) => r.name },
            { header: t('admin.reports.sku'), cell: (r) => r.sku },
            { header: t('admin.reports.units'), numeric: true, cell: (r) => r.units },
            { header: t('admin.reports.regularPrice'), numeric: true, cell: (r) => price(r.price) },
            { header: t('admin.reports.stockValue'), numeric: true, cell: (r) => price(r.value) },
          ]}
        />
      </section>
    </>
  );
}
