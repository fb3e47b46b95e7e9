import { z } from 'zod';
import type { Route } from './+types/admin.orders[.]csv';
import { requireStaff } from '../features/admin/admin.server.ts';
import { ORDER_ROLES } from '../features/checkout/admin-roles.ts';
import { dayText, parseOrderListQuery } from '../features/orders/order-list.schema.ts';
import { countOrderExportRows, exportOrdersCsv } from '../features/orders/orders-csv.server.ts';
import { csvDownload } from '../lib/csv-write.ts';
import { HttpError } from '../lib/http-error.ts';

/** A day, checked to be one (2026-02-30 is refused). */
const day = dayText.optional();
const rangeSchema = z.object({ from: day, to: day });

/**
 * The orders as CSV, one row per order line, with the list's filters (status, payment method,
 * search, customer by account or e-mail) and an optional date range (`from`, `to`, days in UTC); streamed a page at a time,
 * the record count in `X-Total-Rows`.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, ORDER_ROLES);
  const params = new URL(request.url).searchParams;
  const query = parseOrderListQuery(params);
  const range = rangeSchema.safeParse({ from: params.get('from') || undefined, to: params.get('to') || undefined });
  if (!range.success) {
    const field = String(range.error.issues[0]?.path[0] ?? 'from');
    throw new HttpError(400, 'invalid', `${field}: ${range.error.issues[0]?.message ?? 'invalid'}`, { [field]: range.error.issues[0]?.message ?? 'invalid' });
  }
  if (params.get('email') && !query.email) throw new HttpError(400, 'invalid', 'email: Enter an e-mail address', { email: 'Enter an e-mail address' });
  const { db } = context.services;
  const filter = { status: query.status, q: query.q, payment: query.payment, customer: query.customer, email: query.email, ...range.data };
  return csvDownload('orders.csv', exportOrdersCsv(db, filter), await countOrderExportRows(db, filter));
}
