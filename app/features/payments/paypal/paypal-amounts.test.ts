import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyInfo } from '../../../lib/money.ts';
import { fromPayPalValue, paypalRefusal, toPayPalValue } from './paypal-amounts.ts';

describe("PayPal's decimal amounts", () => {
  it('two decimals for EUR, none for JPY; HUF only in whole forints', () => {
    expect(toPayPalValue(8000, 'EUR')).toBe('80.00');
    expect(toPayPalValue(5, 'USD')).toBe('0.05');
    expect(toPayPalValue(4000, 'JPY')).toBe('4000');
    // HUF: whole forints at PayPal, whatever the shop's minor unit for it.
    const huf = 10 ** currencyInfo('HUF').exponent;
    expect(toPayPalValue(1500 * huf, 'HUF')).toBe('1500');
    if (huf > 1) expect(paypalRefusal(1500 * huf + 1, 'HUF')).toMatch(/whole units/);
  });
  it('refuses currencies PayPal does not take, three-decimal ones among them', () => {
    for (const c of ['KWD', 'BHD', 'JOD', 'OMR', 'TND', 'ZAR']) {
      expect(toPayPalValue(1000, c)).toBeNull();
      expect(paypalRefusal(1000, c)).toBe(`PayPal does not take payments in ${c}.`);
    }
  });
  it('round-trips every amount in every decimal kind', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 12 }), fc.constantFrom('EUR', 'USD', 'JPY', 'GBP', 'TWD'), (minor, c) => {
        const v = toPayPalValue(c === 'TWD' ? minor * 100 : minor, c);
        expect(v).not.toBeNull();
        expect(fromPayPalValue(v!, c)).toBe(c === 'TWD' ? minor * 100 : minor);
      }),
    );
  });
});
