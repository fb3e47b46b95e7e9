import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { SEARCH } from '../../config/constants.ts';
import { deletions, editDistance, fold, TYPO_MIN_LENGTH, words } from '../../../db/search/normalize.ts';
import { readSearchLanguage } from '../../../db/search/language.ts';
import { stemWord } from '../../../db/search/stem.ts';
import { cached } from '../../lib/store-cache.server.ts';
import { synonymAlternatives } from './synonyms.server.ts';
import { ID_SPAN, OUT_OF_STOCK_KEY } from '../../../db/search/rank-key.ts';

/**
 * Matches a query ranks: the first this many in the index's popularity order (rank-key.ts),
 * once without typo corrections and once with them, plus products whose whole name is the
 * query. Ranking reads only these, so a three-letter query matching 10,000 products costs
 * as much as one matching 200; the best-ranked products of a larger match set are among
 * them unless over this many more popular matches outrank them only by popularity.
 */
export const CANDIDATES = 200;

/** A query as the engine reads it: cut to the longest length, split into folded words. */
export interface ParsedQuery {
  /** The text as typed, trimmed and cut (for the SKU match and for display). */
  text: string;
  words: string[];
}

export function parseQuery(raw: string): ParsedQuery {
  const text = raw.slice(0, SEARCH.maxChars).trim();
  return { text, words: [...new Set(words(text))].slice(0, SEARCH.maxWords) };
}

export interface SearchScope {
  /** Only products in these categories (a category and its descendants). */
  categoryIds?: number[];
  /** Leave out products out of stock (store setting `searchHideOutOfStock`); otherwise they come last. */
  hideOutOfStock?: boolean;
}

/** The shopper-visible condition: published and visible in search. */
const FINDABLE = sql`p.status = 'publish' and p.catalog_visibility in ('visible', 'search')`;

/**
 * Ids of the products matching the query, best first, at most `limit`:
 * 1. a product (or one of its variations) whose SKU is exactly the query;
 * 2. every query word as the start of an indexed word, its stem in the shop's language as an
 *    indexed stem (whole: "winterjacken" finds "winterjacke" through "winterjack"), or — for
 *    words of 5+ letters — a vocabulary word one edit away (a typo);
 * ranked matches without a typo before those needing one, then exact name > name starting
 * with the query > all words in the name > other fields (a typo's correction counts as the
 * word); then in stock before out of stock, best sellers first, oldest id first. The same on SQLite and PostgreSQL: both read the same folded words.
 */
export async function searchProductIds(db: DB, query: ParsedQuery, scope: SearchScope, limit: number): Promise<number[]> {
  if (!query.words.length && !query.text) return [];
  if (scope.categoryIds && !scope.categoryIds.length) return [];
  const scopeIds = scope.categoryIds ? sql`select pc.product_id from product_categories pc where pc.category_id in (${sql.join(scope.categoryIds)})` : undefined;
  const inScope = scopeIds ? sql`and p.id in (${scopeIds})` : sql``;
  const inStock = scope.hideOutOfStock ? sql`and p.stock_status != 'outofstock'` : sql``;
  const bySku = query.text ? await skuMatches(db, query.text, sql`${inScope} ${inStock}`) : [];
  if (!query.words.length) return bySku.slice(0, limit);

  const { typos: alternatives, synonyms, stems } = await wordOptions(db, query.words);
  const like = (column: string, w: string) => sql`${sql.ref(column)} like ${`% ${w}%`}`;
  // Every word of a synonym entry as a word start of the column.
  const entryIn = (column: string, entry: string[]) => sql`(${sql.join(entry.map((w) => like(column, w)), sql` and `)})`;
  // A word counts in the name as typed (a word start), as a synonym, or as one of its corrections (whole).
  // (A stem starts the name's word it comes from: the name holds the words as written.)
  const inName = (w: string, i: number) =>
    sql`(${sql.join([like('d.name_norm', w), ...stems[i].map((x) => like('d.name_norm', x)), ...synonyms[i].map((e) => entryIn('d.name_norm', e)), ...alternatives[i].map((t) => sql`d.name_norm like ${`% ${t} %`}`)], sql` or `)})`;
  // Without a typo: each word as typed, by its stem or as a synonym.
  const exactly = sql.join(
    query.words.map((w, i) => sql`(${sql.join([like('d.body', w), ...stems[i].map((x) => sql`d.body like ${`% ${x} %`}`), ...synonyms[i].map((e) => entryIn('d.body', e))], sql` or `)})`),
    sql` and `,
  );
  const corrected = query.words.map((w, i) => alternatives[i][0] ?? w);
  const phrases = [...new Set([query.words.join(' '), corrected.join(' ')])];
  const tier = sql<number>`case
    when ${sql.join(phrases.map((p) => sql`d.name_norm = ${` ${p} `}`), sql` or `)} then 0
    when ${sql.join(phrases.map((p) => sql`d.name_norm like ${` ${p}%`}`), sql` or `)} then 1
    when ${sql.join(query.words.map(inName), sql` and `)} then 2
    else 3 end`;
  // Matches without a typo first (as hosted engines rank), then the tier.
  const typo = sql<number>`case when ${exactly} then 0 else 1 end`;
  const skip = bySku.length ? sql`and p.id not in (${sql.join(bySku)})` : sql``;
  const noTypos = query.words.map(() => []);
  const withTypos = alternatives.some((a) => a.length > 0);
  const names = (list: string[]) => sql.join(list.map((p) => ` ${p} `));
  const pg = isPostgres(db);
  /** The first CANDIDATES matches in rank-key order, with these alternatives: ids on PostgreSQL, a subquery on SQLite. */
  const top = async (alts: string[][]): Promise<number[] | RawBuilder<unknown>> => {
    if (pg) {
      const extra = sql`${scopeIds ? sql`and d.product_id in (${scopeIds})` : sql``} ${scope.hideOutOfStock ? sql`and d.rank_key < ${OUT_OF_STOCK_KEY}` : sql``}`;
      return pgCandidates(db, pgMatch(query.words, alts, synonyms, stems), extra, query.words.length === 1);
    }
    // FTS5 reads a query's matches in row id order, i.e. by popularity, and stops at the limit.
    return sql`select * from (select rowid % ${sql.lit(ID_SPAN)} as product_id from search_fts where search_fts match ${sqliteExpression(query.words, alts, synonyms, stems)}
      ${scopeIds ? sql`and rowid % ${sql.lit(ID_SPAN)} in (${scopeIds})` : sql``} ${scope.hideOutOfStock ? sql`and rowid < ${sql.lit(OUT_OF_STOCK_KEY)}` : sql``}
      order by rowid limit ${CANDIDATES})`;
  };
  /** Index rows among the candidates or named exactly as one of the phrases. */
  const among = (sets: (number[] | RawBuilder<unknown>)[], phraseList: string[]) => {
    if (pg) {
      // The ids as a list: PostgreSQL then reads them by the primary key (a subquery would be
      // estimated, and joined by scanning the whole index).
      const ids = [...new Set(sets.flatMap((x) => x as number[]))];
      return sql`(${ids.length ? sql`d.product_id in (${sql.join(ids)}) or ` : sql``}d.name_norm in (${names(phraseList)}))`;
    }
    return sql`d.product_id in (${sql.join([...(sets as RawBuilder<unknown>[]), sql`select n.product_id from search_documents n where n.name_norm in (${names(phraseList)})`], sql` union `)})`;
  };
  const need = Math.max(0, limit - bySku.length);
  // The rank key orders in stock before out of stock, then best sellers, then the oldest id
  // (kept in step with the product row by triggers).
  const ranked = async (candidates: RawBuilder<unknown>, order: RawBuilder<unknown>) =>
    (
      await sql<{ id: number }>`select p.id from search_documents d join products p on p.id = d.product_id
        where ${candidates} and ${FINDABLE} ${inScope} ${inStock} ${skip}
        order by ${order}, d.rank_key
        limit ${need}`.execute(db)
    ).rows.map((r) => Number(r.id));
  // Matches needing a typo rank after every match without one: they are only looked for
  // when those do not fill the answer (and until then every candidate is without a typo).
  const exact = need > 0 ? await top(noTypos) : undefined;
  let ids = exact ? await ranked(among([exact], [phrases[0]]), tier) : [];
  if (exact && ids.length < need && withTypos) ids = await ranked(among([exact, await top(alternatives)], phrases), sql`${typo}, ${tier}`);
  return [...bySku, ...ids].slice(0, limit);
}

/**
 * The search as a condition on `products.id`, for listings that keep their own order (the
 * shop page's `s`): a SKU equal to the query, or every word matching as in searchProductIds.
 * Visibility is the caller's.
 */
export async function productSearchCondition(db: DB, raw: string): Promise<RawBuilder<boolean>> {
  const query = parseQuery(raw);
  const bySku = query.text ? skuIds(query.text) : undefined;
  if (!query.words.length) return bySku ? sql<boolean>`products.id in (${bySku})` : sql<boolean>`1 = 0`;
  const { typos, synonyms, stems } = await wordOptions(db, query.words);
  const byWords = isPostgres(db)
    ? sql`select d.product_id from search_documents d where ${pgMatch(query.words, typos, synonyms, stems)}`
    : sql`select rowid % ${sql.lit(ID_SPAN)} from search_fts where search_fts match ${sqliteExpression(query.words, typos, synonyms, stems)}`;
  // One set of ids from the indexes (SKUs by their unique indexes, words by the word index):
  // an "or" of the two would test every product of the listing row by row.
  return sql<boolean>`products.id in (${bySku ? sql`${bySku} union ` : sql``}${byWords})`;
}

/** Ids of products whose SKU, or one of whose published variations' SKU, is the text (as typed, upper or lower case); each part by its index. */
function skuIds(text: string): RawBuilder<unknown> {
  const forms = sql.join([...new Set([text, text.toUpperCase(), text.toLowerCase()])]);
  return sql`select s.id from products s where s.sku in (${forms}) union select v.product_id from product_variations v where v.sku in (${forms}) and v.status = 'publish'`;
}

async function skuMatches(db: DB, text: string, inScope: RawBuilder<unknown>): Promise<number[]> {
  const rows = await sql<{ id: number }>`select p.id from products p where p.id in (${skuIds(text)}) and ${FINDABLE} ${inScope} order by p.id limit 3`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}

interface WordOptions {
  typos: string[][];
  synonyms: string[][][];
  /** Each word's stem when it differs from the word (none or one), matched as a whole indexed stem. */
  stems: string[][];
}

/** What each query word may also match: its stem, typo corrections (whole words) and synonym entries (word starts). */
async function wordOptions(db: DB, list: string[]): Promise<WordOptions> {
  const [typos, synonyms, language] = await Promise.all([typoAlternatives(db, list), synonymAlternatives(db, list), searchLanguage(db)]);
  return { typos, synonyms, stems: queryStems(list, language) };
}

/** The shop's stemming language (db/search/language.ts), kept until the store version moves. */
export function searchLanguage(db: DB): Promise<string> {
  return cached(db, 'search:language', () => readSearchLanguage(db));
}

function queryStems(list: string[], language: string): string[][] {
  return list.map((w) => {
    const stem = stemWord(w, language);
    return stem === w ? [] : [stem];
  });
}

/**
 * For each query word of 5+ letters, the vocabulary words one edit away (the word itself
 * excluded), sorted; one look-up for all the words: a word's one-letter deletions meet the
 * deletions stored for the indexed words.
 */
async function typoAlternatives(db: DB, list: string[]): Promise<string[][]> {
  const long = list.filter((w) => [...w].length >= TYPO_MIN_LENGTH);
  if (!long.length) return list.map(() => []);
  const variants = [...new Set(long.flatMap(deletions))];
  const terms = (await db.selectFrom('search_vocabulary').select('term').distinct().where('variant', 'in', variants).execute()).map((r) => r.term);
  return list.map((w) => ([...w].length < TYPO_MIN_LENGTH ? [] : terms.filter((t) => t !== w && editDistance(t, w) <= 1).sort()));
}

/** Rows of the index read in rank-key order before PostgreSQL looks for candidates through the trigram index instead. */
const PG_SCAN_CAP = 3000;

/**
 * PostgreSQL's candidates: the first CANDIDATES matches in rank-key order. A common word is
 * met often among the most popular products, so for a one-word query they are read in that
 * order (the rank-key B-tree) and tested one by one, at most PG_SCAN_CAP rows (read in key
 * order, not the table's, so a longer walk soon costs more than the trigram index); a word
 * that scan does not find often enough is rarer, and its matches come from the trigram index,
 * then sorted — as do those of several words, which together are rare. (Left to itself the
 * planner often takes the trigram index for a common word and sorts thousands of matches.)
 */
async function pgCandidates(db: DB, match: RawBuilder<boolean>, extra: RawBuilder<unknown>, oneWord: boolean): Promise<number[]> {
  const scan = async (cap: number) =>
    (
      await sql<{ product_id: number }>`select d.product_id from (select product_id, body, rank_key from search_documents order by rank_key limit ${cap}) d
        where ${match} ${extra} order by d.rank_key limit ${CANDIDATES}`.execute(db)
    ).rows.map((r) => Number(r.product_id));
  if (oneWord) {
    const ids = await scan(PG_SCAN_CAP);
    if (ids.length >= CANDIDATES) return ids;
  }
  const found = await sql<{ product_id: number }>`select d.product_id from search_documents d where ${match} ${extra} order by d.rank_key limit ${CANDIDATES}`.execute(db);
  return found.rows.map((r) => Number(r.product_id));
}

/** PostgreSQL: word starts (synonym entries: all their word starts; whole stems and typo-corrected words) by LIKE over the trigram index. */
function pgMatch(list: string[], alternatives: string[][], synonyms: string[][][], stems: string[][]): RawBuilder<boolean> {
  const each = list.map((w, i) => {
    const options = [
      sql`d.body like ${`% ${w}%`}`,
      ...stems[i].map((x) => sql`d.body like ${`% ${x} %`}`),
      ...synonyms[i].map((e) => sql`(${sql.join(e.map((x) => sql`d.body like ${`% ${x}%`}`), sql` and `)})`),
      ...alternatives[i].map((t) => sql`d.body like ${`% ${t} %`}`),
    ];
    return sql`(${sql.join(options, sql` or `)})`;
  });
  return sql<boolean>`${sql.join(each, sql` and `)}`;
}

/** SQLite: an FTS5 query of quoted prefixes (stems and corrections whole); the words hold only letters and digits. */
function sqliteExpression(list: string[], alternatives: string[][], synonyms: string[][][], stems: string[][]): string {
  return list
    .map((w, i) => `(${[`"${w}"*`, ...stems[i].map((x) => `"${x}"`), ...synonyms[i].map((e) => `(${e.map((x) => `"${x}"*`).join(' AND ')})`), ...alternatives[i].map((t) => `"${t}"`)].join(' OR ')})`)
    .join(' AND ');
}

/** A text's folded words and each word's stem in a language (the word itself without one). */
export interface NameTerms {
  words: string[];
  stems: string[];
}

export function nameTerms(text: string, language: string): NameTerms {
  const list = words(text);
  return { words: list, stems: list.map((w) => stemWord(w, language)) };
}

/** True when every query word starts a word of the name, or has the stem of one of its words (used for category names). */
export function matchesAll(query: NameTerms, name: NameTerms): boolean {
  return query.words.every((w, i) => name.words.some((h) => h.startsWith(w)) || name.stems.includes(query.stems[i]));
}

export { fold };
