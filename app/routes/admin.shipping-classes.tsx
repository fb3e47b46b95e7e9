import { Form, Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { AdminTable } from '../features/admin/components/admin-table.tsx';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/roles.ts';
import { addShippingClass } from '../features/shipping/methods-admin.server.ts';
import { deleteShippingClass, listShippingClassesAdmin, renameShippingClass, shippingClassUsage } from '../features/shipping/shipping-classes.server.ts';
import { SHIPPING_CLASS_LIMITS } from '../config/constants.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject, idFromText } from '../lib/validate.ts';
import { plural, t } from '../i18n/t-admin.ts';

/*
 * /admin/shipping-classes: list with how many products and variations use each, add, rename
 * (a new slug is carried to products, variations and flat rates), delete. "Delete" opens
 * `?delete=<id>`, which says what the deletion clears before a ticked box confirms it.
 */

export const meta: MetaFunction = () => [{ title: `${t('admin.nav.shippingClasses')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const { db } = context.services;
  const asked = idFromText(new URL(request.url).searchParams.get('delete'));
  return { classes: await listShippingClassesAdmin(db), deleting: asked === null ? null : await shippingClassUsage(db, asked) };
}

export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const values = formToObject(await request.formData());
  const { db } = context.services;
  return formAction(async () => {
    if (values.intent === 'add') {
      await addShippingClass(db, values);
      return { done: t('shippingClasses.added', { name: values.name?.trim() ?? '' }) };
    }
    if (values.intent === 'rename') return { done: t('shippingClasses.saved', { name: (await renameShippingClass(db, values)).name }) };
    if (values.intent === 'delete') {
      const { name, cleared } = await deleteShippingClass(db, values);
      return { done: plural('shippingClasses.deleted', cleared, { name }) };
    }
    throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
  }, values);
}

export default function AdminShippingClasses() {
  const { classes, deleting } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError | { done: string }>();
  const error = isActionError(result) ? result : undefined;
  const fields = error?.error.fields ?? {};
  // After a deletion the confirmation is gone with its class.
  const confirming = deleting && classes.some((c) => c.id === deleting.id) ? deleting : null;
  return (
    <>
      <h1>{t('admin.nav.shippingClasses')}</h1>
      <p className="hint">{t('shippingClasses.intro')}</p>
      <ActionNotice result={result} />
      {confirming ? (
        <section className="notice" aria-labelledby="confirm-heading">
          <h2 id="confirm-heading">{t('shippingClasses.confirmHeading', { name: confirming.name })}</h2>
          <ul>
            <li>{confirming.uses ? plural('shippingClasses.confirmUse', confirming.uses) : t('shippingClasses.confirmUnused')}</li>
            {confirming.methods ? <li>{plural('shippingClasses.confirmMethods', confirming.methods)}</li> : null}
          </ul>
          <Form method="post" action="/admin/shipping-classes">
            <CsrfField />
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={confirming.id} />
            <div className="check">
              <input type="checkbox" id="confirm-delete" name="confirm" value="1" required aria-invalid={fields.confirm ? true : undefined} />
              <label htmlFor="confirm-delete">{t('shippingClasses.confirmBox', { name: confirming.name })}</label>
            </div>
            <p className="admin-actions">
              <button type="submit" className="button">
                {t('shippingClasses.confirmButton')}
              </button>
              <Link to="/admin/shipping-classes" className="button button--ghost">
                {t('shippingClasses.cancel')}
              </Link>
            </p>
          </Form>
        </section>
      ) : null}
      {/* A new form after each change: the fields of the one just added are not left in it. */}
      <Form method="post" action="/admin/shipping-classes" className="admin-list__query" aria-label={t('shippingClasses.add')} key={result && !error ? (result as { done: string }).done : 'add'}>
        <CsrfField />
        <input type="hidden" name="intent" value="add" />
        <div className="admin-list__field">
          <label htmlFor="class-name">{t('shippingClasses.name')}</label>
          <input id="class-name" name="name" required maxLength={SHIPPING_CLASS_LIMITS.nameMax} aria-invalid={fields.name ? true : undefined} />
        </div>
        <div className="admin-list__field">
          <label htmlFor="class-slug">{t('shippingClasses.slug')}</label>
          <input id="class-slug" name="slug" maxLength={SHIPPING_CLASS_LIMITS.slugMax} aria-describedby="class-slug-hint" aria-invalid={fields.slug ? true : undefined} />
        </div>
        <button type="submit" className="button button--small">
          {t('shippingClasses.add')}
        </button>
        <span className="hint" id="class-slug-hint">
          {t('shippingClasses.slugHint')}
        </span>
      </Form>
      <AdminTable
        label={t('admin.nav.shippingClasses')}
        rows={classes}
        rowKey={(c) => c.id}
        empty={<p>{t('shippingClasses.none')}</p>}
        columns={[
          { header: t('shippingClasses.name'), rowHeader: true, cell: (c) => c.name },
          { header: t('shippingClasses.slug'), cell: (c) => <code>{c.slug}</code> },
          { header: t('shippingClasses.products'), numeric: true, cell: (c) => c.uses },
          {
            header: t('shippingClasses.actions'),
            hideHeader: true,
            cell: (c) => (
              <div className="admin-actions">
                <details>
                  <summary>
                    {t('shippingClasses.edit')}
                    <span className="visually-hidden"> {c.name}</span>
                  </summary>
                  <Form method="post" action="/admin/shipping-classes" className="admin-quick">
                    <CsrfField />
                    <input type="hidden" name="intent" value="rename" />
                    <input type="hidden" name="id" value={c.id} />
                    <label>
                      {t('shippingClasses.name')}
                      <input name="name" defaultValue={c.name} required maxLength={SHIPPING_CLASS_LIMITS.nameMax} />
                    </label>
                    <label>
                      {t('shippingClasses.slug')}
                      <input name="slug" defaultValue={c.slug} maxLength={SHIPPING_CLASS_LIMITS.slugMax} />
                    </label>
                    <button type="submit" className="button button--small">
                      {t('shippingClasses.save')}
                    </button>
                  </Form>
                </details>
                <Link to={`/admin/shipping-classes?delete=${c.id}`} className="button button--ghost button--small" aria-label={t('shippingClasses.deleteLabel', { name: c.name })}>
                  {t('shippingClasses.delete')}
                </Link>
              </div>
            ),
          },
        ]}
      />
    </>
  );
}
