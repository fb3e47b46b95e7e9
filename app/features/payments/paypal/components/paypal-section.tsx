import { Form } from 'react-router';
import { CsrfField, FormErrors } from '../../../account/components/form-parts.tsx';
import type { ActionError } from '../../../../lib/action.ts';
import type { PayPalAdminView } from '../paypal-admin.server.ts';
import { perLanguage, t } from '../../../../i18n/t-admin.ts';
import { CheckField } from '../../../../ui/form-kit.tsx';

/*
 * Admin → Payments, PayPal: on/off, title and description, sandbox or live, each mode's
 * client id, client secret (shown masked only; a new value replaces it) and webhook id, the
 * webhook address to register in PayPal, and "Check the keys". Posts to its own route's action
 * (`paypalSectionAction`); mounted as `<PayPalSection view={…} result={…} />`.
 */

const modeName = (mode: 'sandbox' | 'live') => t(`admin.paypal.mode.${mode}`);
const LABELS: Record<string, string> = perLanguage(() => ({
  title: t('admin.paypal.fieldTitle'),
  description: t('admin.paypal.fieldDescription'),
  sandboxClientId: t('admin.paypal.clientId', { mode: modeName('sandbox') }),
  liveClientId: t('admin.paypal.clientId', { mode: modeName('live') }),
  sandbox_client_secret: t('admin.paypal.secret', { mode: modeName('sandbox') }),
  live_client_secret: t('admin.paypal.secret', { mode: modeName('live') }),
  sandboxWebhookId: t('admin.paypal.webhookId', { mode: modeName('sandbox') }),
  liveWebhookId: t('admin.paypal.webhookId', { mode: modeName('live') }),
}));

export function PayPalSection({ view, error, done, action }: { view: PayPalAdminView; error?: ActionError; done?: string; action?: string }) {
  const s = view.settings;
  const val = (key: string, saved: string) => error?.values?.[key] ?? saved;
  const checked = (key: string, saved: boolean) => (error?.values ? error.values[key] === '1' : saved);
  const keyState = (mode: 'sandbox' | 'live') => {
    const k = mode === 'sandbox' ? s.sandboxKeys : s.liveKeys;
    return t(`admin.paypal.state.${k.state}`, { message: k.message });
  };
  return (
    <section aria-labelledby="paypal-title" className="payment-provider">
      <h2 id="paypal-title">{t('admin.paypal.title')}</h2>
      {done ? (
        <p className="notice" role="status">
          {done}
        </p>
      ) : null}
      {view.problems.length ? (
        <div className="notice notice--warning" role="status">
          <ul>
            {view.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="notice">{t(s.sandbox ? 'admin.paypal.readySandbox' : 'admin.paypal.ready')}</p>
      )}
      <FormErrors result={error} labels={LABELS} />
      <Form method="post" action={action} className="admin-form">
        <CsrfField />
        <fieldset>
          <legend>{t('admin.paypal.checkout')}</legend>
          <CheckField name="enabled" label={t('admin.paypal.enable')} checked={checked('enabled', s.enabled)} />
          <div className="form-row">
            <label htmlFor="paypal-title-field">{t('admin.paypal.fieldTitle')}</label>
            <input id="paypal-title-field" name="title" required defaultValue={val('title', s.title)} />
          </div>
          <div className="form-row">
            <label htmlFor="paypal-description">{t('admin.paypal.fieldDescription')}</label>
            <textarea id="paypal-description" name="description" rows={2} defaultValue={val('description', s.description)} />
          </div>
          <CheckField name="sandbox" label={t('admin.paypal.sandbox')} checked={checked('sandbox', s.sandbox)} />
        </fieldset>
        {(['sandbox', 'live'] as const).map((mode) => {
          const name = modeName(mode);
          const secret = `${mode}_client_secret` as const;
          return (
            <fieldset key={mode}>
              <legend>{t('admin.paypal.credentials', { mode: name })}</legend>
              <p className="hint" id={`paypal-${mode}-state`}>
                {t('admin.paypal.state', { mode: name, state: keyState(mode) })}
              </p>
              <div className="form-row">
                <label htmlFor={`paypal-${mode}-client-id`}>{t('admin.paypal.clientId', { mode: name })}</label>
                <input id={`paypal-${mode}-client-id`} name={`${mode}ClientId`} autoComplete="off" defaultValue={val(`${mode}ClientId`, mode === 'sandbox' ? s.sandboxClientId : s.liveClientId)} />
              </div>
              <div className="form-row">
                <label htmlFor={`paypal-${mode}-secret`}>{t('admin.paypal.secret', { mode: name })}</label>
                <input id={`paypal-${mode}-secret`} name={secret} type="password" autoComplete="off" placeholder={view.masked[secret] || t('admin.paypal.secretPlaceholder')} aria-describedby={`paypal-${mode}-secret-hint`} />
                <span id={`paypal-${mode}-secret-hint`} className="hint">
                  {view.masked[secret] ? t('admin.paypal.secretSaved', { masked: view.masked[secret] }) : t('admin.paypal.secretNotSet')}
                </span>
              </div>
              {view.masked[secret] ? (
                <div className="form-row form-row--check">
                  <label>
                    <input type="checkbox" name={`clear_${secret}`} value="1" /> {t('admin.paypal.secretClear', { mode: name.toLowerCase() })}
                  </label>
                </div>
              ) : null}
              <div className="form-row">
                <label htmlFor={`paypal-${mode}-webhook`}>{t('admin.paypal.webhookId', { mode: name })}</label>
                <input id={`paypal-${mode}-webhook`} name={`${mode}WebhookId`} autoComplete="off" defaultValue={val(`${mode}WebhookId`, mode === 'sandbox' ? s.sandboxWebhookId : s.liveWebhookId)} />
              </div>
            </fieldset>
          );
        })}
        <fieldset>
          <legend>{t('admin.paypal.webhook')}</legend>
          <p className="hint">
            {t('admin.paypal.webhookHint')} <code style={{ overflowWrap: 'anywhere' }}>{view.webhookUrl}</code>
          </p>
          <p className="hint">{t('admin.paypal.webhookEvents', { events: view.webhookEvents.join(', ') })}</p>
        </fieldset>
        <div className="form-actions">
          <button type="submit" name="intent" value="paypal-save" className="button">
            {t('admin.paypal.save')}
          </button>{' '}
          <button type="submit" name="intent" value="paypal-check" className="button button--secondary">
            {t('admin.paypal.check')}
          </button>
        </div>
      </Form>
    </section>
  );
}
