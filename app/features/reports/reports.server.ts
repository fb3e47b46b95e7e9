import type { DB } from '../../../db/client.ts';
import { getSettings } from '../settings/settings.server.ts';
import type { PriceFormat } from '../../lib/money.ts';
import { categorySales, productSales, type CategoryRow, type ProductRow } from './breakdowns.server.ts';
import { reportQuerySchema, resolveRange, type ReportRange } from './report-range.ts';
import { revenueReport, type RevenueFigures, type RevenueReport } from './revenue.server.ts';
import { stockValue, type StockValue } from './stock-value.server.ts';

export { REPORT_ROLES } from './roles.ts';

export type RangeResult = { ok: true; range: ReportRange } | { ok: false; errors: Record<string, string>; values: Record<string, string> };

/** The address's range, or the form's errors by field (a 400 for the page). */
export function readRange(params: URLSearchParams, now: Date = new Date()): RangeResult {
  const raw = Object.fromEntries(['range', 'from', 'to', 'compare'].filter((k) => params.has(k)).map((k) => [k, String(params.get(k)).slice(0, 40)]));
  const parsed = reportQuerySchema.safeParse(raw);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'range')] ??= issue.message;
    return { ok: false, errors, values: raw };
  }
  return { ok: true, range: resolveRange(parsed.data, now) };
}

export async function moneyFormat(db: DB): Promise<PriceFormat> {
  const s = await getSettings(db);
  return { currency: s.currency, currencyPosition: s.currencyPosition, pricePrecision: s.pricePrecision, thousandSeparator: s.thousandSeparator, decimalPoint: s.decimalPoint };
}

export interface Reports {
  range: ReportRange;
  revenue: RevenueReport;
  /** The compared period's figures; null when not comparing. */
  previous: RevenueFigures | null;
  /** The compared period's tables, for the charts' second series; null when not comparing. */
  compared: { revenue: RevenueReport; products: ProductRow[]; categories: CategoryRow[] } | null;
  products: ProductRow[];
  categories: CategoryRow[];
  /** Stock value now (not of the range). */
  stock: StockValue;
}

export async function reports(db: DB, range: ReportRange, currency: string): Promise<Reports> {
  const before = range.previous;
  const [revenue, compared, products, categories, stock] = await Promise.all([
    revenueReport(db, range.current, currency, range.interval),
    before
      ? Promise.all([revenueReport(db, before, currency, range.interval), productSales(db, before, currency), categorySales(db, before, currency)]).then(([r, p, c]) => ({ revenue: r, products: p, categories: c }))
      : null,
    productSales(db, range.current, currency),
    categorySales(db, range.current, currency),
    stockValue(db),
  ]);
  return { range, revenue, previous: compared?.revenue.summary ?? null, compared, products, categories, stock };
}
