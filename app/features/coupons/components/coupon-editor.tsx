import { Form } from 'react-router';
import { CsrfField, Field, FormErrors, fieldError } from '../../account/components/form-parts.tsx';
import type { ActionError } from '../../../lib/action.ts';
import { DISCOUNT_TYPE_LABELS } from '../coupon-form.ts';
import { DISCOUNT_TYPES } from '../coupons.schema.ts';

/** Field labels, also used by the error list at the top of the form. */
export const COUPON_LABELS = {
  code: 'Coupon code',
  description: 'Description (for staff)',
  discountType: 'Discount type',
  amount: 'Coupon amount',
  freeShipping: 'Allow free shipping',
  expiresAt: 'Expiry date',
  minimumSpend: 'Minimum spend',
  maximumSpend: 'Maximum spend',
  individualUse: 'Individual use only',
  excludeSaleItems: 'Exclude sale items',
  productIds: 'Products (ids)',
  excludedProductIds: 'Exclude products (ids)',
  categoryIds: 'Product categories (ids)',
  excludedCategoryIds: 'Exclude categories (ids)',
  emailRestrictions: 'Allowed e-mails',
  usageLimit: 'Usage limit per coupon',
  limitUsageToXItems: 'Limit usage to X items',
  usageLimitPerUser: 'Usage limit per customer',
};
type Name = keyof typeof COUPON_LABELS;

function Check({ name, checked, hint }: { name: Name; checked: boolean; hint: string }) {
  return (
    <div className="form-row">
      {/* The hidden "0" goes first: an unticked box then still says "no". */}
      <input type="hidden" name={name} value="0" />
      <label>
        <input type="checkbox" name={name} value="1" defaultChecked={checked} /> {COUPON_LABELS[name]}
      </label>
      <span className="hint">{hint}</span>
    </div>
  );
}

/**
 * The coupon form, laid out like WooCommerce's tabs (general, usage restriction, usage
 * limits). `values` are the stored coupon as text, or what was submitted when refused.
 */
export function CouponEditor(props: { values: Record<string, string>; error: ActionError | undefined; currency: string; usageCount: number | null; busy: boolean }) {
  const { values, error, currency, usageCount, busy } = props;
  const text = (name: Name, hint?: string, extra: { required?: boolean; type?: string } = {}) => (
    <Field name={name} label={COUPON_LABELS[name]} defaultValue={values[name] ?? ''} error={fieldError(error, name)} hint={hint} {...extra} />
  );
  const area = (name: Name, hint: string) => {
    const id = `field-${name}`;
    const problem = fieldError(error, name);
    return (
      <div className="form-row">
        <label htmlFor={id}>{COUPON_LABELS[name]}</label>
        <textarea id={id} name={name} rows={2} defaultValue={values[name] ?? ''} aria-describedby={problem ? `${id}-hint ${id}-error` : `${id}-hint`} aria-invalid={problem ? true : undefined} />
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
        {problem ? (
          <p id={`${id}-error`} className="field-error">
            {problem}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <>
      <FormErrors result={error} labels={COUPON_LABELS} />
      <Form method="post" className="admin-form" noValidate>
        <CsrfField />
        <fieldset>
          <legend>General</legend>
          {text('code', 'Shoppers type this at the cart; letters and digits, case does not matter.', { required: true })}
          {area('description', 'Not shown to shoppers.')}
          <div className="form-row">
            <label htmlFor="field-discountType">{COUPON_LABELS.discountType}</label>
            <select id="field-discountType" name="discountType" defaultValue={values.discountType}>
              {DISCOUNT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {DISCOUNT_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
          {text('amount', `A percentage (e.g. 12.5) for a percentage discount, otherwise an amount in ${currency} (e.g. 10.00).`, { required: true })}
          <Check name="freeShipping" checked={values.freeShipping === '1'} hint="Free shipping methods that require a coupon become available." />
          {text('expiresAt', 'The coupon stops working at 00:00 (UTC) on this date. Leave empty for no expiry.', { type: 'date' })}
        </fieldset>
        <fieldset>
          <legend>Usage restriction</legend>
          {text('minimumSpend', `Cart subtotal in ${currency} needed to use the coupon. Leave empty for none.`)}
          {text('maximumSpend', `Largest cart subtotal in ${currency} the coupon allows. Leave empty for none.`)}
          <Check name="individualUse" checked={values.individualUse === '1'} hint="Cannot be used together with other coupons." />
          <Check name="excludeSaleItems" checked={values.excludeSaleItems === '1'} hint="Items on sale are not discounted." />
          {text('productIds', 'Comma-separated product or variation ids the coupon applies to. Empty = all products.')}
          {text('excludedProductIds', 'Comma-separated product or variation ids never discounted.')}
          {text('categoryIds', 'Comma-separated category ids the coupon applies to. Empty = all categories.')}
          {text('excludedCategoryIds', 'Comma-separated category ids never discounted.')}
          {area('emailRestrictions', 'Comma-separated e-mail addresses allowed to use the coupon; * is a wildcard (*@example.com). Empty = everyone.')}
        </fieldset>
        <fieldset>
          <legend>Usage limits</legend>
          {usageCount !== null ? <p>Used {usageCount === 1 ? 'once' : `${usageCount} times`} so far.</p> : null}
          {text('usageLimit', 'How many times the coupon can be used in all. Empty = unlimited.')}
          {text('limitUsageToXItems', 'For percentage and fixed product discounts: how many items at most are discounted. Empty = all.')}
          {text('usageLimitPerUser', 'How many times each customer (account or e-mail address) can use it. Empty = unlimited.')}
        </fieldset>
        <button type="submit" className="button" disabled={busy}>
          Save coupon
        </button>
      </Form>
    </>
  );
}
