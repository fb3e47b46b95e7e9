import type { Kysely } from 'kysely';
import type { DB } from '../client.ts';
import { reindexProducts } from '../search/search-index.ts';

/**
 * Search stems in the shop's language (db/search/stem.ts): each document's body gains the
 * stems of its words, so the index is rebuilt in the language the shop's settings name.
 * No table changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await reindexProducts(db as unknown as DB, 'all');
}

/** Back to the bodies of words alone is a rebuild by the older code; the stems left in the bodies only match more. */
export async function down(): Promise<void> {}
