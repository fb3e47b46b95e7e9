import { useMemo, type ReactNode } from 'react';
import { Form } from 'react-router';
import { formatPrice, type PriceFormat } from '../../../lib/money.ts';
import { plural, t } from '../../../i18n/t-admin.ts';
import { AdminTable, type AdminColumn } from '../../admin/components/admin-table.tsx';
import { DashboardChart } from '../../admin/components/dashboard-chart.tsx';
import { comparedColumn, sectionChart } from '../report-charts.ts';
import { COMPARISONS, PRESETS, rangeQuery, type ReportRange } from '../report-range.ts';
import { REPORT_TABLES, type ReportTable } from '../report-csv.ts';
import type { Reports } from '../reports.server.ts';
import type { RevenueFigures } from '../revenue.server.ts';

/* The reports page's parts: the range form (a plain GET form), the figures, and each table with its chart and CSV link. */

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

interface SectionProps<Row> {
  table: ReportTable;
  title: string;
  hint?: string;
  /** More text between the hint and the CSV link (the stock's total). */
  lead?: ReactNode;
  data: Reports;
  money: PriceFormat;
  chart: ReturnType<typeof sectionChart>;
  /** All the table's rows (the compared column follows them); the page shows the first `limit`. */
  rows: Row[];
  limit?: number;
  rowKey: (row: Row) => string | number;
  columns: AdminColumn<Row>[];
}

/** One report: heading, hint, CSV link, and its chart with the table as its figures (the table alone when there is nothing to chart). */
function ReportSection<Row>({ table, title, hint, lead, data, money, chart, rows, limit, rowKey, columns }: SectionProps<Row>) {
  const compared = comparedColumn(table, data);
  const before = compared ? new Map(rows.map((r, i) => [r, compared.values[i] ?? 0])) : null;
  const all: AdminColumn<Row>[] = compared && before ? [...columns, { header: compared.header, numeric: true, cell: (r) => (compared.money ? formatPrice(before.get(r) ?? 0, money) : (before.get(r) ?? 0)) }] : columns;
  const tableEl = <AdminTable label={title} stack="wide" rows={limit ? rows.slice(0, limit) : rows} rowKey={rowKey} empty={<p>{t('admin.reports.none')}</p>} columns={all} />;
  return (
    <section className="dash-section" aria-labelledby={`report-${table}`}>
      <h2 id={`report-${table}`}>{title}</h2>
      {hint ? <p className="hint">{hint}</p> : null}
      {lead}
      <CsvLink range={data.range} table={table} title={title} />
      {chart ? (
        <DashboardChart id={`report-${table}-chart`} title={chart.title} summary={chart.summary} spec={chart.spec} money={chart.money}>
          {tableEl}
        </DashboardChart>
      ) : (
        tableEl
      )}
    </section>
  );
}

export function ReportView({ data, money }: { data: Reports; money: PriceFormat }) {
  const { range, revenue, previous, products, categories, stock } = data;
  const price = (n: number) => formatPrice(n, money);
  const show = (f: (typeof FIGURES)[number], v: RevenueFigures) => (f.money ? price(v[f.key]) : String(v[f.key]));
  const s = revenue.summary;
  // Built once per report (loader data keeps its identity), so each chart is drawn once.
  const charts = useMemo(() => Object.fromEntries(REPORT_TABLES.map((table) => [table, sectionChart(table, data, money)])) as Record<ReportTable, ReturnType<typeof sectionChart>>, [data, money]);
  const common = { data, money };
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

      <ReportSection
        {...common}
        table="revenue"
        title={t('admin.reports.revenue')}
        chart={charts.revenue}
        rows={revenue.buckets}
        rowKey={(b) => b.bucket}
        columns={[
          { header: t('admin.reports.periodColumn'), rowHeader: true, cell: (b) => <span className="report-day">{b.bucket}</span> },
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

      <ReportSection
        {...common}
        table="products"
        title={t('admin.reports.products')}
        hint={t('admin.reports.productsHint', { rows: PRODUCT_ROWS })}
        chart={charts.products}
        rows={products}
        limit={PRODUCT_ROWS}
        rowKey={(p) => `${p.productId}-${p.variationId}`}
        columns={[
          { header: t('admin.reports.product'), rowHeader: true, cell: (p) => (p.variation ? `${p.name} — ${p.variation}` : p.name) },
          { header: t('admin.reports.sku'), cell: (p) => p.sku },
          { header: t('admin.reports.itemsSold'), numeric: true, cell: (p) => p.quantity },
          { header: t('admin.reports.net'), numeric: true, cell: (p) => price(p.netSales) },
          { header: t('admin.reports.gross'), numeric: true, cell: (p) => price(p.grossSales) },
        ]}
      />

      <ReportSection
        {...common}
        table="categories"
        title={t('admin.reports.categories')}
        hint={t('admin.reports.categoriesHint')}
        chart={charts.categories}
        rows={categories}
        rowKey={(c) => c.categoryId}
        columns={[
          { header: t('admin.reports.category'), rowHeader: true, cell: (c) => c.name },
          { header: t('admin.reports.itemsSold'), numeric: true, cell: (c) => c.quantity },
          { header: t('admin.reports.net'), numeric: true, cell: (c) => price(c.netSales) },
          { header: t('admin.reports.gross'), numeric: true, cell: (c) => price(c.grossSales) },
        ]}
      />

      <ReportSection
        {...common}
        table="coupons"
        title={t('admin.reports.coupons')}
        chart={charts.coupons}
        rows={revenue.coupons}
        rowKey={(c) => c.code}
        columns={[
          { header: t('admin.reports.coupon'), rowHeader: true, cell: (c) => c.code },
          { header: t('admin.reports.orders'), numeric: true, cell: (c) => c.orders },
          { header: t('admin.reports.discount'), numeric: true, cell: (c) => price(c.discount) },
        ]}
      />

      <ReportSection
        {...common}
        table="taxes"
        title={t('admin.reports.taxTable')}
        hint={t('admin.reports.taxHint')}
        chart={charts.taxes}
        rows={revenue.taxes}
        rowKey={(r) => `${r.name}|${r.country}`}
        columns={[
          { header: t('admin.reports.taxRate'), rowHeader: true, cell: (r) => r.name },
          { header: t('admin.reports.country'), cell: (r) => r.country },
          { header: t('admin.reports.taxGoods'), numeric: true, cell: (r) => price(r.goods) },
          { header: t('admin.reports.taxShipping'), numeric: true, cell: (r) => price(r.shipping) },
          { header: t('admin.reports.taxTotal'), numeric: true, cell: (r) => price(r.total) },
        ]}
      />

      <ReportSection
        {...common}
        table="stock"
        title={t('admin.reports.stock')}
        hint={t('admin.reports.stockHint', { rows: PRODUCT_ROWS })}
        lead={<p data-figure="stock-value">{plural('admin.reports.stockTotal', stock.units, { value: price(stock.value) })}</p>}
        chart={charts.stock}
        rows={stock.rows}
        limit={PRODUCT_ROWS}
        rowKey={(r) => `${r.productId}-${r.variationId}`}
        columns={[
          { header: t('admin.reports.product'), rowHeader: true, cell: (r) => r.name },
          { header: t('admin.reports.sku'), cell: (r) => r.sku },
          { header: t('admin.reports.units'), numeric: true, cell: (r) => r.units },
          { header: t('admin.reports.regularPrice'), numeric: true, cell: (r) => price(r.price) },
          { header: t('admin.reports.stockValue'), numeric: true, cell: (r) => price(r.value) },
        ]}
      />
    </>
  );
}
