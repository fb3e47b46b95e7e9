import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/admin.payments.stripe';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { CsrfField, FormErrors } from '../features/account/components/form-parts.tsx';
import { checkStripeKeys, saveStripeSettings, stripeAdminView } from '../features/payments/stripe/stripe-admin.server.ts';
import type { KeyState } from '../features/settings/stripe-settings.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { perLanguage, t } from '../i18n/t-admin.ts';
import { CheckField } from '../ui/form-kit.tsx';

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.stripe.title')} · ${t('admin.title')}` }];

/** The Stripe section of Admin → Payments. Secret keys are never sent to the page: only their masks. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  return stripeAdminView(context.services, context.requestOrigin);
}

export async function action({ context, request }: Route.ActionArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const values = formToObject(await request.formData());
  // Secret fields are not sent back into the form when it is shown again with errors.
  const echo = Object.fromEntries(Object.entries(values).filter(([k]) => !/secret/.test(k)));
  return formAction(async () => {
    if (values.intent === 'check') {
      await checkStripeKeys(context.services);
      return { done: t('admin.stripe.checked') };
    }
    await saveStripeSettings(context.services, values);
    return { done: t('admin.saved') };
  }, echo);
}

const LABELS: Record<string, string> = perLanguage(() => ({
  title: t('admin.stripe.fieldTitle'),
  description: t('admin.stripe.fieldDescription'),
  statementDescriptor: t('admin.stripe.descriptor'),
  testPublishableKey: t('admin.stripe.testPublishable'),
  livePublishableKey: t('admin.stripe.livePublishable'),
  test_secret_key: t('admin.stripe.testSecret'),
  live_secret_key: t('admin.stripe.liveSecret'),
  test_webhook_secret: t('admin.stripe.testWebhook'),
  live_webhook_secret: t('admin.stripe.liveWebhook'),
}));

function keyState(k: KeyState): string {
  if (k.state === 'invalid') return t('admin.stripe.keyState.invalid', { message: k.message });
  if (k.state === 'unchecked') return t('admin.stripe.keyState.unchecked', { message: k.message ? ` (${k.message})` : '' });
  return t(`admin.stripe.keyState.${k.state}`);
}

function SecretField({ name, label, masked }: { name: string; label: string; masked: string }) {
  return (
    <div className="form-row">
      <label htmlFor={`field-${name}`}>{label}</label>
      <input id={`field-${name}`} name={name} type="password" autoComplete="off" spellCheck={false} aria-describedby={`${name}-saved`} />
      <span id={`${name}-saved`} className="hint">
        {masked ? t('admin.stripe.saved', { masked }) : t('admin.stripe.notSet')}
      </span>
      {masked ? (
        <label className="form-row--check">
          <input type="checkbox" name={`clear_${name}`} value="1" /> {t('admin.stripe.clear')}
        </label>
      ) : null}
    </div>
  );
}

export default function StripeSettingsPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<ActionError | { done: string }>();
  const error = isActionError(result) ? result : undefined;
  const { settings: s, masked, webhookUrl, usable, problems } = loaderData;
  const val = (key: string, saved: string) => error?.values?.[key] ?? saved;
  return (
    <>
      <p>
        <Link to="/admin/payments">{t('admin.stripe.back')}</Link>
      </p>
      <h1>{t('admin.stripe.title')}</h1>
      {result && !error ? (
        <p className="notice" role="status">
          {(result as { done: string }).done}
        </p>
      ) : null}
      <FormErrors result={error} labels={LABELS} />
      <section aria-labelledby="stripe-status" className={usable ? 'notice' : 'notice notice--warning'}>
        <h2 id="stripe-status">{t('admin.stripe.status')}</h2>
        <p>{usable ? t('admin.stripe.usable') : t('admin.stripe.notUsable')}</p>
        {problems.length ? (
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
        <p>
          {t('admin.stripe.testSecret')}: {keyState(s.testKeys)} · {t('admin.stripe.liveSecret')}: {keyState(s.liveKeys)}
        </p>
        <Form method="post">
          <CsrfField />
          <button type="submit" name="intent" value="check" className="button">
            {t('admin.stripe.check')}
          </button>
        </Form>
      </section>
      <Form method="post" className="admin-form" autoComplete="off">
        <CsrfField />
        <fieldset>
          <legend>{t('admin.stripe.general')}</legend>
          <CheckField name="enabled" label={t('admin.stripe.enable')} checked={s.enabled} />
          <div className="form-row">
            <label htmlFor="field-title">{t('admin.stripe.fieldTitle')}</label>
            <input id="field-title" name="title" defaultValue={val('title', s.title)} required maxLength={100} />
          </div>
          <div className="form-row">
            <label htmlFor="field-description">{t('admin.stripe.fieldDescription')}</label>
            <textarea id="field-description" name="description" defaultValue={val('description', s.description)} rows={2} maxLength={1000} />
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('admin.stripe.keys')}</legend>
          <p className="hint">{t('admin.stripe.keysHint')}</p>
          <CheckField name="testMode" label={t('admin.stripe.testMode')} checked={s.testMode} />
          <div className="form-row">
            <label htmlFor="field-testPublishableKey">{t('admin.stripe.testPublishable')}</label>
            <input id="field-testPublishableKey" name="testPublishableKey" defaultValue={val('testPublishableKey', s.testPublishableKey)} spellCheck={false} />
          </div>
          <SecretField name="test_secret_key" label={t('admin.stripe.testSecret')} masked={masked.test_secret_key} />
          <div className="form-row">
            <label htmlFor="field-livePublishableKey">{t('admin.stripe.livePublishable')}</label>
            <input id="field-livePublishableKey" name="livePublishableKey" defaultValue={val('livePublishableKey', s.livePublishableKey)} spellCheck={false} />
          </div>
          <SecretField name="live_secret_key" label={t('admin.stripe.liveSecret')} masked={masked.live_secret_key} />
        </fieldset>
        <fieldset>
          <legend>{t('admin.stripe.webhook')}</legend>
          <p className="hint">{t('admin.stripe.webhookHint')}</p>
          <div className="form-row">
            <label htmlFor="stripe-webhook-url">{t('admin.stripe.webhookUrl')}</label>
            <input id="stripe-webhook-url" readOnly value={webhookUrl} spellCheck={false} />
          </div>
          <SecretField name="test_webhook_secret" label={t('admin.stripe.testWebhook')} masked={masked.test_webhook_secret} />
          <SecretField name="live_webhook_secret" label={t('admin.stripe.liveWebhook')} masked={masked.live_webhook_secret} />
        </fieldset>
        <fieldset>
          <legend>{t('admin.stripe.payments')}</legend>
          <div className="form-row" role="radiogroup" aria-labelledby="capture-label">
            <span id="capture-label">{t('admin.stripe.capture')}</span>
            <label>
              <input type="radio" name="captureMode" value="automatic" defaultChecked={s.captureMode === 'automatic'} /> {t('admin.stripe.captureAutomatic')}
            </label>
            <label>
              <input type="radio" name="captureMode" value="manual" defaultChecked={s.captureMode === 'manual'} /> {t('admin.stripe.captureManual')}
            </label>
          </div>
          <div className="form-row">
            <label htmlFor="field-statementDescriptor">{t('admin.stripe.descriptor')}</label>
            <input id="field-statementDescriptor" name="statementDescriptor" defaultValue={val('statementDescriptor', s.statementDescriptor)} maxLength={22} aria-describedby="descriptor-hint" />
            <span id="descriptor-hint" className="hint">
              {t('admin.stripe.descriptorHint')}
            </span>
          </div>
        </fieldset>
        <button type="submit" className="button button--primary">
          {t('admin.stripe.save')}
        </button>
      </Form>
    </>
  );
}
