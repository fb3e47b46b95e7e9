import { Form, Link, redirect, useActionData } from 'react-router';
import type { Route } from './+types/admin.forms.$id.submissions.$sid';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { FORM_SUBMISSION_ROLES } from '../features/forms/admin-roles.ts';
import { getDefinition } from '../features/forms/forms.server.ts';
import { deleteSubmission, markRead } from '../features/forms/submissions.server.ts';
import { fieldLabels } from '../features/forms/components/form-state.ts';
import { submissionInForm } from '../features/forms/inbox-access.server.ts';
import { resendSubmission } from '../features/forms/submission-mail.server.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { t } from '../i18n/t-admin.ts';
import '../features/forms/forms-admin.css';

/* One submission: every field as text (never as markup), its files for staff, and what can be done with it. */

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data ? t('forms.inbox.detailTitle', { id: data.sub.id }) : ''} · ${t('admin.title')}` }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, FORM_SUBMISSION_ROLES);
  const sub = await submissionInForm(context.services.db, params.id, params.sid);
  // Opening it reads it (as a mail client does); "Mark as unread" undoes that.
  const url = new URL(request.url);
  if (!sub.read && !url.searchParams.has('keep')) {
    await markRead(context.services.db, sub.id, true);
    sub.read = true;
  }
  const def = await getDefinition(context.services.db, sub.formId);
  return { sub, labels: def ? fieldLabels(def.template) : {} };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireStaff(context, request, FORM_SUBMISSION_ROLES);
  const form = await request.formData();
  const { db, config } = context.services;
  return formAction(async () => {
    const sub = await submissionInForm(db, params.id, params.sid);
    switch (form.get('intent')) {
      case 'read':
      case 'unread':
        await markRead(db, sub.id, form.get('intent') === 'read');
        return form.get('intent') === 'unread' ? redirect(`/admin/forms/${sub.formId}/submissions`) : { done: t('forms.inbox.marked') };
      case 'resend': {
        const r = await resendSubmission(context.services, sub.id, context.requestOrigin);
        return r.status === 'mail_sent' ? { done: t('forms.inbox.resent') } : { failed: t('forms.inbox.resendFailed', { message: r.reason }) };
      }
      case 'delete':
        await deleteSubmission(db, config.dataDir, sub.id);
        return redirect(`/admin/forms/${sub.formId}/submissions?deleted=1`);
      default:
        throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
    }
  });
}

function size(bytes: number): string {
  return bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export default function SubmissionDetail({ loaderData }: Route.ComponentProps) {
  const { sub, labels } = loaderData;
  const result = useActionData<ActionError | { done: string } | { failed: string }>();
  const action = (intent: string, label: string, ghost = true) => (
    <Form method="post" onSubmit={intent === 'delete' ? (e) => void (window.confirm(t('forms.inbox.confirmDelete')) || e.preventDefault()) : undefined}>
      <CsrfField />
      <button type="submit" name="intent" value={intent} className={`button${ghost ? ' button--ghost' : ''}`}>
        {label}
      </button>
    </Form>
  );
  return (
    <>
      <p>
        <Link to={`/admin/forms/${sub.formId}/submissions`}>← {t('forms.inbox.back')}</Link>
      </p>
      <h1>{t('forms.inbox.detailTitle', { id: sub.id })}</h1>
      <p>
        {sub.formTitle} · {sub.createdAt.slice(0, 19).replace('T', ' ')} ·{' '}
        <span className={`forms-status forms-status--${sub.status}`}>{t(`forms.inbox.status.${sub.status}`)}</span>
      </p>
      {result && (isActionError(result) || 'failed' in result) ? (
        <p className="notice notice--error" role="alert">
          {isActionError(result) ? result.error.message : result.failed}
        </p>
      ) : result ? (
        <p className="notice" role="status">
          {result.done}
        </p>
      ) : null}
      <h2>{t('forms.inbox.fields')}</h2>
      <dl className="forms-inbox__fields">
        {Object.entries(sub.fields).map(([name, value]) => (
          <div key={name}>
            <dt>
              {labels[name] ? (
                <>
                  {labels[name]} <small className="forms-inbox__name">({name})</small>
                </>
              ) : (
                name
              )}
            </dt>
            <dd>{Array.isArray(value) ? value.join(', ') : value}</dd>
          </div>
        ))}
      </dl>
      {sub.files.length > 0 && (
        <>
          <h2>{t('forms.inbox.files')}</h2>
          <ul>
            {sub.files.map((f) => (
              <li key={f.id}>
                {f.field}:{' '}
                {f.available ? (
                  <a href={`/admin/forms/${sub.formId}/submissions/${sub.id}/files/${f.id}`} download={f.name}>
                    {f.name}
                  </a>
                ) : (
                  <>
                    {f.name} ({t('forms.inbox.fileDeleted')})
                  </>
                )}{' '}
                ({f.type}, {size(f.size)})
              </li>
            ))}
          </ul>
        </>
      )}
      <h2>{t('forms.inbox.meta')}</h2>
      <dl className="forms-inbox__fields">
        {sub.reason && (
          <div>
            <dt>{t('forms.inbox.reason')}</dt>
            <dd>{sub.reason}</dd>
          </div>
        )}
        <div>
          <dt>{t('forms.inbox.ip')}</dt>
          <dd>{sub.ip}</dd>
        </div>
        <div>
          <dt>{t('forms.inbox.userAgent')}</dt>
          <dd>{sub.userAgent}</dd>
        </div>
      </dl>
      <div className="forms-admin__actions">
        {action('resend', t('forms.inbox.resend'), false)}
        {action('unread', t('forms.inbox.markUnread'))}
        {action('delete', t('forms.inbox.delete'))}
      </div>
    </>
  );
}
