import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

for (const dialect of await dialects()) {
  describe(`health and API errors (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    it('reports ok with the database dialect and version', async () => {
      const res = await t.app.inject('/api/health');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', db: dialect, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    });

    it('answers unknown API paths with a JSON 404', async () => {
      const res = await t.app.inject('/api/no-such-thing');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    });
  });
}
