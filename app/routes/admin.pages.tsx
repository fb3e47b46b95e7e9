import { Form, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { createPage, listPages } from '../features/pages/pages-admin.server.ts';
import { PAGE_EDITOR_ROLES } from '../features/pages/roles.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';

/* /admin/pages: the block pages, their status, and a form to start a new one. */

export const meta: MetaFunction = () => [{ title: `${t('admin.nav.pages')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, PAGE_EDITOR_ROLES);
  return { pages: await listPages(context.services.db) };
}

export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireStaff(context, request, PAGE_EDITOR_ROLES);
  const values = formToObject(await request.formData());
  return formAction(async () => {
    const page = await createPage(context.services.db, { title: values.title, slug: values.slug }, user.id);
    return redirect(`/admin/pages/${page.id}`);
  }, values);
}

export default function AdminPages() {
  const { pages } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError>();
  const error = isActionError(result) ? result : null;
  return (
    <>
      <h1>{t('admin.nav.pages')}</h1>
      <p>{t('admin.pages.intro')}</p>
      {pages.length ? (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{t('admin.pages.title')}</th>
              <th scope="col">{t('admin.pages.slug')}</th>
              <th scope="col">{t('admin.pages.status')}</th>
              <th scope="col">{t('admin.pages.updated')}</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((p) => (
              <tr key={p.id}>
                <th scope="row">
                  <a href={`/admin/pages/${p.id}`} aria-label={t('admin.pages.edit', { title: p.title })}>
                    {p.title}
                  </a>
                </th>
                <td>{p.slug === 'home' ? '/' : `/${p.slug}`}</td>
                <td>{p.status === 'draft' ? t('admin.pages.draft') : p.changed ? t('admin.pages.changed') : t('admin.pages.published')}</td>
                <td>
                  <time dateTime={p.updatedAt}>{p.updatedAt.slice(0, 16).replace('T', ' ')}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t('admin.pages.none')}</p>
      )}
      <h2 id="new-page">{t('admin.pages.new')}</h2>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error.error.message}
        </p>
      ) : null}
      <Form method="post" aria-labelledby="new-page" className="admin-form">
        <CsrfField />
        <p>
          <label htmlFor="page-title">{t('admin.pages.title')}</label>
          <input id="page-title" name="title" required maxLength={200} defaultValue={error?.values?.title} />
        </p>
        <p>
          <label htmlFor="page-slug">{t('admin.pages.slug')}</label>
          <input id="page-slug" name="slug" required maxLength={100} pattern="[a-z0-9]+(-[a-z0-9]+)*" aria-describedby="page-slug-hint" defaultValue={error?.values?.slug} />
          <small id="page-slug-hint">{t('admin.pages.slugHint')}</small>
        </p>
        <button type="submit" className="button">
          {t('admin.pages.create')}
        </button>
      </Form>
    </>
  );
}
