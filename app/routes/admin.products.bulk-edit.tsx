import { Form, Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { getSettings } from '../features/settings/settings.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { ActionNotice, type Skipped } from '../features/admin/components/action-notice.tsx';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/roles.ts';
import { bulkEditProducts, chosenForBulkEdit } from '../features/catalog-admin/bulk-edit.server.ts';
import { parseBulkEdit } from '../features/catalog-admin/bulk-edit-input.ts';
import { BulkEditFields } from '../features/catalog-admin/components/bulk-edit-form.tsx';
import { editorOptions } from '../features/catalog-admin/product-editor.server.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { idFromText } from '../lib/validate.ts';
import type { PriceFormat } from '../lib/money.ts';
import { plural, t } from '../i18n/t-admin.ts';
import { staffActor } from '../features/stock/stock-log.server.ts';
import { kickStockAlerts } from '../features/stock/stock-alerts.server.ts';

/*
 * /admin/products/bulk-edit?ids=…: the list's bulk "Edit" (bulk-edit.server.ts). The page
 * names the chosen products and holds one plain form of changes, each at "No change"; its
 * POST applies them all in one transaction and answers with the summary of what changed
 * (with or without scripts alike), the list a link away with the filters it came from.
 */

export const meta: MetaFunction = () => [{ title: `${t('bulkEdit.title')} · ${t('admin.title')}` }];

const backTo = (raw: string | null) => (raw && /^\/admin\/products(\?[^#\s]*)?$/.test(raw) ? raw : '/admin/products');
const idsOf = (values: URLSearchParams | FormData) => values.getAll('ids').flatMap((v) => idFromText(String(v)) ?? []);

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const { db } = context.services;
  const params = new URL(request.url).searchParams;
  const [chosen, options, settings] = await Promise.all([chosenForBulkEdit(db, idsOf(params)), editorOptions(db), getSettings(db)]);
  return { ...chosen, options: { categories: options.categories, shippingClasses: options.shippingClasses, taxClasses: options.taxClasses, currency: settings.currency }, back: backTo(params.get('back')) };
}

type Done = { done: string; skipped: Skipped; stamp: number };

export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const { db } = context.services;
  const form = await request.formData();
  const posted = Object.fromEntries([...form.keys()].filter((k) => k !== 'ids').map((k) => [k, form.getAll(k).map(String).join(', ')]));
  return formAction<Done>(async () => {
    const settings = await getSettings(db);
    const result = await bulkEditProducts(db, parseBulkEdit(form, settings.currency), staffActor(user), settings as PriceFormat);
    kickStockAlerts(context.services);
    return { done: result.summary, skipped: result.skipped, stamp: Date.now() };
  }, posted);
}

export default function AdminProductsBulkEdit() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<ActionError | Done>();
  const error = isActionError(result) ? result : undefined;
  const more = data.total - data.products.length;
  return (
    <>
      <h1>{t('bulkEdit.title')}</h1>
      <ActionNotice result={result} />
      {data.total === 0 ? (
        <p>{t('bulkEdit.nothingChosen')}</p>
      ) : (
        // A new form after each update (its fields back at "No change"), so sending it again cannot apply a change twice.
        <Form method="post" key={result && !error ? (result as Done).stamp : 0}>
          <CsrfField />
          <input type="hidden" name="back" value={data.back} />
          {data.ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          <p>
            <strong>{plural('bulkEdit.chosen', data.total)}</strong>
          </p>
          <ul className="admin-bulk-chosen">
            {data.products.map((p) => (
              <li key={p.id}>
                {p.name}
                {p.sku ? <span className="hint"> ({p.sku})</span> : null}
                {p.type === 'variable' ? <span className="hint"> — {t('products.type.variable')}</span> : null}
              </li>
            ))}
          </ul>
          {more > 0 ? <p>{plural('bulkEdit.more', more)}</p> : null}
          <p className="hint">{t('bulkEdit.intro')}</p>
          <BulkEditFields options={data.options} values={error?.values ?? {}} errors={error?.error.fields ?? {}} />
          <p className="admin-actions admin-bulk-submit">
            <button type="submit" className="button">
              {t('bulkEdit.submit')}
            </button>
          </p>
        </Form>
      )}
      <p>
        <Link to={data.back}>{t('bulkEdit.back')}</Link>
      </p>
    </>
  );
}
