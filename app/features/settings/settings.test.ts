import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialects, type TestDatabase } from '../../../tests/helpers/databases.ts';
import { HttpError } from '../../lib/http-error.ts';
import { DEFAULT_SETTINGS } from './settings.schema.ts';
import { getSettings, saveSettings, saveSettingsAs } from './settings.server.ts';

const shop = {
  storeName: 'Boutique Étoile',
  currency: 'eur',
  currencyPosition: 'right_space',
  pricePrecision: '2',
  thousandSeparator: '.',
  decimalPoint: ',',
  storeNotice: 'Free delivery over 50 €',
  language: 'fr-FR',
  direction: 'ltr',
};

for (const dialect of await dialects()) {
  describe(`store settings (${dialect})`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database?.cleanup());

    const storedRows = () => database.db.selectFrom('settings').select(['key', 'value']).where('key', 'like', 'store.%').execute();

    async function rejected(input: unknown): Promise<HttpError> {
      const err = await saveSettings(database.db, input).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpError);
      return err as HttpError;
    }

    it('starts with the defaults: precision 2, "," thousands, "." decimals', async () => {
      const s = await getSettings(database.db);
      expect(s).toEqual(DEFAULT_SETTINGS);
      expect(s).toMatchObject({ pricePrecision: 2, thousandSeparator: ',', decimalPoint: '.', currency: 'GBP', direction: 'ltr' });
      expect(s.storeName).toBeTruthy();
    });

    it('refuses an invalid currency and precision with 400 naming both, and saves nothing', async () => {
      const err = await rejected({ ...shop, currency: 'pounds', pricePrecision: 9 });
      expect(err.status).toBe(400);
      expect(Object.keys(err.fields ?? {}).sort()).toEqual(['currency', 'pricePrecision']);
      expect(await storedRows()).toEqual([]);
      expect(await getSettings(database.db)).toEqual(DEFAULT_SETTINGS);
    });

    it('refuses other bad values field by field', async () => {
      const cases: [string, unknown][] = [
        ['storeName', '   '],
        ['currencyPosition', 'middle'],
        ['pricePrecision', -1],
        ['pricePrecision', 'two'],
        ['thousandSeparator', ', '],
        ['decimalPoint', ''],
        ['storeNotice', 'x'.repeat(501)],
        ['language', 'English'],
        ['direction', 'up'],
      ];
      for (const [field, value] of cases) {
        const err = await rejected({ ...shop, [field]: value });
        expect(err.status, `${field}=${String(value)}`).toBe(400);
        expect(Object.keys(err.fields ?? {}), field).toEqual([field]);
      }
      for (const input of [null, 'settings', [1, 2]]) expect((await rejected(input)).status).toBe(400);
      expect(await storedRows()).toEqual([]);
    });

    it('saves and loads back what the owner entered, normalised', async () => {
      const saved = await saveSettings(database.db, shop);
      // Fields this form did not send keep their defaults.
      const expected = { ...DEFAULT_SETTINGS, ...shop, currency: 'EUR', pricePrecision: 2 };
      expect(saved).toEqual(expected);
      expect(await getSettings(database.db)).toEqual(expected);
    });

    it('overwrites earlier values on the next save', async () => {
      await saveSettings(database.db, { ...shop, storeName: 'Étoile', pricePrecision: 0, thousandSeparator: '', direction: 'rtl' });
      const s = await getSettings(database.db);
      expect(s).toMatchObject({ storeName: 'Étoile', pricePrecision: 0, thousandSeparator: '', direction: 'rtl', currency: 'EUR' });
      // One row per setting, not one per save.
      const keys = (await storedRows()).map((r) => r.key);
      expect(new Set(keys).size).toBe(keys.length);
    });

    it('keeps the saved settings when a later save is invalid', async () => {
      const before = await getSettings(database.db);
      await rejected({ ...shop, storeName: 'Changed', currency: 'pounds' });
      expect(await getSettings(database.db)).toEqual(before);
    });

    it('ignores a stored value it cannot read and falls back to defaults', async () => {
      await database.db.updateTable('settings').set({ value: '{not json' }).where('key', '=', 'store.storeName').execute();
      const s = await getSettings(database.db);
      expect(s.storeName).toBe(DEFAULT_SETTINGS.storeName);
    });

    it('a shop that set only its language and currency writes prices as that language does; separators the owner saved win', async () => {
      const fresh = await createTestDatabase(dialect);
      try {
        const saved = await saveSettings(fresh.db, { language: 'de-DE', currency: 'EUR', thousandSeparator: ',', decimalPoint: '.', currencyPosition: 'left' });
        // The form sent the English defaults it showed: nothing the owner chose, so nothing written.
        expect(saved).toMatchObject({ thousandSeparator: '.', decimalPoint: ',', currencyPosition: 'right_space', pricePrecision: 2 });
        expect(await getSettings(fresh.db)).toMatchObject({ thousandSeparator: '.', decimalPoint: ',', currencyPosition: 'right_space' });
        await saveSettings(fresh.db, { language: 'fr-FR' });
        expect(await getSettings(fresh.db)).toMatchObject({ thousandSeparator: '\u202f', decimalPoint: ',', currencyPosition: 'right_space' });
        await saveSettings(fresh.db, { thousandSeparator: '', currencyPosition: 'left_space' });
        await saveSettings(fresh.db, { language: 'en' });
        expect(await getSettings(fresh.db)).toMatchObject({ thousandSeparator: '', decimalPoint: '.', currencyPosition: 'left_space' });
      } finally {
        await fresh.cleanup();
      }
    });

    it('keeps the store address as an origin, and lets only an administrator change it', async () => {
      await saveSettingsAs(database.db, 'admin', { storeUrl: 'https://Shop.Example/any/path?x=1' });
      expect((await getSettings(database.db)).storeUrl).toBe('https://shop.example');
      for (const role of ['shop_manager', 'editor', 'operator', 'customer'] as const) {
        await saveSettingsAs(database.db, role, { storeUrl: 'https://evil.example', storeName: `Renamed by ${role}` });
        const s = await getSettings(database.db);
        expect(s.storeUrl, role).toBe('https://shop.example');
        expect(s.storeName).toBe(`Renamed by ${role}`);
      }
      for (const bad of ['shop.example', 'ftp://shop.example', 'https://user:pw@shop.example', 'javascript:alert(1)']) {
        expect((await rejectedAs(bad)).fields?.storeUrl, bad).toEqual(expect.any(String));
      }
      expect((await getSettings(database.db)).storeUrl).toBe('https://shop.example');
    });

    const rejectedAs = (storeUrl: string) => saveSettingsAs(database.db, 'admin', { storeUrl }).then(() => ({ fields: undefined }) as HttpError, (e: HttpError) => e);
  });
}
