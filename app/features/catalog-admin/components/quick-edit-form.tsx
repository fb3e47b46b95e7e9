import type { ReactNode } from 'react';
import { Field } from '../../account/components/form-parts.tsx';
import { CsrfField } from '../../account/components/form-parts.tsx';
import { CheckField, SelectField } from '../../../ui/form-kit.tsx';
import { t } from '../../../i18n/t-admin.ts';
import { ShippingClassSelect } from './shipping-class-select.tsx';
import type { QuickValues } from '../quick-edit.server.ts';

/*
 * The quick-edit form's fields, one markup for its page (/admin/products/:id/quick, without
 * scripts) and for the dialog the list opens over a row (with them). `prefix` keeps the
 * ids apart when several are on one page. The caller gives the <form> (a plain Form or a
 * fetcher's) and its buttons.
 */

export interface QuickOptions {
  categories: { id: number; label: string; depth: number }[];
  shippingClasses: { name: string; slug: string }[];
  currency: string;
}

const STATUSES = ['publish', 'draft', 'pending', 'private'] as const;
const VISIBILITIES = ['visible', 'catalog', 'search', 'hidden'] as const;
const STOCK = ['instock', 'outofstock', 'onbackorder'] as const;

export function QuickEditFields({ values: v, options, errors, prefix, children }: { values: QuickValues; options: QuickOptions; errors: Record<string, string>; prefix: string; children?: ReactNode }) {
  const id = (k: string) => `${prefix}-${k}`;
  const priced = v.type === 'simple' || v.type === 'external';
  const stocked = v.type === 'simple' || v.type === 'variable';
  const statuses: readonly string[] = v.status === 'future' ? [...STATUSES, 'future'] : STATUSES;
  return (
    <>
      <CsrfField />
      <input type="hidden" name="version" value={v.version} />
      {/* Always posted, so unticking every category is said too. */}
      <input type="hidden" name="categories" value="" />
      <div className="admin-quick-edit">
        <div className="admin-quick-edit__col">
          <Field id={id('name')} name="name" label={t('products.name')} defaultValue={v.name} error={errors.name} required maxLength={200} />
          <Field id={id('slug')} name="slug" label={t('products.slug')} defaultValue={v.slug} error={errors.slug} maxLength={200} />
          <Field id={id('sku')} name="sku" label={t('products.sku')} defaultValue={v.sku} error={errors.sku} maxLength={100} />
          {priced ? (
            <>
              <Field id={id('regular_price')} name="regular_price" label={t('products.regularPrice', { currency: options.currency })} inputMode="decimal" defaultValue={v.regular_price} error={errors.regular_price} />
              <Field id={id('sale_price')} name="sale_price" label={t('products.salePrice', { currency: options.currency })} inputMode="decimal" defaultValue={v.sale_price} error={errors.sale_price} />
            </>
          ) : (
            <p className="hint">{t(v.type === 'variable' ? 'quickEdit.variablePrices' : 'quickEdit.noPrice')}</p>
          )}
        </div>
        <div className="admin-quick-edit__col">
          <SelectField id={id('status')} name="status" label={t('products.status')} value={v.status} options={statuses.map((s) => [s, t(`products.status.${s as 'publish'}`)] as const)} error={errors.status} />
          <SelectField id={id('catalog_visibility')} name="catalog_visibility" label={t('products.visibility')} value={v.catalog_visibility} options={VISIBILITIES.map((s) => [s, t(`products.visibility.${s}`)] as const)} error={errors.catalog_visibility} />
          <ShippingClassSelect id={id('shipping_class')} name="shipping_class" value={v.shipping_class} classes={options.shippingClasses} blank={t('products.shippingClass.none')} error={errors.shipping_class} />
          {stocked ? (
            <>
              <CheckField id={id('manage_stock')} name="manage_stock" label={t('products.manageStock')} checked={v.manage_stock} />
              <Field id={id('stock_quantity')} name="stock_quantity" label={t('quickEdit.quantity')} inputMode="numeric" defaultValue={v.stock_quantity} error={errors.stock_quantity} hint={t('quickEdit.quantityHint')} />
            </>
          ) : null}
          {v.type !== 'grouped' && v.type !== 'variable' ? (
            <SelectField id={id('stock_status')} name="stock_status" label={t('products.stockStatus')} value={v.stock_status} options={STOCK.map((s) => [s, t(`products.stock.${s}`)] as const)} error={errors.stock_status} hint={t('quickEdit.stockStatusHint')} />
          ) : null}
        </div>
        <div className="admin-quick-edit__col">
          <div className="form-row" role="group" aria-labelledby={id('categories-label')}>
            <span id={id('categories-label')} className="label">
              {t('products.categories')}
            </span>
            <div className="admin-quick-edit__categories">
              {options.categories.map((c) => (
                <div className="check" key={c.id} style={{ paddingInlineStart: `${c.depth * 1.25}rem` }}>
                  <input type="checkbox" id={id(`cat-${c.id}`)} name="categories" value={c.id} defaultChecked={v.categories.includes(c.id)} />
                  <label htmlFor={id(`cat-${c.id}`)}>{c.label.split(' › ').pop()}</label>
                </div>
              ))}
            </div>
            {errors.categories ? <p className="field-error">{errors.categories}</p> : null}
          </div>
          <Field id={id('tags')} name="tags" label={t('products.tags')} defaultValue={v.tags} error={errors.tags} maxLength={2000} />
        </div>
      </div>
      {children}
    </>
  );
}
