import type { Route } from './+types/admin.orders.print';
import { requireStaff } from '../features/admin/admin.server.ts';
import { ORDER_ROLES } from '../features/checkout/admin-roles.ts';
import { bulkDocuments } from '../features/invoices/documents.server.ts';
import { pdfResponse } from '../features/invoices/pdf.server.ts';

/**
 * The order list's bulk "Print invoices" / "Print packing slips": `kind` and the orders'
 * `ids` (comma-separated) give one PDF, a document after another.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, ORDER_ROLES);
  const params = new URL(request.url).searchParams;
  const ids = (params.get('ids') ?? '').split(',').filter(Boolean);
  const { bytes, skipped } = await bulkDocuments(context.services.db, { kind: params.get('kind'), ids });
  const res = pdfResponse(bytes, params.get('kind') === 'invoice' ? 'invoices.pdf' : 'packing-slips.pdf');
  if (skipped.length) res.headers.set('x-skipped-orders', skipped.join(','));
  return res;
}
