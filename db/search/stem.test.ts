import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { words } from './normalize.ts';
import { STEMMED_LANGUAGES, stemmingLanguage, stemsOf, stemWord } from './stem.ts';

/** Letters of the stemmed languages' scripts (with marks and a space), for texts a shop may hold. */
const LETTERS = [...'aeinrstuyäöüßéèêàçœñáíóúąęłİıﬁ Ёёйкаяиеοςάΐعربيةكتابالहिंदीதமிழ்Հայ'];

/** A text's search terms in a language, as the index and the queries make them. */
const terms = (text: string, language: string) => words(text).map((w) => stemWord(w, language));

describe('search stemming', () => {
  it('takes the primary subtag of the shop language, and no stemming for a language without a stemmer', () => {
    expect(stemmingLanguage('de-AT')).toBe('de');
    expect(stemmingLanguage('fr')).toBe('fr');
    expect(stemmingLanguage('ES-mx')).toBe('es');
    expect(stemmingLanguage('pt_BR')).toBe('pt');
    expect(stemmingLanguage('ja')).toBe('');
    expect(stemmingLanguage('')).toBe('');
    for (const language of ['en', 'de', 'fr', 'es', 'ar']) expect(STEMMED_LANGUAGES).toContain(language);
  });

  it('gives inflected forms one stem, from folded words', () => {
    expect(terms('Winterjacke Winterjacken', 'de')).toEqual(['winterjack', 'winterjack']);
    expect(terms('Jacke Jacken', 'de')).toEqual(['jack', 'jack']);
    expect(terms('chaussures chaussure', 'fr')).toEqual(['chaussur', 'chaussur']);
    // Typed with or without the accent, the same stem.
    expect(terms('randonnée', 'fr')).toEqual(terms('randonnee', 'fr'));
    expect(terms('zapatos zapato', 'es')).toEqual(['zapat', 'zapat']);
    expect(terms('candles candle', 'en')).toEqual(['candl', 'candl']);
    expect(new Set(terms('الكتاب كتاب', 'ar')).size).toBe(1);
  });

  it('leaves words with digits (SKUs, sizes) and words in an unstemmed language as they are', () => {
    expect(terms('HOOD-CRIMSON 42er XL2', 'de')).toEqual(['hood', 'crimson', '42er', 'xl2']);
    expect(terms('Jacken', '')).toEqual(['jacken']);
    expect(stemsOf(['winterjacke', 'aus', 'wolle'], 'de')).toEqual(['winterjack', 'woll']);
    expect(stemsOf(['winterjacke'], '')).toEqual([]);
  });

  it('is idempotent and never throws, on any string in every language', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.lorem({ maxCount: 8 }), fc.string({ unit: fc.constantFrom(...LETTERS) })), fc.constantFrom('', ...STEMMED_LANGUAGES), (text, language) => {
        const once = terms(text, language);
        // The terms are words again (folded) and are their own terms.
        expect(terms(once.join(' '), language)).toEqual(once);
        for (const w of once) expect(stemWord(w, language)).toBe(w);
      }),
      { numRuns: 3000 },
    );
  });
});
