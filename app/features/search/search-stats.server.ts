import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { SEARCH } from '../../config/constants.ts';
import { words } from '../../../db/search/normalize.ts';

/**
 * Search statistics for the admin: one row per UTC day and normalised query (folded words),
 * moved by one upsert per search. What counts as a search: a submitted listing search (the
 * first page of a listing with `s`, as the header box's form, `/search` and `/?s=` land
 * there). Further pages, infinite scroll and suggestion calls are not counted: the
 * suggestions follow every pause in typing ("can", "cand", "candle"), which are not searches
 * a shopper made.
 */
export async function recordSearch(db: DB, raw: string, hits: number): Promise<void> {
  const query = statsQuery(raw);
  if (!query) return;
  const day = new Date().toISOString().slice(0, 10);
  try {
    await db
      .insertInto('search_stats')
      .values({ day, query, searches: 1, hits })
      .onConflict((oc) => oc.columns(['day', 'query']).doUpdateSet({ searches: sql`search_stats.searches + 1`, hits }))
      .execute();
  } catch {
    // Statistics never cost a shopper the results (a busy database drops one count).
  }
}

/** A query as counted: its folded words ("Crème  Brûlée" → "creme brulee"); none → not counted. */
const statsQuery = (raw: string) => words(raw.slice(0, SEARCH.maxChars)).join(' ');

/**
 * The same search again, answered from the page cache (the listing was not computed): one
 * more search with the result count last recorded for the query. Counted in memory and
 * written a second later, all queries of that second in one transaction, so a cached search
 * costs what any cached page costs; `searchStats` and closing the app write what is pending.
 */
export function recordRepeatedSearch(db: DB, raw: string): void {
  const query = statsQuery(raw);
  if (!query) return;
  let tally = pendingRepeats.get(db);
  if (!tally) pendingRepeats.set(db, (tally = { counts: new Map(), timer: null }));
  const key = `${new Date().toISOString().slice(0, 10)} ${query}`;
  tally.counts.set(key, (tally.counts.get(key) ?? 0) + 1);
  if (!tally.timer) {
    tally.timer = setTimeout(() => void flushRepeatedSearches(db), REPEAT_FLUSH_MS);
    tally.timer.unref();
  }
}

const REPEAT_FLUSH_MS = 1_000;
const pendingRepeats = new WeakMap<DB, { counts: Map<string, number>; timer: NodeJS.Timeout | null }>();

/** Writes the repeated searches counted so far for this database. */
export async function flushRepeatedSearches(db: DB): Promise<void> {
  const tally = pendingRepeats.get(db);
  if (!tally?.counts.size) return;
  if (tally.timer) clearTimeout(tally.timer);
  tally.timer = null;
  const counts = [...tally.counts];
  tally.counts.clear();
  try {
    await db.transaction().execute(async (trx) => {
      for (const [key, n] of counts) {
        const day = key.slice(0, 10);
        const query = key.slice(11);
        const res = await trx.updateTable('search_stats').set({ searches: sql`searches + ${n}` }).where('day', '=', day).where('query', '=', query).executeTakeFirst();
        if (Number(res.numUpdatedRows)) continue;
        const last = await trx.selectFrom('search_stats').select('hits').where('query', '=', query).orderBy('day', 'desc').limit(1).executeTakeFirst();
        await trx
          .insertInto('search_stats')
          .values({ day, query, searches: n, hits: Number(last?.hits ?? 0) })
          .onConflict((oc) => oc.columns(['day', 'query']).doUpdateSet({ searches: sql`search_stats.searches + ${n}` }))
          .execute();
      }
    });
  } catch {
    // As in recordSearch: statistics never cost a shopper anything.
  }
}

/** The search a page URL submits, if it is the first page of a shop, category or tag listing with `s`. */
export function listingSearchOf(url: string): string | null {
  const parsed = new URL(url, 'http://x');
  if (!/^\/(shop|product-category\/.+|product-tag\/[^/]+)\/?$/.test(parsed.pathname) || /\/page\/\d+\/?$/.test(parsed.pathname)) return null;
  const page = parsed.searchParams.get('page');
  if (page !== null && page !== '1') return null;
  return parsed.searchParams.get('s') || null;
}

export interface SearchStat {
  query: string;
  searches: number;
  /** The most results the query found on a day of the period. */
  hits: number;
}

const STATS_LIMIT = 20;

/**
 * The most frequent searches, and the frequent ones that found nothing on any day, over the
 * last `days` days (today included); grouped in the database, so the period's size costs no memory.
 */
export async function searchStats(db: DB, days: number = SEARCH.statsDays, now = new Date()): Promise<{ top: SearchStat[]; noResults: SearchStat[] }> {
  await flushRepeatedSearches(db);
  const since = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const grouped = (zeroOnly: boolean) => {
    let q = db
      .selectFrom('search_stats')
      .select((eb) => ['query', eb.fn.sum<number>('searches').as('searches'), eb.fn.max('hits').as('hits')])
      .where('day', '>=', since)
      .groupBy('query');
    if (zeroOnly) q = q.having((eb) => eb.fn.max('hits'), '=', 0);
    return q.orderBy('searches', 'desc').orderBy('query').limit(STATS_LIMIT).execute();
  };
  const [top, noResults] = await Promise.all([grouped(false), grouped(true)]);
  const plain = (rows: { query: string; searches: unknown; hits: unknown }[]) => rows.map((r) => ({ query: r.query, searches: Number(r.searches), hits: Number(r.hits) }));
  return { top: plain(top), noResults: plain(noResults) };
}
