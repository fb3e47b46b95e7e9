import { currencyInfo, formatPrice, type PriceFormat } from '../../lib/money.ts';
import type { Coupon } from './coupons.schema.ts';
import { intToDecimal } from './decimals.ts';

/** What the admin form shows for a coupon (or a new one). */
export function couponToForm(c: Coupon | null, currency: string): Record<string, string> {
  const { exponent } = currencyInfo(currency);
  const money = (v: number | null) => (v == null ? '' : intToDecimal(v, exponent));
  if (!c) return { code: '', description: '', discountType: 'percent', amount: '', freeShipping: '0', individualUse: '0', excludeSaleItems: '0', expiresAt: '', minimumSpend: '', maximumSpend: '', usageLimit: '', usageLimitPerUser: '', limitUsageToXItems: '', productIds: '', excludedProductIds: '', categoryIds: '', excludedCategoryIds: '', emailRestrictions: '' };
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
