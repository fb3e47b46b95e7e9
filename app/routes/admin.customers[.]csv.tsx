import type { Route } from './+types/admin.customers[.]csv';
import { requireStaff } from '../features/admin/admin.server.ts';
import { parseCustomerListQuery } from '../features/customers/customers-admin.server.ts';
import { countCustomerExportRows, exportCustomersCsv } from '../features/customers/customers-csv.server.ts';
import { CUSTOMER_ADMIN_ROLES } from '../features/customers/roles.ts';
import { csvDownload } from '../lib/csv-write.ts';

/**
 * Customers as CSV: every account (the list's search and role filter apply), then guest
 * buyers by billing e-mail, with orders count, total spent, average and last order. Streamed,
 * the record count in `X-Total-Rows`.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, CUSTOMER_ADMIN_ROLES);
  const query = parseCustomerListQuery(new URL(request.url).searchParams);
  const { db } = context.services;
  return csvDownload('customers.csv', exportCustomersCsv(db, query), await countCustomerExportRows(db, query));
}
