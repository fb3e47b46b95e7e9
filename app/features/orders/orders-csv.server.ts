import type { DB } from '../../../db/client.ts';
import { CSV_BOM, csvLine } from '../../lib/csv-write.ts';
import { currencyInfo, plainPrice } from '../../lib/money.ts';
import { orderDetail, type OrderDetail } from './orders.server.ts';
import { whereOrders, type OrderFilter } from './order-filter.server.ts';

/*
 * Orders as CSV, one row per order line with the order's columns repeated on each (the shape
 * of WooCommerce's usual order export); an order without lines has one row with the line
 * columns empty. Amounts are the order's presented amounts (presentOrder, lib/amounts.ts),
 * the rows its page and e-mails show, as plain decimals in the order's currency. Read by
 * keyset, newest first, a page of orders at a time.
 */

export const ORDER_EXPORT_PAGE = 500;

/** The list's filter (`whereOrders`). */
export type OrderExportFilter = OrderFilter;

export const ORDER_CSV_HEADER = [
  'Order number', 'Order date', 'Status', 'Customer e-mail', 'Customer ID',
  'Billing first name', 'Billing last name', 'Billing company', 'Billing address 1', 'Billing address 2', 'Billing city', 'Billing state', 'Billing postcode', 'Billing country', 'Billing phone',
  'Shipping first name', 'Shipping last name', 'Shipping company', 'Shipping address 1', 'Shipping address 2', 'Shipping city', 'Shipping state', 'Shipping postcode', 'Shipping country',
  'Payment method', 'Transaction ID', 'Currency', 'Prices include tax', 'Shipping method', 'Coupons',
  'Order subtotal', 'Discount', 'Shipping', 'Tax', 'Order total', 'Refunded', 'Customer note',
  'Line', 'Product ID', 'Variation ID', 'Item name', 'SKU', 'Attributes', 'Quantity', 'Unit price', 'Line amount', 'Line tax', 'Refunded quantity',
] as const;

const sum = (rows: { amount: number }[]) => rows.reduce((a, r) => a + r.amount, 0);

/** The CSV rows of one order. */
export function orderCsvLines(o: OrderDetail): string {
  const exact = { currency: o.currency, pricePrecision: currencyInfo(o.currency).exponent };
  const money = (minor: number) => plainPrice(minor, exact);
  const d = o.display;
  const tax = d.basis === 'excl' ? sum(d.taxes) : sum(d.includedTaxes);
  const addr = (a: OrderDetail['billing'], phone: boolean) => [
    a.first_name, a.last_name, a.company, a.address_1, a.address_2, a.city, a.state, a.postcode, a.country, ...(phone ? [a.phone] : []),
  ];
  const order = [
    o.id, o.createdAt, o.status, o.billingEmail, o.userId ?? '', ...addr(o.billing, true), ...addr(o.shipping, false),
    o.paymentMethodTitle || o.paymentMethod, o.transactionId ?? '', o.currency, o.pricesIncludeTax ? '1' : '0',
    d.shipping.map((s) => s.title).join(', '), d.discounts.map((x) => x.code).filter(Boolean).join(', '),
    money(d.subtotal), money(sum(d.discounts)), money(sum(d.shipping)), money(tax), money(d.total), money(o.refundedTotal), o.customerNote,
  ];
  if (o.items.length === 0) return csvLine([...order, ...Array<string>(11).fill('')]);
  const shown = new Map(d.lines.map((l) => [l.key, l.amount]));
  return o.items
    .map((item, i) =>
      csvLine([
        ...order,
        i + 1, item.productId ?? '', item.variationId ?? '', item.name, item.sku,
        item.attributes.map((a) => `${a.name}: ${a.value}`).join(', '), item.quantity, money(item.unitPrice),
        money(shown.get(String(item.id)) ?? item.subtotal), money(item.tax), item.refundedQuantity,
      ]),
    )
    .join('');
}

/** The export's records after the header: one per line of each order the filter keeps, one for an order without lines. */
export async function countOrderExportRows(db: DB, filter: OrderExportFilter = {}): Promise<number> {
  const orders = whereOrders(db.selectFrom('orders').select('orders.id'), filter).as('f');
  const row = await db
    .selectFrom(orders)
    .leftJoin('order_items as oi', 'oi.order_id', 'f.id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function* exportOrdersCsv(db: DB, filter: OrderExportFilter = {}): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(ORDER_CSV_HEADER);
  let after: { created_at: string; id: number } | null = null;
  for (;;) {
    let query = whereOrders(db.selectFrom('orders').selectAll(), filter);
    if (after) {
      const from: { created_at: string; id: number } = after;
      query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(from.created_at, from.id)));
    }
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(ORDER_EXPORT_PAGE).execute();
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    const [items, refunds] = await Promise.all([
      db.selectFrom('order_items').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
      db.selectFrom('order_refunds').selectAll().where('order_id', 'in', ids).orderBy('id').execute(),
    ]);
    const group = <T extends { order_id: number }>(list: T[]) => {
      const m = new Map<number, T[]>();
      for (const x of list) m.set(x.order_id, [...(m.get(x.order_id) ?? []), x]);
      return m;
    };
    const itemsOf = group(items);
    const refundsOf = group(refunds);
    yield rows.map((r) => orderCsvLines(orderDetail(r, itemsOf.get(r.id) ?? [], [], refundsOf.get(r.id) ?? []))).join('');
    const end = rows[rows.length - 1]!;
    after = { created_at: end.created_at, id: end.id };
    if (rows.length < ORDER_EXPORT_PAGE) return;
  }
}
