import { describe, expect, it } from 'vitest';
import { pluralIn } from './t.ts';
import { plural } from './t-admin.ts';

describe('plural messages', () => {
  it('picks the singular for one and the plural for zero, several and fractions', () => {
    expect(plural('admin.orders.count', 1)).toBe('1 order.');
    expect(plural('admin.orders.count', 0)).toBe('0 orders.');
    expect(plural('admin.orders.count', 2)).toBe('2 orders.');
    expect(plural('admin.tax.imported', 1.5)).toBe('1.5 tax rates imported.');
    // Labels beside a figure (the dashboard's cards) have no {count}.
    expect(plural('admin.dashboard.customers', 1)).toBe('customer');
    expect(plural('admin.dashboard.categories', 3)).toBe('categories');
  });

  it('fills the other placeholders too', () => {
    expect(plural('admin.orders.found', 1, { search: 'Kew' })).toBe('1 order found for “Kew”.');
    expect(plural('admin.privacy.erased', 3, { email: 'a@example.test' })).toBe('Erased a@example.test: 3 orders anonymised, account deleted.');
  });

  it('follows the rules it is given, falling back to the "other" form a catalog lacks', () => {
    const catalog = { 'x.one': '{count} plik', 'x.few': '{count} pliki', 'x.other': '{count} plików' };
    const polish = new Intl.PluralRules('pl');
    expect([1, 2, 5, 22].map((n) => pluralIn(catalog, 'x', n, undefined, polish))).toEqual(['1 plik', '2 pliki', '5 plików', '22 pliki']);
    // English has no "few": 2 takes "other".
    expect(pluralIn(catalog, 'x', 2)).toBe('2 plików');
    expect(pluralIn({ 'y.other': '{count} items' }, 'y', 1)).toBe('1 items');
  });
});
