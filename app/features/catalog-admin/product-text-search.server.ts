import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { contains } from '../../lib/list-query.ts';

/*
 * The back office's product search: the name or the SKU contains the text (case-blind, its
 * `%`, `_` and `\` as themselves), any status. Answered by the trigram indexes of migration
 * 023 rather than by reading every product: on PostgreSQL the case-folded LIKE itself uses
 * them; on SQLite the FTS5 trigram table answers a quoted phrase as a substring.
 */

/** The trigram indexes answer texts of this many characters and more; shorter ones are looked for row by row. */
const TRIGRAM = 3;

/** FTS5's quoted phrase: the text as it is, its double quotes doubled. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** `products.name` or `products.sku` contains the text. */
export function nameOrSkuContains(db: DB, text: string): RawBuilder<boolean> {
  if (isPostgres(db) || [...text].length < TRIGRAM) return sql<boolean>`(${contains(sql`products.name`, text)} or ${contains(sql`products.sku`, text)})`;
  return sql<boolean>`products.id in (select rowid from products_admin_fts where products_admin_fts match ${phrase(text)})`;
}
