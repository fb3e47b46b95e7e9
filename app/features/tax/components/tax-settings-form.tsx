import { Form } from 'react-router';
import { CsrfField, Field } from '../../account/components/form-parts.tsx';
import { countries } from '../../shipping/countries.ts';

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

function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <div className="form-row">
      {/* The hidden "0" goes first: an unticked box then still says "no". */}
      <input type="hidden" name={name} value="0" />
      <label>
        <input type="checkbox" name={name} value="1" defaultChecked={checked} /> {label}
      </label>
    </div>
  );
}

function Choice({ name, label, value, options }: { name: string; label: string; value: string; options: [string, string][] }) {
  return (
    <div className="form-row">
      <label htmlFor={`field-${name}`}>{label}</label>
      <select id={`field-${name}`} name={name} defaultValue={value}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

const inclExcl: [string, string][] = [
  ['excl', 'Excluding tax'],
  ['incl', 'Including tax'],
];

/** The store's tax options and address (the base for "shop base address" taxes). */
export function TaxSettingsForm({ s, fieldErrors }: { s: TaxSettingsValues; fieldErrors?: Record<string, string> }) {
  return (
    <Form method="post" className="admin-form">
      <CsrfField />
      <fieldset>
        <legend>Tax options</legend>
        <Check name="taxesEnabled" label="Enable tax rates and calculations" checked={s.taxesEnabled} />
        <Choice
          name="pricesIncludeTax"
          label="Prices entered with tax"
          value={s.pricesIncludeTax ? '1' : '0'}
          options={[
            ['1', 'Yes, I enter prices inclusive of tax'],
            ['0', 'No, I enter prices exclusive of tax'],
          ]}
        />
        <Choice
          name="taxBasedOn"
          label="Calculate tax based on"
          value={s.taxBasedOn}
          options={[
            ['shipping', 'Customer shipping address'],
            ['billing', 'Customer billing address'],
            ['base', 'Shop base address'],
          ]}
        />
        <Choice name="taxDisplayShop" label="Display prices in the shop" value={s.taxDisplayShop} options={inclExcl} />
        <Choice name="taxDisplayCart" label="Display prices in the cart and checkout" value={s.taxDisplayCart} options={inclExcl} />
        <Check name="taxRoundAtSubtotal" label="Round tax at subtotal level, instead of per line" checked={s.taxRoundAtSubtotal} />
      </fieldset>
      <fieldset>
        <legend>Shop address</legend>
        <Choice name="baseCountry" label="Country" value={s.baseCountry} options={countries().map((c) => [c.code, c.name])} />
        <Field name="baseState" label="State or province code" defaultValue={s.baseState} error={fieldErrors?.baseState} />
        <Field name="basePostcode" label="Postcode" defaultValue={s.basePostcode} error={fieldErrors?.basePostcode} />
        <Field name="baseCity" label="City" defaultValue={s.baseCity} error={fieldErrors?.baseCity} />
      </fieldset>
      <button type="submit" className="button" name="intent" value="save-settings">
        Save tax options
      </button>
    </Form>
  );
}
