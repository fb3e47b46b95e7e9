import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PricedLine } from '../cart/contracts.ts';
import type { Coupon } from './coupons.schema.ts';
import { computeDiscounts, isEligible, spread } from './discounts.ts';

// Hand-worked cases: every expected figure below was worked out on paper from the rules.

function line(key: string, unitPrice: number, quantity = 1, more: Partial<PricedLine> = {}): PricedLine {
  return {
    key,
    productId: 1,
    variationId: null,
    categoryIds: [],
    quantity,
    unitPrice,
    lineSubtotal: unitPrice * quantity,
    onSale: false,
    taxStatus: 'taxable',
    taxClass: '',
    shippingClass: '',
    virtual: false,
    ...more,
  };
}

let nextId = 1;
function coupon(code: string, discountType: Coupon['discountType'], amount: number, more: Partial<Coupon> = {}): Coupon {
  return {
    id: nextId++,
    code,
    description: '',
    discountType,
    amount,
    freeShipping: false,
    expiresAt: null,
    minimumSpend: null,
    maximumSpend: null,
    individualUse: false,
    excludeSaleItems: false,
    usageLimit: null,
    usageLimitPerUser: null,
    limitUsageToXItems: null,
    usageCount: 0,
    productIds: [],
    excludedProductIds: [],
    variationIds: [],
    excludedVariationIds: [],
    categoryIds: [],
    excludedCategoryIds: [],
    emailRestrictions: [],
    ...more,
  };
}

describe('computeDiscounts: each type', () => {
  it('percent takes the percentage of every eligible line', () => {
    const r = computeDiscounts([coupon('ten', 'percent', 1000)], [line('a', 1000), line('b', 555, 2)]);
    expect(r).toEqual({ perLine: { a: 100, b: 111 }, perCoupon: { ten: 211 }, freeShipping: false });
  });

  it('percent rounds once on the total and hands the leftover unit to a line', () => {
    // 33.33 % of 3 × 100 = 99.99 → 100; 33.33 each floors to 33, the spare unit goes to the first.
    const r = computeDiscounts([coupon('third', 'percent', 3333)], [line('a', 100), line('b', 100), line('c', 100)]);
    expect(r.perLine).toEqual({ a: 34, b: 33, c: 33 });
    expect(r.perCoupon.third).toBe(100);
    // 15 % of 999 = 149.85 → 150, split 50/50/50.
    const s = computeDiscounts([coupon('p15', 'percent', 1500)], [line('a', 333), line('b', 333), line('c', 333)]);
    expect(s.perLine).toEqual({ a: 50, b: 50, c: 50 });
  });

  it('fixed_cart spreads the amount by line subtotal and the parts add up exactly', () => {
    const r = computeDiscounts([coupon('tenner', 'fixed_cart', 1000)], [line('a', 1000), line('b', 1000), line('c', 1000)]);
    expect(r.perLine).toEqual({ a: 334, b: 333, c: 333 });
    expect(r.perCoupon.tenner).toBe(1000);
    const uneven = computeDiscounts([coupon('five', 'fixed_cart', 500)], [line('a', 2000), line('b', 1000)]);
    expect(uneven.perLine).toEqual({ a: 333, b: 167 });
  });

  it('fixed_cart never discounts more than the cart', () => {
    const r = computeDiscounts([coupon('big', 'fixed_cart', 10_000)], [line('a', 1200), line('b', 300, 2)]);
    expect(r.perLine).toEqual({ a: 1200, b: 600 });
    expect(r.perCoupon.big).toBe(1800);
  });

  it('fixed_product takes the amount off each unit, never more than the unit costs', () => {
    const r = computeDiscounts([coupon('three', 'fixed_product', 300)], [line('a', 1000, 2), line('b', 200)]);
    expect(r.perLine).toEqual({ a: 600, b: 200 });
    expect(r.perCoupon.three).toBe(800);
  });

  it('grants free shipping when any coupon says so, even with no amount', () => {
    const r = computeDiscounts([coupon('ship', 'fixed_cart', 0, { freeShipping: true })], [line('a', 1000)]);
    expect(r).toEqual({ perLine: { a: 0 }, perCoupon: { ship: 0 }, freeShipping: true });
  });
});

describe('computeDiscounts: eligibility', () => {
  const cart = [
    line('shirt', 2000, 1, { productId: 10, categoryIds: [1] }),
    line('mug', 1000, 1, { productId: 20, variationId: 21, categoryIds: [2] }),
    line('sale', 500, 2, { productId: 30, categoryIds: [1, 3], onSale: true }),
  ];
  const pct = (more: Partial<Coupon>) => computeDiscounts([coupon('c', 'percent', 1000, more)], cart).perLine;

  it('limits to listed products, listed variations or listed categories', () => {
    expect(pct({ productIds: [10] })).toEqual({ shirt: 200, mug: 0, sale: 0 });
    // A variable product listed whole: each of its variations.
    expect(pct({ productIds: [20] })).toEqual({ shirt: 0, mug: 100, sale: 0 });
    expect(pct({ variationIds: [21] })).toEqual({ shirt: 0, mug: 100, sale: 0 });
    expect(pct({ categoryIds: [1] })).toEqual({ shirt: 200, mug: 0, sale: 100 });
    // Any list lets a line in, as in WooCommerce.
    expect(pct({ productIds: [20], categoryIds: [3] })).toEqual({ shirt: 0, mug: 100, sale: 100 });
    expect(pct({ variationIds: [21], productIds: [10] })).toEqual({ shirt: 200, mug: 100, sale: 0 });
  });

  it('reads a product id only as a product and a variation id only as a variation', () => {
    // Variation 21 and a product 21 are different things: product 21 is not in this cart.
    expect(pct({ productIds: [21] })).toEqual({ shirt: 0, mug: 0, sale: 0 });
    // Variation 10 is not the shirt (product 10).
    expect(pct({ variationIds: [10] })).toEqual({ shirt: 0, mug: 0, sale: 0 });
    expect(pct({ excludedProductIds: [21] })).toEqual({ shirt: 200, mug: 100, sale: 100 });
    expect(pct({ excludedVariationIds: [10] })).toEqual({ shirt: 200, mug: 100, sale: 100 });
  });

  it('never discounts excluded products, variations or categories', () => {
    expect(pct({ excludedProductIds: [10] })).toEqual({ shirt: 0, mug: 100, sale: 100 });
    expect(pct({ excludedVariationIds: [21] })).toEqual({ shirt: 200, mug: 0, sale: 100 });
    expect(pct({ excludedProductIds: [20] })).toEqual({ shirt: 200, mug: 0, sale: 100 });
    expect(pct({ categoryIds: [1], excludedCategoryIds: [3] })).toEqual({ shirt: 200, mug: 0, sale: 0 });
  });

  it('a coupon for one variation discounts it and not its sibling, whatever the ids (fast-check)', () => {
    const ids = fc.integer({ min: 1, max: 40 });
    const lineOf = fc.record({ productId: ids, variationId: fc.option(ids, { nil: null }), categoryIds: fc.array(ids, { maxLength: 2 }), onSale: fc.boolean() });
    const list = fc.array(ids, { maxLength: 3 });
    const restrictions = fc.record({ productIds: list, excludedProductIds: list, variationIds: list, excludedVariationIds: list, categoryIds: list, excludedCategoryIds: list, excludeSaleItems: fc.boolean() });
    fc.assert(
      fc.property(restrictions, lineOf, (c, l) => {
        const eligible = isEligible(c, l);
        const unrestricted = !c.productIds.length && !c.variationIds.length && !c.categoryIds.length;
        const listed = c.productIds.includes(l.productId) || (l.variationId !== null && c.variationIds.includes(l.variationId)) || l.categoryIds.some((id) => c.categoryIds.includes(id));
        const excluded =
          c.excludedProductIds.includes(l.productId) || (l.variationId !== null && c.excludedVariationIds.includes(l.variationId)) || l.categoryIds.some((id) => c.excludedCategoryIds.includes(id)) || (c.excludeSaleItems && l.onSale);
        expect(eligible).toBe((unrestricted || listed) && !excluded);
        // Only the variation lists ever look at a variation id: moving it under another product changes nothing else.
        if (l.variationId !== null && !c.variationIds.length && !c.excludedVariationIds.length) expect(eligible).toBe(isEligible(c, { ...l, variationId: null }));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(ids, ids, ids, (product, chosen, sibling) => {
        fc.pre(chosen !== sibling);
        const only = coupon('one', 'percent', 1000, { variationIds: [chosen] });
        // A product numbered like the chosen variation is another thing again.
        const cart = [line('chosen', 1000, 1, { productId: product, variationId: chosen }), line('sibling', 1000, 1, { productId: product, variationId: sibling }), line('namesake', 1000, 1, { productId: chosen })];
        expect(computeDiscounts([only], cart).perLine).toEqual({ chosen: 100, sibling: 0, namesake: 0 });
      }),
    );
  });

  it('skips sale items when the coupon excludes them', () => {
    expect(pct({ excludeSaleItems: true })).toEqual({ shirt: 200, mug: 100, sale: 0 });
    const cartCoupon = computeDiscounts([coupon('c', 'fixed_cart', 900, { excludeSaleItems: true })], cart);
    expect(cartCoupon.perLine).toEqual({ shirt: 600, mug: 300, sale: 0 });
  });
});

describe('computeDiscounts: limit usage to X items', () => {
  it('discounts only X units, the dearest first', () => {
    const cart = [line('a', 1000, 3), line('b', 2000)];
    const fixed = computeDiscounts([coupon('f', 'fixed_product', 500, { limitUsageToXItems: 2 })], cart);
    expect(fixed.perLine).toEqual({ a: 500, b: 500 });
    const half = computeDiscounts([coupon('h', 'percent', 5000, { limitUsageToXItems: 1 })], cart);
    expect(half.perLine).toEqual({ a: 0, b: 1000 });
  });

  it('takes the percentage of just those units of a line', () => {
    // 2 of 3 units at 9.99: 19.98 × 10 % = 1.998 → 2.00.
    const r = computeDiscounts([coupon('p', 'percent', 1000, { limitUsageToXItems: 2 })], [line('a', 999, 3)]);
    expect(r.perLine).toEqual({ a: 200 });
  });
});

describe('computeDiscounts: several coupons', () => {
  const cart = [line('a', 2000), line('b', 1000)];

  it('applies each coupon to what the earlier ones left', () => {
    // 10 % → 200 + 100, leaving 1800 / 900; then 5.00 over 1800:900 = 333.33 / 166.67 → 333 / 167.
    const r = computeDiscounts([coupon('pct', 'percent', 1000), coupon('cart', 'fixed_cart', 500)], cart);
    expect(r.perLine).toEqual({ a: 533, b: 267 });
    expect(r.perCoupon).toEqual({ pct: 300, cart: 500 });
  });

  it('gives a different (still exact) result in the other order', () => {
    // 5.00 over 2000:1000 → 333 / 167, leaving 1667 / 833; 10 % of 2500 = 250 → 166.7 / 83.3 → 167 / 83.
    const r = computeDiscounts([coupon('cart', 'fixed_cart', 500), coupon('pct', 'percent', 1000)], cart);
    expect(r.perLine).toEqual({ a: 500, b: 250 });
    expect(r.perCoupon).toEqual({ cart: 500, pct: 250 });
  });

  it('leaves nothing for a second coupon once a line is free', () => {
    const r = computeDiscounts([coupon('all', 'percent', 10_000), coupon('more', 'fixed_product', 100)], cart);
    expect(r.perLine).toEqual({ a: 2000, b: 1000 });
    expect(r.perCoupon).toEqual({ all: 3000, more: 0 });
  });
});

describe('computeDiscounts: invariants on random carts', () => {
  it('parts are whole, within each line, and add up the same both ways', () => {
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const types = ['percent', 'fixed_cart', 'fixed_product'] as const;
    for (let run = 0; run < 300; run++) {
      const lines = Array.from({ length: 1 + rand(6) }, (_, i) =>
        line(`l${i}`, 1 + rand(50_000), 1 + rand(7), { productId: 1 + rand(4), variationId: rand(2) === 0 ? 1 + rand(4) : null, categoryIds: [rand(3)], onSale: rand(4) === 0 }),
      );
      const coupons = Array.from({ length: 1 + rand(3) }, (_, i) =>
        coupon(`c${i}`, types[rand(3)]!, rand(3) === 0 ? rand(10_001) : rand(20_000), {
          limitUsageToXItems: rand(3) === 0 ? 1 + rand(5) : null,
          excludeSaleItems: rand(2) === 0,
          productIds: rand(4) === 0 ? [1 + rand(4)] : [],
          variationIds: rand(5) === 0 ? [1 + rand(4)] : [],
        }),
      );
      for (const c of coupons) if (c.discountType === 'percent') c.amount = Math.min(c.amount, 10_000);
      const r = computeDiscounts(coupons, lines);
      let total = 0;
      for (const l of lines) {
        const d = r.perLine[l.key]!;
        expect(Number.isInteger(d) && d >= 0 && d <= l.lineSubtotal).toBe(true);
        total += d;
      }
      expect(Object.values(r.perCoupon).reduce((a, b) => a + b, 0)).toBe(total);
      const fixedCart = coupons[0]!;
      if (fixedCart.discountType === 'fixed_cart' && fixedCart.productIds.length === 0 && fixedCart.variationIds.length === 0 && !fixedCart.excludeSaleItems) {
        expect(r.perCoupon[fixedCart.code]).toBe(Math.min(fixedCart.amount, lines.reduce((a, l) => a + l.lineSubtotal, 0)));
      }
    }
  });

  it('spread splits exactly, also beyond 2^53 intermediate products', () => {
    expect(spread(10, [1, 1, 1])).toEqual([4, 3, 3]);
    const big = spread(999_999_999_999, [999_999_999_999, 1, 7]);
    expect(big.reduce((a, b) => a + b, 0)).toBe(999_999_999_999);
    expect(big[1]! <= 1 && big[2]! <= 7).toBe(true);
  });
});
