import { Form, Link, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { getSettings } from '../features/settings/settings.server.ts';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/roles.ts';
import { loadQuickEdit, saveQuickEdit, type QuickValues } from '../features/catalog-admin/quick-edit.server.ts';
import { QuickEditFields } from '../features/catalog-admin/components/quick-edit-form.tsx';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { idFromText } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';
import { staffActor } from '../features/stock/stock-log.server.ts';
import { kickStockAlerts } from '../features/stock/stock-alerts.server.ts';

/*
 * /admin/products/:id/quick: one product's quick edit (quick-edit.server.ts). Without
 * scripts the list's "Quick edit" link opens this page, whose plain form saves and goes back
 * to the list it came from (`back`). With scripts the list loads this loader into a dialog
 * over the row and posts here with `inline`, answered with the notice instead of a redirect.
 */

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: `${t('quickEdit.title', { name: d?.values.name ?? '' })} · ${t('admin.title')}` }];

/** Where to go back to: the product list with its filters, nothing else. */
const backTo = (raw: string | null) => (raw && /^\/admin\/products(\?[^#\s]*)?$/.test(raw) ? raw : '/admin/products');

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const { db } = context.services;
  const id = idFromText(params.id);
  const { currency } = await getSettings(db);
  const found = id === null ? null : await loadQuickEdit(db, id, currency);
  if (!found) throw new Response('Not found', { status: 404 });
  return { ...found, currency, back: backTo(new URL(request.url).searchParams.get('back')) };
}

export type QuickDone = { done: string; version: string };

export async function action({ context, request, params }: ActionFunctionArgs) {
  const user = requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const { db } = context.services;
  const form = await request.formData();
  const id = idFromText(params.id);
  if (id === null) throw new Response('Not found', { status: 404 });
  const posted = Object.fromEntries([...form.keys()].map((k) => [k, form.getAll(k).map(String).join(', ')]));
  return formAction<QuickDone | Response>(async () => {
    const { currency } = await getSettings(db);
    const saved = await saveQuickEdit(db, id, form, currency, staffActor(user));
    // Stock taken down to its low-stock line is e-mailed after the commit.
    kickStockAlerts(context.services);
    const done = t('productList.quickSaved', { name: saved.name });
    if (form.get('inline') === '1') return { done, version: saved.version };
    const back = backTo(String(form.get('back') ?? ''));
    return redirect(`${back}${back.includes('?') ? '&' : '?'}saved=1`);
  }, posted);
}

/** The posted values over the loaded ones, so a refused form keeps what was typed. */
export function refill(values: QuickValues, posted: Record<string, string> | undefined): QuickValues {
  if (!posted) return values;
  const text = (k: keyof QuickValues) => (k in posted ? posted[k]! : (values[k] as string));
  return {
    ...values,
    name: text('name'),
    slug: text('slug'),
    sku: text('sku'),
    regular_price: text('regular_price'),
    sale_price: text('sale_price'),
    stock_quantity: text('stock_quantity'),
    stock_status: text('stock_status'),
    status: text('status'),
    catalog_visibility: text('catalog_visibility'),
    shipping_class: text('shipping_class'),
    tags: text('tags'),
    manage_stock: 'manage_stock' in posted ? posted.manage_stock!.split(', ').includes('1') : values.manage_stock,
    categories: 'categories' in posted ? posted.categories!.split(', ').filter((c) => /^\d+$/.test(c)).map(Number) : values.categories,
  };
}

export default function QuickEditPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<ActionError | QuickDone>();
  const error = isActionError(result) ? result : undefined;
  const values = refill(data.values, error?.values);
  return (
    <>
      <h1>{t('quickEdit.title', { name: data.values.name })}</h1>
      <p>
        <Link to={data.back}>{t('quickEdit.back')}</Link> · <Link to={`/admin/products/${data.values.id}`}>{t('quickEdit.fullEditor')}</Link>
      </p>
      <ActionNotice result={error?.error.fields && error.error.code !== 'conflict' ? { ...error, error: { ...error.error, message: t('quickEdit.checkFields') } } : error} />
      {error?.error.code === 'conflict' ? (
        <p>
          <Link to={`/admin/products/${data.values.id}/quick?back=${encodeURIComponent(data.back)}`} reloadDocument>
            {t('quickEdit.reload')}
          </Link>
        </p>
      ) : null}
      <Form method="post" className="admin-quick-edit-form">
        <input type="hidden" name="back" value={data.back} />
        <QuickEditFields values={values} options={data} errors={error?.error.fields ?? {}} prefix="quick">
          <p className="admin-actions">
            <button type="submit" className="button">
              {t('productList.quickSave')}
            </button>
            <Link className="button button--ghost" to={data.back}>
              {t('quickEdit.cancel')}
            </Link>
          </p>
        </QuickEditFields>
      </Form>
    </>
  );
}
