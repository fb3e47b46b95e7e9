import { csvCell } from '../../lib/csv-write.ts';
import { plainPrice, type PriceFormat } from '../../lib/money.ts';
import type { CategoryRow, ProductRow } from './breakdowns.server.ts';
import type { CouponRow, RevenueBucket, TaxRow } from './revenue.server.ts';
import type { StockValueRow } from './stock-value.server.ts';

/*
 * The reports' tables as CSV (RFC 4180, CRLF, UTF-8 with a BOM for spreadsheet programs).
 * Amounts are plain decimal strings in the shop's precision ("1234.50", no symbol or
 * separators), rounded half up from the integer minor units as the shop shows them; text
 * cells are neutralised against formula injection (a leading =, +, -, @, tab or CR gets an
 * apostrophe).
 */

export const REPORT_TABLES = ['revenue', 'products', 'categories', 'coupons', 'taxes', 'stock'] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

/** Minor units as a decimal string in the shop's precision. */
export const decimal = plainPrice;

const text = (value: string) => csvCell(value);

type Cell = { t: string } | { n: number } | { m: number };

/** A last column after a table's own: the compared period's figure of each row (report-charts.ts `comparedValues`). */
export interface ComparedColumn {
  header: string;
  values: number[];
  /** Amounts (minor units) rather than counts. */
  money: boolean;
}

function csv(header: string[], rows: Cell[][], money: PriceFormat, more: ComparedColumn | null): string {
  const cell = (c: Cell) => ('t' in c ? text(c.t) : 'n' in c ? String(c.n) : decimal(c.m, money));
  const head = more ? [...header, more.header] : header;
  const body = more ? rows.map((r, i) => [...r, more.money ? { m: more.values[i] ?? 0 } : { n: more.values[i] ?? 0 }]) : rows;
  const lines = [head.map(text).join(','), ...body.map((r) => r.map(cell).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export interface ReportData {
  revenue: RevenueBucket[];
  products: ProductRow[];
  categories: CategoryRow[];
  coupons: CouponRow[];
  taxes: TaxRow[];
  stock: StockValueRow[];
}

export function reportCsv<T extends ReportTable>(table: T, rows: ReportData[T], money: PriceFormat, compared: ComparedColumn | null = null): string {
  switch (table) {
    case 'revenue':
      return csv(
        ['Period', 'Orders', 'Items sold', 'Gross sales', 'Refunds', 'Discounts', 'Net sales', 'Taxes', 'Shipping', 'Total', 'Average order'],
        (rows as RevenueBucket[]).map((b) => [{ t: b.bucket }, { n: b.orders }, { n: b.itemsSold }, { m: b.gross }, { m: b.refunds }, { m: b.discounts }, { m: b.net }, { m: b.taxes }, { m: b.shipping }, { m: b.total }, { m: b.average }]),
        money,
        compared,
      );
    case 'products':
      return csv(
        ['Product ID', 'Variation ID', 'Product', 'Variation', 'SKU', 'Items sold', 'Net sales', 'Gross sales', 'Orders'],
        (rows as ProductRow[]).map((p) => [{ t: p.productId === null ? '' : String(p.productId) }, { t: p.variationId === null ? '' : String(p.variationId) }, { t: p.name }, { t: p.variation }, { t: p.sku }, { n: p.quantity }, { m: p.netSales }, { m: p.grossSales }, { n: p.orders }]),
        money,
        compared,
      );
    case 'categories':
      return csv(
        ['Category ID', 'Category', 'Items sold', 'Net sales', 'Gross sales'],
        (rows as CategoryRow[]).map((c) => [{ n: c.categoryId }, { t: c.name }, { n: c.quantity }, { m: c.netSales }, { m: c.grossSales }]),
        money,
        compared,
      );
    case 'coupons':
      return csv(
        ['Coupon', 'Orders', 'Discount'],
        (rows as CouponRow[]).map((c) => [{ t: c.code }, { n: c.orders }, { m: c.discount }]),
        money,
        compared,
      );
    case 'stock':
      return csv(
        ['Product ID', 'Variation ID', 'Product', 'SKU', 'Units in stock', 'Regular price', 'Stock value'],
        (rows as StockValueRow[]).map((r) => [{ n: r.productId }, { t: r.variationId === null ? '' : String(r.variationId) }, { t: r.name }, { t: r.sku }, { n: r.units }, { m: r.price }, { m: r.value }]),
        money,
        compared,
      );
    default:
      return csv(
        ['Tax rate', 'Country', 'Tax on goods', 'Tax on shipping', 'Total tax'],
        (rows as TaxRow[]).map((r) => [{ t: r.name }, { t: r.country }, { m: r.goods }, { m: r.shipping }, { m: r.total }]),
        money,
        compared,
      );
  }
}
