import { z } from 'zod';

/* A saved filter of an admin list: the form that names it, and the one that deletes it (isomorphic). */

/** How many filters one person keeps per list: links above a list, not a library. */
export const SAVED_FILTERS_MAX = 20;

export const saveFilterSchema = z.object({
  name: z.string().trim().min(1, 'Give the filter a name').max(60, 'Use at most 60 characters'),
  /** The list's query string, as the page shows it; the list re-reads it through its own schema. */
  query: z.string().max(2000).default(''),
});

export const deleteFilterSchema = z.object({ id: z.coerce.number().int().min(1).max(2 ** 31 - 1) });

export interface SavedFilter {
  id: number;
  name: string;
  /** The list's address with the filter's query. */
  href: string;
}
