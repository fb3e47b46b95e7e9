import { formatPrice, type PriceFormat } from '../../lib/money.ts';
import { plural, t } from '../../i18n/t-admin.ts';
import type { ChartSpec } from '../admin/components/dashboard-chart.tsx';
import type { ComparedColumn, ReportTable } from './report-csv.ts';
import type { Reports } from './reports.server.ts';

/*
 * Each report table's chart and its compared figures. A table is charted by one measure (the
 * revenue's total per period, items sold per product, net sales per category, discount per
 * coupon, tax per rate and country, value per stocked product), its first CHART_ROWS rows in
 * the table's order. When the range is compared, the compared period's figure of each row
 * (the same period index for revenue, the same product, category, coupon or rate otherwise;
 * 0 when it had none) is the chart's second series and the tables' and CSVs' last column.
 * Stock value is of now, so it has no comparison.
 */

export const CHART_ROWS = 10;

interface Line {
  key: string;
  label: string;
  value: number;
}

type Measure = Parameters<typeof t>[0];

const MEASURE: Record<ReportTable, { measure: Measure; money: boolean }> = {
  revenue: { measure: 'admin.reports.total', money: true },
  products: { measure: 'admin.reports.itemsSold', money: false },
  categories: { measure: 'admin.reports.net', money: true },
  coupons: { measure: 'admin.reports.discount', money: true },
  taxes: { measure: 'admin.reports.taxTotal', money: true },
  stock: { measure: 'admin.reports.stockValue', money: true },
};

const productLabel = (p: { name: string; variation: string }) => (p.variation ? `${p.name} — ${p.variation}` : p.name);

/** A table's rows as chart lines, of the range or (`compared`) of the compared period; null when there is none. */
function lines(table: ReportTable, d: Reports, compared: boolean): Line[] | null {
  const c = d.compared;
  if (compared && (!c || table === 'stock')) return null;
  switch (table) {
    case 'revenue':
      return (compared ? c!.revenue : d.revenue).buckets.map((b, i) => ({ key: String(i), label: b.bucket, value: b.total }));
    case 'products':
      return (compared ? c!.products : d.products).map((p) => ({ key: `${p.productId}-${p.variationId}`, label: productLabel(p), value: p.quantity }));
    case 'categories':
      return (compared ? c!.categories : d.categories).map((x) => ({ key: String(x.categoryId), label: x.name, value: x.netSales }));
    case 'coupons':
      return (compared ? c!.revenue : d.revenue).coupons.map((x) => ({ key: x.code, label: x.code, value: x.discount }));
    case 'taxes':
      return (compared ? c!.revenue : d.revenue).taxes.map((x) => ({ key: `${x.name}|${x.country}`, label: `${x.name} · ${x.country}`, value: x.total }));
    case 'stock':
      return d.stock.rows.map((x) => ({ key: `${x.productId}-${x.variationId}`, label: x.name, value: x.value }));
  }
}

/** The compared period's figure of each row of a table, in the table's order; null when not comparing. */
export function comparedValues(table: ReportTable, d: Reports): number[] | null {
  const before = lines(table, d, true);
  if (!before) return null;
  const byKey = new Map(before.map((l) => [l.key, l.value]));
  return lines(table, d, false)!.map((l) => byKey.get(l.key) ?? 0);
}

/** A table's compared column ("Net sales (compared period)"), for the page's table and the CSV; null when not comparing. */
export function comparedColumn(table: ReportTable, d: Reports): ComparedColumn | null {
  const values = comparedValues(table, d);
  return values ? { header: t('admin.reports.comparedColumn', { measure: t(MEASURE[table].measure) }), values, money: MEASURE[table].money } : null;
}

export interface SectionChart {
  title: string;
  summary: string;
  spec: ChartSpec;
  money: PriceFormat | null;
}

/** A table's chart: its title, the sentence that says what it shows, and its bars; null when the table has no rows. */
export function sectionChart(table: ReportTable, d: Reports, money: PriceFormat): SectionChart | null {
  const all = lines(table, d, false)!;
  if (!all.length && table !== 'revenue') return null;
  const { measure, money: isMoney } = MEASURE[table];
  const shown = table === 'revenue' ? all : all.slice(0, CHART_ROWS);
  const format = (n: number) => (isMoney ? formatPrice(n, money) : String(n));
  const before = comparedValues(table, d);
  const range = d.range;
  const spec: ChartSpec = {
    direction: table === 'revenue' ? 'vertical' : 'horizontal',
    labels: shown.map((l) => l.label),
    values: shown.map((l) => l.value),
    ...(table === 'revenue' ? { notes: d.revenue.buckets.map((b) => plural('admin.dash.orders', b.orders)) } : {}),
    ...(before && range.previous
      ? { compare: { label: t('admin.reports.period', { ...range.previous }), currentLabel: t('admin.reports.period', { ...range.current }), values: before.slice(0, shown.length) } }
      : {}),
  };
  const earlier = lines(table, d, true);
  const versus = earlier && range.previous ? ` ${t('admin.reports.chartCompared', { ...range.previous, value: format(earlier.reduce((a, l) => a + l.value, 0)) })}` : '';
  if (table === 'revenue') {
    const s = d.revenue.summary;
    const summary = s.orders ? t('admin.reports.revenueSummary', { interval: t(`admin.reports.interval.${range.interval}`), total: formatPrice(s.total, money), orders: plural('admin.dash.orders', s.orders) }) : t('admin.reports.revenueNone');
    return { title: t(`admin.reports.revenue.${range.interval}`), summary: `${summary}${versus}`, spec, money };
  }
  const top = shown.reduce((a, l) => (l.value > a.value ? l : a), shown[0]!);
  const summary = t('admin.reports.chartSummary', { measure: t(measure).toLowerCase(), shown: shown.length, all: all.length, name: top.label, value: format(top.value), sum: format(all.reduce((a, l) => a + l.value, 0)) });
  return { title: t(`admin.reports.chart.${table}`), summary: `${summary}${versus}`, spec, money: isMoney ? money : null };
}
