import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apportion, includedTaxText, presentAmounts, type AmountsInput } from './amounts.ts';

const sum = (xs: { amount: number }[]) => xs.reduce((a, x) => a + x.amount, 0);

describe('presentAmounts', () => {
  it('shares a total out exactly, in proportion, earlier parts first on a tie', () => {
    expect(apportion(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(apportion(820, [580, 240])).toEqual([580, 240]);
    expect(apportion(5, [0, 0])).toEqual([3, 2]);
    expect(apportion(-3, [1, 2])).toEqual([-1, -2]);
  });

  it('shown with tax: no tax rows, the total says what it includes', () => {
    const d = presentAmounts({
      basis: 'incl',
      lines: [{ key: 'a', amount: 5800 }],
      coupons: [],
      discountTotal: 0,
      shipping: [{ id: '0', rateId: 'flat_rate:1', title: 'Standard', weight: 474, rates: [{ id: 'flat_rate:1', title: 'Standard', amount: 474 }] }],
      shippingTotal: 474,
      taxes: [{ label: 'VAT', amount: 1046 }],
      taxTotal: 1046,
      total: 6274,
    });
    expect(d).toMatchObject({ subtotal: 5800, taxes: [], includedTaxes: [{ label: 'VAT', amount: 1046 }], total: 6274 });
    expect(includedTaxText(d, (m) => `£${(m / 100).toFixed(2)}`)).toBe('£10.46 VAT');
  });

  it('puts a rounding unit on the largest tax row, else a coupon, else a line', () => {
    const base: AmountsInput = { basis: 'excl', lines: [{ key: 'a', amount: 5 }, { key: 'b', amount: 5 }], coupons: [], discountTotal: 0, shipping: [], shippingTotal: 0, taxes: [{ label: 'VAT', amount: 1 }, { label: 'Eco', amount: 1 }], taxTotal: 2, total: 13 };
    expect(presentAmounts(base).taxes).toEqual([{ label: 'VAT', amount: 2 }, { label: 'Eco', amount: 1 }]);
    const incl = presentAmounts({ ...base, basis: 'incl', coupons: [{ code: 'x', weight: 2 }], discountTotal: 2, total: 9 });
    expect(incl.discounts).toEqual([{ code: 'x', amount: 1 }]);
    const noCoupon = presentAmounts({ ...base, basis: 'incl', total: 9 });
    expect(noCoupon.lines.map((l) => l.amount)).toEqual([4, 5]);
    expect(noCoupon.subtotal).toBe(9);
  });

  it('always adds up to the total given', () => {
    const amount = fc.integer({ min: 0, max: 1_000_000 });
    fc.assert(
      fc.property(
        fc.record({
          basis: fc.constantFrom('incl' as const, 'excl' as const),
          lines: fc.array(fc.record({ key: fc.string(), amount }), { minLength: 1, maxLength: 5 }),
          coupons: fc.array(fc.record({ code: fc.string(), weight: amount }), { maxLength: 3 }),
          discountTotal: amount,
          shipping: fc.array(fc.record({ id: fc.string(), rateId: fc.constant(null), title: fc.string(), weight: amount }), { maxLength: 3 }),
          shippingTotal: amount,
          taxes: fc.array(fc.record({ label: fc.string(), amount }), { maxLength: 3 }),
          taxTotal: amount,
          gap: fc.integer({ min: -3, max: 3 }),
        }),
        ({ gap, ...input }) => {
          const lines = input.lines.reduce((a, l) => a + l.amount, 0);
          const discountTotal = Math.min(input.discountTotal, lines);
          const shippingTotal = input.shipping.length ? input.shippingTotal : 0;
          const total = Math.max(0, lines - discountTotal + shippingTotal + (input.basis === 'excl' ? input.taxTotal : 0) + gap);
          const d = presentAmounts({ ...input, discountTotal, shippingTotal, total });
          expect(sum(d.lines)).toBe(d.subtotal);
          expect(d.subtotal - sum(d.discounts) + sum(d.shipping) + sum(d.taxes)).toBe(total);
          expect(d.total).toBe(total);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
