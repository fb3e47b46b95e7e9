import type { Kysely } from 'kysely';

/*
 * Refunds by quantities: besides the lines (`items`, already stored), a refund records the
 * shipping it gave back (minor units), so a later refund's shipping maximum is right and the
 * credit note shows it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_refunds').addColumn('shipping', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_refunds').dropColumn('shipping').execute();
}
