import type { Route } from './+types/account.view-order.$id.documents.$kind';
import { requireUser } from '../features/account/require-user.server.ts';
import { customerDocument } from '../features/invoices/documents.server.ts';
import { pdfResponse } from '../features/invoices/pdf.server.ts';
import { idFromText } from '../lib/validate.ts';

/**
 * My account → an order → its invoice (`invoice`) or credit notes (`credit-notes`) as PDF.
 * Only the order's owner gets it: another customer's order, a made-up number or a document
 * not issued yet is 404, the same answer for each.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { bytes, filename } = await customerDocument(context.services.db, user.id, idFromText(params.id), params.kind);
  return pdfResponse(bytes, filename);
}
