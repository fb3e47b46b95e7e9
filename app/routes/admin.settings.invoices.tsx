import { Form, useActionData } from 'react-router';
import type { Route } from './+types/admin.settings.invoices';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { getSettings, saveSettings } from '../features/settings/settings.server.ts';
import { CsrfField, FormErrors } from '../features/account/components/form-parts.tsx';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { perLanguage, t } from '../i18n/t-admin.ts';

/* Admin → Settings → Invoices: the seller's details on invoices and credit notes, and the e-mail switch. */

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.invoices.title')} · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  return { invoices: (await getSettings(context.services.db)).invoices };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const v = formToObject(await request.formData());
  const invoices = { legalName: v.legalName ?? '', address: (v.address ?? '').replace(/\r\n/g, '\n'), vatNumber: v.vatNumber ?? '', footer: v.footer ?? '', attachToCompletedEmail: v.attachToCompletedEmail === '1' };
  return formAction(async () => {
    await saveSettings(context.services.db, { invoices });
    return { done: t('admin.saved') };
  }, v);
}

const LABELS: Record<string, string> = perLanguage(() => ({
  'invoices.legalName': t('admin.invoices.legalName'),
  'invoices.address': t('admin.invoices.address'),
  'invoices.vatNumber': t('admin.invoices.vatNumber'),
  'invoices.footer': t('admin.invoices.footer'),
}));

export default function InvoiceSettingsPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<ActionError | { done: string }>();
  const error = isActionError(result) ? result : undefined;
  const sent = (error as { values?: Record<string, string> } | undefined)?.values;
  const s = loaderData.invoices;
  const value = (k: 'legalName' | 'address' | 'vatNumber' | 'footer') => sent?.[k] ?? s[k];
  const invalid = (k: string) => (error?.error.fields?.[`invoices.${k}`] ? true : undefined);
  return (
    <>
      <h1>{t('admin.invoices.title')}</h1>
      <p>{t('admin.invoices.intro')}</p>
      {result && !isActionError(result) ? (
        <p className="notice" role="status">
          {result.done}
        </p>
      ) : null}
      <FormErrors result={error} labels={LABELS} />
      <Form method="post" className="admin-form">
        <CsrfField />
        <div className="form-row">
          <label htmlFor="field-legalName">{LABELS['invoices.legalName']}</label>
          <input id="field-legalName" name="legalName" defaultValue={value('legalName')} maxLength={120} aria-invalid={invalid('legalName')} />
        </div>
        <div className="form-row">
          <label htmlFor="field-address">{LABELS['invoices.address']}</label>
          <textarea id="field-address" name="address" rows={4} defaultValue={value('address')} aria-invalid={invalid('address')} />
        </div>
        <div className="form-row">
          <label htmlFor="field-vatNumber">{LABELS['invoices.vatNumber']}</label>
          <input id="field-vatNumber" name="vatNumber" defaultValue={value('vatNumber')} maxLength={40} aria-invalid={invalid('vatNumber')} />
        </div>
        <div className="form-row">
          <label htmlFor="field-footer">{LABELS['invoices.footer']}</label>
          <input id="field-footer" name="footer" defaultValue={value('footer')} maxLength={300} aria-invalid={invalid('footer')} />
        </div>
        <div className="form-row form-row--check">
          <label>
            <input type="checkbox" name="attachToCompletedEmail" value="1" defaultChecked={s.attachToCompletedEmail} /> {t('admin.invoices.attach')}
          </label>
        </div>
        <button type="submit" className="button">
          {t('admin.settings.save')}
        </button>
      </Form>
    </>
  );
}
