import type { Route } from './+types/admin.tax[.]csv';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { csvDownload } from '../lib/csv-write.ts';
import { exportTaxRatesCsv } from '../features/tax/tax-csv.server.ts';
import { taxClassSlug } from '../features/tax/tax.schema.ts';

/**
 * The tax rates as WooCommerce's tax-rate CSV (its header and columns, so its importer and
 * ours read it back): every class, or one with `?class=` (empty for the standard class).
 * Streamed a page of rates at a time.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const param = new URL(request.url).searchParams.get('class');
  const taxClass = param === null ? undefined : taxClassSlug(param.slice(0, 100));
  const lines = exportTaxRatesCsv(context.services.db, taxClass);
  const name = taxClass === undefined ? 'tax-rates' : `tax-rates-${taxClass || 'standard'}`;
  return csvDownload(`${name}.csv`, lines);
}
