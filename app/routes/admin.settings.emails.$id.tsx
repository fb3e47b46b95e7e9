import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/admin.settings.emails.$id';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { getSettings } from '../features/settings/settings.server.ts';
import { saveEmailSettings } from '../features/settings/email-settings.server.ts';
import { EMAILS, isEmailId, type EmailId } from '../features/settings/email-catalog.ts';
import { builtInTexts } from '../features/emails/built-in.server.ts';
import { sampleEmail } from '../features/emails/email-samples.server.ts';
import { CsrfField, Field, FormErrors, fieldError } from '../features/account/components/form-parts.tsx';
import { formAction } from '../lib/action.server.ts';
import { HttpError } from '../lib/http-error.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { plural, perLanguage, t } from '../i18n/t-admin.ts';
import { CheckField, TextAreaField } from '../ui/form-kit.tsx';

/*
 * Admin → Settings → E-mails → one e-mail: its switch, recipients (the shop's e-mails),
 * subject, heading and extra text; a preview made by the code that sends it; "Send me a test".
 */

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data ? data.title : t('admin.emails.title')} · ${t('admin.title')}` }];

function emailOf(params: { id?: string }): EmailId {
  if (!isEmailId(params.id)) throw new HttpError(404, 'not_found', t('admin.emails.notFound'));
  return params.id;
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const id = emailOf(params);
  const s = await getSettings(context.services.db);
  const { mail, source } = await sampleEmail(context.services, s, id);
  const own = s.emails[id];
  return {
    id,
    ...EMAILS[id],
    // What is sent when the subject or heading is left empty, in the shop's language.
    ...builtInTexts(id),
    // The new-order address of the store settings is this e-mail's recipient until one is set here.
    settings: { ...own, recipient: own.recipient || (id === 'new_order' ? s.orderNotificationEmail : '') },
    fallback: s.orderNotificationEmail || t('admin.emails.shopDefault'),
    preview: { subject: mail.subject, html: mail.html, text: mail.text, source },
  };
}

const LABELS = perLanguage(() => ({
  enabled: t('admin.emails.enabled'),
  recipient: t('admin.emails.recipient'),
  subject: t('admin.emails.subject'),
  heading: t('admin.emails.heading'),
  additional: t('admin.emails.additional'),
}));

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireStaff(context, request, SETTINGS_ROLES);
  const id = emailOf(params);
  const v = formToObject(await request.formData());
  return formAction(async () => {
    if (v.intent === 'test') {
      const s = await getSettings(context.services.db);
      const { mail } = await sampleEmail(context.services, s, id);
      await context.services.mailer.send({ to: user.email, ...mail, kind: 'other' });
      return { done: t('admin.emails.testSent', { email: user.email }) };
    }
    if (v.intent !== 'save') throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
    // The form always sends every one of its fields (the switch its hidden "0"): a post without
    // some is not this form's, and is refused rather than read as "switched off, all cleared".
    const missing = ['enabled', 'subject', 'heading', 'additional', ...(EMAILS[id].audience === 'shop' ? ['recipient'] : [])].filter((k) => !Object.hasOwn(v, k));
    if (missing.length) throw new HttpError(400, 'invalid', plural('admin.settings.incomplete', missing.length), Object.fromEntries(missing.map((k) => [k, t('admin.settings.missingField')])));
    await saveEmailSettings(context.services.db, id, {
      enabled: v.enabled === '1',
      recipient: v.recipient ?? '',
      subject: v.subject ?? '',
      heading: v.heading ?? '',
      additional: (v.additional ?? '').replace(/\r\n/g, '\n'),
    });
    return { done: t('admin.saved') };
  }, v);
}

export default function EmailSettingsEdit({ loaderData: d }: Route.ComponentProps) {
  const result = useActionData<ActionError | { done: string }>();
  const error = isActionError(result) ? result : undefined;
  const sent = error?.values;
  const value = (k: 'recipient' | 'subject' | 'heading' | 'additional') => sent?.[k] ?? d.settings[k];
  const placeholders = ['{site_title}', '{site_url}', ...d.placeholders].join(', ');
  const source = d.preview.source;
  return (
    <>
      <p>
        <Link to="/admin/settings/emails">{t('admin.emails.back')}</Link>
      </p>
      <h1>{d.title}</h1>
      <p>{d.description}</p>
      {result && !isActionError(result) ? (
        <p className="notice" role="status">
          {result.done}
        </p>
      ) : null}
      {!d.settings.enabled ? <p className="notice">{t('admin.emails.offNote')}</p> : null}
      <FormErrors result={error} labels={LABELS} />
      <Form method="post" className="admin-form" noValidate>
        <CsrfField />
        <input type="hidden" name="intent" value="save" />
        <CheckField name="enabled" label={LABELS.enabled} checked={sent ? sent.enabled === '1' : d.settings.enabled} />
        {d.audience === 'shop' ? (
          <Field name="recipient" label={LABELS.recipient} hint={t('admin.emails.recipientHint', { fallback: d.fallback })} defaultValue={value('recipient')} error={fieldError(error, 'recipient')} />
        ) : null}
        <Field name="subject" label={LABELS.subject} hint={t('admin.emails.emptyDefault', { text: d.subject })} defaultValue={value('subject')} error={fieldError(error, 'subject')} />
        <Field name="heading" label={LABELS.heading} hint={t('admin.emails.emptyDefault', { text: d.heading })} defaultValue={value('heading')} error={fieldError(error, 'heading')} />
        <TextAreaField name="additional" label={LABELS.additional} rows={4} defaultValue={value('additional')} hint={t('admin.emails.placeholders', { list: placeholders })} error={fieldError(error, 'additional')} />
        <button type="submit" className="button">
          {t('admin.settings.save')}
        </button>
      </Form>
      <h2>{t('admin.emails.preview')}</h2>
      <p>{source.kind === 'order' ? t('admin.emails.previewFromOrder', { id: source.orderId }) : d.placeholders.includes('{order_number}') ? t('admin.emails.previewSample') : t('admin.emails.previewSampleOther')}</p>
      <p>
        <strong>{t('admin.emails.subject')}:</strong> {d.preview.subject}
      </p>
      <iframe title={t('admin.emails.previewFrame', { title: d.title })} sandbox="" srcDoc={d.preview.html} className="email-preview" style={{ width: '100%', height: '32rem', border: '1px solid #ccc' }} />
      <p>
        <a href={`/admin/settings/emails/${d.id}/preview`} target="_blank" rel="noreferrer">
          {t('admin.emails.previewHtml')}
        </a>
      </p>
      <h3>{t('admin.emails.previewText')}</h3>
      <pre className="email-preview__text" style={{ whiteSpace: 'pre-wrap' }}>
        {d.preview.text}
      </pre>
      <Form method="post">
        <CsrfField />
        <input type="hidden" name="intent" value="test" />
        <button type="submit" className="button button--secondary">
          {t('admin.emails.test')}
        </button>
      </Form>
    </>
  );
}
