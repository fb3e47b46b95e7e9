import { z } from 'zod';
import { listDir, listPage, listSearch } from '../../lib/list-query.ts';
import { currencyInfo } from '../../lib/money.ts';
import { decimalToInt, intToDecimal } from './decimals.ts';

/*
 * Coupons as the rules and the admin see them, and the admin form's validation. Amounts
 * are typed as decimals ("12.50", "15.5") and stored as integers: minor units for fixed
 * discounts and spends, hundredths of a percent for percentages.
 */

export const DISCOUNT_TYPES = ['percent', 'fixed_cart', 'fixed_product'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export interface Coupon {
  id: number;
  code: string;
  description: string;
  discountType: DiscountType;
  /** Minor units (fixed types) or hundredths of a percent (percent: 1550 = 15.5 %). */
  amount: number;
  freeShipping: boolean;
  /** ISO time at which the coupon stops working, or null for never. */
  expiresAt: string | null;
  minimumSpend: number | null;
  maximumSpend: number | null;
  individualUse: boolean;
  excludeSaleItems: boolean;
  usageLimit: number | null;
  usageLimitPerUser: number | null;
  limitUsageToXItems: number | null;
  usageCount: number;
  productIds: number[];
  excludedProductIds: number[];
  /** Variation ids (product_variations), a list apart: the two tables' ids can coincide. */
  variationIds: number[];
  excludedVariationIds: number[];
  categoryIds: number[];
  excludedCategoryIds: number[];
  emailRestrictions: string[];
}

export const MAX_CODE_LENGTH = 50;
/** 100 % in the stored unit. */
export const FULL_PERCENT = 10_000;
// Letters, digits and a few symbols shop owners use ("SUMMER-10", "10%OFF"), single inner spaces.
// Quotes, angle brackets and control characters never occur, so such input cannot match a coupon.
const CODE_PATTERN = /^[\p{L}\p{N}_\-.%+!#$&*@]+(?: [\p{L}\p{N}_\-.%+!#$&*@]+)*$/u;

/** The stored form of a code (codes are case-insensitive), or null when it cannot be a code. */
export function normalizeCode(code: string): string | null {
  const normal = code.normalize('NFC').trim().toLowerCase();
  return normal.length > 0 && normal.length <= MAX_CODE_LENGTH && CODE_PATTERN.test(normal) ? normal : null;
}

// Form posts send strings, JSON callers numbers and booleans; both mean the same.
const text = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Checkboxes: the form sends a hidden "0" before each box, so an unticked box still means no. */
const flag = z.preprocess((v) => {
  if (typeof v === 'boolean' || v === undefined) return v ?? false;
  const s = String(v).toLowerCase();
  return ['1', 'on', 'true', 'yes'].includes(s) ? true : ['0', 'off', 'false', 'no', ''].includes(s) ? false : v;
}, z.boolean({ message: 'Must be yes or no' }));

const count = z.preprocess(
  (v) => (blank(v) ? null : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z.number({ message: 'Enter a whole number, or leave empty for no limit' }).int('Enter a whole number').min(1, 'Must be at least 1; leave empty for no limit').max(1e9).nullable(),
);

const idList = z.preprocess(
  (v) => (blank(v) ? [] : typeof v === 'string' ? v.split(/[\s,;]+/).filter(Boolean).map((s) => (/^\d+$/.test(s) ? Number(s) : s)) : v),
  z
    .array(z.unknown(), { message: 'Enter ids separated by commas' })
    .max(500, 'At most 500 ids')
    // One message for the list (not for its n-th id), so the form shows it at the field.
    .transform((ids, ctx) => {
      const bad = ids.find((v) => typeof v !== 'number' || !Number.isSafeInteger(v) || v <= 0);
      if (bad === undefined) return [...new Set(ids as number[])];
      ctx.addIssue({ code: 'custom', message: typeof bad === 'number' ? 'Ids are positive whole numbers' : 'Enter ids separated by commas, e.g. 12, 34' });
      return z.NEVER;
    }),
);

// "*" is a wildcard, as in WooCommerce: "*@example.com" allows everyone at that domain.
const EMAIL_PATTERN = /^[^\s@,;"<>]+@[^\s@,;"<>]+$/;
const emailList = z.preprocess(
  (v) => (blank(v) ? [] : typeof v === 'string' ? v.split(/[\s,;]+/).filter(Boolean) : v),
  z
    .array(z.unknown(), { message: 'Enter e-mail addresses separated by commas' })
    .max(100, 'At most 100 addresses')
    // One message for the list (not for its n-th address), so the form shows it at the field.
    .transform((list, ctx) => {
      const clean = list.map((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v));
      if (clean.every((v): v is string => typeof v === 'string' && v.length <= 254 && EMAIL_PATTERN.test(v))) return [...new Set(clean)];
      ctx.addIssue({ code: 'custom', message: 'Enter e-mail addresses separated by commas, e.g. ann@example.com, *@example.org' });
      return z.NEVER;
    }),
);

const expiry = z.preprocess(
  (v) => (blank(v) ? null : v),
  z
    .string({ message: 'Use a date like 2026-12-31' })
    .trim()
    .nullable()
    .transform((v, ctx) => {
      if (v === null) return null;
      const iso = /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00.000Z` : v;
      const time = /^\d{4}-\d{2}-\d{2}T/.test(iso) ? Date.parse(iso) : NaN;
      // Date.parse accepts 2026-02-30; comparing with the round trip catches it.
      if (Number.isNaN(time) || (iso.length === 24 && new Date(time).toISOString() !== iso)) {
        ctx.addIssue({ code: 'custom', message: 'Use a date like 2026-12-31' });
        return z.NEVER;
      }
      return new Date(time).toISOString();
    }),
);

/** The admin form (or a JSON body) for one coupon; `currency` decides how many decimals money has. */
export function couponInputSchema(currency: string) {
  const { exponent } = currencyInfo(currency);
  const money = z.preprocess(
    (v) => (blank(v) ? null : v),
    text.nullable().transform((v, ctx) => {
      if (v === null) return null;
      const minor = decimalToInt(v, exponent);
      if (minor === null || minor > 1e12) {
        ctx.addIssue({ code: 'custom', message: `Enter an amount like ${intToDecimal(4999, exponent)}` });
        return z.NEVER;
      }
      return minor;
    }),
  );
  return z
    .object({
      code: z
        .string({ message: 'Enter a code' })
        .trim()
        .min(1, 'Enter a code')
        .max(MAX_CODE_LENGTH, `At most ${MAX_CODE_LENGTH} characters`)
        .transform((v, ctx) => normalizeCode(v) ?? (ctx.addIssue({ code: 'custom', message: 'Use letters, digits and - _ . % + ! # $ & * @ (single spaces allowed)' }), z.NEVER)),
      description: z.string().trim().max(500, 'At most 500 characters').default(''),
      discountType: z.enum(DISCOUNT_TYPES, { message: 'Choose a discount type' }).default('fixed_cart'),
      amount: z.union([z.string(), z.number()], { message: 'Enter an amount' }).transform((v) => String(v).trim()).pipe(z.string().min(1, 'Enter an amount (0 for a free-shipping-only coupon)')),
      freeShipping: flag,
      individualUse: flag,
      excludeSaleItems: flag,
      expiresAt: expiry,
      minimumSpend: money,
      maximumSpend: money,
      usageLimit: count,
      usageLimitPerUser: count,
      limitUsageToXItems: count,
      productIds: idList,
      excludedProductIds: idList,
      variationIds: idList,
      excludedVariationIds: idList,
      categoryIds: idList,
      excludedCategoryIds: idList,
      emailRestrictions: emailList,
    })
    .superRefine(
      (c, ctx) => {
        // Runs even when other fields failed, so every problem is listed at once; hence the guards.
        if (typeof c.amount === 'string' && DISCOUNT_TYPES.includes(c.discountType)) {
          const amount = amountToInt(c.discountType, c.amount, currency);
          if (typeof amount === 'string') ctx.addIssue({ code: 'custom', path: ['amount'], message: amount });
        }
        if (typeof c.minimumSpend === 'number' && typeof c.maximumSpend === 'number' && c.maximumSpend < c.minimumSpend) {
          ctx.addIssue({ code: 'custom', path: ['maximumSpend'], message: 'Must not be below the minimum spend' });
        }
      },
      { when: () => true },
    )
    .transform((c) => ({ ...c, amount: amountToInt(c.discountType, c.amount, currency) as number }));
}

/** The stored amount for a typed one, or what is wrong with it. */
function amountToInt(type: DiscountType, text: string, currency: string): number | string {
  if (type === 'percent') {
    const n = decimalToInt(text, 2);
    return n !== null && n <= FULL_PERCENT ? n : 'Enter a percentage between 0 and 100, e.g. 15 or 12.5';
  }
  const { exponent } = currencyInfo(currency);
  const n = decimalToInt(text, exponent);
  return n !== null && n <= 1e12 ? n : `Enter an amount like ${intToDecimal(1000, exponent)}`;
}

export type CouponInput = z.output<ReturnType<typeof couponInputSchema>>;

export const COUPON_SORTS = ['code', 'amount', 'usage', 'expiry'] as const;
export const COUPON_STATUSES = ['active', 'expired'] as const;

/** /admin/coupons' query: code search, discount type, active or expired, sort and page. */
export const couponListQuerySchema = z.object({
  q: listSearch,
  type: z.enum(DISCOUNT_TYPES).optional().catch(undefined),
  status: z.enum(COUPON_STATUSES).optional().catch(undefined),
  sort: z.enum(COUPON_SORTS).catch('code'),
  dir: listDir('asc'),
  page: listPage,
});
export type CouponListQuery = z.output<typeof couponListQuerySchema>;
