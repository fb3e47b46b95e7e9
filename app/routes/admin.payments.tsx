import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/admin.payments';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { getSettings, saveSettings } from '../features/settings/settings.server.ts';
import { getTermsText, saveTermsText, termsTextSchema } from '../features/checkout/terms.server.ts';
import type { BankAccount, OfflineGatewayId } from '../features/settings/settings.schema.ts';
import { CsrfField, FormErrors } from '../features/account/components/form-parts.tsx';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { formToObject, parseInput } from '../lib/validate.ts';
import { z } from 'zod';
import { perLanguage, t } from '../i18n/t-admin.ts';
import { CheckField } from '../ui/form-kit.tsx';

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.nav.payments')} · ${t('admin.title')}` }];

const GATEWAYS: OfflineGatewayId[] = ['bacs', 'cheque', 'cod'];
const ACCOUNT_FIELDS: (keyof BankAccount)[] = ['accountName', 'accountNumber', 'bankName', 'sortCode', 'iban', 'bic'];
/** Bank account rows shown: the saved ones plus this many empty ones to add. */
const SPARE_ACCOUNTS = 1;

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const { db } = context.services;
  return { settings: await getSettings(db), termsText: await getTermsText(db) };
}

/** The flat form (`bacs.title`, `bacs.account.0.iban` …) as the settings' nested shape. */
function fromForm(v: Record<string, string>) {
  const gateway = (id: OfflineGatewayId) => ({
    enabled: v[`${id}.enabled`] ?? '0',
    title: v[`${id}.title`] ?? '',
    description: v[`${id}.description`] ?? '',
    instructions: v[`${id}.instructions`] ?? '',
  });
  const accounts: Record<string, string>[] = [];
  for (let i = 0; i < 20; i++) {
    if (!ACCOUNT_FIELDS.some((k) => `bacs.account.${i}.${k}` in v)) continue;
    const row = Object.fromEntries(ACCOUNT_FIELDS.map((k) => [k, v[`bacs.account.${i}.${k}`] ?? '']));
    if (Object.values(row).some((x) => x.trim())) accounts.push(row);
  }
  return {
    guestCheckout: v.guestCheckout ?? '0',
    accountCreationAtCheckout: v.accountCreationAtCheckout ?? '0',
    termsUrl: v.termsUrl ?? '',
    // A form without the field (an older page) leaves the hold time as saved.
    ...(v.holdStockMinutes !== undefined ? { holdStockMinutes: v.holdStockMinutes } : {}),
    payments: { bacs: { ...gateway('bacs'), accounts }, cheque: gateway('cheque'), cod: gateway('cod') },
  };
}

async function saveSettingsChecked(db: Parameters<typeof saveSettings>[0], values: Record<string, string>) {
  parseInput(z.object({ termsText: termsTextSchema }), { termsText: values.termsText ?? '' });
  const saved = await saveSettings(db, fromForm(values));
  await saveTermsText(db, values.termsText ?? '');
  return saved;
}

export async function action({ context, request }: Route.ActionArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const values = formToObject(await request.formData());
  return formAction(async () => {
    // Both are checked before either is written.
    const settings = await saveSettingsChecked(context.services.db, values);
    return { saved: settings };
  }, values);
}

const LABELS: Record<string, string> = perLanguage(() => ({
  termsUrl: t('admin.payments.termsUrl'),
  holdStockMinutes: t('admin.payments.holdStock'),
  ...Object.fromEntries(
    GATEWAYS.flatMap((id) => {
      const gateway = t(`admin.payments.gateway.${id}`);
      return [
        [`payments.${id}.title`, t('admin.payments.fieldTitle', { gateway })],
        [`payments.${id}.description`, t('admin.payments.fieldDescription', { gateway })],
        [`payments.${id}.instructions`, t('admin.payments.fieldInstructions', { gateway })],
      ];
    }),
  ),
}));

export default function PaymentsSettings({ loaderData }: Route.ComponentProps) {
  const result = useActionData<ActionError | { saved: unknown }>();
  const error = isActionError(result) ? result : undefined;
  const s = loaderData.settings;
  const val = (key: string, saved: string) => error?.values?.[key] ?? saved;
  const checked = (key: string, saved: boolean) => (error?.values ? error.values[key] === '1' : saved);
  const accounts = [...s.payments.bacs.accounts, ...Array.from({ length: SPARE_ACCOUNTS }, () => null)];
  return (
    <>
      <h1>{t('admin.nav.payments')}</h1>
      <p>
        <Link to="/admin/payments/stripe">{t('admin.stripe.link')}</Link>
        {s.stripe.enabled ? ` · ${s.stripe.testMode ? 'test mode' : 'live'}` : ''}
      </p>
      <p>
        <Link to="/admin/payments/paypal">{t('admin.paypal.title')}</Link>
        {s.paypal.enabled ? ` · ${s.paypal.sandbox ? 'sandbox' : 'live'}` : ''}
      </p>
      {result && !error ? (
        <p className="notice" role="status">
          {t('admin.saved')}
        </p>
      ) : null}
      <FormErrors result={error} labels={LABELS} />
      <Form method="post" className="admin-form">
        <CsrfField />
        <fieldset>
          <legend>{t('admin.payments.checkout')}</legend>
          <CheckField name="guestCheckout" label={t('admin.payments.guestCheckout')} checked={checked('guestCheckout', s.guestCheckout)} />
          <CheckField name="accountCreationAtCheckout" label={t('admin.payments.accountCreation')} checked={checked('accountCreationAtCheckout', s.accountCreationAtCheckout)} />
          <div className="form-row">
            <label htmlFor="field-termsUrl">{t('admin.payments.termsUrl')}</label>
            <input id="field-termsUrl" name="termsUrl" defaultValue={val('termsUrl', s.termsUrl)} aria-describedby="termsUrl-hint" />
            <span id="termsUrl-hint" className="hint">
              {t('admin.payments.termsUrlHint')}
            </span>
          </div>
          <div className="form-row">
            <label htmlFor="field-holdStockMinutes">{t('admin.payments.holdStock')}</label>
            <input
              id="field-holdStockMinutes"
              name="holdStockMinutes"
              inputMode="numeric"
              pattern="[0-9]*"
              defaultValue={val('holdStockMinutes', String(s.holdStockMinutes))}
              aria-describedby="holdStockMinutes-hint"
            />
            <span id="holdStockMinutes-hint" className="hint">
              {t('admin.payments.holdStockHint')}
            </span>
          </div>
          <div className="form-row">
            <label htmlFor="field-termsText">{t('admin.payments.termsText')}</label>
            <textarea id="field-termsText" name="termsText" rows={6} defaultValue={val('termsText', loaderData.termsText)} />
          </div>
        </fieldset>
        {GATEWAYS.map((id) => {
          const g = s.payments[id];
          return (
            <fieldset key={id}>
              <legend>{t(`admin.payments.gateway.${id}`)}</legend>
              <CheckField name={`${id}.enabled`} label={t(`admin.payments.enable.${id}`)} checked={checked(`${id}.enabled`, g.enabled)} />
              <div className="form-row">
                <label htmlFor={`${id}-title`}>{t('admin.payments.title')}</label>
                <input id={`${id}-title`} name={`${id}.title`} required defaultValue={val(`${id}.title`, g.title)} />
              </div>
              <div className="form-row">
                <label htmlFor={`${id}-description`}>{t('admin.payments.description')}</label>
                <textarea id={`${id}-description`} name={`${id}.description`} rows={3} defaultValue={val(`${id}.description`, g.description)} />
              </div>
              <div className="form-row">
                <label htmlFor={`${id}-instructions`}>{t('admin.payments.instructions')}</label>
                <textarea id={`${id}-instructions`} name={`${id}.instructions`} rows={3} defaultValue={val(`${id}.instructions`, g.instructions)} />
              </div>
              {id === 'bacs'
                ? accounts.map((a, i) => (
                    <fieldset key={i} className="bank-account">
                      <legend>{a ? t('admin.payments.bankAccount', { n: i + 1 }) : t('admin.payments.addBankAccount')}</legend>
                      {ACCOUNT_FIELDS.map((k) => (
                        <div className="form-row" key={k}>
                          <label htmlFor={`bacs-${i}-${k}`}>{t(`admin.payments.account.${k}`)}</label>
                          <input id={`bacs-${i}-${k}`} name={`bacs.account.${i}.${k}`} defaultValue={val(`bacs.account.${i}.${k}`, a?.[k] ?? '')} />
                        </div>
                      ))}
                    </fieldset>
                  ))
                : null}
            </fieldset>
          );
        })}
        <p className="hint">{t('admin.payments.removeHint')}</p>
        <button type="submit" className="button">
          {t('admin.payments.save')}
        </button>
      </Form>
    </>
  );
}
