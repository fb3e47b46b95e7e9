import type { DB } from '../../../db/client.ts';
import { cached } from '../../lib/store-cache.server.ts';
import { touchStore } from '../../lib/store-version.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseInput } from '../../lib/validate.ts';
import { words } from '../../../db/search/normalize.ts';
import { synonymGroupSchema } from './synonyms.schema.ts';

export interface SynonymGroup {
  id: number;
  terms: string[];
}

export async function listSynonymGroups(db: DB): Promise<SynonymGroup[]> {
  const rows = await db.selectFrom('search_synonyms').select(['id', 'terms']).orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, terms: JSON.parse(r.terms) as string[] }));
}

/** Adds a group (or replaces group `id`); a change moves the store version, so cached suggestions refresh. */
export async function saveSynonymGroup(db: DB, id: number | null, input: unknown): Promise<SynonymGroup> {
  const { terms } = parseInput(synonymGroupSchema, input);
  return db.transaction().execute(async (trx) => {
    let saved = id;
    if (id === null) {
      const row = await trx.insertInto('search_synonyms').values({ terms: JSON.stringify(terms), created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
      saved = row.id;
    } else {
      const res = await trx.updateTable('search_synonyms').set({ terms: JSON.stringify(terms) }).where('id', '=', id).executeTakeFirst();
      if (!Number(res.numUpdatedRows)) throw new HttpError(404, 'not_found', 'No such synonym group.');
    }
    await touchStore(trx);
    return { id: saved!, terms };
  });
}

export async function deleteSynonymGroup(db: DB, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const res = await trx.deleteFrom('search_synonyms').where('id', '=', id).executeTakeFirst();
    if (!Number(res.numDeletedRows)) throw new HttpError(404, 'not_found', 'No such synonym group.');
    await touchStore(trx);
  });
}

/** Each group as its entries' folded words: "T-Shirt" → ["t", "shirt"]. */
const foldedGroups = (db: DB) =>
  cached(db, 'search:synonyms', async () => (await listSynonymGroups(db)).map((g) => g.terms.map((t) => words(t)).filter((w) => w.length > 0)));

/**
 * What each query word may also be, by the synonym groups: for a group with an entry whose
 * words all appear (whole) in the query, every query word of that entry may instead be any
 * other entry of the group (a list of words, each matched as a word start). "tee" with
 * "tee = t-shirt" → [[["t", "shirt"]]]; "t shirt" → [[["tee"]], [["tee"]]].
 */
export async function synonymAlternatives(db: DB, queryWords: string[]): Promise<string[][][]> {
  const out = queryWords.map(() => new Map<string, string[]>());
  if (!queryWords.length) return [];
  const have = new Set(queryWords);
  for (const group of await foldedGroups(db)) {
    for (const entry of group) {
      if (!entry.every((w) => have.has(w))) continue;
      const others = group.filter((e) => e.join(' ') !== entry.join(' '));
      queryWords.forEach((w, i) => {
        if (!entry.includes(w)) return;
        for (const o of others) out[i].set(o.join(' '), o);
      });
    }
  }
  return out.map((m) => [...m.values()]);
}
