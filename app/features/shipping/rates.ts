import type { PricedLine } from '../cart/contracts.ts';
import type { FlatRateSettings, FreeShippingSettings } from './shipping.schema.ts';

/*
 * Pure cost rules of the shipping methods, kept apart from the queries so they can be
 * checked against hand-worked cases.
 */

/** What one package holds, as the rules see it. */
export interface PackageContents {
  lines: PricedLine[];
  /** Contents cost after coupon discounts (minor units). */
  contentsCost: number;
  contentsCostBeforeDiscount: number;
  /** A coupon granting free shipping is applied. */
  freeShippingCoupon: boolean;
}

/**
 * Flat rate: base cost (once, or per item) plus the shipping-class costs. Each class present
 * costs its amount once (or per item of that class with costType per_item); items without a
 * class cost `noClassCost`; a class with no amount set adds nothing. `calculationType`
 * per_order charges only the most expensive class instead of the sum.
 */
export function flatRateCost(s: FlatRateSettings, lines: readonly PricedLine[]): number {
  const perItem = s.costType === 'per_item';
  const qtyByClass = new Map<string, number>();
  let totalQty = 0;
  for (const line of lines) {
    totalQty += line.quantity;
    qtyByClass.set(line.shippingClass, (qtyByClass.get(line.shippingClass) ?? 0) + line.quantity);
  }
  const base = s.cost * (perItem ? totalQty : 1);
  const classCharges: number[] = [];
  for (const [slug, qty] of qtyByClass) {
    const amount = slug === '' ? s.noClassCost : (s.classCosts[slug] ?? 0);
    classCharges.push(amount * (perItem ? qty : 1));
  }
  const classPart =
    s.calculationType === 'per_order' ? Math.max(0, ...classCharges) : classCharges.reduce((a, b) => a + b, 0);
  return base + classPart;
}

/** Whether free shipping is offered for the package. */
export function freeShippingAvailable(s: FreeShippingSettings, p: PackageContents): boolean {
  const amount = s.ignoreDiscounts ? p.contentsCostBeforeDiscount : p.contentsCost;
  const minMet = amount >= s.minAmount;
  switch (s.requires) {
    case 'coupon':
      return p.freeShippingCoupon;
    case 'min_amount':
      return minMet;
    case 'either':
      return p.freeShippingCoupon || minMet;
    case 'both':
      return p.freeShippingCoupon && minMet;
    default:
      return true;
  }
}
