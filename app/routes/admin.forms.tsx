import { Form, Link, useActionData, useSearchParams } from 'react-router';
import type { Route } from './+types/admin.forms';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { AdminTable } from '../features/admin/components/admin-table.tsx';
import { FORM_ADMIN_ROLES } from '../features/forms/admin-roles.ts';
import { mayUse } from '../features/account/admin-access.ts';
import { pathId } from '../features/forms/path-id.ts';
import { deleteForm, duplicateForm, getForm, listForms, type FormSummary } from '../features/forms/forms.server.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { touchStore } from '../lib/store-version.server.ts';
import { t } from '../i18n/t-admin.ts';
import '../features/forms/forms-admin.css';

export const meta: Route.MetaFunction = () => [{ title: `${t('forms.list.title')} · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireStaff(context, request, FORM_ADMIN_ROLES);
  // Editors keep the forms but not what visitors sent: no links to the inbox pages they may not open.
  return { forms: await listForms(context.services.db), inbox: mayUse(user.role, 'formSubmissions') };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireStaff(context, request, FORM_ADMIN_ROLES);
  const form = await request.formData();
  const { db, config } = context.services;
  return formAction(async () => {
    const id = pathId(String(form.get('id') ?? ''));
    const intent = form.get('intent');
    if (!id) throw new HttpError(400, 'invalid', t('forms.admin.unknownForm'));
    if (intent === 'duplicate') {
      const copy = await duplicateForm(db, id);
      return { done: t('forms.list.duplicated', { title: copy.title }) };
    }
    if (intent === 'delete') {
      const old = await getForm(db, id);
      if (!old) throw new HttpError(404, 'not_found', t('forms.admin.noSuchForm'));
      await deleteForm(db, config.dataDir, id);
      // Pages showing the form are cached by store version.
      await touchStore(db);
      return { done: t('forms.list.deleted', { title: old.title }) };
    }
    throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
  });
}

export default function AdminForms({ loaderData }: Route.ComponentProps) {
  const result = useActionData<ActionError | { done: string }>();
  const [params] = useSearchParams();
  return (
    <>
      <div className="forms-admin__head">
        <h1>{t('forms.list.title')}</h1>
        <Link to="/admin/forms/new" className="button">
          {t('forms.list.new')}
        </Link>
      </div>
      {params.get('saved') && !result && (
        <p className="notice" role="status">
          {t('forms.list.saved')}
        </p>
      )}
      {result && isActionError(result) ? (
        <p className="notice notice--error" role="alert">
          {result.error.message}
        </p>
      ) : result ? (
        <p className="notice" role="status">
          {result.done}
        </p>
      ) : null}
      <AdminTable<FormSummary>
        label={t('forms.list.title')}
        rows={loaderData.forms}
        rowKey={(f) => f.id}
        empty={<p>{t('forms.list.empty')}</p>}
        columns={[
          { header: t('forms.list.formTitle'), rowHeader: true, cell: (f) => <Link to={`/admin/forms/${f.id}`}>{f.title}</Link> },
          { header: t('forms.list.shortcode'), cell: (f) => <code>{`[contact-form-7 id="${f.id}"]`}</code> },
          {
            header: t('forms.list.submissions'),
            cell: (f) => {
              const count = (
                <>
                  {f.submissions}
                  {f.unread > 0 && ` (${t('forms.list.unread', { count: f.unread })})`}
                </>
              );
              return loaderData.inbox ? <Link to={`/admin/forms/${f.id}/submissions`}>{count}</Link> : count;
            },
          },
          { header: t('forms.list.updated'), cell: (f) => f.updatedAt.slice(0, 16).replace('T', ' ') },
          {
            header: t('forms.list.actions'),
            hideHeader: true,
            cell: (f) => (
              <div className="forms-admin__actions">
                <Link to={`/admin/forms/${f.id}`}>{t('forms.list.edit')}</Link>
                {loaderData.inbox && <Link to={`/admin/forms/${f.id}/submissions`}>{t('forms.list.inbox')}</Link>}
                <Form method="post">
                  <CsrfField />
                  <input type="hidden" name="id" value={f.id} />
                  <button type="submit" name="intent" value="duplicate" className="button button--ghost">
                    {t('forms.list.duplicate')}
                  </button>
                </Form>
                <Form method="post" onSubmit={(e) => void (window.confirm(t('forms.list.confirmDelete', { title: f.title })) || e.preventDefault())}>
                  <CsrfField />
                  <input type="hidden" name="id" value={f.id} />
                  <button type="submit" name="intent" value="delete" className="button button--ghost" aria-label={t('forms.list.deleteLabel', { title: f.title })}>
                    {t('forms.list.delete')}
                  </button>
                </Form>
              </div>
            ),
          },
        ]}
      />
    </>
  );
}
