import type { DB } from '../client.ts';
import { stemmingLanguage } from './stem.ts';

/**
 * The language the search stems in: the shop's `language` setting (stored as JSON under
 * `store.language`, default English), reduced to a language search has a stemmer for.
 * Read straight from the settings table, so the index (in migrations too) and the queries
 * agree on it whatever else the settings hold.
 */
export async function readSearchLanguage(db: DB): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'store.language').executeTakeFirst();
  let tag = 'en';
  if (row) {
    try {
      const value: unknown = JSON.parse(row.value);
      if (typeof value === 'string') tag = value;
    } catch {
      // A value not written by the settings form: the default language.
    }
  }
  return stemmingLanguage(tag);
}
