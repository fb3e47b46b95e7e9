import { Form } from 'react-router';
import { CsrfField, Field, FormErrors, fieldError } from '../../account/components/form-parts.tsx';
import type { ActionError } from '../../../lib/action.ts';
import { DISCOUNT_TYPE_LABELS } from '../coupon-form.ts';
import { DISCOUNT_TYPES } from '../coupons.schema.ts';
import { plural, t } from '../../../i18n/t-admin.ts';
import { CheckField } from '../../../ui/form-kit.tsx';

/** Field labels, also used by the error list at the top of the form. */
export const COUPON_LABELS = {
  code: t('admin.coupon.field.code'),
  description: t('admin.coupon.field.description'),
  discountType: t('admin.coupon.field.discountType'),
  amount: t('admin.coupon.field.amount'),
  freeShipping: t('admin.coupon.field.freeShipping'),
  expiresAt: t('admin.coupon.field.expiresAt'),
  minimumSpend: t('admin.coupon.field.minimumSpend'),
  maximumSpend: t('admin.coupon.field.maximumSpend'),
  individualUse: t('admin.coupon.field.individualUse'),
  excludeSaleItems: t('admin.coupon.field.excludeSaleItems'),
  productIds: t('admin.coupon.field.productIds'),
  excludedProductIds: t('admin.coupon.field.excludedProductIds'),
  categoryIds: t('admin.coupon.field.categoryIds'),
  excludedCategoryIds: t('admin.coupon.field.excludedCategoryIds'),
  emailRestrictions: t('admin.coupon.field.emailRestrictions'),
  usageLimit: t('admin.coupon.field.usageLimit'),
  limitUsageToXItems: t('admin.coupon.field.limitUsageToXItems'),
  usageLimitPerUser: t('admin.coupon.field.usageLimitPerUser'),
};
type Name = keyof typeof COUPON_LABELS;

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
          <legend>{t('admin.coupon.general')}</legend>
          {text('code', t('admin.coupon.hint.code'), { required: true })}
          {area('description', t('admin.coupon.hint.description'))}
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
          {text('amount', t('admin.coupon.hint.amount', { currency }), { required: true })}
          <CheckField name="freeShipping" label={COUPON_LABELS.freeShipping} checked={values.freeShipping === '1'} hint={t('admin.coupon.hint.freeShipping')} />
          {text('expiresAt', t('admin.coupon.hint.expiresAt'), { type: 'date' })}
        </fieldset>
        <fieldset>
          <legend>{t('admin.coupon.restriction')}</legend>
          {text('minimumSpend', t('admin.coupon.hint.minimumSpend', { currency }))}
          {text('maximumSpend', t('admin.coupon.hint.maximumSpend', { currency }))}
          <CheckField name="individualUse" label={COUPON_LABELS.individualUse} checked={values.individualUse === '1'} hint={t('admin.coupon.hint.individualUse')} />
          <CheckField name="excludeSaleItems" label={COUPON_LABELS.excludeSaleItems} checked={values.excludeSaleItems === '1'} hint={t('admin.coupon.hint.excludeSaleItems')} />
          {text('productIds', t('admin.coupon.hint.productIds'))}
          {text('excludedProductIds', t('admin.coupon.hint.excludedProductIds'))}
          {text('categoryIds', t('admin.coupon.hint.categoryIds'))}
          {text('excludedCategoryIds', t('admin.coupon.hint.excludedCategoryIds'))}
          {area('emailRestrictions', t('admin.coupon.hint.emailRestrictions'))}
        </fieldset>
        <fieldset>
          <legend>{t('admin.coupon.limits')}</legend>
          {usageCount !== null ? <p>{plural('admin.coupon.used', usageCount)}</p> : null}
          {text('usageLimit', t('admin.coupon.hint.usageLimit'))}
          {text('limitUsageToXItems', t('admin.coupon.hint.limitUsageToXItems'))}
          {text('usageLimitPerUser', t('admin.coupon.hint.usageLimitPerUser'))}
        </fieldset>
        <button type="submit" className="button" disabled={busy}>
          {t('admin.coupon.save')}
        </button>
      </Form>
    </>
  );
}
