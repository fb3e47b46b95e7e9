import { describe, expect, it } from 'vitest';
import { currencyInfo, formatPrice, toMinor, type PriceFormat } from './money.ts';

const gbp: PriceFormat = { currency: 'GBP', currencyPosition: 'left', pricePrecision: 2, thousandSeparator: ',', decimalPoint: '.' };
const fmt = (minor: number, f: Partial<PriceFormat> = {}) => formatPrice(minor, { ...gbp, ...f });

describe('formatPrice', () => {
  it('formats pounds with the default format (precision 2, "," and ".")', () => {
    expect(fmt(1250)).toBe('£12.50');
    expect(fmt(123456789)).toBe('£1,234,567.89');
    expect(fmt(0)).toBe('£0.00');
    expect(fmt(5)).toBe('£0.05');
    expect(fmt(100000)).toBe('£1,000.00');
  });

  it('formats euros with continental separators and the symbol after the number', () => {
    expect(fmt(1234567, { currency: 'EUR', thousandSeparator: '.', decimalPoint: ',', currencyPosition: 'right_space' })).toBe(
      '12.345,67 €',
    );
    expect(fmt(999, { currency: 'EUR', currencyPosition: 'right' })).toBe('9.99€');
  });

  it('treats yen minor units as whole yen (no minor unit)', () => {
    expect(currencyInfo('JPY')).toEqual({ symbol: '¥', exponent: 0 });
    expect(fmt(150000, { currency: 'JPY', pricePrecision: 0 })).toBe('¥150,000');
    // A store that keeps two decimals shows them as zeros, never divides by 100.
    expect(fmt(150000, { currency: 'JPY' })).toBe('¥150,000.00');
  });

  it('puts the symbol in each of the four positions', () => {
    expect(fmt(1999, { currencyPosition: 'left' })).toBe('£19.99');
    expect(fmt(1999, { currencyPosition: 'left_space' })).toBe('£ 19.99');
    expect(fmt(1999, { currencyPosition: 'right' })).toBe('19.99£');
    expect(fmt(1999, { currencyPosition: 'right_space' })).toBe('19.99 £');
  });

  it('puts the minus sign in front of negative amounts in every position', () => {
    expect(fmt(-1250)).toBe('-£12.50');
    expect(fmt(-123456, { currencyPosition: 'right_space' })).toBe('-1,234.56 £');
    expect(fmt(-5, { currencyPosition: 'left_space' })).toBe('-£ 0.05');
  });

  it('rounds half up when showing fewer decimals than the currency has', () => {
    expect(fmt(145, { pricePrecision: 1 })).toBe('£1.5');
    expect(fmt(144, { pricePrecision: 1 })).toBe('£1.4');
    expect(fmt(1250, { pricePrecision: 0 })).toBe('£13');
    expect(fmt(99950, { pricePrecision: 0 })).toBe('£1,000');
    expect(fmt(-1, { pricePrecision: 0 })).toBe('£0');
  });

  it('shows more decimals than the currency has as trailing zeros', () => {
    expect(fmt(1250, { pricePrecision: 4 })).toBe('£12.5000');
  });

  it('allows an empty thousand separator and any one-character separators', () => {
    expect(fmt(123456789, { thousandSeparator: '' })).toBe('£1234567.89');
    expect(fmt(123456789, { thousandSeparator: ' ', decimalPoint: ',' })).toBe('£1 234 567,89');
  });

  it('uses other currencies’ own minor units and falls back to the code for unknown ones', () => {
    expect(fmt(1234, { currency: 'KWD', pricePrecision: 3 })).toMatch(/1\.234$/);
    expect(fmt(1234, { currency: 'USD' })).toBe('$12.34');
    expect(currencyInfo('XQQ').exponent).toBe(2);
  });
});

describe('toMinor', () => {
  it('turns typed decimal amounts into minor units', () => {
    expect(toMinor('12.50', 'GBP')).toBe(1250);
    expect(toMinor('12.5', 'GBP')).toBe(1250);
    expect(toMinor('12', 'GBP')).toBe(1200);
    expect(toMinor(' 19.99 ', 'GBP')).toBe(1999);
    expect(toMinor('.5', 'GBP')).toBe(50);
    expect(toMinor('-3.25', 'EUR')).toBe(-325);
    expect(toMinor('0', 'GBP')).toBe(0);
  });

  it('uses the currency’s exponent', () => {
    expect(toMinor('1500', 'JPY')).toBe(1500);
    expect(toMinor('12.5', 'JPY')).toBe(13);
    expect(toMinor('1.234', 'KWD')).toBe(1234);
  });

  it('rounds extra decimals half away from zero, exactly', () => {
    expect(toMinor('1.005', 'GBP')).toBe(101);
    expect(toMinor('1.004', 'GBP')).toBe(100);
    expect(toMinor('-1.005', 'GBP')).toBe(-101);
    expect(toMinor('-0.001', 'GBP')).toBe(0);
  });

  it('accepts numbers, including ones floats cannot hold exactly', () => {
    expect(toMinor(19.99, 'GBP')).toBe(1999);
    expect(toMinor(0.1 + 0.2, 'GBP')).toBe(30);
    expect(toMinor(1.005, 'GBP')).toBe(101);
  });

  it('answers null for anything that is not a plain decimal number', () => {
    for (const bad of ['', '   ', 'abc', '12,50', '1e3', '0x10', '1.2.3', '.', '-', '£12', 'Infinity']) {
      expect(toMinor(bad, 'GBP'), JSON.stringify(bad)).toBeNull();
    }
    expect(toMinor(Number.NaN, 'GBP')).toBeNull();
    expect(toMinor(Number.POSITIVE_INFINITY, 'GBP')).toBeNull();
  });
});
