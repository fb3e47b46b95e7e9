import { Form, Link } from 'react-router';
import { CsrfField, Field } from '../../account/components/form-parts.tsx';
import type { ActionError } from '../../../lib/action.ts';
import { t } from '../../../i18n/t-admin.ts';
import { CheckField, TextAreaField } from '../../../ui/form-kit.tsx';

export interface TaxRateFormValues {
  id: number | null;
  country: string;
  state: string;
  postcodes: string;
  cities: string;
  rate: string;
  name: string;
  priority: number | string;
  compound: boolean;
  shipping: boolean;
  taxClass: string;
}

const EMPTY = { country: '', state: '', postcodes: '', cities: '', rate: '', name: '', priority: 1, compound: false, shipping: true };

/** Adds a rate to the shown class, or edits one. Lists are stored "a;b" and typed one a line. */
export function TaxRateForm({ rate, taxClass, error }: { rate: TaxRateFormValues | null; taxClass: string; error: ActionError | undefined }) {
  const r = rate ?? { ...EMPTY, id: null, taxClass };
  const v = (k: keyof typeof EMPTY) => error?.values?.[k] ?? String(r[k]);
  const fe = (k: string) => error?.error.fields?.[k];
  const lines = (s: string) => s.split(';').join('\n');
  return (
    <Form method="post" className="admin-form" key={r.id ?? 'new'}>
      <CsrfField />
      {r.id !== null ? <input type="hidden" name="rateId" value={r.id} /> : null}
      <fieldset>
        <legend>{r.id !== null ? t('admin.tax.form.edit', { name: r.name || r.id }) : t('admin.tax.form.add')}</legend>
        <Field name="country" label={t('admin.tax.form.country')} defaultValue={v('country')} error={fe('country')} />
        <Field name="state" label={t('admin.tax.form.state')} defaultValue={v('state')} error={fe('state')} />
        <TextAreaField name="postcodes" label={t('admin.tax.form.postcodes')} rows={3} defaultValue={error?.values?.postcodes ?? lines(r.postcodes)} error={fe('postcodes')} />
        <TextAreaField name="cities" label={t('admin.tax.form.cities')} rows={2} defaultValue={error?.values?.cities ?? lines(r.cities)} error={fe('cities')} />
        <Field name="rate" label={t('admin.tax.form.rate')} required defaultValue={v('rate')} hint={t('admin.tax.form.rateHint')} error={fe('rate')} />
        <Field name="name" label={t('admin.tax.form.name')} defaultValue={v('name')} error={fe('name')} />
        <Field name="priority" type="number" label={t('admin.tax.form.priority')} defaultValue={v('priority')} hint={t('admin.tax.form.priorityHint')} error={fe('priority')} />
        <CheckField name="compound" label={t('admin.tax.form.compound')} checked={r.compound} />
        <CheckField name="shipping" label={t('admin.tax.form.shipping')} checked={r.shipping} />
        <Field name="taxClass" label={t('admin.tax.form.class')} defaultValue={error?.values?.taxClass ?? r.taxClass} hint={t('admin.tax.form.classHint')} error={fe('taxClass')} />
        <button type="submit" className="button" name="intent" value="save-rate">
          {r.id !== null ? t('admin.tax.form.save') : t('admin.tax.form.addButton')}
        </button>{' '}
        {r.id !== null ? <Link to={`?class=${encodeURIComponent(r.taxClass)}`}>{t('admin.tax.form.cancel')}</Link> : null}
      </fieldset>
    </Form>
  );
}
