import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { SEARCH } from '../../config/constants.ts';
import { deletions, editDistance, fold, TYPO_MIN_LENGTH, words } from './normalize.ts';
import { synonymAlternatives } from './synonyms.server.ts';

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
 * 2. every query word as the start of an indexed word, or — for words of 5+ letters — a
 *    vocabulary word one edit away (a typo);
 * ranked matches without a typo before those needing one, then exact name > name starting
 * with the query > all words in the name > other fields (a typo's correction counts as the
 * word); then in stock before out of stock, best sellers first, oldest id first. The same on SQLite and PostgreSQL: both read the same folded words.
 */
export async function searchProductIds(db: DB, query: ParsedQuery, scope: SearchScope, limit: number): Promise<number[]> {
  if (!query.words.length && !query.text) return [];
  const inScope = scope.categoryIds
    ? scope.categoryIds.length
      ? sql`and exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id in (${sql.join(scope.categoryIds)}))`
      : sql`and 1 = 0`
    : sql``;
  const inStock = scope.hideOutOfStock ? sql`and p.stock_status != 'outofstock'` : sql``;
  const bySku = query.text ? await skuMatches(db, query.text, sql`${inScope} ${inStock}`) : [];
  if (!query.words.length) return bySku.slice(0, limit);

  const { typos: alternatives, synonyms } = await wordOptions(db, query.words);
  const match = isPostgres(db) ? pgMatch(query.words, alternatives, synonyms) : sqliteMatch(query.words, alternatives, synonyms);
  const like = (column: string, w: string) => sql`${sql.ref(column)} like ${`% ${w}%`}`;
  // Every word of a synonym entry as a word start of the column.
  const entryIn = (column: string, entry: string[]) => sql`(${sql.join(entry.map((w) => like(column, w)), sql` and `)})`;
  // A word counts in the name as typed (a word start), as a synonym, or as one of its corrections (whole).
  const inName = (w: string, i: number) =>
    sql`(${sql.join([like('d.name_norm', w), ...synonyms[i].map((e) => entryIn('d.name_norm', e)), ...alternatives[i].map((t) => sql`d.name_norm like ${`% ${t} %`}`)], sql` or `)})`;
  // Without a typo: each word as typed or as a synonym.
  const exactly = sql.join(query.words.map((w, i) => sql`(${sql.join([like('d.body', w), ...synonyms[i].map((e) => entryIn('d.body', e))], sql` or `)})`), sql` and `);
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
  const rows = await sql<{ id: number }>`select p.id from search_documents d join products p on p.id = d.product_id
    where ${match} and ${FINDABLE} ${inScope} ${inStock} ${skip}
    order by ${typo}, ${tier}, case when p.stock_status = 'outofstock' then 1 else 0 end, p.total_sales desc, p.id
    limit ${Math.max(0, limit - bySku.length)}`.execute(db);
  return [...bySku, ...rows.rows.map((r) => Number(r.id))].slice(0, limit);
}

/**
 * The search as a condition on `products.id`, for listings that keep their own order (the
 * shop page's `s`): a SKU equal to the query, or every word matching as in searchProductIds.
 * Visibility is the caller's.
 */
export async function productSearchCondition(db: DB, raw: string): Promise<RawBuilder<boolean>> {
  const query = parseQuery(raw);
  const forms = query.text ? [...new Set([query.text, query.text.toUpperCase(), query.text.toLowerCase()])] : [];
  const bySku = forms.length
    ? sql`products.sku in (${sql.join(forms)}) or exists (select 1 from product_variations v where v.product_id = products.id and v.status = 'publish' and v.sku in (${sql.join(forms)}))`
    : sql`1 = 0`;
  if (!query.words.length) return sql<boolean>`(${bySku})`;
  const { typos, synonyms } = await wordOptions(db, query.words);
  const match = isPostgres(db) ? pgMatch(query.words, typos, synonyms) : sqliteMatch(query.words, typos, synonyms);
  return sql<boolean>`(${bySku} or products.id in (select d.product_id from search_documents d where ${match}))`;
}

async function skuMatches(db: DB, text: string, inScope: RawBuilder<unknown>): Promise<number[]> {
  const forms = [...new Set([text, text.toUpperCase(), text.toLowerCase()])];
  const rows = await sql<{ id: number }>`select p.id from products p where ${FINDABLE} ${inScope} and (p.sku in (${sql.join(forms)})
      or exists (select 1 from product_variations v where v.product_id = p.id and v.status = 'publish' and v.sku in (${sql.join(forms)})))
    order by p.id limit 3`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}

/** What each query word may also match: typo corrections (whole words) and synonym entries (word starts). */
async function wordOptions(db: DB, list: string[]): Promise<{ typos: string[][]; synonyms: string[][][] }> {
  const [typos, synonyms] = await Promise.all([Promise.all(list.map((w) => typoAlternatives(db, w))), synonymAlternatives(db, list)]);
  return { typos, synonyms };
}

/** Vocabulary words one edit away from a query word of 5+ letters (the word itself excluded). */
async function typoAlternatives(db: DB, word: string): Promise<string[]> {
  if ([...word].length < TYPO_MIN_LENGTH) return [];
  const rows = await db.selectFrom('search_vocabulary').select('term').distinct().where('variant', 'in', deletions(word)).execute();
  return rows.map((r) => r.term).filter((t) => t !== word && editDistance(t, word) <= 1).sort();
}

/** PostgreSQL: word starts (synonym entries: all their word starts; whole typo-corrected words) by LIKE over the trigram index. */
function pgMatch(list: string[], alternatives: string[][], synonyms: string[][][]): RawBuilder<boolean> {
  const each = list.map((w, i) => {
    const options = [
      sql`d.body like ${`% ${w}%`}`,
      ...synonyms[i].map((e) => sql`(${sql.join(e.map((x) => sql`d.body like ${`% ${x}%`}`), sql` and `)})`),
      ...alternatives[i].map((t) => sql`d.body like ${`% ${t} %`}`),
    ];
    return sql`(${sql.join(options, sql` or `)})`;
  });
  return sql<boolean>`${sql.join(each, sql` and `)}`;
}

/** SQLite: an FTS5 query of quoted prefixes; the words hold only letters and digits. */
function sqliteMatch(list: string[], alternatives: string[][], synonyms: string[][][]): RawBuilder<boolean> {
  const expression = list
    .map((w, i) => `(${[`"${w}"*`, ...synonyms[i].map((e) => `(${e.map((x) => `"${x}"*`).join(' AND ')})`), ...alternatives[i].map((t) => `"${t}"`)].join(' OR ')})`)
    .join(' AND ');
  return sql<boolean>`d.product_id in (select rowid from search_fts where search_fts match ${expression})`;
}

/** True when every query word starts a word of the text (used for category names). */
export function matchesAll(queryWords: string[], text: string): boolean {
  const have = words(text);
  return queryWords.every((w) => have.some((h) => h.startsWith(w)));
}

export { fold };
