import { Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField, Field } from '../features/account/components/form-parts.tsx';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { AdminTable } from '../features/admin/components/admin-table.tsx';
import { INTEGRATION_ROLES } from '../features/api-keys/roles.ts';
import { createApiKey, listApiKeys, revokeApiKey } from '../features/api-keys/api-keys.server.ts';
import { API_KEY_PERMISSIONS } from '../features/api-keys/api-keys.ts';
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
 * /admin/api-keys (administrators): make a key (shown once, in the answer to the post that
 * made it), list keys with their last use, revoke one (deleted: refused at once everywhere).
 */

export const meta: MetaFunction = () => [{ title: `${t('admin.nav.apiKeys')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, INTEGRATION_ROLES);
  return { keys: await listApiKeys(context.services.db) };
}

type Done = { done: string; key?: string };

export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireStaff(context, request, INTEGRATION_ROLES);
  const values = formToObject(await request.formData());
  const { db } = context.services;
  return formAction(async (): Promise<Done> => {
    if (values.intent === 'create') {
      const { key } = await createApiKey(db, user, values);
      return { done: t('apiKeys.created', { name: values.description!.trim() }), key };
    }
    if (values.intent === 'revoke') return { done: t('apiKeys.revoked', { name: (await revokeApiKey(db, values)).description }) };
    throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
  }, values);
}


export default function AdminApiKeys() {
  const locale = useLocale();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, locale) : t('apiKeys.never'));
  const { keys } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError | Done>();
  const error = isActionError(result) ? result : undefined;
  const fields = error?.error.fields ?? {};
  const made = result && !error ? (result as Done).key : undefined;
  return (
    <>
      <h1>{t('admin.nav.apiKeys')}</h1>
      <p className="hint">{t('apiKeys.intro')}</p>
      <ActionNotice result={result} />
      {made ? (
        <section className="notice" aria-labelledby="new-key-heading">
          <h2 id="new-key-heading">{t('apiKeys.yourKey')}</h2>
          <p>
            <label htmlFor="new-key" className="visually-hidden">
              {t('apiKeys.yourKey')}
            </label>
            <textarea id="new-key" className="new-key" readOnly value={made} rows={2} spellCheck={false} aria-describedby="new-key-hint" onFocus={(e) => e.currentTarget.select()} />
          </p>
          <p className="hint" id="new-key-hint">
            {t('apiKeys.yourKeyHint')}
          </p>
        </section>
      ) : null}
      <h2>{t('apiKeys.add')}</h2>
      <Form method="post" action="/admin/api-keys" key={made ?? 'create'}>
        <CsrfField />
        <input type="hidden" name="intent" value="create" />
        <Field name="description" label={t('apiKeys.description')} hint={t('apiKeys.descriptionHint')} required error={fields.description} />
        <SelectField name="permission" label={t('apiKeys.permission')} value="read" options={API_KEY_PERMISSIONS.map((p) => [p, t(`apiKeys.permission.${p}`)])} error={fields.permission} />
        <p>
          <button type="submit" className="button">
            {t('apiKeys.add')}
          </button>
        </p>
      </Form>
      <AdminTable
        label={t('admin.nav.apiKeys')}
        rows={keys}
        rowKey={(k) => k.id}
        empty={<p>{t('apiKeys.none')}</p>}
        columns={[
          { header: t('apiKeys.description'), rowHeader: true, cell: (k) => k.description },
          { header: t('apiKeys.key'), cell: (k) => <code style={{ whiteSpace: 'nowrap' }}>{`vtk_…${k.keyEnd}`}</code> },
          { header: t('apiKeys.permission'), cell: (k) => t(`apiKeys.permission.${k.permission}`) },
          { header: t('apiKeys.owner'), cell: (k) => k.owner },
          { header: t('apiKeys.createdAt'), cell: (k) => when(k.createdAt) },
          { header: t('apiKeys.lastUsed'), cell: (k) => when(k.lastUsedAt) },
          {
            header: t('apiKeys.actions'),
            hideHeader: true,
            cell: (k) => (
              <RowAction action="/admin/api-keys" intent="revoke" value={k.id} label={t('apiKeys.revoke')} name={t('apiKeys.revokeLabel', { name: k.description })} />
            ),
          },
        ]}
      />
    </>
  );
}
