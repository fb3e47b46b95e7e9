import { Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { AdminList, listHref } from '../features/admin/components/admin-list.tsx';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/roles.ts';
import { addTag, deleteTags, listTagsAdmin, renameTag } from '../features/catalog-admin/tags-admin.server.ts';
import { mergeTag } from '../features/catalog-admin/tag-merge.server.ts';
import { formAction } from '../lib/action.server.ts';
import type { ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject } from '../lib/validate.ts';
import { plural, t } from '../i18n/t-admin.ts';

/* /admin/tags: product tags on the shared admin list (search, pages, bulk delete), add, rename and merge (tag-merge.server.ts). */

export const meta: MetaFunction = () => [{ title: `${t('admin.nav.tags')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const page = Number(url.searchParams.get('page'));
  return { ...(await listTagsAdmin(context.services.db, q, Number.isSafeInteger(page) ? page : 1)), q };
}

export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const form = await request.formData();
  const values = formToObject(form);
  const { db } = context.services;
  return formAction(async () => {
    if (values.intent === 'add') return { done: t('tags.added', { name: (await addTag(db, values)).name }) };
    if (values.intent === 'merge') {
      const r = await mergeTag(db, values);
      return { done: plural('tagMerge.done', r.moved, { from: r.from, into: r.into }) };
    }
    if (values.intent === 'rename') return { done: t('tags.saved', { name: (await renameTag(db, values)).name }) };
    if (values.intent === 'bulk' && values.action === 'delete') {
      const { count } = await deleteTags(db, { ids: form.getAll('ids').map(String) });
      return { done: plural('tags.deleted', count) };
    }
    throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
  }, values);
}

export default function AdminTags() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<ActionError | { done: string }>();
  return (
    <>
      <h1>{t('admin.nav.tags')}</h1>
      <ActionNotice result={result} />
      <Form method="post" className="admin-list__query" aria-label={t('tags.addForm')}>
        <CsrfField />
        <input type="hidden" name="intent" value="add" />
        <div className="admin-list__field">
          <label htmlFor="tag-name">{t('tags.newName')}</label>
          <input id="tag-name" name="name" required maxLength={100} />
        </div>
        <button type="submit" className="button button--small">
          {t('tags.add')}
        </button>
      </Form>
      <AdminList
        label={t('admin.nav.tags')}
        path="/admin/tags"
        rows={data.tags}
        rowKey={(tag) => tag.id}
        search={{ name: 'q', label: t('tags.search'), value: data.q }}
        page={data.page}
        pages={data.pages}
        total={data.total}
        pageHref={(page) => listHref('/admin/tags', { q: data.q, page })}
        bulk={{ action: listHref('/admin/tags', { q: data.q, page: data.page }), id: (tag) => String(tag.id), label: (tag) => t('tags.selectLabel', { name: tag.name }), actions: [{ value: 'delete', label: t('tags.delete') }] }}
        empty={<p>{t(data.q ? 'tags.noMatch' : 'tags.none')}</p>}
        columns={[
          { header: t('tags.name'), rowHeader: true, cell: (tag) => tag.name },
          { header: t('tags.address'), cell: (tag) => <a href={`/product-tag/${tag.slug}`}>/{tag.slug}</a> },
          { header: t('tags.products'), numeric: true, cell: (tag) => tag.count },
          {
            header: t('tags.actions'),
            hideHeader: true,
            cell: (tag) => (
              <>
                <details>
                  <summary>
                    {t('tags.rename')}
                    <span className="visually-hidden"> {tag.name}</span>
                  </summary>
                  <Form method="post" className="admin-quick">
                    <CsrfField />
                    <input type="hidden" name="intent" value="rename" />
                    <input type="hidden" name="id" value={tag.id} />
                    <label>
                      {t('tags.name')}
                      <input name="name" defaultValue={tag.name} required maxLength={100} />
                    </label>
                    <button type="submit" className="button button--small">
                      {t('tags.save')}
                    </button>
                  </Form>
                </details>
                <details>
                  <summary>
                    {t('tagMerge.summary')}
                    <span className="visually-hidden"> {tag.name}</span>
                  </summary>
                  <Form method="post" className="admin-quick">
                    <CsrfField />
                    <input type="hidden" name="intent" value="merge" />
                    <input type="hidden" name="id" value={tag.id} />
                    <label>
                      {t('tagMerge.into')}
                      <input name="into" required maxLength={100} />
                    </label>
                    <button type="submit" className="button button--small">
                      {t('tagMerge.submit')}
                    </button>
                  </Form>
                </details>
              </>
            ),
          },
        ]}
      />
    </>
  );
}
