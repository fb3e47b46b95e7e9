import type { PricedLine } from '../cart/contracts.ts';
import { FULL_PERCENT, type Coupon } from './coupons.schema.ts';

/*
 * Coupon arithmetic, pure so it can be tested by hand-worked cases. Everything is integer
 * minor units; wherever a discount is split, the parts are floored and the leftover units
 * go to the parts with the largest remainders, so the parts always add up exactly.
 */

export interface Discounts {
  /** Total discount per line key, never more than the line's subtotal. */
  perLine: Record<string, number>;
  /** Total discount per coupon code. */
  perCoupon: Record<string, number>;
  freeShipping: boolean;
}

type Restrictions = Pick<Coupon, 'productIds' | 'excludedProductIds' | 'variationIds' | 'excludedVariationIds' | 'categoryIds' | 'excludedCategoryIds' | 'excludeSaleItems'>;
type Item = Pick<PricedLine, 'productId' | 'variationId' | 'categoryIds' | 'onSale'>;

/**
 * Whether a coupon may discount a line, as WooCommerce decides it: its product in the
 * product list, its variation in the variation list OR one of its categories in the
 * category list, when any of these is set; never when the product, the variation or one of
 * its categories is excluded, nor when on sale and the coupon excludes sale items. Product
 * ids are matched against the product lists only and variation ids against the variation
 * lists only: the two are numbered apart, so the same number can name one of each.
 */
export function isEligible(c: Restrictions, line: Item): boolean {
  const variation = line.variationId;
  const included =
    (c.productIds.length === 0 && c.variationIds.length === 0 && c.categoryIds.length === 0) ||
    c.productIds.includes(line.productId) ||
    (variation !== null && c.variationIds.includes(variation)) ||
    line.categoryIds.some((id) => c.categoryIds.includes(id));
  if (!included) return false;
  if (c.excludedProductIds.includes(line.productId)) return false;
  if (variation !== null && c.excludedVariationIds.includes(variation)) return false;
  if (line.categoryIds.some((id) => c.excludedCategoryIds.includes(id))) return false;
  return !(c.excludeSaleItems && line.onSale);
}

/**
 * Splits `total` into integer parts proportional to `weights`. With total ≤ Σ weights each
 * part stays ≤ its weight: a part only gains a unit when its share had a fraction.
 * BigInt because total × weight can pass 2^53 for large carts.
 */
export function spread(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const T = BigInt(total);
  const S = BigInt(sum);
  const parts = weights.map((w) => Number((T * BigInt(w)) / S));
  const rests = weights.map((w, i) => ({ i, rest: (T * BigInt(w)) % S }));
  let left = total - parts.reduce((a, b) => a + b, 0);
  // Largest remainder first; the earlier line wins a tie, so the result is deterministic.
  rests.sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i, rest } of rests) {
    if (left <= 0) break;
    if (rest > 0n) {
      parts[i]! += 1;
      left -= 1;
    }
  }
  return parts;
}

/** Round half up of n × num / den for non-negative integers. */
function mulDivRound(n: number, num: number, den: number): number {
  return Number((BigInt(n) * BigInt(num) * 2n + BigInt(den)) / (2n * BigInt(den)));
}

interface Target {
  key: string;
  quantity: number;
  unitPrice: number;
  /** What is left of the line after earlier coupons. */
  remaining: number;
}

/**
 * The units of each line a percent or fixed-product coupon may discount, honouring
 * "limit usage to X items": the dearest units first (then cart order), so the shopper
 * gets the larger discount.
 */
function applyQuantities(coupon: Coupon, targets: Target[]): number[] {
  const limit = coupon.limitUsageToXItems;
  if (limit == null) return targets.map((t) => t.quantity);
  const order = targets.map((t, i) => ({ t, i })).sort((a, b) => b.t.unitPrice - a.t.unitPrice || a.i - b.i);
  const qty = targets.map(() => 0);
  let left = limit;
  for (const { t, i } of order) {
    qty[i] = Math.min(t.quantity, left);
    left -= qty[i]!;
  }
  return qty;
}

/** The part of a line's remainder that `units` of its `quantity` account for. */
function share(t: Target, units: number): number {
  return units >= t.quantity ? t.remaining : mulDivRound(t.remaining, units, t.quantity);
}

/** One coupon's discount on each target line. */
function discountFor(coupon: Coupon, targets: Target[]): number[] {
  if (coupon.amount <= 0 || targets.length === 0) return targets.map(() => 0);
  switch (coupon.discountType) {
    case 'fixed_cart': {
      const weights = targets.map((t) => t.remaining);
      const total = Math.min(coupon.amount, weights.reduce((a, b) => a + b, 0));
      return spread(total, weights);
    }
    case 'fixed_product': {
      const qty = applyQuantities(coupon, targets);
      return targets.map((t, i) => Math.min(coupon.amount * qty[i]!, share(t, qty[i]!)));
    }
    case 'percent': {
      const qty = applyQuantities(coupon, targets);
      const bases = targets.map((t, i) => share(t, qty[i]!));
      const percent = Math.min(coupon.amount, FULL_PERCENT);
      // Rounded once on the eligible total, then split, so the lines add up to it exactly.
      const total = mulDivRound(bases.reduce((a, b) => a + b, 0), percent, FULL_PERCENT);
      return spread(total, bases);
    }
  }
}

/**
 * Discounts for the cart's coupons, applied in the given order, each on what the earlier
 * ones left of every line.
 */
export function computeDiscounts(coupons: Coupon[], lines: PricedLine[]): Discounts {
  if (coupons.length === 0) return { perLine: {}, perCoupon: {}, freeShipping: false };
  const remaining = new Map(lines.map((l) => [l.key, Math.max(0, l.lineSubtotal)]));
  const perCoupon: Record<string, number> = {};
  for (const coupon of coupons) {
    const targets: Target[] = lines
      .filter((l) => l.quantity > 0 && remaining.get(l.key)! > 0 && isEligible(coupon, l))
      .map((l) => ({ key: l.key, quantity: l.quantity, unitPrice: l.unitPrice, remaining: remaining.get(l.key)! }));
    const amounts = discountFor(coupon, targets);
    let sum = 0;
    targets.forEach((t, i) => {
      const d = Math.min(amounts[i]!, t.remaining);
      remaining.set(t.key, t.remaining - d);
      sum += d;
    });
    perCoupon[coupon.code] = (perCoupon[coupon.code] ?? 0) + sum;
  }
  const perLine: Record<string, number> = {};
  for (const l of lines) perLine[l.key] = Math.max(0, l.lineSubtotal) - remaining.get(l.key)!;
  return { perLine, perCoupon, freeShipping: coupons.some((c) => c.freeShipping) };
}
