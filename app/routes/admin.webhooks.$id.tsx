import { Form, Link, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField, Field } from '../features/account/components/form-parts.tsx';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { AdminTable } from '../features/admin/components/admin-table.tsx';
import { INTEGRATION_ROLES } from '../features/api-keys/roles.ts';
import { deleteWebhook, getWebhook, redeliver, sendTest, setWebhookStatus, updateWebhook, webhookId } from '../features/webhooks/webhooks.server.ts';
import { WEBHOOK_TOPICS } from '../features/webhooks/topics.ts';
import { topicLabel } from '../features/webhooks/topic-label.ts';
import { SelectField } from '../ui/form-kit.tsx';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';
import { RowAction } from '../features/admin/components/row-action.tsx';
import { formatDateTime } from '../lib/format.ts';
import { useLocale } from '../lib/use-locale.ts';

/*
 * /admin/webhooks/:id (administrators): edit the webhook, see its signing secret, pause or
 * resume it, send a test (delivered at once, its answer shown), the last 50 deliveries
 * with their answers and "Redeliver", and delete it.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.hook.name ?? t('admin.nav.webhooks')} · ${t('admin.title')}` }];

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  requireStaff(context, request, INTEGRATION_ROLES);
  const hook = await getWebhook(context.services, webhookId(params.id));
  if (!hook) throw new Response('Not found', { status: 404 });
  return { hook, created: new URL(request.url).searchParams.has('created') };
}

export async function action({ context, request, params }: ActionFunctionArgs) {
  requireStaff(context, request, INTEGRATION_ROLES);
  const values = formToObject(await request.formData());
  const { services } = context;
  const result = await formAction(async (): Promise<{ done: string } | { deleted: true }> => {
    const id = webhookId(params.id);
    switch (values.intent) {
      case 'save':
        return { done: t('webhooks.saved', { name: (await updateWebhook(services, id, values)).name }) };
      case 'pause':
        return { done: t('webhooks.pausedNow', { name: (await setWebhookStatus(services.db, id, 'paused')).name }) };
      case 'resume':
        return { done: t('webhooks.resumed', { name: (await setWebhookStatus(services.db, id, 'active')).name }) };
      case 'test': {
        const r = await sendTest(services, id);
        return { done: t('webhooks.tested', { result: r.ok ? `${r.status} (${r.durationMs} ms)` : (r.error ?? t('webhooks.log.noAnswer')) }) };
      }
      case 'redeliver':
        return { done: t('webhooks.redelivered', { id: (await redeliver(services.db, id, values)).id }) };
      case 'delete':
        await deleteWebhook(services.db, id);
        return { deleted: true };
      default:
        throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
    }
  }, values);
  if ('deleted' in result) return redirect('/admin/webhooks');
  return result;
}

const STATUS = { pending: 'webhooks.log.pending', delivered: 'webhooks.log.delivered', failed: 'webhooks.log.failed' } as const;

export default function AdminWebhook() {
  const locale = useLocale();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, locale) : '—');
  const { hook, created } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError | { done: string }>();
  const error = isActionError(result) ? result : undefined;
  const fields = error?.error.fields ?? {};
  const sent = error?.values ?? {};
  const paused = hook.status === 'paused';
  const action = `/admin/webhooks/${hook.id}`;
  const button = (intent: string, label: string, ghost = false) => (
    <Form method="post" action={action}>
      <CsrfField />
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={ghost ? 'button button--ghost' : 'button'}>
        {label}
      </button>
    </Form>
  );
  return (
    <>
      <p>
        <Link to="/admin/webhooks">{t('webhooks.back')}</Link>
      </p>
      <h1>{hook.name}</h1>
      {created && !result ? (
        <p className="notice" role="status">
          {t('webhooks.created', { name: hook.name })}
        </p>
      ) : null}
      <ActionNotice result={result} />
      {paused ? <p className="notice notice--error">{t('webhooks.pausedNotice', { date: when(hook.pausedAt) })}</p> : null}
      <div className="admin-actions" style={{ marginBottom: '1.5rem' }}>
        {button('test', t('webhooks.test'))}
        {paused ? button('resume', t('webhooks.resume')) : button('pause', t('webhooks.pause'), true)}
      </div>
      <h2>{t('webhooks.secretShown')}</h2>
      <p>
        <label htmlFor="webhook-secret" className="visually-hidden">
          {t('webhooks.secretShown')}
        </label>
        <input id="webhook-secret" readOnly value={hook.secret} size={48} aria-describedby="webhook-secret-hint" style={{ fontFamily: 'monospace', maxWidth: '100%' }} />
      </p>
      <p className="hint" id="webhook-secret-hint">
        {t('webhooks.secretShownHint')}
      </p>
      <h2>{t('webhooks.log')}</h2>
      <AdminTable
        label={t('webhooks.log')}
        rows={hook.deliveries}
        rowKey={(d) => d.id}
        empty={<p>{t('webhooks.log.none')}</p>}
        columns={[
          { header: t('webhooks.log.id'), rowHeader: true, cell: (d) => `#${d.id}` },
          { header: t('webhooks.log.event'), cell: (d) => `${topicLabel(d.topic)} · ${d.resourceId}` },
          { header: t('webhooks.log.status'), cell: (d) => t(STATUS[d.status as keyof typeof STATUS] ?? 'webhooks.log.pending') },
          { header: t('webhooks.log.code'), cell: (d) => (d.attemptedAt ? (d.responseCode ?? d.error ?? t('webhooks.log.noAnswer')) : '—') },
          { header: t('webhooks.log.duration'), numeric: true, cell: (d) => (d.durationMs === null ? '—' : `${d.durationMs} ms`) },
          { header: t('webhooks.log.attempts'), numeric: true, cell: (d) => d.attempts },
          { header: t('webhooks.log.when'), cell: (d) => when(d.attemptedAt) },
          {
            header: t('webhooks.redeliver'),
            hideHeader: true,
            cell: (d) =>
              d.attemptedAt ? (
                <RowAction action={action} intent="redeliver" field="delivery" value={d.id} label={t('webhooks.redeliver')} name={t('webhooks.redeliverLabel', { id: d.id })} />
              ) : null,
          },
        ]}
      />
      <h2>{t('webhooks.edit')}</h2>
      <Form method="post" action={action} key={hook.id}>
        <CsrfField />
        <input type="hidden" name="intent" value="save" />
        <Field name="name" label={t('webhooks.name')} required defaultValue={sent.name ?? hook.name} error={fields.name} />
        <Field name="url" type="url" label={t('webhooks.url')} hint={t('webhooks.urlHint')} required defaultValue={sent.url ?? hook.url} error={fields.url} />
        <SelectField name="topic" label={t('webhooks.topic')} value={sent.topic ?? hook.topic} options={WEBHOOK_TOPICS.map((topic) => [topic, topicLabel(topic)])} error={fields.topic} />
        <Field name="secret" label={t('webhooks.newSecret')} hint={t('webhooks.newSecretHint')} autoComplete="off" error={fields.secret} />
        <p>
          <button type="submit" className="button">
            {t('webhooks.save')}
          </button>
        </p>
      </Form>
      <Form method="post" action={action} onSubmit={(e) => void (window.confirm(t('webhooks.deleteConfirm', { name: hook.name })) || e.preventDefault())}>
        <CsrfField />
        <input type="hidden" name="intent" value="delete" />
        <button type="submit" className="button button--ghost">
          {t('webhooks.delete')}
        </button>
      </Form>
    </>
  );
}
