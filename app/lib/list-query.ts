import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { rowIdText } from './validate.ts';

/*
 * Pieces shared by the back office's list views (AdminList): the query parameters every list
 * reads (each falls back to its default when bad, never a 500), a case-blind "contains"
 * search that works alike on SQLite and PostgreSQL, the page window, and the ids of a bulk action.
 */

/** The search box's text. */
export const listSearch = z.string().trim().max(200).catch('');
/** The sort direction, `fallback` when missing or unknown. */
export const listDir = (fallback: 'asc' | 'desc') => z.enum(['asc', 'desc']).catch(fallback);
/** The page asked for (the server clamps it to the last page). */
export const listPage = z.coerce.number().int().min(1).max(100_000).catch(1);

/** `lower(column) like '%text%'`, the text's own wildcards escaped. */
export function contains(column: RawBuilder<unknown>, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${column}) like ${pattern} escape '\\'`;
}

/** Which page of `total` rows to show, `perPage` a page: the page asked for or the last one. */
export function pageWindow(total: number, page: number, perPage: number) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const at = Math.min(Math.max(1, page), pages);
  return { page: at, pages, offset: (at - 1) * perPage, limit: perPage };
}

/** A bulk action's rows: `{ ids }` from the ticked boxes, at least one, each once. */
export function bulkIdsSchema(what: string) {
  return z.object({ ids: z.array(rowIdText).min(1, `Select at least one ${what}`).max(1000) }).transform(({ ids }) => [...new Set(ids)]);
}
