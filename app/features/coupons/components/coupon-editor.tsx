import { Form } from 'react-router';
import { CsrfField, Field, FormErrors, fieldError } from '../../account/components/form-parts.tsx';
import type { ActionError } from '../../../lib/action.ts';
import { DISCOUNT_TYPE_LABELS, idsInText, VARIATIONS_OF, type ProductPick } from '../coupon-form.ts';
import { DISCOUNT_TYPES } from '../coupons.schema.ts';
import { plural, perLanguage, t } from '../../../i18n/t-admin.ts';
import { CheckField } from '../../../ui/form-kit.tsx';
import { ProductPicker } from '../../catalog-admin/components/product-picker.tsx';
import type { LinkedProduct } from '../../catalog-admin/product-form.ts';

/** Products a "Find" step without scripts found for one of the product pickers. */
export type CouponFound = { field: ProductPick; items: LinkedProduct[] };
type CategoryOption = { id: number; label: string; depth: number };

/** Field labels, also used by the error list at the top of the form. */
export const COUPON_LABELS = perLanguage(() => ({
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
  variationIds: t('admin.coupon.field.variationIds'),
  excludedVariationIds: t('admin.coupon.field.excludedVariationIds'),
  categoryIds: t('admin.coupon.field.categoryIds'),
  excludedCategoryIds: t('admin.coupon.field.excludedCategoryIds'),
  emailRestrictions: t('admin.coupon.field.emailRestrictions'),
  usageLimit: t('admin.coupon.field.usageLimit'),
  limitUsageToXItems: t('admin.coupon.field.limitUsageToXItems'),
  usageLimitPerUser: t('admin.coupon.field.usageLimitPerUser'),
}));
type Name = keyof typeof COUPON_LABELS;

/**
 * The coupon form, laid out like WooCommerce's tabs (general, usage restriction, usage
 * limits). `values` are the stored coupon as text, or what was submitted when refused.
 * Products and single variations are chosen with the product editor's picker (search by
 * name or SKU), categories ticked in the category tree; `products` names the products and
 * the variations (those with `variationOf`) the values hold.
 */
export function CouponEditor(props: {
  values: Record<string, string>;
  products: LinkedProduct[];
  categories: CategoryOption[];
  found?: CouponFound;
  error: ActionError | undefined;
  currency: string;
  usageCount: number | null;
  busy: boolean;
}) {
  const { values, products, categories, found, error, currency, usageCount, busy } = props;
  const productPicker = (name: ProductPick, hint: string) => {
    const variationName = VARIATIONS_OF[name];
    const chosen = [
      ...idsInText(values[name]).map((id) => products.find((p) => !p.variationOf && p.id === id) ?? { id, name: t('admin.coupon.deletedProduct', { id }), sku: '' }),
      // A variation gone since keeps its box (its product unknown, -1 still marks it a variation), so it can be unticked.
      ...idsInText(values[variationName]).map((id) => products.find((p) => p.variationOf && p.id === id) ?? { id, name: t('admin.coupon.deletedVariation', { id }), sku: '', variationOf: -1 }),
    ];
    return (
      <ProductPicker
        field={name}
        variationField={variationName}
        label={COUPON_LABELS[name]}
        hint={hint}
        chosen={chosen}
        found={found?.field === name ? found.items : undefined}
        productId={null}
        error={fieldError(error, name) ?? fieldError(error, variationName)}
      />
    );
  };
  const categoryList = (name: 'categoryIds' | 'excludedCategoryIds', hint: string) => (
    <CategoryChecklist name={name} label={COUPON_LABELS[name]} hint={hint} categories={categories} chosen={idsInText(values[name])} error={fieldError(error, name)} />
  );
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
        {/* Enter in a text field saves: the form's first submit button is Save, not a picker's "Find" step. */}
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          {t('admin.coupon.save')}
        </button>
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
          {productPicker('productIds', t('admin.coupon.hint.productIds'))}
          {productPicker('excludedProductIds', t('admin.coupon.hint.excludedProductIds'))}
          {categoryList('categoryIds', t('admin.coupon.hint.categoryIds'))}
          {categoryList('excludedCategoryIds', t('admin.coupon.hint.excludedCategoryIds'))}
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

/**
 * The category tree as ticked boxes, indented by depth. An id that names no category any
 * more (deleted since) stays as a ticked box of its own, so it can be unticked.
 */
function CategoryChecklist(props: { name: string; label: string; hint: string; categories: CategoryOption[]; chosen: number[]; error?: string }) {
  const { name, label, hint, categories, chosen, error } = props;
  const gone = chosen.filter((id) => !categories.some((c) => c.id === id));
  const box = (id: number, text: string, depth: number) => (
    <div className="check" key={id} style={depth ? { paddingInlineStart: `${depth * 1.25}rem` } : undefined}>
      <input type="checkbox" id={`${name}-${id}`} name={name} value={id} defaultChecked={chosen.includes(id)} />
      <label htmlFor={`${name}-${id}`}>{text}</label>
    </div>
  );
  return (
    <div className="field admin-checklist" id={`field-${name}`} role="group" aria-labelledby={`${name}-label`} aria-describedby={error ? `${name}-hint field-${name}-error` : `${name}-hint`}>
      <span id={`${name}-label`} className="admin-picker__label">
        {label}
      </span>
      <span id={`${name}-hint`} className="hint">
        {hint}
      </span>
      {categories.length || gone.length ? (
        <div className="admin-checklist__boxes">
          {gone.map((id) => box(id, t('admin.coupon.deletedCategory', { id }), 0))}
          {categories.map((c) => box(c.id, c.label.split(' › ').pop() ?? c.label, c.depth))}
        </div>
      ) : (
        <span className="hint">{t('admin.coupon.noCategories')}</span>
      )}
      {error ? (
        <p id={`field-${name}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
