import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { contentTexts, untranslated, visibleTexts } from '../helpers/visible-text.ts';

/*
 * The shop's language through its pages: the first JavaScript a page loads (gzip), and the
 * pseudo-language (accented, lengthened, bracketed English) chosen as the shop's language.
 */

/** The scripts a page loads before it runs (its module preloads and the modules its inline script imports): its first JavaScript, in gzip bytes. */
function firstJs(html: string): { files: string[]; gzip: number } {
  const named = [...html.matchAll(/rel="modulepreload" href="(\/assets\/[^"]+\.js)"|import(?: \* as \w+ from |\()"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? m[2]!);
  const files = [...new Set(named)];
  const gzip = files.reduce((sum, f) => sum + gzipSync(readFileSync(`build/client${f}`), { level: 9 }).length, 0);
  return { files, gzip };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

describe('the shop in its language', () => {
  let t: TestApp;
  let product: string;
  const get = async (path: string) => (await t.app.inject({ method: 'GET', url: path })).body;

  beforeAll(async () => {
    t = await createTestApp('sqlite', { pages: 'build', config: { seedDemo: true } });
    const row = await t.services.db.selectFrom('products').select('slug').where('status', '=', 'publish').where('type', '=', 'variable').orderBy('id').executeTakeFirstOrThrow();
    product = `/product/${row.slug}`;
  });
  afterAll(() => t.close());

  it('sends English pages with no more first JavaScript than the messages they use', async () => {
    const home = firstJs(await get('/'));
    const page = firstJs(await get(product));
    console.log(`first JavaScript (gzip): home ${kb(home.gzip)}, product ${kb(page.gzip)}`);
    expect(home.gzip).toBeLessThan(74 * 1024);
    // The product page starts React after the load: React DOM is not among its first scripts.
    expect(page.gzip).toBeLessThan(80 * 1024);
  });

  it('renders in the pseudo-language when the shop is set to it, left to right, and in Arabic right to left', async () => {
    await saveSettings(t.services.db, { language: 'en-XA' });
    const html = await get('/cart');
    expect(html).toMatch(/<html lang="en-XA" dir="ltr"/);
    expect(html).toContain('[Šķîþ ţö çöñţéñţ ~~~~~]');
    expect(html).not.toContain('>Skip to content<');
    await saveSettings(t.services.db, { language: 'ar' });
    const arabic = await get('/cart');
    // The Arabic catalogue's text, laid out right to left.
    expect(arabic).toMatch(/<html lang="ar" dir="rtl"/);
    expect(arabic).toContain('الانتقال إلى المحتوى');
    expect(arabic).toContain('سلتك فارغة حاليًا.');
    await saveSettings(t.services.db, { language: 'en' });
    expect(await get('/cart')).toContain('Skip to content');
  });

  it('shows no English text on the home page, a product page and the cart in the pseudo-language, but for the shop’s own content', async () => {
    await saveSettings(t.services.db, { language: 'en-XA' });
    try {
      const content = await contentTexts(t.services.db);
      const left = new Map<string, string[]>();
      for (const path of ['/', product, '/cart']) left.set(path, untranslated(visibleTexts(await get(path)), content));
      // Texts written into components rather than the catalogues, still to be moved there (none
      // left on these pages); a text not on this list fails the test, so no new one lands in
      // English only.
      const known = new Set<string>(JSON.parse(readFileSync('tests/api/messages-untranslated.json', 'utf8')) as string[]);
      const found = [...new Set([...left.values()].flat())].sort();
      expect(found.filter((s) => !known.has(s))).toEqual([]);
    } finally {
      await saveSettings(t.services.db, { language: 'en' });
    }
  });
});
