import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/admin.tax';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { getSettings, saveSettings } from '../features/admin/settings.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { TaxRateForm } from '../features/tax/components/tax-rate-form.tsx';
import { TaxRatesTable } from '../features/tax/components/tax-rates-table.tsx';
import { TaxSettingsForm, type TaxSettingsValues } from '../features/tax/components/tax-settings-form.tsx';
import { deleteTaxRate, listTaxRates, saveTaxRate, taxClasses } from '../features/tax/tax-admin.server.ts';
import { importTaxRatesCsv } from '../features/tax/tax-csv.server.ts';
import { importModeSchema, taxClassLabel, taxClassSlug } from '../features/tax/tax.schema.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject, parseInput } from '../lib/validate.ts';
import { plural, t } from '../i18n/t-admin.ts';

export const meta: Route.MetaFunction = () => [{ title: `Tax · ${t('admin.title')}` }];

const SETTING_KEYS = [
  'taxesEnabled',
  'pricesIncludeTax',
  'taxDisplayShop',
  'taxDisplayCart',
  'taxRoundAtSubtotal',
  'taxBasedOn',
  'baseCountry',
  'baseState',
  'basePostcode',
  'baseCity',
] as const satisfies readonly (keyof TaxSettingsValues)[];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const { db } = context.services;
  const url = new URL(request.url);
  const taxClass = taxClassSlug(url.searchParams.get('class') ?? '');
  const rates = await listTaxRates(db, taxClass);
  const editing = rates.find((r) => String(r.id) === url.searchParams.get('edit')) ?? null;
  const settings = await getSettings(db);
  const taxSettings = Object.fromEntries(SETTING_KEYS.map((k) => [k, settings[k]])) as unknown as TaxSettingsValues;
  return { taxClass, classes: await taxClasses(db), rates, editing, settings: taxSettings };
}

const rateId = (v: string | undefined) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new HttpError(400, 'invalid', 'Missing rate id.');
  return n;
};

export async function action({ context, request }: Route.ActionArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const { db } = context.services;
  const form = await request.formData();
  const values = formToObject(form);
  return formAction(async () => {
    switch (values.intent) {
      case 'save-settings': {
        // Only the tax fields come from this form; the rest of the settings stay as saved.
        const picked = Object.fromEntries(SETTING_KEYS.filter((k) => k in values).map((k) => [k, values[k]]));
        await saveSettings(db, { ...(await getSettings(db)), ...picked });
        return { ok: 'Tax options saved.' };
      }
      case 'save-rate':
        await saveTaxRate(db, values.rateId ? rateId(values.rateId) : null, values);
        return { ok: values.rateId ? 'Rate saved.' : 'Rate added.' };
      case 'delete-rate':
        await deleteTaxRate(db, rateId(values.rateId));
        return { ok: 'Rate deleted.' };
      case 'import': {
        const file = form.get('file');
        if (!(file instanceof File) || file.size === 0) {
          throw new HttpError(400, 'invalid', 'Choose a CSV file exported from WooCommerce.', { file: 'Choose a CSV file' });
        }
        const mode = parseInput(importModeSchema, values.mode);
        const { imported } = await importTaxRatesCsv(db, await file.text(), mode);
        return { ok: plural('admin.tax.imported', imported) };
      }
      default:
        throw new HttpError(400, 'invalid', 'Unknown action.');
    }
  }, values);
}

export default function Tax({ loaderData }: Route.ComponentProps) {
  const { taxClass, classes, rates, editing, settings } = loaderData;
  const result = useActionData<ActionError | { ok: string }>();
  const error = isActionError(result) ? result : undefined;
  const rateError = error && error.values?.intent === 'save-rate' ? error : undefined;
  return (
    <>
      <h1>Tax</h1>
      {result && !error ? <p className="notice" role="status">{(result as { ok: string }).ok}</p> : null}
      {error ? (
        <p className="notice notice--error" role="alert">
          {error.error.message}
        </p>
      ) : null}
      <TaxSettingsForm s={settings} fieldErrors={error?.values?.intent === 'save-settings' ? error.error.fields : undefined} />

      <h2>Tax rates</h2>
      <nav aria-label="Tax classes">
        <ul className="tax-classes admin-filter">
          {classes.map((c) => (
            <li key={c || 'standard'}>
              <Link to={`?class=${encodeURIComponent(c)}`} aria-current={c === taxClass ? 'page' : undefined}>
                {taxClassLabel(c)} rates
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h3>{taxClassLabel(taxClass)} rates</h3>
      <TaxRatesTable rates={rates} />
      <TaxRateForm key={`${taxClass}-${editing?.id ?? 'new'}`} rate={editing} taxClass={taxClass} error={rateError} />

      <h2>Import rates</h2>
      <Form method="post" encType="multipart/form-data" className="admin-form">
        <CsrfField />
        <fieldset>
          <legend>WooCommerce tax-rate CSV</legend>
          <p className="hint">
            Columns: Country code, State code, Postcode / ZIP, City, Rate %, Tax name, Priority, Compound, Shipping, Tax class. A file with a bad row
            imports nothing.
          </p>
          <div className="form-row">
            <label htmlFor="field-file">CSV file</label>
            <input id="field-file" name="file" type="file" accept=".csv,text/csv" required />
          </div>
          <div className="form-row">
            <label htmlFor="field-mode">Existing rates</label>
            <select id="field-mode" name="mode" defaultValue="append">
              <option value="append">Keep them and add the file’s rates</option>
              <option value="replace">Replace the rates of the classes in the file</option>
            </select>
          </div>
          <button type="submit" className="button" name="intent" value="import">
            Import
          </button>
        </fieldset>
      </Form>
    </>
  );
}
