import { describe, expect, it } from 'vitest';
import { MAX_EMBEDDED_VARIATIONS } from '../../config/constants.ts';
import {
  anyChosen, buttonState, choiceFromSearch, choiceKey, disabledValues, embedVariations, findMatchingVariation, fitsChoice,
  isComplete, searchWithChoice, toAttributeFields, type VariationCombo,
} from './variations.ts';

const color = { slug: 'color', options: ['Grey', 'Navy', 'Black'] };
const size = { slug: 'size', options: ['S', 'M', 'L'] };
const attrs = [color, size];

/** Every combination, with the ones listed out of stock. */
const grid = (out: string[] = []): VariationCombo[] =>
  color.options.flatMap((c) => size.options.map((s) => ({ attributes: { color: c, size: s }, active: !out.includes(`${c}/${s}`) })));

const disabledOf = (combos: VariationCombo[], choice: Record<string, string>) =>
  Object.fromEntries(Object.entries(disabledValues(attrs, combos, choice)).map(([k, set]) => [k, [...set].sort()]));

describe('matching a variation', () => {
  const variations = [
    { id: 1, attributes: { attribute_color: 'Black', attribute_size: 'S' } },
    { id: 2, attributes: { attribute_color: 'Black', attribute_size: 'M' } },
    { id: 3, attributes: { attribute_color: 'red', attribute_size: '' } },
    { id: 4, attributes: { attribute_color: '', attribute_size: '' } },
  ];

  it('finds the variation with exactly the chosen values', () => {
    expect(findMatchingVariation(variations, { color: 'Black', size: 'M' })?.id).toBe(2);
  });
  it('lets an "any" value match every option', () => {
    expect(findMatchingVariation(variations, { color: 'Red', size: 'L' })?.id).toBe(3);
    expect(findMatchingVariation(variations, { color: 'Red', size: 'S' })?.id).toBe(3);
  });
  it('takes the first match, so a specific variation listed before an all-"any" one wins', () => {
    expect(findMatchingVariation(variations, { color: 'Black', size: 'S' })?.id).toBe(1);
    expect(findMatchingVariation(variations, { color: 'Black', size: 'L' })?.id).toBe(4);
  });
  it('compares values case-insensitively, and accepts bare or prefixed keys', () => {
    expect(findMatchingVariation([{ attributes: { color: 'black', size: 's' } }], { color: 'Black', size: 'S' })).not.toBeNull();
  });
  it('finds nothing for an incomplete choice or when no variation fits', () => {
    expect(findMatchingVariation(variations.slice(0, 2), { color: 'Black', size: '' })).toBeNull();
    expect(findMatchingVariation(variations.slice(0, 2), { color: 'Black', size: 'L' })).toBeNull();
    expect(findMatchingVariation([], { color: 'Black', size: 'S' })).toBeNull();
  });
  it('tells whether a variation fits a partial choice', () => {
    expect(fitsChoice({ color: 'red', size: '' }, { color: 'Red', size: '' })).toBe(true);
    expect(fitsChoice({ color: 'Black', size: 'S' }, { color: '', size: 'M' })).toBe(false);
  });
  it('knows when the choice is complete or empty', () => {
    expect(isComplete(attrs, { color: 'Grey', size: '' })).toBe(false);
    expect(isComplete(attrs, { color: 'Grey', size: 'S' })).toBe(true);
    expect(isComplete([], {})).toBe(false);
    expect(anyChosen({ color: '', size: '' })).toBe(false);
    expect(anyChosen({ color: '', size: 'S' })).toBe(true);
  });
});

describe('disabled values', () => {
  it('disables nothing when every combination can be bought', () => {
    expect(disabledOf(grid(), { color: '', size: '' })).toEqual({ color: [], size: [] });
    expect(disabledOf(grid(), { color: 'Navy', size: '' })).toEqual({ color: [], size: [] });
  });
  it('disables the values no variation offers given the other choices', () => {
    const combos = grid(['Navy/S', 'Black/L']);
    expect(disabledOf(combos, { color: 'Navy', size: '' })).toEqual({ color: [], size: ['S'] });
    expect(disabledOf(combos, { color: '', size: 'S' })).toEqual({ color: ['Navy'], size: [] });
    expect(disabledOf(combos, { color: 'Black', size: 'S' })).toEqual({ color: ['Navy'], size: ['L'] });
  });
  it("ignores an attribute's own choice, so switching values stays possible", () => {
    expect(disabledOf(grid(['Navy/S']), { color: 'Grey', size: '' })).toEqual({ color: [], size: [] });
  });
  it('disables a value no variation has at all', () => {
    const combos = grid().filter((c) => c.attributes.size !== 'L');
    expect(disabledOf(combos, { color: '', size: '' })).toEqual({ color: [], size: ['L'] });
  });
  it('counts an "any" value as offering every option', () => {
    const combos: VariationCombo[] = [
      { attributes: { color: 'Black', size: 'S' }, active: true },
      { attributes: { color: 'grey', size: '' }, active: true },
    ];
    expect(disabledOf(combos, { color: 'Grey', size: '' })).toEqual({ color: ['Navy'], size: [] });
    expect(disabledOf(combos, { color: 'Black', size: '' })).toEqual({ color: ['Navy'], size: ['L', 'M'] });
    expect(disabledOf(combos, { color: '', size: 'M' })).toEqual({ color: ['Black', 'Navy'], size: [] });
  });
});

describe('add-to-cart button state', () => {
  const v = { is_purchasable: true, is_in_stock: true, variation_is_visible: true };
  it('asks for a selection while no variation is shown', () => expect(buttonState(null)).toBe('select'));
  it('is unavailable when not purchasable, out of stock or not visible', () => {
    expect(buttonState({ ...v, is_purchasable: false })).toBe('unavailable');
    expect(buttonState({ ...v, is_in_stock: false })).toBe('unavailable');
    expect(buttonState({ ...v, variation_is_visible: false })).toBe('unavailable');
  });
  it('is ready when purchasable, in stock and visible', () => expect(buttonState(v)).toBe('ready'));
});

describe('the choice in the URL', () => {
  it('reads ?attribute_color=…, case-insensitively, as the options are spelled', () => {
    expect(choiceFromSearch('?attribute_color=navy&attribute_size=M&other=1', attrs)).toEqual({ color: 'Navy', size: 'M' });
    expect(choiceFromSearch(new URLSearchParams('attribute_pa_color=Black'), attrs)).toEqual({ color: 'Black', size: '' });
  });
  it('ignores unknown attributes and values', () => {
    expect(choiceFromSearch('?attribute_color=Purple&attribute_fit=slim&attribute_size=', attrs)).toEqual({ color: '', size: '' });
  });
  it('writes the choice, keeping other parameters and dropping unchosen attributes', () => {
    expect(searchWithChoice('?ref=mail&attribute_size=L', { color: 'Navy', size: '' })).toBe('?ref=mail&attribute_color=Navy');
    expect(searchWithChoice('?attribute_color=Navy', { color: '', size: '' })).toBe('');
    expect(searchWithChoice('', { color: 'Light Blue', size: 'S' })).toBe('?attribute_color=Light+Blue&attribute_size=S');
  });
  it('names form fields and cache keys', () => {
    expect(toAttributeFields({ color: 'Navy', size: '' })).toEqual({ attribute_color: 'Navy' });
    expect(choiceKey({ size: 'S', color: 'Navy' })).toBe(choiceKey({ color: 'navy', size: 'S' }));
  });
});

describe('embedding variations in the page', () => {
  it(`embeds up to ${MAX_EMBEDDED_VARIATIONS}, asks the API beyond`, () => {
    expect(embedVariations(MAX_EMBEDDED_VARIATIONS)).toBe(true);
    expect(embedVariations(MAX_EMBEDDED_VARIATIONS + 1)).toBe(false);
    expect(embedVariations(36)).toBe(false);
  });
  it("follows the store's own limit", () => {
    expect(embedVariations(36, { maxEmbeddedVariations: 50 })).toBe(true);
    expect(embedVariations(5, { maxEmbeddedVariations: 4 })).toBe(false);
  });
});
