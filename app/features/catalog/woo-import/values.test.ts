import { describe, expect, it } from 'vitest';
import { mapHeader } from './columns.ts';
import { CellError, backorders, date, description, explode, measure, price, productType, published, ref, stockStatus, unescapeCell } from './values.ts';

describe('WooCommerce cell conventions', () => {
  it('splits comma lists, keeping escaped commas inside an item', () => {
    expect(explode('Clothing > Hoodies, Music\\, Film, ,Sale')).toEqual(['Clothing > Hoodies', 'Music, Film', 'Sale']);
    expect(explode('')).toEqual([]);
  });

  it('turns "\\n" in descriptions into line breaks and "\\\\n" into a literal \\n', () => {
    expect(description('One\\nTwo')).toBe('One\nTwo');
    expect(description('C:\\\\new')).toBe('C:\\new');
    expect(description('real\nbreak')).toBe('real\nbreak');
  });

  it('reads prices as minor units of the currency, with a decimal point or a lone decimal comma', () => {
    expect(price('12.5', 'GBP')).toBe(1250);
    expect(price('12,50', 'EUR')).toBe(1250);
    expect(price('1000', 'JPY')).toBe(1000);
    expect(price('', 'GBP')).toBeNull();
    expect(() => price('abc', 'GBP')).toThrow(CellError);
    expect(() => price('-3', 'GBP')).toThrow(/negative/);
  });

  it('maps Published, In stock? and Backorders allowed? as WooCommerce writes them', () => {
    expect([published('1'), published('0'), published('-1'), published('')]).toEqual(['publish', 'private', 'draft', 'draft']);
    expect(unescapeCell("'-1")).toBe('-1');
    expect([stockStatus('1'), stockStatus('0'), stockStatus('backorder')]).toEqual(['instock', 'outofstock', 'onbackorder']);
    expect([backorders('1'), backorders('0'), backorders('notify'), backorders('')]).toEqual(['yes', 'no', 'notify', 'no']);
    expect(() => published('maybe')).toThrow(/1, 0 or -1/);
  });

  it('reads combined types and refuses unknown ones', () => {
    expect(productType('simple, downloadable, virtual')).toEqual({ type: 'simple', virtual: 1, downloadable: 1 });
    expect(productType('variable')).toEqual({ type: 'variable', virtual: 0, downloadable: 0 });
    expect(productType('')).toMatchObject({ type: 'simple' });
    expect(() => productType('bogus')).toThrow(/"bogus" is not a product type/);
  });

  it('reads dates, references and units', () => {
    expect(date('2025-01-31 00:00:00')).toBe('2025-01-31');
    expect(() => date('31/01/2025')).toThrow(/YYYY-MM-DD/);
    expect(() => date('2025-02-30')).toThrow(CellError);
    expect(ref('id:42')).toEqual({ id: 42 });
    expect(ref('HOODIE-1')).toEqual({ sku: 'HOODIE-1' });
    expect(measure('2', 'lbs', 'weight')).toBe(0.9072);
    expect(measure('10', 'mm', 'size')).toBe(1);
    expect(() => measure('1', 'stone', 'weight')).toThrow(/unit/);
  });

  it('recognises headers by name, number and unit', () => {
    expect(mapHeader('\uFEFFID')).toEqual({ kind: 'field', field: 'id' });
    expect(mapHeader('Weight (lbs)')).toEqual({ kind: 'field', field: 'weight', unit: 'lbs' });
    expect(mapHeader('Attribute 2 value(s)')).toEqual({ kind: 'attribute', n: 2, part: 'values' });
    expect(mapHeader('Download 1 URL')).toEqual({ kind: 'download', n: 1, part: 'url' });
    expect(mapHeader('Meta: _wpcom_is_markdown')).toEqual({ kind: 'meta', key: '_wpcom_is_markdown' });
    expect(mapHeader('Something else')).toEqual({ kind: 'unknown', header: 'Something else' });
  });
});
