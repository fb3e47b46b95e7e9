import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, type DB } from '../../db/client.ts';
import { isPostgres } from '../../db/dialect.ts';
import { migrationProvider } from '../../db/migrations/index.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { parseQuery, searchProductIds } from '../../app/features/search/search.server.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';

/*
 * Migration 047: an index written before search stemmed (bodies of folded words alone) is
 * rebuilt in the shop's language, so a French shop finds inflected forms once migrated.
 */

const MIGRATION = '2026-12-04-047-search-stemming';

async function migrateBefore(db: DB): Promise<void> {
  const names = Object.keys(await migrationProvider.getMigrations()).sort();
  const previous = names[names.indexOf(MIGRATION) - 1]!;
  const schema = isPostgres(db) ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  const { error } = await new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema }).migrateTo(previous);
  if (error) throw error;
}

for (const dialect of await dialects()) {
  describe(`search stemming, migrated (${dialect})`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(dialect);
    });
    afterAll(() => t?.cleanup());

    it('rebuilds an index of words alone in the shop language', async () => {
      const db = t.db;
      await db.insertInto('settings').values({ key: 'store.language', value: JSON.stringify('fr-BE') }).execute();
      const id = (await createProduct(db, { name: 'Chevaux de bois', regular_price: 5900 })).id;
      const found = async (q: string) => searchProductIds(db, parseQuery(q), {}, 10);
      // "cheval" is neither a word start of "chevaux" nor one typo from it: only its stem finds it.
      expect(await found('cheval')).toEqual([id]);

      // The index as the code before stemming wrote it.
      await migrateBefore(db);
      const old = ' chevaux de bois ';
      await db.updateTable('search_documents').set({ body: old }).execute();
      if (!isPostgres(db)) await sql`update search_fts set body = ${old}`.execute(db);
      expect(await found('cheval')).toEqual([]);

      await migrate(db);
      expect(await found('cheval')).toEqual([id]);
      const row = await db.selectFrom('search_documents').select('body').where('product_id', '=', id).executeTakeFirstOrThrow();
      expect(row.body).toMatch(/^ chevaux de bois( \S+)* $/);
      expect(row.body).toContain(' cheval ');
    });
  });
}
