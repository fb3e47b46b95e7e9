import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { saveSettingsAs } from '../../app/features/settings/settings.server.ts';
import { saveSynonymGroup } from '../../app/features/search/synonyms.server.ts';
import type { Suggestion } from '../../app/features/search/suggestion.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/**
 * Search in the shop's language: inflected forms find each other by their stems, in the
 * header box's suggestions and the shop listing, on both databases alike; what search did
 * before (word starts as typed, SKUs, exact names first, typos, synonyms, "did you mean")
 * still holds. Changing the shop's language reindexes the catalogue.
 */
const CATALOG = [
  { name: 'Winterjacke aus Wolle', sku: 'WJ-100', regular_price: 12900, categories: [['Jacken']], total_sales: 3 },
  { name: 'Leichte Jacken für Kinder', sku: 'LJ-7', regular_price: 4900, total_sales: 9 },
  { name: 'Wolle', sku: 'WOLLE-1', regular_price: 900, total_sales: 0 },
  { name: 'Sommerkleid aus Leinen', sku: 'SK-1', regular_price: 5900, total_sales: 0 },
  { name: 'Chaussures de randonnée', sku: 'CH-RAND', regular_price: 8900, total_sales: 4 },
  { name: 'Chaussure de ville en cuir', sku: 'CH-VILLE', regular_price: 9900, total_sales: 2 },
  { name: 'Cheval à bascule', sku: 'CHEVAL', regular_price: 14900, total_sales: 0 },
  { name: 'Zapato de cuero', sku: 'ZAP-1', regular_price: 7900, total_sales: 1 },
  { name: 'Camiseta de algodón', sku: 'CAM-1', regular_price: 1900, total_sales: 6 },
  { name: 'Camión de juguete', sku: 'CAMION', regular_price: 2900, total_sales: 0 },
];

for (const dialect of await dialects()) {
  describe(`search in the shop's language (${dialect})`, () => {
    let t: TestApp;
    const suggest = async (q: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/search/suggestions?q=${encodeURIComponent(q)}`, remoteAddress: '10.7.0.1' });
      expect(res.statusCode, q).toBe(200);
      return res.json().suggestions as Suggestion[];
    };
    const names = async (q: string) => (await suggest(q)).filter((s) => s.type === 'product' && s.id !== -1).map((s) => s.value);
    const shop = async (q: string) => {
      const page = await t.app.inject(`/shop?s=${encodeURIComponent(q)}`);
      expect(page.statusCode, q).toBe(200);
      return page.body;
    };
    const listing = async (q: string) => (await t.app.inject(`/api/products?per_page=100&s=${encodeURIComponent(q)}`)).json() as { total: number; didYouMean?: string; products: { name: string }[] };
    const speak = (language: string) => saveSettingsAs(t.services.db, 'admin', { language });

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      for (const p of CATALOG) await createProduct(t.services.db, p);
    }, 120_000);
    afterAll(() => t?.close());

    it('in English, a German inflected form more than one typo away does not find the word (no German stems yet)', async () => {
      expect(await names('Sommerkleidern')).toEqual([]);
    });

    it('a German shop (de-AT): inflected forms find each other; half-typed words, SKUs, exact names and typos still work', async () => {
      // The settings save reindexes the catalogue in the new language.
      await speak('de-AT');
      expect(await names('Winterjacken')).toEqual(['Winterjacke aus Wolle']);
      expect(await names('Sommerkleidern')).toEqual(['Sommerkleid aus Leinen']);
      expect(await names('Winterjacken Wolle')).toEqual(['Winterjacke aus Wolle']);
      // "Jacken" in the name ranks before "Jacken" as the category.
      expect(await names('Jacke')).toEqual(['Leichte Jacken für Kinder', 'Winterjacke aus Wolle']);
      // The last word half typed still matches as a word start.
      expect(await names('Winterja')).toEqual(['Winterjacke aus Wolle']);
      expect(await names('WJ-100')).toEqual(['Winterjacke aus Wolle']);
      // The exact name first, whatever the sales.
      expect(await names('Wolle')).toEqual(['Wolle', 'Winterjacke aus Wolle']);
      // One typo in a word of five letters or more.
      expect(await names('Winterjake')).toEqual(['Winterjacke aus Wolle']);
      // The category's inflected name is offered too.
      expect((await suggest('Jacke')).filter((s) => s.type === 'category').map((s) => s.value)).toEqual(['Jacken']);
      // The shop listing reads the same index.
      const body = await shop('Winterjacken');
      expect(body).toContain('Winterjacke aus Wolle');
      expect(body).not.toContain('Leichte Jacken für Kinder');
      expect((await listing('Jacke')).products.map((p) => p.name).sort()).toEqual(['Leichte Jacken für Kinder', 'Winterjacke aus Wolle']);
    });

    it('a German shop: synonyms and "did you mean" offer words as written, never stems', async () => {
      await speak('de');
      await saveSynonymGroup(t.services.db, null, { terms: 'Mantel = Winterjacke' });
      expect(await names('Mantel')).toEqual(['Winterjacke aus Wolle']);
      // Two edits from "winterjacke": no match, and the suggested word is the indexed word.
      expect(await listing('Wintrjacken')).toMatchObject({ total: 0, didYouMean: 'winterjacke' });
    });

    it('a French shop: "chaussure randonnee" finds "Chaussures de randonnée", and a plural its singular', async () => {
      await speak('fr-FR');
      expect(await names('chaussure randonnee')).toEqual(['Chaussures de randonnée']);
      expect(await names('chaussures')).toEqual(['Chaussures de randonnée', 'Chaussure de ville en cuir']);
      expect(await names('randonnées')).toEqual(['Chaussures de randonnée']);
      expect(await names('chevaux')).toEqual(['Cheval à bascule']);
      expect(await shop('chaussures cuir')).toContain('Chaussure de ville en cuir');
    });

    it('a Spanish shop: a plural finds its singular', async () => {
      await speak('es');
      expect(await names('zapatos')).toEqual(['Zapato de cuero']);
      expect(await names('camisetas algodon')).toEqual(['Camiseta de algodón']);
      expect(await names('camiones')).toEqual(['Camión de juguete']);
      expect(await shop('zapatos')).toContain('Zapato de cuero');
    });

    it('back in English, the German stems are gone from the index', async () => {
      await speak('en-GB');
      expect(await names('Sommerkleidern')).toEqual([]);
      expect(await names('Sommerkleid')).toEqual(['Sommerkleid aus Leinen']);
      // A language without a stemmer matches words as folded.
      await speak('ja');
      expect(await names('chevaux')).toEqual([]);
      expect(await names('cheval')).toEqual(['Cheval à bascule']);
    });
  });
}
