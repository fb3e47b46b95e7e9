import type { Route } from './+types/admin.reports[.]csv';
import { requireStaff } from '../features/admin/admin.server.ts';
import { comparedColumn } from '../features/reports/report-charts.ts';
import { REPORT_TABLES, reportCsv, type ReportData, type ReportTable } from '../features/reports/report-csv.ts';
import { moneyFormat, readRange, REPORT_ROLES, reports } from '../features/reports/reports.server.ts';

/**
 * One report's table as CSV, for the same range as the page (`table=` revenue, products,
 * categories, coupons, taxes, or stock: the stock value now, whatever the range), from the
 * same figures as the page: when the range is compared, a last column holds the compared
 * period's figure of each row, as the page's table does. A range or table that cannot be read
 * is a 400 with the reason.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, REPORT_ROLES);
  const { db } = context.services;
  const params = new URL(request.url).searchParams;
  const table = params.get('table') as ReportTable;
  if (!REPORT_TABLES.includes(table)) return plain(400, `Unknown table: choose one of ${REPORT_TABLES.join(', ')}.`);
  const read = readRange(params);
  if (!read.ok) return plain(400, Object.entries(read.errors).map(([k, v]) => `${k}: ${v}`).join('\n'));
  const money = await moneyFormat(db);
  const report = await reports(db, read.range, money.currency);
  const rows: ReportData = {
    revenue: report.revenue.buckets,
    products: report.products,
    categories: report.categories,
    coupons: report.revenue.coupons,
    taxes: report.revenue.taxes,
    stock: report.stock.rows,
  };
  const { current } = read.range;
  return new Response(reportCsv(table, rows[table], money, comparedColumn(table, report)), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="report-${table}-${current.from}-${current.to}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
}

const plain = (status: number, text: string) => new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' } });
