import { resolveLocale } from '../../lib/format.ts';
import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import { getSettings } from '../settings/settings.server.ts';
import { getOrderAdmin, getOrderForUser } from '../orders/orders.server.ts';
import type { OrderDetail } from '../orders/orders.ts';
import { addressBlock, documentNumber, orderDocuments, sellerOf } from './invoices.server.ts';
import { renderPdf, type PackingSlip, type PrintableDocument } from './pdf.server.ts';

/*
 * Which documents a download is made of, for the customer (their own order's invoice and
 * credit notes) and for staff (any order's, packing slips too, and many orders at once).
 */

export const DOCUMENT_KINDS = ['invoice', 'credit-notes', 'packing-slip'] as const;
export type DocumentChoice = (typeof DOCUMENT_KINDS)[number];

const notFound = () => new HttpError(404, 'not_found', 'No such document.');

/** The packing slip of an order as it is now: what to pack and where to send it, no prices. */
export function packingSlipOf(order: OrderDetail, s: StoreSettings): PackingSlip {
  const shipTo = addressBlock(order.shipping, false);
  return {
    kind: 'packing_slip',
    seller: sellerOf(s),
    locale: resolveLocale(s),
    order: {
      id: order.id,
      createdAt: order.createdAt,
      shipTo: shipTo.length ? shipTo : addressBlock(order.billing, false),
      shippingMethods: order.display.shipping.map((p) => p.title).filter(Boolean),
      customerNote: order.customerNote,
    },
    items: order.items
      .map((i) => ({ name: i.name, sku: i.sku, quantity: i.quantity - i.refundedQuantity, attributes: i.attributes }))
      .filter((i) => i.quantity > 0),
  };
}

async function documentsOf(db: DB, order: OrderDetail, kind: DocumentChoice): Promise<PrintableDocument[]> {
  if (kind === 'packing-slip') return [packingSlipOf(order, await getSettings(db))];
  const { invoice, creditNotes } = await orderDocuments(db, order.id);
  if (kind === 'invoice') return invoice ? [invoice] : [];
  return creditNotes;
}

const fileName = (kind: DocumentChoice, docs: PrintableDocument[], orderId: number) =>
  kind === 'invoice' && docs[0] && docs[0].kind === 'invoice' ? `invoice-${documentNumber('invoice', docs[0].number)}.pdf` : `${kind}-order-${orderId}.pdf`;

/** A signed-in customer's own order's invoice or credit notes; anything else (another's order, none issued) is 404. */
export async function customerDocument(db: DB, userId: number, orderId: number | null, kind: string): Promise<{ bytes: Uint8Array; filename: string }> {
  if (orderId === null || (kind !== 'invoice' && kind !== 'credit-notes')) throw notFound();
  const order = await getOrderForUser(db, orderId, userId);
  if (!order) throw notFound();
  const docs = await documentsOf(db, order, kind);
  if (!docs.length) throw notFound();
  return { bytes: await renderPdf(docs), filename: fileName(kind, docs, order.id) };
}

/** Staff: one order's document. */
export async function adminDocument(db: DB, orderId: number | null, kind: string): Promise<{ bytes: Uint8Array; filename: string }> {
  const choice = DOCUMENT_KINDS.find((k) => k === kind);
  const order = orderId === null || !choice ? null : await getOrderAdmin(db, orderId);
  if (!order || !choice) throw notFound();
  const docs = await documentsOf(db, order, choice);
  if (!docs.length) throw notFound();
  return { bytes: await renderPdf(docs), filename: fileName(choice, docs, order.id) };
}

const bulkSchema = z.object({
  kind: z.enum(['invoice', 'packing-slip'], { message: 'Choose invoices or packing slips' }),
  ids: z.array(z.coerce.number().int().positive()).min(1, 'Choose at least one order').max(200, 'At most 200 orders at once'),
});

/**
 * Staff: the invoices or packing slips of the orders chosen in the list, in one PDF (in the
 * order given). Orders without an invoice are left out and named; none at all is a 404.
 */
export async function bulkDocuments(db: DB, input: { kind: unknown; ids: unknown }): Promise<{ bytes: Uint8Array; skipped: number[] }> {
  const parsed = bulkSchema.safeParse({ kind: input.kind, ids: Array.isArray(input.ids) ? input.ids : input.ids === undefined ? [] : [input.ids] });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new HttpError(400, 'invalid', issue.message, { [String(issue.path[0] ?? 'ids')]: issue.message });
  }
  const { kind, ids } = parsed.data;
  const docs: PrintableDocument[] = [];
  const skipped: number[] = [];
  for (const id of [...new Set(ids)]) {
    const order = await getOrderAdmin(db, id);
    const found = order ? await documentsOf(db, order, kind) : [];
    if (found.length) docs.push(...found);
    else skipped.push(id);
  }
  if (!docs.length) throw new HttpError(404, 'no_documents', kind === 'invoice' ? 'None of the orders chosen has an invoice yet.' : 'None of the orders chosen was found.');
  return { bytes: await renderPdf(docs, kind === 'invoice' ? 'Invoices' : 'Packing slips'), skipped };
}

/** The order's invoice as an e-mail attachment (the completed-order e-mail, when the owner switched it on); null without one. */
export async function invoiceAttachment(db: DB, orderId: number): Promise<{ filename: string; content: Buffer; contentType: string } | null> {
  const { invoice } = await orderDocuments(db, orderId);
  if (!invoice) return null;
  return { filename: `invoice-${documentNumber('invoice', invoice.number)}.pdf`, content: Buffer.from(await renderPdf([invoice])), contentType: 'application/pdf' };
}
