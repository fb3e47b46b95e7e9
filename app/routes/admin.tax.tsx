import { Form, useActionData } from 'react-router';
import type { Route } from './+types/admin.tax';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { getSettings, saveSettings } from '../features/settings/settings.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { TaxRateForm } from '../features/tax/components/tax-rate-form.tsx';
import { taxRateColumns } from '../features/tax/components/tax-rates-table.tsx';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { AdminList, listHref } from '../features/admin/components/admin-list.tsx';
import { TaxSettingsForm, type TaxSettingsValues } from '../features/tax/components/tax-settings-form.tsx';
import { deleteTaxRate, deleteTaxRates, listTaxRates, parseTaxRateListQuery, saveTaxRate, taxClasses } from '../features/tax/tax-admin.server.ts';
import { importTaxRatesCsv } from '../features/tax/tax-csv.server.ts';
import { importModeSchema, taxClassLabel } from '../features/tax/tax.schema.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject, parseInput } from '../lib/validate.ts';
import { plural, t } from '../i18n/t-admin.ts';

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.nav.tax')} · ${t('admin.title')}` }];

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
  const query = parseTaxRateListQuery(url.searchParams);
  const list = await listTaxRates(db, query);
  const editing = list.rates.find((r) => String(r.id) === url.searchParams.get('edit')) ?? null;
  const settings = await getSettings(db);
  const taxSettings = Object.fromEntries(SETTING_KEYS.map((k) => [k, settings[k]])) as unknown as TaxSettingsValues;
  return { ...list, query, taxClass: query.class, classes: await taxClasses(db), editing, settings: taxSettings };
}

const rateId = (v: string | undefined) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new HttpError(400, 'invalid', t('admin.tax.missingId'));
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
        return { done: t('admin.tax.optionsSaved') };
      }
      case 'save-rate':
        await saveTaxRate(db, values.rateId ? rateId(values.rateId) : null, values);
        return { done: t(values.rateId ? 'admin.tax.rateSaved' : 'admin.tax.rateAdded') };
      case 'delete-rate':
        await deleteTaxRate(db, rateId(values.rateId));
        return { done: t('admin.tax.rateDeleted') };
      case 'bulk':
        if (values.action !== 'delete') throw new HttpError(400, 'invalid', t('admin.tax.unknown'));
        return { done: plural('admin.tax.deleted', (await deleteTaxRates(db, { ids: form.getAll('ids').map(String) })).count) };
      case 'import': {
        const file = form.get('file');
        if (!(file instanceof File) || file.size === 0) {
          throw new HttpError(400, 'invalid', t('admin.tax.chooseFile'), { file: t('admin.tax.chooseFileField') });
        }
        const mode = parseInput(importModeSchema, values.mode);
        const { imported } = await importTaxRatesCsv(db, await file.text(), mode);
        return { done: plural('admin.tax.imported', imported) };
      }
      default:
        throw new HttpError(400, 'invalid', t('admin.tax.unknown'));
    }
  }, values);
}

export default function Tax({ loaderData }: Route.ComponentProps) {
  const { taxClass, classes, rates, editing, settings, query } = loaderData;
  const base = { class: taxClass, q: query.q, sort: query.sort === 'order' ? undefined : query.sort, dir: query.dir === 'asc' ? undefined : query.dir };
  const here = listHref('/admin/tax', { ...base, page: loaderData.page });
  const result = useActionData<ActionError | { done: string }>();
  const error = isActionError(result) ? result : undefined;
  const rateError = error && error.values?.intent === 'save-rate' ? error : undefined;
  return (
    <>
      <h1>{t('admin.nav.tax')}</h1>
      <ActionNotice result={result} />
      <TaxSettingsForm s={settings} fieldErrors={error?.values?.intent === 'save-settings' ? error.error.fields : undefined} />

      <h2>{t('admin.tax.rates')}</h2>
      <h3>{t('admin.tax.classRates', { class: taxClassLabel(taxClass) })}</h3>
      <AdminList
        label={t('admin.tax.rates')}
        path="/admin/tax"
        rows={rates}
        rowKey={(r) => r.id}
        stack="wide"
        search={{ name: 'q', label: t('admin.tax.search'), value: query.q, placeholder: t('admin.tax.searchHint') }}
        filters={[{ name: 'class', label: t('admin.tax.class'), value: taxClass, options: classes.map((c) => ({ value: c, label: taxClassLabel(c) })) }]}
        sort={{
          value: query.sort,
          dir: query.dir,
          options: [
            { value: 'order', label: t('admin.tax.matchingOrder') },
            { value: 'country', label: t('admin.tax.country') },
            { value: 'rate', label: t('admin.tax.rate') },
            { value: 'name', label: t('admin.tax.name') },
          ],
        }}
        page={loaderData.page}
        pages={loaderData.pages}
        total={loaderData.total}
        pageHref={(page) => listHref('/admin/tax', { ...base, page })}
        bulk={{
          action: here,
          id: (r) => String(r.id),
          label: (r) => t('admin.tax.selectLabel', { name: r.name || String(r.id) }),
          actions: [{ value: 'delete', label: t('admin.tax.delete') }],
        }}
        empty={<p>{query.q ? t('admin.tax.noMatch') : t('admin.tax.none')}</p>}
        columns={taxRateColumns((r) => listHref('/admin/tax', { ...base, page: loaderData.page, edit: r.id }))}
      />
      <TaxRateForm key={`${taxClass}-${editing?.id ?? 'new'}`} rate={editing} taxClass={taxClass} error={rateError} />

      <h2>{t('admin.tax.export')}</h2>
      <p className="hint">{t('admin.tax.export.hint')}</p>
      <p>
        <a className="button" href={`/admin/tax.csv?${new URLSearchParams({ class: taxClass })}`} download>
          {t('admin.tax.export.class', { class: taxClassLabel(taxClass) })}
        </a>{' '}
        <a className="button" href="/admin/tax.csv" download>
          {t('admin.tax.export.all')}
        </a>
      </p>

      <h2>{t('admin.tax.import')}</h2>
      <Form method="post" encType="multipart/form-data" className="admin-form">
        <CsrfField />
        <fieldset>
          <legend>{t('admin.tax.import.legend')}</legend>
          <p className="hint">{t('admin.tax.import.hint')}</p>
          <div className="form-row">
            <label htmlFor="field-file">{t('admin.tax.import.file')}</label>
            <input id="field-file" name="file" type="file" accept=".csv,text/csv" required />
          </div>
          <div className="form-row">
            <label htmlFor="field-mode">{t('admin.tax.import.mode')}</label>
            <select id="field-mode" name="mode" defaultValue="append">
              <option value="append">{t('admin.tax.import.append')}</option>
              <option value="replace">{t('admin.tax.import.replace')}</option>
            </select>
          </div>
          <button type="submit" className="button" name="intent" value="import">
            {t('admin.tax.import.button')}
          </button>
        </fieldset>
      </Form>
    </>
  );
}
