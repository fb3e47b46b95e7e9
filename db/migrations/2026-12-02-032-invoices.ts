import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * Invoices and credit notes (app/features/invoices). Each kind is numbered by its own row
 * of `document_counters`, moved in the transaction that issues the document: a number is
 * taken only by a document that is kept (a rolled-back transaction gives its number back,
 * unlike a sequence), so the numbers run without gaps. A restore raises each counter to the
 * live database's (cli/id-counters.ts), so a number is never issued twice.
 *
 * A document keeps what it said when issued (`snapshot`, JSON: the seller, the customer's
 * addresses, the lines and amounts as presented): a later edit of the order or of the shop's
 * details does not rewrite an invoice already given out.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_counters')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into document_counters (kind, last_number) values ('invoice', 0), ('credit_note', 0)`.execute(db);

  const t = db.schema.createTable('invoices');
  await (isPostgres(db) ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    // 'invoice' or 'credit_note'; `number` counts within its kind.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    // The refund a credit note gives back (null for invoices).
    .addColumn('refund_id', 'integer', (c) => c.references('order_refunds.id').unique())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('invoices_kind_number', ['kind', 'number'])
    .execute();
  await db.schema.createIndex('invoices_order').on('invoices').columns(['order_id', 'kind']).execute();
  // One invoice per order.
  await sql`create unique index invoices_one_per_order on invoices (order_id) where kind = 'invoice'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoices').ifExists().execute();
  await db.schema.dropTable('document_counters').ifExists().execute();
}
