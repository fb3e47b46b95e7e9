import { Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { AdminTable } from '../features/admin/components/admin-table.tsx';
import { addCategory, listCategoriesAdmin, moveCategory, renameCategory, type AdminCategory } from '../features/catalog-admin/categories-admin.server.ts';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/roles.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';

/* /admin/categories: the category tree in shop order; add, rename, move up or down (plain forms). */

export const meta: MetaFunction = () => [{ title: `${t('admin.nav.categories')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  return { categories: await listCategoriesAdmin(context.services.db) };
}

export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const values = formToObject(await request.formData());
  const { db } = context.services;
  return formAction(async () => {
    if (values.intent === 'add') return { done: `Category “${(await addCategory(db, values)).path}” added.` };
    if (values.intent === 'rename') return { done: `Category “${(await renameCategory(db, values)).name}” saved.` };
    if (values.intent === 'up' || values.intent === 'down') return { done: `Category “${(await moveCategory(db, { id: values.id, direction: values.intent })).name}” moved ${values.intent}.` };
    throw new HttpError(400, 'invalid', 'Unknown request.');
  }, values);
}

export default function AdminCategories() {
  const { categories } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError | { done: string }>();
  const error = isActionError(result) ? result : undefined;
  return (
    <>
      <h1>{t('admin.nav.categories')}</h1>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error.error.message}
        </p>
      ) : result ? (
        <p className="notice" role="status">
          {(result as { done: string }).done}
        </p>
      ) : null}
      <Form method="post" className="admin-list__query" aria-label="Add a category">
        <CsrfField />
        <input type="hidden" name="intent" value="add" />
        <div className="admin-list__field">
          <label htmlFor="cat-name">New category</label>
          <input id="cat-name" name="name" required maxLength={100} />
        </div>
        <div className="admin-list__field">
          <label htmlFor="cat-parent">Parent</label>
          <select id="cat-parent" name="parent" defaultValue="">
            <option value="">None (top level)</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {'— '.repeat(c.depth)}
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-list__field admin-list__field--search">
          <label htmlFor="cat-description">Description</label>
          <input id="cat-description" name="description" maxLength={5000} />
        </div>
        <button type="submit" className="button button--small">
          Add category
        </button>
      </Form>
      <AdminTable
        label={t('admin.nav.categories')}
        rows={categories}
        rowKey={(c) => c.id}
        empty={<p>No categories yet.</p>}
        columns={[
          {
            header: 'Name',
            rowHeader: true,
            cell: (c) => (
              <span style={{ paddingInlineStart: `${c.depth * 1.25}rem` }}>
                {c.depth ? '└ ' : ''}
                {c.name}
              </span>
            ),
          },
          { header: 'Address', cell: (c) => <a href={`/product-category/${c.path}`}>/{c.path}</a> },
          { header: 'Products', numeric: true, cell: (c) => c.productCount },
          { header: 'Actions', hideHeader: true, cell: (c) => <Actions category={c} /> },
        ]}
      />
    </>
  );
}

function Actions({ category: c }: { category: AdminCategory }) {
  return (
    <div>
      <Form method="post" className="admin-actions">
        <CsrfField />
        <input type="hidden" name="id" value={c.id} />
        <button type="submit" name="intent" value="up" className="button button--ghost button--small" disabled={c.first} aria-label={`Move ${c.name} up`}>
          Up
        </button>
        <button type="submit" name="intent" value="down" className="button button--ghost button--small" disabled={c.last} aria-label={`Move ${c.name} down`}>
          Down
        </button>
      </Form>
      <details>
        <summary>
          Rename<span className="visually-hidden"> {c.name}</span>
        </summary>
        <Form method="post" className="admin-quick">
          <CsrfField />
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="id" value={c.id} />
          <label>
            Name
            <input name="name" defaultValue={c.name} required maxLength={100} />
          </label>
          <label>
            Description
            <input name="description" defaultValue={c.description} maxLength={5000} />
          </label>
          <button type="submit" className="button button--small">
            Save
          </button>
        </Form>
      </details>
    </div>
  );
}
