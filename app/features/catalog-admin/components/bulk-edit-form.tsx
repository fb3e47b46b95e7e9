import { Field } from '../../account/components/form-parts.tsx';
import { SelectField } from '../../../ui/form-kit.tsx';
import { t } from '../../../i18n/t-admin.ts';
import { BULK_STATUSES, KEEP } from '../bulk-edit-input.ts';
import { PRICE_MODES, SALE_MODES } from '../price-change.ts';

/*
 * The bulk-edit form's fields (/admin/products/bulk-edit): each starts at "No change" or
 * empty. `values` refills what was typed after a refusal; `errors` are shown at their field.
 */

export interface BulkEditOptions {
  categories: { id: number; label: string; depth: number }[];
  shippingClasses: { name: string; slug: string }[];
  taxClasses: string[];
  currency: string;
}

const keep = () => [KEEP, t('bulkEdit.noChange')] as const;

export function BulkEditFields({ options, values, errors }: { options: BulkEditOptions; values: Record<string, string>; errors: Record<string, string> }) {
  const v = (k: string, fallback = '') => values[k] ?? fallback;
  const chosen = (k: string) => new Set((values[k] ?? '').split(', ').filter(Boolean));
  const categories = (name: 'categories_add' | 'categories_remove') => (
    <div className="form-row" role="group" aria-labelledby={`bulk-${name}-label`}>
      <span id={`bulk-${name}-label`} className="label">
        {t(name === 'categories_add' ? 'bulkEdit.categoriesAdd' : 'bulkEdit.categoriesRemove')}
      </span>
      <div className="admin-quick-edit__categories">
        {options.categories.map((c) => (
          <div className="check" key={c.id} style={{ paddingInlineStart: `${c.depth * 1.25}rem` }}>
            <input type="checkbox" id={`bulk-${name}-${c.id}`} name={name} value={c.id} defaultChecked={chosen(name).has(String(c.id))} />
            <label htmlFor={`bulk-${name}-${c.id}`}>{c.label.split(' › ').pop()}</label>
          </div>
        ))}
      </div>
      {errors[name] ? <p className="field-error">{errors[name]}</p> : null}
    </div>
  );
  return (
    <div className="admin-quick-edit">
      <fieldset className="admin-quick-edit__col">
        <legend>{t('bulkEdit.legend.price')}</legend>
        <p className="hint">{t('bulkEdit.variableNote')}</p>
        <SelectField id="bulk-price_mode" name="price_mode" label={t('bulkEdit.price')} value={v('price_mode', KEEP)} options={[keep(), ...PRICE_MODES.map((m) => [m, t(`bulkEdit.mode.${m}`)] as const)]} error={errors.price_mode} />
        <Field id="bulk-price_value" name="price_value" label={t('bulkEdit.priceValue')} inputMode="decimal" defaultValue={v('price_value')} error={errors.price_value} hint={t('bulkEdit.valueHint', { currency: options.currency })} />
        <SelectField id="bulk-sale_mode" name="sale_mode" label={t('bulkEdit.sale')} value={v('sale_mode', KEEP)} options={[keep(), ...SALE_MODES.map((m) => [m, t(`bulkEdit.mode.${m}`)] as const)]} error={errors.sale_mode} />
        <Field id="bulk-sale_value" name="sale_value" label={t('bulkEdit.saleValue')} inputMode="decimal" defaultValue={v('sale_value')} error={errors.sale_value} />
      </fieldset>
      <fieldset className="admin-quick-edit__col">
        <legend>{t('bulkEdit.legend.stock')}</legend>
        <Field id="bulk-stock_quantity" name="stock_quantity" label={t('bulkEdit.stockQuantity')} inputMode="numeric" defaultValue={v('stock_quantity')} error={errors.stock_quantity} />
        {(['weight', 'length', 'width', 'height'] as const).map((k) => (
          <Field key={k} id={`bulk-${k}`} name={k} label={t(`products.${k}`)} inputMode="decimal" defaultValue={v(k)} error={errors[k]} />
        ))}
        <SelectField
          id="bulk-shipping_class"
          name="shipping_class"
          label={t('products.shippingClass')}
          value={v('shipping_class', KEEP)}
          options={[keep(), ['', t('products.shippingClass.none')], ...options.shippingClasses.map((c) => [c.slug, c.name] as const)]}
          error={errors.shipping_class}
        />
      </fieldset>
      <fieldset className="admin-quick-edit__col">
        <legend>{t('bulkEdit.legend.taxonomy')}</legend>
        {categories('categories_add')}
        {categories('categories_remove')}
        <Field id="bulk-tags_add" name="tags_add" label={t('bulkEdit.tagsAdd')} defaultValue={v('tags_add')} error={errors.tags_add} maxLength={2000} />
        <Field id="bulk-tags_remove" name="tags_remove" label={t('bulkEdit.tagsRemove')} defaultValue={v('tags_remove')} error={errors.tags_remove} maxLength={2000} />
      </fieldset>
      <fieldset className="admin-quick-edit__col">
        <legend>{t('bulkEdit.legend.status')}</legend>
        <SelectField id="bulk-status" name="status" label={t('products.status')} value={v('status', KEEP)} options={[keep(), ...BULK_STATUSES.map((s) => [s, t(`products.status.${s}`)] as const)]} error={errors.status} />
        <SelectField id="bulk-tax_class" name="tax_class" label={t('products.taxClass')} value={v('tax_class', KEEP)} options={[keep(), ...options.taxClasses.map((c) => [c, c || t('products.taxClass.standard')] as const)]} error={errors.tax_class} />
      </fieldset>
    </div>
  );
}
