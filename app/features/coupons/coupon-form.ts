import { currencyInfo, formatPrice, type PriceFormat } from '../../lib/money.ts';
import type { Coupon } from './coupons.schema.ts';
import { intToDecimal } from './decimals.ts';
import { formToObject, idFromText } from '../../lib/validate.ts';

/**
 * The restriction fields the editor fills with pickers: products and variations by search
 * (one picker each for the included and the excluded, holding both lists), categories from
 * the tree.
 */
export const PRODUCT_PICKS = ['productIds', 'excludedProductIds'] as const;
export const VARIATION_PICKS = ['variationIds', 'excludedVariationIds'] as const;
export const CATEGORY_PICKS = ['categoryIds', 'excludedCategoryIds'] as const;
export type ProductPick = (typeof PRODUCT_PICKS)[number];
/** The variation list each product picker also fills. */
export const VARIATIONS_OF: Record<ProductPick, (typeof VARIATION_PICKS)[number]> = { productIds: 'variationIds', excludedProductIds: 'excludedVariationIds' };

/**
 * The editor's post as the coupon schema takes it: each picker sends one box per chosen id,
 * joined here into the id list the stored format and the schema already use ("12, 34").
 */
export function couponFormValues(form: FormData): Record<string, string> {
  const values = formToObject(form);
  delete values._csrf;
  for (const f of [...PRODUCT_PICKS, ...VARIATION_PICKS, ...CATEGORY_PICKS]) {
    const all = form.getAll(f).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (all.length) values[f] = all.join(', ');
    else delete values[f];
  }
  return values;
}

/** The ids in a list as the form shows it ("12, 34"); anything that is not an id is left out. */
export const idsInText = (text: string | undefined): number[] => [...new Set((text ?? '').split(/[\s,;]+/).map((s) => idFromText(s)).filter((n): n is number => n !== null))];

/** Every product id the two product pickers hold. */
export const pickedProductIds = (values: Record<string, string>) => PRODUCT_PICKS.flatMap((f) => idsInText(values[f]));
/** Every variation id the two product pickers hold. */
export const pickedVariationIds = (values: Record<string, string>) => VARIATION_PICKS.flatMap((f) => idsInText(values[f]));

/** What the admin form shows for a coupon (or a new one). */
export function couponToForm(c: Coupon | null, currency: string): Record<string, string> {
  const { exponent } = currencyInfo(currency);
  const money = (v: number | null) => (v == null ? '' : intToDecimal(v, exponent));
  if (!c) return { code: '', description: '', discountType: 'percent', amount: '', freeShipping: '0', individualUse: '0', excludeSaleItems: '0', expiresAt: '', minimumSpend: '', maximumSpend: '', usageLimit: '', usageLimitPerUser: '', limitUsageToXItems: '', productIds: '', excludedProductIds: '', variationIds: '', excludedVariationIds: '', categoryIds: '', excludedCategoryIds: '', emailRestrictions: '' };
  return {
    code: c.code,
    description: c.description,
    discountType: c.discountType,
    amount: c.discountType === 'percent' ? percentText(c.amount) : money(c.amount),
    freeShipping: c.freeShipping ? '1' : '0',
    individualUse: c.individualUse ? '1' : '0',
    excludeSaleItems: c.excludeSaleItems ? '1' : '0',
    expiresAt: c.expiresAt ? c.expiresAt.slice(0, 10) : '',
    minimumSpend: money(c.minimumSpend),
    maximumSpend: money(c.maximumSpend),
    usageLimit: c.usageLimit?.toString() ?? '',
    usageLimitPerUser: c.usageLimitPerUser?.toString() ?? '',
    limitUsageToXItems: c.limitUsageToXItems?.toString() ?? '',
    productIds: c.productIds.join(', '),
    excludedProductIds: c.excludedProductIds.join(', '),
    variationIds: c.variationIds.join(', '),
    excludedVariationIds: c.excludedVariationIds.join(', '),
    categoryIds: c.categoryIds.join(', '),
    excludedCategoryIds: c.excludedCategoryIds.join(', '),
    emailRestrictions: c.emailRestrictions.join(', '),
  };
}

/** The discount types as the admin names them (WooCommerce's wording). */
export const DISCOUNT_TYPE_LABELS: Record<Coupon['discountType'], string> = {
  percent: 'Percentage discount',
  fixed_cart: 'Fixed cart discount',
  fixed_product: 'Fixed product discount',
};

/** "12.5 %" or "£10.00" for lists. */
export function formatCouponAmount(c: Pick<Coupon, 'discountType' | 'amount'>, format: PriceFormat): string {
  return c.discountType === 'percent' ? `${percentText(c.amount)} %` : formatPrice(c.amount, format);
}

/** 1250 → "12.5", 1000 → "10", 0 → "0". */
function percentText(hundredths: number): string {
  return intToDecimal(hundredths, 2).replace(/\.?0+$/, '') || '0';
}
