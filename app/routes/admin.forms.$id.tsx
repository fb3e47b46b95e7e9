import { data, Link, redirect, useActionData, useSearchParams } from 'react-router';
import type { Route } from './+types/admin.forms.$id';
import { requireStaff } from '../features/admin/admin.server.ts';
import { FORM_ADMIN_ROLES } from '../features/forms/admin-roles.ts';
import { pathId } from '../features/forms/path-id.ts';
import { DEMO_CONTACT_TEMPLATE } from '../features/forms/demo-form.ts';
import { createForm, getForm, updateForm } from '../features/forms/forms.server.ts';
import { FormEditor, type EditorValues } from '../features/forms/components/form-editor.tsx';
import { editorInput } from '../features/forms/components/form-editor-input.ts';
import type { ParseIssue } from '../features/forms/definition.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { touchStore } from '../lib/store-version.server.ts';
import { t } from '../i18n/t-admin.ts';
import '../features/forms/forms.css';
import '../features/forms/forms-admin.css';

/* One contact form's editor (`new` for a new one): the template, mails, messages, settings and a live preview. */

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.values.title || t('forms.editor.newTitle')} · ${t('admin.title')}` }];

const NEW_FORM: EditorValues = {
  title: '',
  locale: 'en-US',
  source: DEMO_CONTACT_TEMPLATE.split('\n\n').slice(0, 2).join('\n\n') + '\n\n<p>[submit "Send"]</p>',
  mail: { active: true, to: '[_site_admin_email]', from: '[_site_title] <[_site_admin_email]>', subject: '[_site_title]: [your-name]', additionalHeaders: 'Reply-To: [your-email]', body: 'From: [your-name] <[your-email]>\n\n--\n[_site_title]', attachments: '', html: false },
  mail2: { active: false, to: '[your-email]', from: '[_site_title] <[_site_admin_email]>', subject: '[_site_title]', additionalHeaders: '', body: '', attachments: '', html: false },
  messages: {},
  settings: { demoMode: false, subscribersOnly: false, acceptanceAsValidation: false, skipMail: false },
};

function formId(param: string): number | null {
  if (param === 'new') return null;
  const id = pathId(param);
  if (!id) throw new HttpError(404, 'not_found', t('forms.admin.noSuchForm'));
  return id;
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, FORM_ADMIN_ROLES);
  const id = formId(params.id);
  if (id === null) return { id, values: NEW_FORM, issues: [] as ParseIssue[] };
  const form = await getForm(context.services.db, id);
  if (!form) throw new HttpError(404, 'not_found', t('forms.admin.noSuchForm'));
  const { title, locale, source, mail, mail2, messages, settings } = form;
  return { id, values: { title, locale, source, mail, mail2, messages, settings } satisfies EditorValues, issues: form.issues };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireStaff(context, request, FORM_ADMIN_ROLES);
  const id = formId(params.id);
  const input = editorInput(await request.formData());
  const { db } = context.services;
  try {
    const saved = id === null ? await createForm(db, input) : await updateForm(db, id, input);
    await touchStore(db);
    // Errors in the template are saved as written (as Contact Form 7 does) and shown again here.
    if (saved.issues.some((i) => i.severity === 'error')) {
      if (id === null) return redirect(`/admin/forms/${saved.id}?saved=1`);
      return { savedWithIssues: saved.id, issues: saved.issues, values: input as EditorValues };
    }
    return redirect(`/admin/forms/${saved.id}?saved=1`);
  } catch (err) {
    // Refused (a missing title, a number that is not one): the page comes back with what was typed.
    if (!(err instanceof HttpError)) throw err;
    return data({ error: { code: err.code, message: err.message, fields: err.fields }, input: input as EditorValues }, { status: err.status });
  }
}

type Saved = { savedWithIssues: number; issues: ParseIssue[]; values: EditorValues };

export default function AdminFormEditor({ loaderData, params }: Route.ComponentProps) {
  const result = useActionData<(ActionError & { input: EditorValues }) | Saved>();
  const error = result && isActionError(result) ? result : undefined;
  const saved = result && !isActionError(result) ? result : undefined;
  const [search] = useSearchParams();
  const saveOk = search.has('saved');
  const fieldErrors = error?.error.fields ? Object.entries(error.error.fields).map(([k, v]) => `${k}: ${v}`).join('; ') : '';
  return (
    <>
      <p>
        <Link to="/admin/forms">← {t('forms.editor.back')}</Link>
      </p>
      <h1>{loaderData.id === null ? t('forms.editor.newTitle') : t('forms.editor.editTitle', { title: loaderData.values.title })}</h1>
      {saveOk && !result && (
        <p className="notice" role="status">
          {t('forms.list.saved')}
        </p>
      )}
      {saved && (
        <p className="notice" role="status">
          {t('forms.list.saved')}
        </p>
      )}
      <FormEditor
        key={params.id}
        formId={loaderData.id}
        values={saved?.values ?? error?.input ?? loaderData.values}
        serverIssues={saved?.issues ?? loaderData.issues}
        error={error ? t('forms.editor.notSaved', { message: fieldErrors || error.error.message }) : undefined}
      />
    </>
  );
}
