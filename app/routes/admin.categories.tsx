import { useEffect, useState } from 'react';
import { Form, Link, useActionData, useFetcher, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { addCategory, listCategoriesAdmin, moveCategory, renameCategory, reorderCategories, type AdminCategory } from '../features/catalog-admin/categories-admin.server.ts';
import { CategoryTree } from '../features/catalog-admin/components/category-tree.tsx';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/roles.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { imageSources } from '../lib/image.ts';
import { useCsrfToken } from '../lib/use-csrf-token.ts';
import { formToObject } from '../lib/validate.ts';
import { plural, t } from '../i18n/t-admin.ts';
import '../features/catalog-admin/taxonomy.css';

/*
 * /admin/categories: the category tree in shop order. Add (plain form), move up or down
 * among siblings (plain forms, for browsers without scripts), drag and drop (mouse, touch,
 * keyboard; the whole order saved at once by `intent=reorder`), and a link to each
 * category's own page (name, slug, parent, description, picture, delete).
 */

export const meta: MetaFunction = () => [{ title: `${t('admin.nav.categories')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  // Back from deleting one on its own page.
  const deleted = new URL(request.url).searchParams.get('deleted') === '1';
  return { categories: await listCategoriesAdmin(context.services.db), deleted };
}

export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const values = formToObject(await request.formData());
  const { db } = context.services;
  return formAction(async () => {
    if (values.intent === 'add') return { done: t('categories.added', { path: (await addCategory(db, values)).path }) };
    if (values.intent === 'rename') return { done: t('categories.renamed', { name: (await renameCategory(db, values)).name }) };
    if (values.intent === 'up' || values.intent === 'down') {
      const { name } = await moveCategory(db, { id: values.id, direction: values.intent });
      return { done: t(values.intent === 'up' ? 'categories.movedUp' : 'categories.movedDown', { name }) };
    }
    if (values.intent === 'reorder') {
      await reorderCategories(db, values);
      return { done: t('categories.orderSaved') };
    }
    throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
  }, values);
}

type Result = ActionError | { done: string };

export default function AdminCategories() {
  const { categories, deleted } = useLoaderData<typeof loader>();
  const result = useActionData<Result>();
  const fetcher = useFetcher<Result>();
  const csrf = useCsrfToken();
  // The tree as shown: a drop shows its order at once; the saved order comes back with the page's data.
  const [items, setItems] = useState(categories);
  useEffect(() => setItems(categories), [categories]);
  const saved = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (isActionError(saved)) setItems(categories);
  }, [saved]); // eslint-disable-line react-hooks/exhaustive-deps
  const reorder = (next: AdminCategory[]) => {
    setItems(next);
    void fetcher.submit({ intent: 'reorder', order: next.map((c) => c.id).join(','), _csrf: csrf }, { method: 'post' });
  };
  return (
    <>
      <h1>{t('admin.nav.categories')}</h1>
      <ActionNotice result={result ?? (deleted ? { done: t('categories.deleted') } : undefined)} />
      <Form method="post" className="admin-list__query" aria-label={t('categories.addForm')}>
        <CsrfField />
        <input type="hidden" name="intent" value="add" />
        <div className="admin-list__field">
          <label htmlFor="cat-name">{t('categories.newName')}</label>
          <input id="cat-name" name="name" required maxLength={100} />
        </div>
        <div className="admin-list__field">
          <label htmlFor="cat-parent">{t('categories.parent')}</label>
          <select id="cat-parent" name="parent" defaultValue="">
            <option value="">{t('categories.topLevel')}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {'— '.repeat(c.depth)}
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-list__field admin-list__field--search">
          <label htmlFor="cat-description">{t('categories.description')}</label>
          <input id="cat-description" name="description" maxLength={5000} />
        </div>
        <button type="submit" className="button button--small">
          {t('categories.add')}
        </button>
      </Form>
      <h2 className="visually-hidden">{t('categories.treeHeading')}</h2>
      <p className="hint">{t('categories.treeHint')}</p>
      {/* What the last drop did: the order saved, or why not. */}
      <p className={`category-tree__said${isActionError(saved) ? ' notice notice--error' : ''}`} role="status">
        {fetcher.state !== 'idle' ? t('categories.orderSaving') : saved ? (isActionError(saved) ? saved.error.message : saved.done) : ''}
      </p>
      {items.length ? <CategoryTree items={items} onReorder={reorder} row={(c, handle) => <Row category={c} handle={handle} />} /> : <p>{t('categories.none')}</p>}
    </>
  );
}

function Row({ category: c, handle }: { category: AdminCategory; handle: React.ReactNode }) {
  const img = c.image ? imageSources(c.image.path, c.image.widths, 100) : null;
  return (
    <div className="category-tree__row">
      {handle}
      {img ? <img className="category-tree__thumb" src={img.src} alt="" width={40} height={40} /> : <span className="category-tree__thumb" aria-hidden="true" />}
      <div className="category-tree__name">
        <Link to={`/admin/categories/${c.id}`} aria-label={t('categories.editLink', { name: c.name })}>
          {c.name}
        </Link>
        <a className="category-tree__path" href={`/product-category/${c.path}`}>
          /{c.path}
        </a>
      </div>
      <span className="category-tree__count">{plural('categories.products', c.productCount)}</span>
      <Form method="post" className="admin-actions category-tree__moves">
        <CsrfField />
        <input type="hidden" name="id" value={c.id} />
        <button type="submit" name="intent" value="up" className="button button--ghost button--small" disabled={c.first} aria-label={t('categories.moveUpLabel', { name: c.name })}>
          {t('categories.moveUp')}
        </button>
        <button type="submit" name="intent" value="down" className="button button--ghost button--small" disabled={c.last} aria-label={t('categories.moveDownLabel', { name: c.name })}>
          {t('categories.moveDown')}
        </button>
      </Form>
    </div>
  );
}
