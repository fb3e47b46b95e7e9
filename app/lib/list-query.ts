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

/** The text with LIKE's wildcards (`%`, `_`) and the escape character (`\`) escaped by `\`. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `lower(column) like '%text%' escape '\'`: the column contains the text, case-blind, its own
 * `%`, `_` and `\` matched as themselves. The escape is written out: SQLite's LIKE has none
 * unless told, PostgreSQL's is `\` by default. Every back-office search goes through it.
 */
export function contains(column: RawBuilder<unknown>, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${column}) like ${`%${likeEscape(text.toLowerCase())}%`} escape '\\'`;
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
