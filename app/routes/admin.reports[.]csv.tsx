import type { Route } from './+types/admin.reports[.]csv';
import { requireStaff } from '../features/admin/admin.server.ts';
import { categorySales, productSales } from '../features/reports/breakdowns.server.ts';
import { REPORT_TABLES, reportCsv, type ReportTable } from '../features/reports/report-csv.ts';
import { moneyFormat, readRange, REPORT_ROLES } from '../features/reports/reports.server.ts';
import { revenueReport } from '../features/reports/revenue.server.ts';
import { stockValue } from '../features/reports/stock-value.server.ts';

/**
 * One report's table as CSV, for the same range as the page (`table=` revenue, products,
 * categories, coupons, taxes, or stock: the stock value now, whatever the range). A range or table that cannot be read is a 400 with the reason.
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
  const { current, interval } = read.range;
  let body: string;
  if (table === 'products') body = reportCsv(table, await productSales(db, current, money.currency), money);
  else if (table === 'stock') body = reportCsv(table, (await stockValue(db)).rows, money);
  else if (table === 'categories') body = reportCsv(table, await categorySales(db, current, money.currency), money);
  else {
    const revenue = await revenueReport(db, current, money.currency, interval);
    body = table === 'revenue' ? reportCsv(table, revenue.buckets, money) : table === 'coupons' ? reportCsv(table, revenue.coupons, money) : reportCsv('taxes', revenue.taxes, money);
  }
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="report-${table}-${current.from}-${current.to}.csv"`,
      'cache-control': 'private, no-store',
    },
  });
}

const plain = (status: number, text: string) => new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' } });
