import { Form, Link, useSearchParams } from 'react-router';
import type { Route } from './+types/admin.forms.$id.submissions';
import { requireStaff } from '../features/admin/admin.server.ts';
import { AdminTable } from '../features/admin/components/admin-table.tsx';
import { FORM_SUBMISSION_ROLES } from '../features/forms/admin-roles.ts';
import { pathId } from '../features/forms/path-id.ts';
import { getForm } from '../features/forms/forms.server.ts';
import { listSubmissions, type Submission } from '../features/forms/submissions.server.ts';
import { inboxQuery } from '../features/forms/inbox-query.ts';
import { STORED_STATUSES_LIST } from '../features/forms/inbox-statuses.ts';
import { HttpError } from '../lib/http-error.ts';
import { plural, t } from '../i18n/t-admin.ts';
import '../features/forms/forms-admin.css';

/* A form's submissions (what Flamingo adds to Contact Form 7): status, search, pages, CSV export. */

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data ? t('forms.inbox.title', { title: data.form.title }) : ''} · ${t('admin.title')}` }];

const PER_PAGE = 25;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, FORM_SUBMISSION_ROLES);
  const id = pathId(params.id);
  const form = id ? await getForm(context.services.db, id) : null;
  if (!form) throw new HttpError(404, 'not_found', t('forms.admin.noSuchForm'));
  const query = inboxQuery(new URL(request.url));
  const page = await listSubmissions(context.services.db, { formId: id, q: query.q || undefined, status: query.status, page: query.page, perPage: PER_PAGE });
  return { form: { id, title: form.title }, query, page };
}

/** A line to recognise a submission by: the first e-mail-like or text values. */
function summary(s: Submission): { from: string; text: string } {
  const values = Object.entries(s.fields).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v] as const);
  const email = values.find(([, v]) => /^[^@\s]+@[^@\s]+$/.test(v))?.[1] ?? '';
  const name = values.find(([k]) => /name/i.test(k))?.[1] ?? '';
  const text = (values.find(([k]) => /message/i.test(k)) ?? values.find(([k]) => /subject/i.test(k)) ?? values.find(([, v]) => v.length > 30 && v !== name))?.[1] ?? '';
  return { from: [name, email].filter(Boolean).join(' · '), text: text.length > 120 ? `${text.slice(0, 117)}…` : text };
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { form, query, page } = loaderData;
  const [params] = useSearchParams();
  const pages = Math.max(1, Math.ceil(page.total / page.perPage));
  const csv = new URLSearchParams();
  if (query.q) csv.set('q', query.q);
  if (query.status) csv.set('status', query.status);
  const pageLink = (n: number) => {
    const p = new URLSearchParams(params);
    p.set('page', String(n));
    return `?${p}`;
  };
  return (
    <>
      <p>
        <Link to="/admin/forms">← {t('forms.editor.back')}</Link>
      </p>
      <h1>{t('forms.inbox.title', { title: form.title })}</h1>
      <Form method="get" className="forms-inbox__filters" role="search">
        <p>
          <label htmlFor="inbox-q">{t('forms.inbox.search')}</label>
          <input id="inbox-q" type="search" name="q" defaultValue={query.q} />
        </p>
        <p>
          <label htmlFor="inbox-status">{t('forms.inbox.status')}</label>
          <select id="inbox-status" name="status" defaultValue={query.status ?? ''}>
            <option value="">{t('forms.inbox.allStatuses')}</option>
            {STORED_STATUSES_LIST.map((s) => (
              <option key={s} value={s}>
                {t(`forms.inbox.status.${s}`)}
              </option>
            ))}
          </select>
        </p>
        <p>
          <button type="submit" className="button">
            {t('forms.inbox.searchButton')}
          </button>
        </p>
      </Form>
      <p className="forms-inbox__count">
        {plural('forms.inbox.count', page.total)} ·{' '}
        <a href={`/admin/forms/${form.id}/submissions.csv${csv.size ? `?${csv}` : ''}`} download>
          {t('forms.inbox.csv')}
        </a>
      </p>
      <AdminTable<Submission>
        label={t('forms.inbox.title', { title: form.title })}
        rows={page.items}
        rowKey={(s) => s.id}
        empty={<p>{t('forms.inbox.empty')}</p>}
        stack="wide"
        columns={[
          {
            header: t('forms.inbox.date'),
            rowHeader: true,
            cell: (s) => (
              <Link to={`/admin/forms/${form.id}/submissions/${s.id}`} className={s.read ? undefined : 'forms-inbox__unread'}>
                {s.createdAt.slice(0, 16).replace('T', ' ')}
                {!s.read && <span className="forms-inbox__badge">{t('forms.inbox.unread')}</span>}
              </Link>
            ),
          },
          { header: t('forms.inbox.status'), cell: (s) => <span className={`forms-status forms-status--${s.status}`}>{t(`forms.inbox.status.${s.status}`)}</span> },
          { header: t('forms.inbox.from'), cell: (s) => summary(s).from },
          { header: t('forms.inbox.summary'), cell: (s) => summary(s).text },
        ]}
      />
      {pages > 1 && (
        <nav aria-label={t('forms.inbox.pages')} className="forms-inbox__pages">
          {page.page > 1 && <Link to={pageLink(page.page - 1)}>{t('forms.inbox.newer')}</Link>}
          <span>
            {page.page} / {pages}
          </span>
          {page.page < pages && <Link to={pageLink(page.page + 1)}>{t('forms.inbox.older')}</Link>}
        </nav>
      )}
    </>
  );
}
