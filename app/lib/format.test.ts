import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { directionOf, formatDate, formatDateTime, formatNumber, formatPercent, formatTime, resolveLocale } from './format.ts';
import { currencyInfo, formatPrice, parsePrice, priceFormatDefaults, type PriceFormat } from './money.ts';

/** The languages the shop ships or its likely shops write in, bare and with their country. */
const LANGUAGES = ['en', 'en-GB', 'en-US', 'en-IE', 'de', 'de-DE', 'de-AT', 'de-CH', 'fr', 'fr-FR', 'fr-BE', 'fr-CH', 'es', 'es-ES', 'it-IT', 'nl-NL', 'nl-BE', 'ar', 'ar-SA', 'ar-AE', 'ar-EG', 'he', 'fa', 'ur'];
const CURRENCIES = ['GBP', 'EUR', 'USD', 'CHF', 'JPY', 'KWD', 'SAR', 'AED', 'EGP'];
const DAY = '2026-12-04T15:07:00Z';
const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('dates in the shop’s language', () => {
  it('writes an order date as each language does', () => {
    expect(formatDate(DAY, 'de-DE')).toBe('4. Dezember 2026');
    expect(formatDate(DAY, 'fr-FR')).toBe('4 décembre 2026');
    expect(formatDate(DAY, 'es-ES')).toBe('4 de diciembre de 2026');
    expect(formatDate(DAY, 'en-US')).toBe('December 4, 2026');
    expect(formatDate(DAY, 'en-GB')).toBe('4 December 2026');
  });

  it('a bare language takes the shop’s country as its region; unset is English', () => {
    expect(formatDate(DAY, { language: 'en', baseCountry: 'GB' })).toBe('4 December 2026');
    expect(formatDate(DAY, { language: 'en', baseCountry: 'US' })).toBe('December 4, 2026');
    expect(formatDate(DAY, { language: 'de', baseCountry: 'AT' })).toBe('4. Dezember 2026');
    expect(resolveLocale({ language: 'de-CH', baseCountry: 'DE' })).toBe('de-CH');
    expect(resolveLocale(undefined)).toBe('en');
    expect(resolveLocale({ language: '' })).toBe('en');
    expect(formatDate(DAY, null)).toBe('December 4, 2026');
  });

  it('times are UTC, digits Latin in every language (Arabic too), a bad value gives nothing', () => {
    expect(formatTime(DAY, 'de-DE')).toBe('15:07');
    expect(formatDateTime(DAY, 'de-DE')).toBe('04.12.2026, 15:07');
    expect(formatDate(DAY, 'ar')).toMatch(/4.*ديسمبر.*2026/);
    expect(formatDate('2026-05-03', 'de-DE', 'dayMonth')).toBe('3. Mai');
    expect(formatDate('yesterday', 'de-DE')).toBe('');
    expect(formatDateTime(Number.NaN, 'fr-FR')).toBe('');
  });

  it('never throws, for any time and any language tag, and always writes 0-9 digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), fc.oneof(fc.constantFrom(...LANGUAGES), fc.string({ maxLength: 12 })), (ms, language) => {
        for (const text of [formatDate(ms, language), formatDateTime(ms, language), formatTime(ms, language), formatDate(ms, { language, baseCountry: 'FR' }, 'dayMonth')]) {
          expect(typeof text).toBe('string');
          expect(text).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
        }
      }),
    );
  });
});

describe('numbers and percentages in the shop’s language', () => {
  it('uses the language’s separators and percent sign', () => {
    expect(formatNumber(1234.5, 'de-DE')).toBe('1.234,5');
    expect(formatNumber(1234.5, 'fr-FR')).toBe(`1${NNBSP}234,5`);
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(4.5, 'ar')).toBe('4.5');
    expect(formatPercent(0.125, 'de-DE')).toBe(`12,5${NBSP}%`);
    expect(formatPercent(0.125, 'en')).toBe('12.5%');
    expect(formatNumber(Number.POSITIVE_INFINITY, 'en')).toBe('');
  });

  it('never throws and reads back as the same number, in every shipped language', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(...LANGUAGES), (n, language) => {
        const text = formatNumber(n, language, 0);
        // The grouping mark, from a number every language groups (Italian and Spanish leave 4 digits ungrouped).
        const group = formatNumber(1_000_000, language, 0).replace(/[\d\u200e\u200f\u061c]/g, '')[0] ?? '';
        expect(Number(text.replace(/[\u200e\u200f\u061c]/g, '').replace('−', '-').split(group || '\u0000').join(''))).toBe(n);
        expect(typeof formatPercent(n / 1e6, language)).toBe('string');
      }),
    );
  });
});

describe('prices in the shop’s language', () => {
  it('a new shop’s separators and symbol position follow its language and currency', () => {
    const f = (language: string, currency: string): PriceFormat => ({ currency, pricePrecision: 2, ...priceFormatDefaults(language, currency) });
    expect(formatPrice(123456, f('de-DE', 'EUR'))).toBe('1.234,56 €');
    expect(formatPrice(123456, f('fr-FR', 'EUR'))).toBe(`1${NNBSP}234,56 €`);
    expect(formatPrice(123456, f('es-ES', 'EUR'))).toBe('1.234,56 €');
    expect(formatPrice(123456, f('nl-NL', 'EUR'))).toBe('€ 1.234,56');
    expect(formatPrice(123456, f('de-CH', 'CHF'))).toBe("CHF 1'234.56");
    expect(formatPrice(123456, f('en', 'GBP'))).toBe('£1,234.56');
    expect(formatPrice(123456, f('en-US', 'USD'))).toBe('$1,234.56');
    // A tag Intl does not know: the English defaults.
    expect(priceFormatDefaults('zz-ZZ', 'EUR')).toEqual({ currencyPosition: 'left', thousandSeparator: ',', decimalPoint: '.' });
  });

  it('any amount in minor units formats and parses back, in every shipped language and currency', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.constantFrom(...LANGUAGES), fc.constantFrom(...CURRENCIES), (minor, language, currency) => {
        const f: PriceFormat = { currency, pricePrecision: currencyInfo(currency).exponent, ...priceFormatDefaults(language, currency) };
        const text = formatPrice(minor, f);
        expect(f.thousandSeparator).not.toBe(f.decimalPoint);
        expect(parsePrice(text, f)).toBe(minor);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('direction', () => {
  it('Arabic, Hebrew, Persian and Urdu are written right to left; the rest left to right', () => {
    for (const l of ['ar', 'ar-SA', 'he', 'he-IL', 'fa', 'ur-PK']) expect(directionOf(l)).toBe('rtl');
    for (const l of ['en', 'de-DE', 'fr', '', undefined]) expect(directionOf(l)).toBe('ltr');
  });
});
