import { Form, Link, redirect, useActionData, useLoaderData, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { listCategoriesAdmin } from '../features/catalog-admin/categories-admin.server.ts';
import { deleteCategory, loadCategory, saveCategory } from '../features/catalog-admin/category-edit.server.ts';
import { CategoryPicture } from '../features/catalog-admin/components/category-picture.tsx';
import { RichTextField } from '../features/catalog-admin/components/rich-text-field.tsx';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/roles.ts';
import { CATEGORY_LIMITS } from '../config/constants.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject, idFromText } from '../lib/validate.ts';
import { plural, t } from '../i18n/t-admin.ts';
import '../features/catalog-admin/taxonomy.css';

/*
 * /admin/categories/:id: one category's name, slug, parent (never itself or below itself),
 * description (rich text, sanitised on save) and picture (uploaded through
 * /admin/categories/image, its alt text here); deleting it, with what happens to its
 * products and subcategories said before the confirmation. Plain forms throughout.
 */

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${d ? t('categories.editTitle', { name: d.category.name }) : t('admin.nav.categories')} · ${t('admin.title')}` }];

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const { db } = context.services;
  const id = idFromText(params.id);
  const category = id === null ? null : await loadCategory(db, id);
  if (!category) throw new Response('Not found', { status: 404 });
  const all = await listCategoriesAdmin(db);
  // Its parent may be any category but itself and those below it.
  const parents = all.filter((c) => c.id !== category.id && !c.path.startsWith(`${category.path}/`)).map((c) => ({ id: c.id, name: c.name, depth: c.depth }));
  const parent = all.find((c) => c.id === category.parentId) ?? null;
  return { category, parents, parentName: parent?.name ?? null };
}

export async function action({ context, request, params }: ActionFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const id = idFromText(params.id);
  if (id === null) throw new Response('Not found', { status: 404 });
  const values: Record<string, string> = { ...formToObject(await request.formData()), id: String(id) };
  const { db } = context.services;
  return formAction(async () => {
    if (values.intent === 'save') {
      const saved = await saveCategory(db, values);
      return redirect(`/admin/categories/${id}?saved=${saved.moved ? 'moved' : '1'}`);
    }
    if (values.intent === 'delete') {
      await deleteCategory(db, values);
      return redirect('/admin/categories?deleted=1');
    }
    throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
  }, values);
}

export default function AdminCategory() {
  const { category: c, parents, parentName } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError>();
  const error = isActionError(result) ? result : undefined;
  const fields = error?.error.fields ?? {};
  const values = error?.values ?? {};
  const [params] = useSearchParams();
  const saved = params.get('saved');
  const field = (name: string) => ({
    id: `field-${name}`,
    name,
    'aria-invalid': fields[name] ? true : undefined,
    'aria-describedby': [fields[name] ? `field-${name}-error` : '', name === 'slug' ? 'field-slug-hint' : ''].filter(Boolean).join(' ') || undefined,
  });
  const fieldError = (name: string) =>
    fields[name] ? (
      <span className="error" id={`field-${name}-error`}>
        {fields[name]}
      </span>
    ) : null;
  const target = parentName ? `“${parentName}”` : t('categories.delete.topLevel');
  return (
    <>
      <p>
        <Link to="/admin/categories">← {t('categories.back')}</Link>
      </p>
      <h1>{t('categories.editTitle', { name: c.name })}</h1>
      {error && !fields.confirm ? (
        <p className="notice notice--error" role="alert">
          {error.error.message}
        </p>
      ) : saved ? (
        <p className="notice" role="status">
          {saved === 'moved' ? t('categories.savedMoved', { path: c.path }) : t('categories.saved')} <a href={`/product-category/${c.path}`}>{t('categories.view')}</a>
        </p>
      ) : null}

      {/* Keyed by what was loaded: after a save or a new picture the fields show the stored values, not the first ones. */}
      <Form method="post" className="admin-editor category-edit" noValidate key={[c.name, c.slug, c.parentId, c.description, c.image?.id, c.image?.alt].join('\u0000')}>
        <CsrfField />
        <input type="hidden" name="intent" value="save" />
        <fieldset>
          <legend>{t('categories.details')}</legend>
          <div className="field">
            <label htmlFor="field-name">{t('categories.name')}</label>
            <input {...field('name')} defaultValue={values.name ?? c.name} required maxLength={CATEGORY_LIMITS.nameMax} />
            {fieldError('name')}
          </div>
          <div className="field">
            <label htmlFor="field-slug">{t('categories.slug')}</label>
            <input {...field('slug')} defaultValue={values.slug ?? c.slug} maxLength={CATEGORY_LIMITS.nameMax} readOnly={c.isDefault} />
            <span className="hint" id="field-slug-hint">
              {c.isDefault ? t('categories.slugDefault') : t('categories.slugHint')}
            </span>
            {fieldError('slug')}
          </div>
          <div className="field">
            <label htmlFor="field-parent">{t('categories.parent')}</label>
            {c.isDefault ? <input type="hidden" name="parent" value="" /> : null}
            <select {...field('parent')} name={c.isDefault ? undefined : 'parent'} defaultValue={values.parent ?? String(c.parentId ?? '')} disabled={c.isDefault}>
              <option value="">{t('categories.topLevel')}</option>
              {parents.map((p) => (
                <option key={p.id} value={p.id}>
                  {'— '.repeat(p.depth)}
                  {p.name}
                </option>
              ))}
            </select>
            {fieldError('parent')}
          </div>
          <RichTextField name="description" label={t('categories.description')} defaultValue={values.description ?? c.description} error={fields.description} small />
          {c.image ? (
            <>
              <div className="field">
                <label htmlFor="field-image_alt">{t('categories.pictureAlt')}</label>
                <input {...field('image_alt')} defaultValue={values.image_alt ?? c.image.alt} maxLength={500} aria-describedby="field-image_alt-hint" />
                <span className="hint" id="field-image_alt-hint">
                  {t('categories.pictureAltHint')}
                </span>
              </div>
              <div className="check">
                <input type="checkbox" id="field-remove_image" name="remove_image" value="1" />
                <label htmlFor="field-remove_image">{t('categories.pictureRemove')}</label>
              </div>
            </>
          ) : null}
        </fieldset>
        <p>
          <button type="submit" className="button">
            {t('categories.save')}
          </button>
        </p>
      </Form>

      <CategoryPicture categoryId={c.id} image={c.image} defaultAlt={c.name} done={params.get('image') === '1'} />

      <section className="category-edit__delete" aria-labelledby="delete-heading">
        <h2 id="delete-heading">{t('categories.delete.heading')}</h2>
        {c.isDefault ? (
          <p>{t('categories.delete.default')}</p>
        ) : (
          <Form method="post">
            <CsrfField />
            <input type="hidden" name="intent" value="delete" />
            <ul>
              <li>{c.products ? (c.parentId ? plural('categories.delete.products', c.products, { target }) : t('categories.delete.productsTop')) : t('categories.delete.noProducts')}</li>
              {c.children ? <li>{plural('categories.delete.children', c.children, { target })}</li> : null}
            </ul>
            <div className="check">
              <input type="checkbox" id="field-confirm" name="confirm" value="1" required aria-invalid={fields.confirm ? true : undefined} aria-describedby={fields.confirm ? 'field-confirm-error' : undefined} />
              <label htmlFor="field-confirm">{t('categories.delete.confirm', { name: c.name })}</label>
            </div>
            {fields.confirm ? (
              <p className="error" id="field-confirm-error" role="alert">
                {fields.confirm}
              </p>
            ) : null}
            <button type="submit" className="button button--secondary">
              {t('categories.delete.button')}
            </button>
          </Form>
        )}
      </section>
    </>
  );
}
