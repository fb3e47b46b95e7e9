import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, type TestDatabase } from '../../tests/helpers/databases.ts';
import { contains } from './list-query.ts';

/* The back office's "contains" search: what is typed is found as typed, wildcards included. */

const VALUES = ['100% cotton', '1005 cotton', 'a_b', 'axb', 'a\\b', 'a\\\\b', 'ab', 'Linen APRON', 'linen bag'];

for (const dialect of await dialects()) {
  describe(`contains (${dialect})`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      await database.db
        .insertInto('settings')
        .values(VALUES.map((value, i) => ({ key: `like-test.${i}`, value })))
        .execute();
    });
    afterAll(() => database?.cleanup());

    const found = async (text: string) =>
      (
        await database.db
          .selectFrom('settings')
          .select('value')
          .where('key', 'like', 'like-test.%')
          .where(contains(sql`value`, text))
          .orderBy('key')
          .execute()
      ).map((r) => r.value);

    it('matches %, _ and \\ as themselves, not as wildcards or an escape', async () => {
      expect(await found('100%')).toEqual(['100% cotton']);
      expect(await found('%')).toEqual(['100% cotton']);
      expect(await found('a_b')).toEqual(['a_b']);
      expect(await found('_')).toEqual(['a_b']);
      expect(await found('a\\b')).toEqual(['a\\b']);
      expect(await found('\\\\')).toEqual(['a\\\\b']);
      expect(await found('\\')).toEqual(['a\\b', 'a\\\\b']);
    });

    it('finds the text anywhere in the value, whatever its case', async () => {
      expect(await found('LINEN')).toEqual(['Linen APRON', 'linen bag']);
      expect(await found('apron')).toEqual(['Linen APRON']);
      expect(await found('cotton')).toEqual(['100% cotton', '1005 cotton']);
      expect(await found('wool')).toEqual([]);
    });
  });
}
