import type { Selectable } from 'kysely';
import { cached } from '../../lib/store-cache.server.ts';
import type { DB } from '../../../db/client.ts';
import type { CouponsTable } from '../../../db/schema.ts';
import { formatPrice, type PriceFormat } from '../../lib/money.ts';
import type { CartCustomer, PricedLine } from '../cart/contracts.ts';
import { normalizeCode, type Coupon } from './coupons.schema.ts';
import { isEligible } from './discounts.ts';
import { usesBy } from './usages.server.ts';

/*
 * Coupons for the cart: looking one up, deciding whether it applies, and (re-exported
 * below) the discount arithmetic and the race-free redemption at order placement.
 */

export type { Coupon } from './coupons.schema.ts';
export { computeDiscounts } from './discounts.ts';
export { redeemCoupons, releaseCoupons } from './redemption.server.ts';

function idList(json: string): number[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

function stringList(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function rowToCoupon(r: Selectable<CouponsTable>): Coupon {
  return {
    id: r.id,
    code: r.code,
    description: r.description,
    discountType: r.discount_type,
    amount: r.amount,
    freeShipping: r.free_shipping === 1,
    expiresAt: r.expires_at,
    minimumSpend: r.minimum_spend,
    maximumSpend: r.maximum_spend,
    individualUse: r.individual_use === 1,
    excludeSaleItems: r.exclude_sale_items === 1,
    usageLimit: r.usage_limit,
    usageLimitPerUser: r.usage_limit_per_user,
    limitUsageToXItems: r.limit_usage_to_x_items,
    usageCount: r.usage_count,
    productIds: idList(r.product_ids),
    excludedProductIds: idList(r.excluded_product_ids),
    variationIds: idList(r.variation_ids),
    excludedVariationIds: idList(r.excluded_variation_ids),
    categoryIds: idList(r.category_ids),
    excludedCategoryIds: idList(r.excluded_category_ids),
    emailRestrictions: stringList(r.email_restrictions),
  };
}

/** Case-insensitive lookup; codes are stored lower-case. Anything odd (SQL, script, too long) simply finds nothing. */
export async function findCoupon(db: DB, code: string): Promise<Coupon | null> {
  const normal = typeof code === 'string' ? normalizeCode(code) : null;
  if (!normal) return null;
  return cached(db, `coupon:${normal}`, async () => {
    const row = await db.selectFrom('coupons').selectAll().where('code', '=', normal).executeTakeFirst();
    return row ? rowToCoupon(row) : null;
  });
}

/**
 * The shopper-facing answer for a code that finds nothing. The code is echoed shortened
 * and without control characters; pages escape it like any other text.
 */
export function couponNotFoundMessage(code: string): string {
  const shown = String(code).replace(/\p{Cc}/gu, '').trim();
  return `Coupon "${shown.length > 40 ? `${shown.slice(0, 40)}…` : shown}" does not exist.`;
}

/** "*" in a restriction matches any run of characters ("*@example.com"). */
export function emailAllowed(restrictions: string[], email: string): boolean {
  const e = email.trim().toLowerCase();
  return restrictions.some((r) => {
    const pattern = r.toLowerCase().replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
    return new RegExp(`^${pattern}$`).test(e);
  });
}

export interface CheckContext {
  lines: PricedLine[];
  subtotal: number;
  customer: CartCustomer;
  /** Coupons already on the cart (or, re-checking, the ones before it); the coupon itself is ignored if listed. */
  applied: Coupon[];
  format: PriceFormat;
  now?: Date;
}

/**
 * Why this coupon cannot apply to this cart now, or null when it can. Cheap checks first,
 * the per-customer count (a query) last. An e-mail restriction is only checked once an
 * address is known: the cart lets a guest add the coupon, checkout must check again with
 * the billing address (as WooCommerce does).
 */
export async function checkCoupon(db: DB, coupon: Coupon, ctx: CheckContext): Promise<string | null> {
  const name = `"${coupon.code}"`;
  const now = ctx.now ?? new Date();
  if (coupon.expiresAt && now.getTime() >= Date.parse(coupon.expiresAt)) return `Coupon ${name} has expired.`;
  if (coupon.usageLimit != null && coupon.usageCount >= coupon.usageLimit) return `Coupon ${name} has reached its usage limit.`;
  if (coupon.minimumSpend != null && ctx.subtotal < coupon.minimumSpend) {
    return `The minimum spend for this coupon is ${formatPrice(coupon.minimumSpend, ctx.format)}.`;
  }
  if (coupon.maximumSpend != null && ctx.subtotal > coupon.maximumSpend) {
    return `The maximum spend for this coupon is ${formatPrice(coupon.maximumSpend, ctx.format)}.`;
  }
  const lines = ctx.lines.filter((l) => l.quantity > 0);
  if (!lines.some((l) => isEligible(coupon, l))) {
    const butForSale = coupon.excludeSaleItems && lines.some((l) => isEligible({ ...coupon, excludeSaleItems: false }, l));
    return butForSale ? `Coupon ${name} is not valid for sale items.` : `Coupon ${name} does not apply to the products in your cart.`;
  }
  // WooCommerce's individual use: a coupon already on the cart that is for individual use
  // blocks any other; an individual-use coupon being applied is not refused for the others,
  // the caller replaces them with it.
  const exclusive = ctx.applied.find((c) => c.id !== coupon.id && c.individualUse);
  if (exclusive) return `Coupon "${exclusive.code}" is already applied and cannot be used together with other coupons.`;
  const email = ctx.customer.email?.trim();
  if (coupon.emailRestrictions.length > 0 && email && !emailAllowed(coupon.emailRestrictions, email)) {
    return `Coupon ${name} is not valid for your e-mail address.`;
  }
  if (coupon.usageLimitPerUser != null && (await usesBy(db, coupon.id, ctx.customer)) >= coupon.usageLimitPerUser) {
    return `You have already used coupon ${name} as many times as it allows.`;
  }
  return null;
}
