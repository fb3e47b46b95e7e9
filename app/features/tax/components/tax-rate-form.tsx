import { Form, Link } from 'react-router';
import { CsrfField, Field } from '../../account/components/form-parts.tsx';
import type { ActionError } from '../../../lib/action.ts';

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
        <legend>{r.id !== null ? `Edit rate “${r.name || r.id}”` : 'Add a rate'}</legend>
        <Field name="country" label="Country code (empty for any)" defaultValue={v('country')} error={fe('country')} />
        <Field name="state" label="State code (empty for any)" defaultValue={v('state')} error={fe('state')} />
        <div className="form-row">
          <label htmlFor="field-postcodes">Postcodes (one a line; 902* and 90000...90999 work; empty for any)</label>
          <textarea id="field-postcodes" name="postcodes" rows={3} defaultValue={error?.values?.postcodes ?? lines(r.postcodes)} />
          {fe('postcodes') ? <p className="field-error">{fe('postcodes')}</p> : null}
        </div>
        <div className="form-row">
          <label htmlFor="field-cities">Cities (one a line; empty for any)</label>
          <textarea id="field-cities" name="cities" rows={2} defaultValue={error?.values?.cities ?? lines(r.cities)} />
          {fe('cities') ? <p className="field-error">{fe('cities')}</p> : null}
        </div>
        <Field name="rate" label="Rate %" required defaultValue={v('rate')} hint="Up to four decimals, e.g. 8.875" error={fe('rate')} />
        <Field name="name" label="Tax name" defaultValue={v('name')} error={fe('name')} />
        <Field name="priority" type="number" label="Priority" defaultValue={v('priority')} hint="One rate of each priority applies." error={fe('priority')} />
        <div className="form-row">
          <input type="hidden" name="compound" value="0" />
          <label>
            <input type="checkbox" name="compound" value="1" defaultChecked={r.compound} /> Compound (applied on top of the other taxes)
          </label>
        </div>
        <div className="form-row">
          <input type="hidden" name="shipping" value="0" />
          <label>
            <input type="checkbox" name="shipping" value="1" defaultChecked={r.shipping} /> Also applies to shipping
          </label>
        </div>
        <Field name="taxClass" label="Tax class" defaultValue={error?.values?.taxClass ?? r.taxClass} hint="Empty or “standard” for the standard class." error={fe('taxClass')} />
        <button type="submit" className="button" name="intent" value="save-rate">
          {r.id !== null ? 'Save rate' : 'Add rate'}
        </button>{' '}
        {r.id !== null ? <Link to={`?class=${encodeURIComponent(r.taxClass)}`}>Cancel</Link> : null}
      </fieldset>
    </Form>
  );
}
