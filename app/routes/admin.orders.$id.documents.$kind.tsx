import { redirect } from 'react-router';
import type { Route } from './+types/admin.orders.$id.documents.$kind';
import { requireStaff } from '../features/admin/admin.server.ts';
import { ORDER_ROLES } from '../features/checkout/admin-roles.ts';
import { adminDocument } from '../features/invoices/documents.server.ts';
import { issueInvoice } from '../features/invoices/invoices.server.ts';
import { pdfResponse } from '../features/invoices/pdf.server.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject, idFromText } from '../lib/validate.ts';

/** Admin → an order → its invoice, credit notes or packing slip as PDF (404 when there is none). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, ORDER_ROLES);
  const { bytes, filename } = await adminDocument(context.services.db, idFromText(params.id), params.kind);
  return pdfResponse(bytes, filename);
}

/** "Issue invoice" (kind `invoice`, intent `issue`): the order's invoice now, then back to the order. */
export async function action({ context, request, params }: Route.ActionArgs) {
  requireStaff(context, request, ORDER_ROLES);
  const id = idFromText(params.id);
  if (id === null || params.kind !== 'invoice') throw new HttpError(404, 'not_found', 'No such document.');
  if (formToObject(await request.formData()).intent !== 'issue') throw new HttpError(400, 'invalid', 'Unknown request.');
  await issueInvoice(context.services, id);
  return redirect(`/admin/orders/${id}?invoice=issued#order-documents`);
}
