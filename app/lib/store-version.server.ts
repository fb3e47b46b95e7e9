import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * One version stamp for everything a shopper's page or cart is computed from: products,
 * stock, categories, settings, shipping zones, tax rates, coupons. Every write to those
 * calls `touchStore` (inside its transaction, so the new stamp appears with the data);
 * in-memory caches and the page cache compare the stamp and drop what is older. Stored in
 * the database, so every process of a multi-process shop sees the same stamp.
 */
export const STORE_VERSION_KEY = 'cache.store_version';

export async function touchStore(db: Kysely<Database>): Promise<void> {
  const value = randomBytes(8).toString('hex');
  await db
    .insertInto('settings')
    .values({ key: STORE_VERSION_KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

export async function readStoreVersion(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', STORE_VERSION_KEY).executeTakeFirst();
  return row?.value ?? '0';
}
