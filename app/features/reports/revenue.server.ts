import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { apportion } from '../../lib/amounts.ts';
import { SALES_STATUSES } from '../admin/dashboard-sales.server.ts';
import { bounds, bucketOf, bucketsOf, type DayRange, type Interval } from './report-range.ts';

/*
 * Revenue, coupons and taxes over a range of UTC days, from the orders that count as sales by
 * the dashboard's rule (SALES_STATUSES: processing, on hold, completed; in the store's
 * currency; on the day the order was placed). All amounts are integer minor units.
 *
 * Per order: total = what was charged; refunds = refunded_total; taxes = tax_total; shipping
 * = shipping_total without its tax (orders shown with tax carry it in shipping_total);
 * net sales = total − refunds − taxes − shipping; discounts = discount_total (coupons, as the
 * order shows them); gross sales = net sales + refunds + discounts. So net = gross − refunds −
 * discounts and net + taxes + shipping = total − refunds, the dashboard's figure ("Total").
 *
 * Orders are read a page at a time by id within the range (the (created_at, status) index),
 * so memory follows one page, not the range.
 */

export interface RevenueFigures {
  gross: number;
  refunds: number;
  discounts: number;
  net: number;
  taxes: number;
  shipping: number;
  /** Total less refunds: the dashboard's net sales figure. */
  total: number;
  orders: number;
  itemsSold: number;
  /** Net sales per order, rounded to a minor unit; 0 without orders. */
  average: number;
}

export interface RevenueBucket extends RevenueFigures {
  /** YYYY-MM-DD (a day or the first day of a week) or YYYY-MM. */
  bucket: string;
}

export interface CouponRow {
  code: string;
  orders: number;
  discount: number;
}

export interface TaxRow {
  /** The tax rate's name as the order's tax line shows it. */
  name: string;
  /** Country the tax was charged for: the order's shipping country, else its billing one. */
  country: string;
  goods: number;
  shipping: number;
  total: number;
}

export interface RevenueReport {
  interval: Interval;
  summary: RevenueFigures;
  buckets: RevenueBucket[];
  coupons: CouponRow[];
  taxes: TaxRow[];
}

const PAGE = 2000;

const zero = (): RevenueFigures => ({ gross: 0, refunds: 0, discounts: 0, net: 0, taxes: 0, shipping: 0, total: 0, orders: 0, itemsSold: 0, average: 0 });

function parse<T>(json: string | null | undefined, fallback: T): T {
  try {
    const v = JSON.parse(json ?? '');
    return v ?? fallback;
  } catch {
    return fallback;
  }
}

const int = (v: unknown) => (Number.isFinite(Number(v)) ? Math.round(Number(v)) : 0);

function add(to: RevenueFigures, f: Omit<RevenueFigures, 'average' | 'itemsSold' | 'orders'>) {
  to.gross += f.gross;
  to.refunds += f.refunds;
  to.discounts += f.discounts;
  to.net += f.net;
  to.taxes += f.taxes;
  to.shipping += f.shipping;
  to.total += f.total;
  to.orders += 1;
}

const finish = <T extends RevenueFigures>(f: T): T => ({ ...f, average: f.orders ? Math.round(f.net / f.orders) : 0 });

/** The sales orders of a range, as a query (the dashboard's statuses and currency). */
export function salesOrders(db: DB, range: DayRange, currency: string) {
  const { start, end } = bounds(range);
  return db.selectFrom('orders as o').where('o.created_at', '>=', start).where('o.created_at', '<', end).where('o.status', 'in', [...SALES_STATUSES]).where('o.currency', '=', currency);
}

export async function revenueReport(db: DB, range: DayRange, currency: string, interval: Interval): Promise<RevenueReport> {
  const names = bucketsOf(range, interval);
  const byBucket = new Map(names.map((b) => [b, zero()]));
  const summary = zero();
  const coupons = new Map<string, CouponRow>();
  const taxes = new Map<string, TaxRow>();
  let after = 0;
  for (;;) {
    const rows = await salesOrders(db, range, currency)
      .select(['o.id', 'o.created_at', 'o.total', 'o.refunded_total', 'o.tax_total', 'o.shipping_total', 'o.discount_total', 'o.prices_include_tax', 'o.shipping_lines', 'o.coupon_lines', 'o.tax_lines', 'o.shipping', 'o.billing'])
      .where('o.id', '>', after)
      .orderBy('o.id')
      .limit(PAGE)
      .execute();
    for (const o of rows) {
      const shippingLines = parse<{ tax?: number }[]>(o.shipping_lines, []);
      const shippingTax = Array.isArray(shippingLines) ? shippingLines.reduce((a, l) => a + int(l?.tax), 0) : 0;
      const total = int(o.total);
      const refunds = int(o.refunded_total);
      const tax = int(o.tax_total);
      const shipping = int(o.shipping_total) - (Number(o.prices_include_tax) ? shippingTax : 0);
      const discounts = int(o.discount_total);
      const net = total - refunds - tax - shipping;
      const figures = { gross: net + refunds + discounts, refunds, discounts, net, taxes: tax, shipping, total: total - refunds };
      add(summary, figures);
      add(byBucket.get(bucketOf(o.created_at.slice(0, 10), interval, range.from))!, figures);

      const lines = parse<{ code?: string; discount?: number }[]>(o.coupon_lines, []);
      for (const c of Array.isArray(lines) ? lines : []) {
        const code = String(c?.code ?? '');
        const row = coupons.get(code) ?? { code, orders: 0, discount: 0 };
        row.orders += 1;
        row.discount += int(c?.discount);
        coupons.set(code, row);
      }

      const taxLines = parse<{ label?: string; amount?: number }[]>(o.tax_lines, []);
      const list = (Array.isArray(taxLines) ? taxLines : []).map((l) => ({ name: String(l?.label ?? ''), amount: int(l?.amount) }));
      if (list.length) {
        const address = parse<{ country?: string }>(o.shipping, {});
        const billing = parse<{ country?: string }>(o.billing, {});
        const country = String(address?.country || billing?.country || '');
        // The shipping's tax, shared among the order's tax lines by their amounts (exact with one rate).
        const onShipping = apportion(Math.min(shippingTax, list.reduce((a, l) => a + l.amount, 0)), list.map((l) => l.amount));
        list.forEach((l, i) => {
          const key = `${l.name}\u0000${country}`;
          const row = taxes.get(key) ?? { name: l.name, country, goods: 0, shipping: 0, total: 0 };
          row.shipping += onShipping[i];
          row.goods += l.amount - onShipping[i];
          row.total += l.amount;
          taxes.set(key, row);
        });
      }
    }
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1].id;
  }

  // Items sold (units less refunded units) per day, from the same orders.
  const dayExpr = sql<string>`substr(o.created_at, 1, 10)`;
  const items = await salesOrders(db, range, currency)
    .innerJoin('order_items as oi', 'oi.order_id', 'o.id')
    .select([dayExpr.as('day'), sql<number | string>`sum(oi.quantity - oi.refunded_quantity)`.as('units')])
    .groupBy(dayExpr)
    .execute();
  for (const r of items) {
    const units = int(r.units);
    summary.itemsSold += units;
    byBucket.get(bucketOf(r.day, interval, range.from))!.itemsSold += units;
  }

  return {
    interval,
    summary: finish(summary),
    buckets: names.map((bucket) => finish({ bucket, ...byBucket.get(bucket)! })),
    coupons: [...coupons.values()].sort((a, b) => b.discount - a.discount || b.orders - a.orders || a.code.localeCompare(b.code)),
    taxes: [...taxes.values()].sort((a, b) => a.country.localeCompare(b.country) || a.name.localeCompare(b.name)),
  };
}
