import { describe, expect, it } from 'vitest';
import { couponToForm } from './coupon-form.ts';
import { couponInputSchema, normalizeCode, type Coupon } from './coupons.schema.ts';

const parse = (currency: string, input: Record<string, unknown>) => couponInputSchema(currency).safeParse({ code: 'x', ...input });
const fieldsOf = (r: ReturnType<typeof parse>) => (r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message])));

describe('coupon form schema', () => {
  it('reads amounts in the decimals of the store currency', () => {
    expect(parse('GBP', { discountType: 'fixed_cart', amount: '10.5' }).data?.amount).toBe(1050);
    expect(parse('JPY', { discountType: 'fixed_cart', amount: '500', minimumSpend: '3000' }).data).toMatchObject({ amount: 500, minimumSpend: 3000 });
    expect(parse('KWD', { discountType: 'fixed_product', amount: '1.005' }).data?.amount).toBe(1005);
    expect(fieldsOf(parse('JPY', { discountType: 'fixed_cart', amount: '5.5' }))).toEqual({ amount: 'Enter an amount like 1000' });
    expect(fieldsOf(parse('GBP', { discountType: 'fixed_cart', amount: '-5' }))).toEqual({ amount: 'Enter an amount like 10.00' });
  });

  it('stores percentages in hundredths and refuses more than 100 %', () => {
    expect(parse('GBP', { discountType: 'percent', amount: '15.25' }).data?.amount).toBe(1525);
    expect(parse('GBP', { discountType: 'percent', amount: 100 }).data?.amount).toBe(10_000);
    expect(fieldsOf(parse('GBP', { discountType: 'percent', amount: '100.01' }))).toHaveProperty('amount');
    expect(fieldsOf(parse('GBP', { discountType: 'percent', amount: '12.345' }))).toHaveProperty('amount');
  });

  it('lists every bad field at once', () => {
    const r = parse('GBP', { code: '<b>', discountType: 'percent', amount: '101', minimumSpend: '20', maximumSpend: '10', productIds: '1, two', emailRestrictions: 'ann@', usageLimitPerUser: '1.5' });
    expect(Object.keys(fieldsOf(r)).sort()).toEqual(['amount', 'code', 'emailRestrictions', 'maximumSpend', 'productIds', 'usageLimitPerUser'].sort());
  });

  it('normalises codes and refuses what could never be one', () => {
    expect(normalizeCode('  Spring-Sale 10%  ')).toBe('spring-sale 10%');
    for (const odd of ["' OR 1=1 --", '<script>', 'a  b', 'x'.repeat(51), 'tab\there', '']) expect(normalizeCode(odd), odd).toBeNull();
  });

  it('round-trips a stored coupon through the form', () => {
    const r = parse('GBP', { code: 'Round', discountType: 'percent', amount: '12.5', minimumSpend: '49.99', expiresAt: '2030-01-31', categoryIds: '3,4', individualUse: 'on' });
    const stored = { ...r.data!, id: 1, usageCount: 0 } as Coupon;
    const again = parse('GBP', couponToForm(stored, 'GBP'));
    expect(again.data).toEqual(r.data);
  });
});
