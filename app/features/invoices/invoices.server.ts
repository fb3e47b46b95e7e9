import { resolveLocale } from '../../lib/format.ts';
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { PriceFormat } from '../../lib/money.ts';
import type { Services } from '../../lib/services.server.ts';
import { nowIso } from '../../lib/time.ts';
import type { PresentedAmounts } from '../../lib/amounts.ts';
import { addressLines } from '../address/address.server.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import { getSettings } from '../settings/settings.server.ts';
import { withTransaction } from '../orders/transaction.server.ts';
import { loadOrder, orderNotFound } from '../orders/orders.server.ts';
import type { OrderDetail } from '../orders/orders.ts';

/*
 * Invoices and credit notes: numbered documents that keep what they said when issued.
 * An order gets its invoice when it is completed (or when staff issue it from the order
 * page); each refund of an invoiced order gets a credit note. Numbers come from
 * `document_counters` in the issuing transaction (db/migrations/…-032-invoices.ts): without
 * gaps, and never twice, a restore included (cli/id-counters.ts).
 */

export type DocumentKind = 'invoice' | 'credit_note';

export interface Seller {
  name: string;
  address: string[];
  vatNumber: string;
  footer: string;
}

/** The order as an invoice shows it: addresses as lines, the lines and amounts as presented. */
export interface InvoicedOrder {
  id: number;
  createdAt: string;
  paymentMethodTitle: string;
  billing: string[];
  shipping: string[];
  items: { id: number; name: string; sku: string; quantity: number; attributes: { name: string; value: string }[] }[];
  display: PresentedAmounts;
}

export interface InvoiceSnapshot {
  kind: 'invoice';
  seller: Seller;
  format: PriceFormat;
  /** The locale its dates are written in, as the shop's language was when it was issued (lib/format.ts; none before that was kept: en-GB). */
  locale?: string;
  order: InvoicedOrder;
}

export interface CreditNoteSnapshot {
  kind: 'credit_note';
  seller: Seller;
  format: PriceFormat;
  /** The locale its dates are written in, as the shop's language was when it was issued (lib/format.ts; none before that was kept: en-GB). */
  locale?: string;
  order: Pick<InvoicedOrder, 'id' | 'createdAt' | 'billing'>;
  /** The invoice this note corrects. */
  invoiceNumber: number | null;
  refund: { id: number; amount: number; reason: string; createdAt: string; items: { name: string; quantity: number }[]; shipping?: number };
}

export interface IssuedDocument<S = InvoiceSnapshot | CreditNoteSnapshot> {
  id: number;
  kind: DocumentKind;
  number: number;
  orderId: number;
  createdAt: string;
  snapshot: S;
}

/** The number as printed: INV-000042, CN-000007. */
export const documentNumber = (kind: DocumentKind, n: number) => `${kind === 'invoice' ? 'INV' : 'CN'}-${String(n).padStart(6, '0')}`;

export function sellerOf(s: StoreSettings): Seller {
  const inv = s.invoices;
  return {
    name: inv.legalName || s.storeName,
    address: inv.address
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
    vatNumber: inv.vatNumber,
    footer: inv.footer,
  };
}

export const priceFormatOf = (s: StoreSettings, currency: string): PriceFormat => ({
  currency,
  currencyPosition: s.currencyPosition,
  pricePrecision: s.pricePrecision,
  thousandSeparator: s.thousandSeparator,
  decimalPoint: s.decimalPoint,
});

export const addressBlock = (a: OrderDetail['billing'], withContact: boolean): string[] =>
  [...addressLines(a), ...(withContact ? [a.phone, a.email] : [])].filter((l): l is string => !!l);

/** The next number of a kind, taken in `trx` (the counter's row stays locked until it commits). */
async function takeNumber(trx: DB, kind: DocumentKind): Promise<number> {
  const row = await trx
    .updateTable('document_counters')
    .set({ last_number: sql<number>`last_number + 1` })
    .where('kind', '=', kind)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

async function lockedOrder(trx: DB, orderId: number): Promise<OrderDetail> {
  if (!Number.isSafeInteger(orderId) || orderId <= 0) throw orderNotFound();
  const q = trx.selectFrom('orders').selectAll().where('id', '=', orderId);
  const row = await (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirst();
  if (!row) throw orderNotFound();
  return loadOrder(trx, row, false);
}

const parse = (r: { id: number; kind: DocumentKind; number: number; order_id: number; created_at: string; snapshot: string }): IssuedDocument => ({
  id: r.id,
  kind: r.kind,
  number: Number(r.number),
  orderId: r.order_id,
  createdAt: r.created_at,
  snapshot: JSON.parse(r.snapshot) as InvoiceSnapshot | CreditNoteSnapshot,
});

/**
 * Issues the order's invoice inside `trx` (the caller's transaction, which holds or takes the
 * order's row lock), unless it has one: returns it either way.
 */
export async function issueInvoiceInTrx(trx: DB, orderId: number): Promise<IssuedDocument<InvoiceSnapshot>> {
  const order = await lockedOrder(trx, orderId);
  const existing = await trx.selectFrom('invoices').selectAll().where('order_id', '=', orderId).where('kind', '=', 'invoice').executeTakeFirst();
  if (existing) return parse(existing) as IssuedDocument<InvoiceSnapshot>;
  const s = await getSettings(trx);
  const snapshot: InvoiceSnapshot = {
    kind: 'invoice',
    seller: sellerOf(s),
    format: priceFormatOf(s, order.currency),
    locale: resolveLocale(s),
    order: {
      id: order.id,
      createdAt: order.createdAt,
      paymentMethodTitle: order.paymentMethodTitle,
      billing: addressBlock(order.billing, true),
      shipping: addressBlock(order.shipping, false),
      items: order.items.map((i) => ({ id: i.id, name: i.name, sku: i.sku, quantity: i.quantity, attributes: i.attributes })),
      display: order.display,
    },
  };
  const number = await takeNumber(trx, 'invoice');
  const createdAt = nowIso();
  const row = await trx
    .insertInto('invoices')
    .values({ kind: 'invoice', number, order_id: orderId, refund_id: null, snapshot: JSON.stringify(snapshot), created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, kind: 'invoice', number, orderId, createdAt, snapshot };
}

/** A credit note for a refund just recorded in `trx`, when the order has an invoice to correct; null otherwise. */
export async function issueCreditNoteInTrx(trx: DB, orderId: number, refundId: number): Promise<IssuedDocument<CreditNoteSnapshot> | null> {
  const invoice = await trx.selectFrom('invoices').select('number').where('order_id', '=', orderId).where('kind', '=', 'invoice').executeTakeFirst();
  if (!invoice) return null;
  const refund = await trx.selectFrom('order_refunds').selectAll().where('id', '=', refundId).where('order_id', '=', orderId).executeTakeFirst();
  if (!refund) return null;
  const order = await lockedOrder(trx, orderId);
  const s = await getSettings(trx);
  const names = new Map(order.items.map((i) => [i.id, i.name]));
  const items = (JSON.parse(refund.items) as { itemId: number; quantity: number }[])
    .filter((i) => i.quantity > 0)
    .map((i) => ({ name: names.get(i.itemId) ?? '', quantity: i.quantity }));
  const snapshot: CreditNoteSnapshot = {
    kind: 'credit_note',
    seller: sellerOf(s),
    format: priceFormatOf(s, order.currency),
    locale: resolveLocale(s),
    order: { id: order.id, createdAt: order.createdAt, billing: addressBlock(order.billing, true) },
    invoiceNumber: Number(invoice.number),
    refund: { id: refund.id, amount: refund.amount, reason: refund.reason, createdAt: refund.created_at, items, shipping: refund.shipping },
  };
  const number = await takeNumber(trx, 'credit_note');
  const createdAt = nowIso();
  const row = await trx
    .insertInto('invoices')
    .values({ kind: 'credit_note', number, order_id: orderId, refund_id: refundId, snapshot: JSON.stringify(snapshot), created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, kind: 'credit_note', number, orderId, createdAt, snapshot };
}

/**
 * Staff: issues the order's invoice now (an order not yet completed, or one completed before
 * invoices existed). Orders not paid yet are refused: an invoice is for a sale that happened.
 */
export async function issueInvoice(services: Services, orderId: number): Promise<IssuedDocument<InvoiceSnapshot>> {
  return withTransaction(services.db, async (trx) => {
    const row = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
    if (!row) throw orderNotFound();
    if (['pending', 'failed', 'cancelled'].includes(row.status)) {
      throw new HttpError(409, 'not_invoiceable', 'An order that has not been paid gets no invoice.');
    }
    return issueInvoiceInTrx(trx, orderId);
  });
}

/** The order's documents: its invoice (or null) and credit notes, oldest first. */
export async function orderDocuments(db: DB, orderId: number): Promise<{ invoice: IssuedDocument<InvoiceSnapshot> | null; creditNotes: IssuedDocument<CreditNoteSnapshot>[] }> {
  const rows = await db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).orderBy('kind', 'desc').orderBy('number').execute();
  const docs = rows.map(parse);
  return {
    invoice: (docs.find((d) => d.kind === 'invoice') as IssuedDocument<InvoiceSnapshot> | undefined) ?? null,
    creditNotes: docs.filter((d) => d.kind === 'credit_note') as IssuedDocument<CreditNoteSnapshot>[],
  };
}

/** What the order pages list: numbers and dates only. */
export interface DocumentLinks {
  invoice: { number: string; createdAt: string } | null;
  creditNotes: { number: string; createdAt: string }[];
}

export async function documentLinks(db: DB, orderId: number): Promise<DocumentLinks> {
  const { invoice, creditNotes } = await orderDocuments(db, orderId);
  return {
    invoice: invoice ? { number: documentNumber('invoice', invoice.number), createdAt: invoice.createdAt } : null,
    creditNotes: creditNotes.map((c) => ({ number: documentNumber('credit_note', c.number), createdAt: c.createdAt })),
  };
}
