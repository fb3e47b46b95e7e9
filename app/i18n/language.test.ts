import { afterEach, describe, expect, it } from 'vitest';
import { servedLanguage, setShopLanguage } from './language.server.ts';
import { catalogueLanguage, perLanguage, textDirection } from './runtime.ts';
import { plural, t } from './t-admin.ts';

/* The shop's language as the server sets it from the settings (the pseudo-language is allowed under the tests). */

describe('the shop’s language', () => {
  afterEach(() => setShopLanguage('en'));

  it('reads the catalogue of the primary subtag, English for a language without one', () => {
    expect(catalogueLanguage('de-AT')).toBe('de');
    expect(catalogueLanguage('en-XA')).toBe('en-XA');
    expect(servedLanguage('en-GB')).toBe('en');
    expect(servedLanguage('xx')).toBe('en');
    expect(servedLanguage('en-XA')).toBe('en-XA');
    setShopLanguage('xx-YY');
    expect(t('site.skip')).toBe('Skip to content');
  });

  it('gives every message, counted ones and labels kept in modules, in the language set', () => {
    const labels = perLanguage(() => ({ skip: t('site.skip') }));
    const columns = perLanguage(() => [t('admin.tax.col.rate')]);
    expect(labels.skip).toBe('Skip to content');
    setShopLanguage('en-XA');
    expect(t('site.skip')).toBe('[Šķîþ ţö çöñţéñţ ~~~~~]');
    expect(t('categories.movedUp', { name: 'Mugs' })).toMatch(/^\[Çàţéĝöŕý “Mugs” ɱöṽéđ ûþ\. ~+\]$/);
    expect(plural('admin.orders.count', 2)).toMatch(/^\[2 öŕđéŕš\. ~+\]$/);
    expect(labels.skip).toBe('[Šķîþ ţö çöñţéñţ ~~~~~]');
    expect(Array.isArray(columns) && columns.map((c) => c.startsWith('[Ŕàţé'))).toEqual([true]);
    setShopLanguage('en');
    expect(labels.skip).toBe('Skip to content');
  });

  it('lays right-to-left languages out right to left', () => {
    expect(['ar', 'ar-EG', 'he', 'fa-IR', 'ur'].map(textDirection)).toEqual(['rtl', 'rtl', 'rtl', 'rtl', 'rtl']);
    expect(['en', 'de-AT', 'en-XA'].map(textDirection)).toEqual(['ltr', 'ltr', 'ltr']);
  });
});
