import { Form } from 'react-router';
import { CsrfField, Field, fieldError } from '../../account/components/form-parts.tsx';
import type { ActionError } from '../../../lib/action.ts';
import { CONTINENTS } from '../continents.ts';
import { countries } from '../countries.ts';
import { t } from '../../../i18n/t-admin.ts';

interface Props {
  zone: { name: string; locations: { type: string; code: string }[] } | null;
  error: ActionError | undefined;
}

/** Name and locations of a zone: regions (continents, countries), states, postcodes. */
export function ZoneForm({ zone, error }: Props) {
  const locations = zone?.locations ?? [];
  const of = (type: string) => locations.filter((l) => l.type === type).map((l) => l.code);
  const values = error?.values;
  const regions = [...of('continent').map((c) => `continent:${c}`), ...of('country').map((c) => `country:${c}`)];
  return (
    <Form method="post" className="admin-form">
      <CsrfField />
      <fieldset>
        <legend>{t('admin.shipping.zoneForm.legend')}</legend>
        <Field name="name" label={t('admin.shipping.zoneForm.name')} required defaultValue={values?.name ?? zone?.name ?? ''} error={fieldError(error, 'name')} />
        <div className="form-row">
          <label htmlFor="field-regions">{t('admin.shipping.zoneForm.regions')}</label>
          <select id="field-regions" name="regions" multiple size={12} defaultValue={regions} aria-describedby="field-regions-hint">
            <optgroup label={t('admin.shipping.zoneForm.continents')}>
              {CONTINENTS.map((c) => (
                <option key={c.code} value={`continent:${c.code}`}>
                  {c.name}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('admin.shipping.zoneForm.countries')}>
              {countries().map((c) => (
                <option key={c.code} value={`country:${c.code}`}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          </select>
          <span id="field-regions-hint" className="hint">
            {t('admin.shipping.zoneForm.regionsHint')}
          </span>
          {fieldError(error, 'regions') ? <p className="field-error">{fieldError(error, 'regions')}</p> : null}
        </div>
        <div className="form-row">
          <label htmlFor="field-states">{t('admin.shipping.zoneForm.states')}</label>
          <input
            id="field-states"
            name="states"
            defaultValue={values?.states ?? of('state').join(', ')}
            aria-describedby="field-states-hint"
            aria-invalid={fieldError(error, 'states') ? true : undefined}
          />
          <span id="field-states-hint" className="hint">
            {t('admin.shipping.zoneForm.statesHint')}
          </span>
          {fieldError(error, 'states') ? <p className="field-error">{fieldError(error, 'states')}</p> : null}
        </div>
        <div className="form-row">
          <label htmlFor="field-postcodes">{t('admin.shipping.zoneForm.postcodes')}</label>
          <textarea
            id="field-postcodes"
            name="postcodes"
            rows={4}
            defaultValue={values?.postcodes ?? of('postcode').join('\n')}
            aria-describedby="field-postcodes-hint"
            aria-invalid={fieldError(error, 'postcodes') ? true : undefined}
          />
          <span id="field-postcodes-hint" className="hint">
            {t('admin.shipping.zoneForm.postcodesHint')}
          </span>
          {fieldError(error, 'postcodes') ? <p className="field-error">{fieldError(error, 'postcodes')}</p> : null}
        </div>
        <button type="submit" className="button" name="intent" value="save-zone">
          {t('admin.shipping.zoneForm.save')}
        </button>
      </fieldset>
    </Form>
  );
}
