import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/admin.settings.emails';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { getSettings, saveSettings } from '../features/settings/settings.server.ts';
import { EMAIL_IDS, EMAILS } from '../features/settings/email-catalog.ts';
import { CsrfField, Field, FormErrors, fieldError } from '../features/account/components/form-parts.tsx';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { plural, perLanguage, t } from '../i18n/t-admin.ts';
import { HttpError } from '../lib/http-error.ts';
import { TextAreaField } from '../ui/form-kit.tsx';

/* Admin → Settings → E-mails: the sender and look shared by every e-mail, and the list of e-mails (each managed on its own page). */

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.emails.title')} · ${t('admin.title')}` }];

const SHARED = ['emailFromAddress', 'emailFromName', 'emailHeaderImage', 'emailBaseColor', 'emailBackgroundColor', 'emailBodyBackgroundColor', 'emailTextColor', 'emailFooterText'] as const;
type SharedKey = (typeof SHARED)[number];

const LABELS: Record<SharedKey, string> = perLanguage(() => ({
  emailFromAddress: t('admin.emails.fromAddress'),
  emailFromName: t('admin.emails.fromName'),
  emailHeaderImage: t('admin.emails.headerImage'),
  emailBaseColor: t('admin.emails.baseColor'),
  emailBackgroundColor: t('admin.emails.backgroundColor'),
  emailBodyBackgroundColor: t('admin.emails.bodyBackgroundColor'),
  emailTextColor: t('admin.emails.textColor'),
  emailFooterText: t('admin.emails.footerText'),
}));

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const s = await getSettings(context.services.db);
  return {
    shared: Object.fromEntries(SHARED.map((k) => [k, s[k]])) as Record<SharedKey, string>,
    orderNotificationEmail: s.orderNotificationEmail,
    mailFrom: context.services.config.mailFrom,
    emails: EMAIL_IDS.map((id) => ({ id, title: EMAILS[id].title, audience: EMAILS[id].audience, recipient: s.emails[id].recipient, enabled: s.emails[id].enabled })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const v = formToObject(await request.formData());
  // Only this form's fields, each sent (empty when cleared): any other posted name is ignored.
  const input = Object.fromEntries(SHARED.map((k) => [k, (v[k] ?? '').replace(/\r\n/g, '\n')]));
  return formAction(async () => {
    // The form always sends every one of its fields: a post without some is not this form's.
    const missing = SHARED.filter((k) => !Object.hasOwn(v, k));
    if (missing.length) throw new HttpError(400, 'invalid', plural('admin.settings.incomplete', missing.length), Object.fromEntries(missing.map((k) => [k, t('admin.settings.missingField')])));
    await saveSettings(context.services.db, input);
    return { done: t('admin.saved') };
  }, v);
}

export default function EmailSettingsPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<ActionError | { done: string }>();
  const error = isActionError(result) ? result : undefined;
  const s = loaderData.shared;
  const value = (k: SharedKey) => error?.values?.[k] ?? s[k];
  const shopDefault = loaderData.orderNotificationEmail || t('admin.emails.shopDefault');
  return (
    <>
      <h1>{t('admin.emails.title')}</h1>
      <p>{t('admin.emails.intro')}</p>
      {result && !isActionError(result) ? (
        <p className="notice" role="status">
          {result.done}
        </p>
      ) : null}
      <FormErrors result={error} labels={LABELS} />
      <Form method="post" className="admin-form" noValidate>
        <CsrfField />
        <fieldset>
          <legend>{t('admin.emails.sender')}</legend>
          <Field name="emailFromAddress" type="email" label={LABELS.emailFromAddress} hint={t('admin.emails.fromAddressHint', { from: loaderData.mailFrom })} defaultValue={value('emailFromAddress')} error={fieldError(error, 'emailFromAddress')} />
          <Field name="emailFromName" label={LABELS.emailFromName} defaultValue={value('emailFromName')} error={fieldError(error, 'emailFromName')} />
        </fieldset>
        <fieldset>
          <legend>{t('admin.emails.look')}</legend>
          <Field name="emailHeaderImage" type="url" label={LABELS.emailHeaderImage} hint={t('admin.emails.headerImageHint')} defaultValue={value('emailHeaderImage')} error={fieldError(error, 'emailHeaderImage')} />
          {(['emailBaseColor', 'emailBackgroundColor', 'emailBodyBackgroundColor', 'emailTextColor'] as const).map((k) => (
            <Field key={k} name={k} type="color" label={LABELS[k]} defaultValue={value(k)} error={fieldError(error, k)} />
          ))}
          <TextAreaField name="emailFooterText" label={LABELS.emailFooterText} rows={3} defaultValue={value('emailFooterText')} hint={t('admin.emails.footerHint')} error={fieldError(error, 'emailFooterText')} />
        </fieldset>
        <button type="submit" className="button">
          {t('admin.settings.save')}
        </button>
      </Form>
      <h2>{t('admin.emails.list')}</h2>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">{t('admin.emails.col.email')}</th>
            <th scope="col">{t('admin.emails.col.to')}</th>
            <th scope="col">{t('admin.emails.col.state')}</th>
            <th scope="col">{t('admin.emails.col.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.emails.map((e) => (
            <tr key={e.id}>
              <td>{e.title}</td>
              <td>{e.audience === 'customer' ? t('admin.emails.customer') : e.recipient || shopDefault}</td>
              <td>{e.enabled ? t('admin.emails.on') : t('admin.emails.off')}</td>
              <td>
                <Link to={`/admin/settings/emails/${e.id}`} aria-label={t('admin.emails.manageOf', { title: e.title })}>
                  {t('admin.emails.manage')}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
