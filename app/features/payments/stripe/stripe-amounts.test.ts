import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromStripeAmount, stripeExponent, toStripeAmount } from './stripe-amounts.ts';

describe('Stripe amounts', () => {
  it('2-, 0- and 3-decimal currencies as Stripe defines them', () => {
    expect(toStripeAmount(1999, 'EUR')).toBe(1999);
    expect(toStripeAmount(1999, 'gbp')).toBe(1999);
    expect(toStripeAmount(500, 'JPY')).toBe(500);
    expect(stripeExponent('JPY')).toBe(0);
    expect(toStripeAmount(12340, 'KWD')).toBe(12340);
    expect(toStripeAmount(5000, 'BHD')).toBe(5000);
  });
  it('a 3-decimal amount Stripe cannot charge exactly (not a multiple of 10) is refused, never rounded', () => {
    expect(toStripeAmount(12345, 'KWD')).toBeNull();
  });
  it("ISK and UGX: zero-decimal for the shop, two decimals for Stripe", () => {
    expect(toStripeAmount(1500, 'ISK')).toBe(150000);
    expect(fromStripeAmount(150000, 'ISK')).toBe(1500);
  });
  it('round trip for any amount and currency', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.constantFrom('EUR', 'USD', 'JPY', 'KRW', 'KWD', 'BHD', 'ISK', 'UGX', 'CLP'), (minor, c) => {
        const a = toStripeAmount(minor, c);
        if (a !== null) expect(fromStripeAmount(a, c)).toBe(minor);
      }),
    );
  });
});
