import { Form, Link, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField, Field } from '../features/account/components/form-parts.tsx';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { AdminTable } from '../features/admin/components/admin-table.tsx';
import { INTEGRATION_ROLES } from '../features/api-keys/roles.ts';
import { createWebhook, listWebhooks } from '../features/webhooks/webhooks.server.ts';
import { WEBHOOK_TOPICS } from '../features/webhooks/topics.ts';
import { topicLabel } from '../features/webhooks/topic-label.ts';
import { SelectField } from '../ui/form-kit.tsx';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';
import { formatDateTime } from '../lib/format.ts';
import { useLocale } from '../lib/use-locale.ts';

/*
 * /admin/webhooks (administrators): the webhooks with their event, status and last answer,
 * and the form that adds one (then opens its page, where its secret and log are).
 */

export const meta: MetaFunction = () => [{ title: `${t('admin.nav.webhooks')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, INTEGRATION_ROLES);
  return { hooks: await listWebhooks(context.services.db) };
}

export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireStaff(context, request, INTEGRATION_ROLES);
  const values = formToObject(await request.formData());
  const result = await formAction(async () => {
    if (values.intent !== 'create') throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
    return createWebhook(context.services, user, values);
  }, values);
  if ('id' in result) return redirect(`/admin/webhooks/${result.id}?created=1`);
  return result;
}


export default function AdminWebhooks() {
  const locale = useLocale();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, locale) : '—');
  const { hooks } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError>();
  const error = isActionError(result) ? result : undefined;
  const fields = error?.error.fields ?? {};
  const sent = error?.values ?? {};
  return (
    <>
      <h1>{t('admin.nav.webhooks')}</h1>
      <p className="hint">{t('webhooks.intro')}</p>
      <ActionNotice result={result} />
      <AdminTable
        label={t('admin.nav.webhooks')}
        rows={hooks}
        rowKey={(h) => h.id}
        empty={<p>{t('webhooks.none')}</p>}
        columns={[
          { header: t('webhooks.name'), rowHeader: true, cell: (h) => <Link to={`/admin/webhooks/${h.id}`} aria-label={t('webhooks.openLabel', { name: h.name })}>{h.name}</Link> },
          { header: t('webhooks.topic'), cell: (h) => topicLabel(h.topic) },
          { header: t('webhooks.url'), cell: (h) => <code style={{ overflowWrap: 'anywhere' }}>{h.url}</code> },
          { header: t('webhooks.status'), cell: (h) => t(h.status === 'paused' ? 'webhooks.status.paused' : 'webhooks.status.active') },
          { header: t('webhooks.log.when'), cell: (h) => (h.lastAt ? `${when(h.lastAt)} · ${h.lastCode ?? t('webhooks.log.noAnswer')}` : '—') },
        ]}
      />
      <h2>{t('webhooks.add')}</h2>
      <Form method="post" action="/admin/webhooks">
        <CsrfField />
        <input type="hidden" name="intent" value="create" />
        <Field name="name" label={t('webhooks.name')} required defaultValue={sent.name} error={fields.name} />
        <Field name="url" type="url" label={t('webhooks.url')} hint={t('webhooks.urlHint')} required defaultValue={sent.url} error={fields.url} />
        <SelectField name="topic" label={t('webhooks.topic')} value={sent.topic ?? 'order.created'} options={WEBHOOK_TOPICS.map((topic) => [topic, topicLabel(topic)])} error={fields.topic} />
        <Field name="secret" label={t('webhooks.secret')} hint={t('webhooks.secretHint')} autoComplete="off" error={fields.secret} />
        <p>
          <button type="submit" className="button">
            {t('webhooks.add')}
          </button>
        </p>
      </Form>
    </>
  );
}
