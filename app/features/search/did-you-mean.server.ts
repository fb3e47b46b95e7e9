import type { DB } from '../../../db/client.ts';
import { deletions, editDistance, VOCABULARY_MIN_LENGTH } from '../../../db/search/normalize.ts';
import { parseQuery, searchProductIds } from './search.server.ts';

/** Edits a "did you mean" correction may make to one word (the search itself tolerates one). */
const MAX_EDITS = 2;

/**
 * "Did you mean": for a query that found nothing, the query with each word of 4+ letters
 * that is not itself indexed replaced by the nearest indexed word (at most two edits, found
 * through the typo vocabulary: a word's one-letter deletions meet the deletions stored for
 * the indexed words), when that corrected query finds products (in the category, if any). Ties go to the
 * alphabetically first word, so both databases answer the same.
 */
export async function didYouMean(db: DB, raw: string, categoryIds?: number[]): Promise<string | undefined> {
  const query = parseQuery(raw);
  if (!query.words.length) return undefined;
  let changed = false;
  const corrected: string[] = [];
  for (const word of query.words) {
    if ([...word].length < VOCABULARY_MIN_LENGTH) {
      corrected.push(word);
      continue;
    }
    const rows = await db.selectFrom('search_vocabulary').select('term').distinct().where('variant', 'in', deletions(word)).execute();
    if (rows.some((r) => r.term === word)) {
      corrected.push(word);
      continue;
    }
    const best = rows
      .map((r) => ({ term: r.term, d: editDistance(r.term, word, MAX_EDITS) }))
      .filter((c) => c.d <= MAX_EDITS)
      .sort((a, b) => a.d - b.d || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0))[0];
    if (best) changed = true;
    corrected.push(best?.term ?? word);
  }
  if (!changed) return undefined;
  const text = corrected.join(' ');
  return (await searchProductIds(db, parseQuery(text), { categoryIds }, 1)).length ? text : undefined;
}
