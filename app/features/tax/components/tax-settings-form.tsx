import { Form } from 'react-router';
import { CsrfField, Field } from '../../account/components/form-parts.tsx';
import { countries } from '../../shipping/countries.ts';
import { t } from '../../../i18n/t-admin.ts';
import { CheckField, SelectField } from '../../../ui/form-kit.tsx';

export interface TaxSettingsValues {
  taxesEnabled: boolean;
  pricesIncludeTax: boolean;
  taxDisplayShop: 'incl' | 'excl';
  taxDisplayCart: 'incl' | 'excl';
  taxRoundAtSubtotal: boolean;
  taxBasedOn: 'shipping' | 'billing' | 'base';
  baseCountry: string;
  baseState: string;
  basePostcode: string;
  baseCity: string;
}

const inclExcl = (): [string, string][] => [
  ['excl', t('admin.tax.excl')],
  ['incl', t('admin.tax.incl')],
];

/** The store's tax options and address (the base for "shop base address" taxes). */
export function TaxSettingsForm({ s, fieldErrors }: { s: TaxSettingsValues; fieldErrors?: Record<string, string> }) {
  return (
    <Form method="post" className="admin-form">
      <CsrfField />
      <fieldset>
        <legend>{t('admin.tax.options')}</legend>
        <CheckField name="taxesEnabled" label={t('admin.tax.enabled')} checked={s.taxesEnabled} />
        <SelectField
          name="pricesIncludeTax"
          label={t('admin.tax.pricesIncludeTax')}
          value={s.pricesIncludeTax ? '1' : '0'}
          options={[
            ['1', t('admin.tax.pricesInclusive')],
            ['0', t('admin.tax.pricesExclusive')],
          ]}
        />
        <SelectField
          name="taxBasedOn"
          label={t('admin.tax.basedOn')}
          value={s.taxBasedOn}
          options={[
            ['shipping', t('admin.tax.basedOn.shipping')],
            ['billing', t('admin.tax.basedOn.billing')],
            ['base', t('admin.tax.basedOn.base')],
          ]}
        />
        <SelectField name="taxDisplayShop" label={t('admin.tax.displayShop')} value={s.taxDisplayShop} options={inclExcl()} />
        <SelectField name="taxDisplayCart" label={t('admin.tax.displayCart')} value={s.taxDisplayCart} options={inclExcl()} />
        <CheckField name="taxRoundAtSubtotal" label={t('admin.tax.roundAtSubtotal')} checked={s.taxRoundAtSubtotal} />
      </fieldset>
      <fieldset>
        <legend>{t('admin.tax.shopAddress')}</legend>
        <SelectField name="baseCountry" label={t('admin.tax.baseCountry')} value={s.baseCountry} options={countries().map((c) => [c.code, c.name])} />
        <Field name="baseState" label={t('admin.tax.baseState')} defaultValue={s.baseState} error={fieldErrors?.baseState} />
        <Field name="basePostcode" label={t('admin.tax.basePostcode')} defaultValue={s.basePostcode} error={fieldErrors?.basePostcode} />
        <Field name="baseCity" label={t('admin.tax.baseCity')} defaultValue={s.baseCity} error={fieldErrors?.baseCity} />
      </fieldset>
      <button type="submit" className="button" name="intent" value="save-settings">
        {t('admin.tax.saveOptions')}
      </button>
    </Form>
  );
}
