import type { Route } from './+types/admin.products[.]csv';
import { requireStaff } from '../features/admin/admin.server.ts';
import { trustedOrigin } from '../features/settings/origin.server.ts';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/roles.ts';
import { countProductExportRows, exportProductsCsv } from '../features/catalog/woo-export/export.server.ts';
import { csvDownload } from '../lib/csv-write.ts';

/**
 * The catalogue as WooCommerce's product CSV (its columns, which our importer and
 * WooCommerce's read back), streamed a page of products at a time: the download starts at once,
 * its record count in `X-Total-Rows`.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const origin = await trustedOrigin(context.services, context.requestOrigin);
  const { db } = context.services;
  return csvDownload('products.csv', exportProductsCsv(db, { origin }), await countProductExportRows(db));
}
