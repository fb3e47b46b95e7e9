import { describe, expect, it } from 'vitest';
import { deletions, editDistance, fold, stripHtml, words } from './normalize.ts';
import { parseQuery } from '../../app/features/search/search.server.ts';

describe('search normalisation', () => {
  it('folds case and diacritics, including letters without a combining mark', () => {
    expect(fold('Crème Brûlée')).toBe('creme brulee');
    expect(fold('ÅNGSTRÖM Straße Øl Łódź')).toBe('angstrom strasse ol lodz');
  });

  it('splits words on anything but letters and digits', () => {
    expect(words('T-Shirt (organic) 100% "cotton"* NEAR_x')).toEqual(['t', 'shirt', 'organic', '100', 'cotton', 'near', 'x']);
    expect(words("'; drop table --")).toEqual(['drop', 'table']);
    expect(words('***')).toEqual([]);
  });

  it('cuts queries at 200 characters and keeps at most 8 distinct words', () => {
    expect(parseQuery('a'.repeat(300)).text).toHaveLength(200);
    expect(parseQuery('one two two three four five six seven eight nine ten').words).toEqual(['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight']);
  });

  it('measures one edit: insert, delete, substitute, swap', () => {
    expect(editDistance('hoodie', 'hodie')).toBe(1);
    expect(editDistance('hoodie', 'hoodies')).toBe(1);
    expect(editDistance('cotton', 'cotten')).toBe(1);
    expect(editDistance('socks', 'sokcs')).toBe(1);
    expect(editDistance('socks', 'sucky')).toBe(2);
    expect(editDistance('candle', 'can')).toBe(2);
  });

  it('lists a word with each letter left out once', () => {
    expect(deletions('sock').sort()).toEqual(['ock', 'sck', 'soc', 'sok', 'sock'].sort());
  });

  it('reads the text of HTML', () => {
    expect(words(stripHtml('<p>Soft <b>organic</b>&amp;warm</p>'))).toEqual(['soft', 'organic', 'warm']);
  });
});
