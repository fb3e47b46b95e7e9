import { Form, Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { AdminList } from '../features/admin/components/admin-list.tsx';
import { addAttribute, deleteAttributes, listAttributes } from '../features/catalog-admin/attributes-admin.server.ts';
import { DISPLAYS } from '../features/catalog-admin/product-form.ts';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/roles.ts';
import { formAction } from '../lib/action.server.ts';
import type { ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject } from '../lib/validate.ts';
import { plural, t } from '../i18n/t-admin.ts';

/* /admin/attributes: shop-wide attributes on the shared admin list (add, bulk delete); each opens its terms. */

export const meta: MetaFunction = () => [{ title: `${t('admin.nav.attributes')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  return { attributes: await listAttributes(context.services.db) };
}

export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const form = await request.formData();
  const values = formToObject(form);
  const { db } = context.services;
  return formAction(async () => {
    if (values.intent === 'add') return { done: t('attributes.added', { name: (await addAttribute(db, values)).name }) };
    if (values.intent === 'bulk' && values.action === 'delete') return { done: plural('attributes.deleted', (await deleteAttributes(db, { ids: form.getAll('ids').map(String) })).count) };
    throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
  }, values);
}

export default function AdminAttributes() {
  const { attributes } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError | { done: string }>();
  return (
    <>
      <h1>{t('admin.nav.attributes')}</h1>
      <p className="hint">{t('attributes.intro')}</p>
      <ActionNotice result={result} />
      <Form method="post" className="admin-list__query" aria-label={t('attributes.add')}>
        <CsrfField />
        <input type="hidden" name="intent" value="add" />
        <div className="admin-list__field">
          <label htmlFor="attribute-name">{t('attributes.name')}</label>
          <input id="attribute-name" name="name" required maxLength={100} />
        </div>
        <div className="admin-list__field">
          <label htmlFor="attribute-display">{t('attributes.display')}</label>
          <select id="attribute-display" name="display" defaultValue="select">
            {DISPLAYS.map((d) => (
              <option key={d} value={d}>
                {t(`products.attr.display.${d}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--small">
          {t('attributes.add')}
        </button>
      </Form>
      <AdminList
        label={t('admin.nav.attributes')}
        path="/admin/attributes"
        rows={attributes}
        rowKey={(a) => a.id}
        page={1}
        pages={1}
        total={attributes.length}
        pageHref={() => '/admin/attributes'}
        bulk={{ action: '/admin/attributes', id: (a) => String(a.id), label: (a) => t('attributes.select', { name: a.name }), actions: [{ value: 'delete', label: t('attributes.delete') }] }}
        empty={<p>{t('attributes.none')}</p>}
        columns={[
          { header: t('attributes.name'), rowHeader: true, cell: (a) => <Link to={`/admin/attributes/${a.id}`}>{a.name}</Link> },
          { header: t('attributes.slug'), cell: (a) => a.slug },
          { header: t('attributes.display'), cell: (a) => t(`products.attr.display.${a.display}`) },
          { header: t('attributes.terms'), numeric: true, cell: (a) => a.terms },
        ]}
      />
    </>
  );
}
