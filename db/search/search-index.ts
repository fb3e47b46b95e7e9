import { sql } from 'kysely';
import type { DB } from '../client.ts';
import { isPostgres } from '../dialect.ts';
import { deletions, spaced, stripHtml, VOCABULARY_MIN_LENGTH, words } from './normalize.ts';
import { readSearchLanguage } from './language.ts';
import { rankKey } from './rank-key.ts';
import { stemsOf } from './stem.ts';

/** Visibility values a shopper's search may return (WooCommerce: "visible" and "search only"). */
export const SEARCHABLE_VISIBILITY = ['visible', 'search'] as const;

const BATCH = 500;

/**
 * Rewrites the search index rows of these products (or of every product with 'all'), from
 * the catalog as this transaction sees it: name, SKUs, short description, categories with
 * their ancestors, tags and attribute values. Products a shopper may not find (draft,
 * private, hidden, catalog-only, gone) leave the index. Called from the catalog's recompute
 * step, so every write path that recomputes a product keeps its index row in step in the
 * same transaction. The body holds every folded word and, in the shop's language, each
 * word's stem where it differs (stem.ts), so an inflected form finds the word.
 */
export async function reindexProducts(db: DB, ids: number[] | 'all'): Promise<void> {
  const language = await readSearchLanguage(db);
  if (ids === 'all') {
    await clearIndex(db, 'all');
    let after = 0;
    for (;;) {
      const page = await db.selectFrom('products').select('id').where('id', '>', after).orderBy('id').limit(BATCH).execute();
      if (!page.length) {
        // Fresh statistics for the planner (PostgreSQL would otherwise guess the tables' sizes).
        if (isPostgres(db)) await sql`analyze search_documents, search_vocabulary`.execute(db);
        return;
      }
      await indexBatch(db, page.map((r) => r.id), false, language);
      after = page[page.length - 1].id;
    }
  }
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += BATCH) await indexBatch(db, unique.slice(i, i + BATCH), true, language);
}

async function clearIndex(db: DB, ids: number[] | 'all'): Promise<void> {
  if (ids === 'all') {
    await db.deleteFrom('search_documents').execute();
    if (!isPostgres(db)) await sql`delete from search_fts`.execute(db);
    return;
  }
  if (!ids.length) return;
  // The FTS row id is the rank key (rank-key.ts), found through the document row.
  if (!isPostgres(db)) await sql`delete from search_fts where rowid in (select rank_key from search_documents where product_id in (${sql.join(ids)}))`.execute(db);
  await db.deleteFrom('search_documents').where('product_id', 'in', ids).execute();
}

async function indexBatch(db: DB, ids: number[], clear: boolean, language: string): Promise<void> {
  if (clear) await clearIndex(db, ids);
  const products = await db
    .selectFrom('products')
    .select(['id', 'name', 'sku', 'short_description', 'stock_status', 'total_sales'])
    .where('id', 'in', ids)
    .where('status', '=', 'publish')
    .where('catalog_visibility', 'in', [...SEARCHABLE_VISIBILITY])
    .execute();
  if (!products.length) return;
  const found = products.map((p) => p.id);
  const [cats, allCats, tags, attrs, vars] = await Promise.all([
    db.selectFrom('product_categories').innerJoin('categories', 'categories.id', 'product_categories.category_id').select(['product_categories.product_id', 'categories.path']).where('product_categories.product_id', 'in', found).execute(),
    db.selectFrom('categories').select(['path', 'name']).execute(),
    db.selectFrom('product_tags').innerJoin('tags', 'tags.id', 'product_tags.tag_id').select(['product_tags.product_id', 'tags.name']).where('product_tags.product_id', 'in', found).execute(),
    db.selectFrom('product_attributes').select(['product_id', 'options']).where('product_id', 'in', found).where((eb) => eb.or([eb('variation', '=', 1), eb('visible', '=', 1)])).execute(),
    db.selectFrom('product_variations').select(['product_id', 'sku', 'attributes']).where('product_id', 'in', found).where('status', '=', 'publish').execute(),
  ]);
  const nameOfPath = new Map(allCats.map((c) => [c.path, c.name]));
  const extra = new Map<number, string[]>(found.map((id) => [id, []]));
  for (const c of cats) {
    const parts = c.path.split('/');
    // The category and each of its ancestors: "hoodies" is found under "clothing" too.
    for (let i = 1; i <= parts.length; i++) extra.get(c.product_id)!.push(nameOfPath.get(parts.slice(0, i).join('/')) ?? '');
  }
  for (const t of tags) extra.get(t.product_id)!.push(t.name);
  for (const a of attrs) extra.get(a.product_id)!.push(...jsonStrings(a.options));
  for (const v of vars) extra.get(v.product_id)!.push(v.sku ?? '', ...jsonStrings(v.attributes));

  const vocabulary: string[] = [];
  const documents = products.map((p) => {
    const name = words(p.name);
    const all = [...new Set([...name, ...words(p.sku ?? ''), ...words(stripHtml(p.short_description)), ...extra.get(p.id)!.flatMap(words)])];
    vocabulary.push(...all);
    return { product_id: p.id, name_norm: spaced(name), body: spaced([...all, ...stemsOf(all, language)]), rank_key: rankKey(p) };
  });
  await db.insertInto('search_documents').values(documents).execute();
  if (!isPostgres(db)) {
    await sql`insert into search_fts (rowid, body) values ${sql.join(documents.map((d) => sql`(${d.rank_key}, ${d.body})`))}`.execute(db);
  }
  // Words as written only: typo corrections and "did you mean" offer words, never stems.
  await addVocabulary(db, vocabulary);
}

/** Values of a JSON array or object column, as text. */
function jsonStrings(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    const list = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];
    return list.filter((v): v is string => typeof v === 'string');
  } catch {
    return [];
  }
}

/**
 * The typo vocabulary: every indexed word of 4+ characters under itself and under each of
 * its one-letter deletions, so a query word's deletions find the words one edit away by
 * index look-up on either database. Words are only added: a word no product holds any more
 * simply matches nothing.
 */
async function addVocabulary(db: DB, list: string[]): Promise<void> {
  const rows = new Map<string, { variant: string; term: string }>();
  for (const term of new Set(list)) {
    if ([...term].length < VOCABULARY_MIN_LENGTH || term.length > 64) continue;
    for (const variant of deletions(term)) rows.set(`${variant} ${term}`, { variant, term });
  }
  const values = [...rows.values()];
  for (let i = 0; i < values.length; i += 2000) {
    await db.insertInto('search_vocabulary').values(values.slice(i, i + 2000)).onConflict((oc) => oc.doNothing()).execute();
  }
}
