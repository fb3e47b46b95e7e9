import { Form, Link, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/roles.ts';
import { deletePermanently, trashedForDeletion } from '../features/catalog-admin/trash.server.ts';
import { formAction } from '../lib/action.server.ts';
import type { ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { idFromText } from '../lib/validate.ts';
import { plural, t } from '../i18n/t-admin.ts';

/*
 * /admin/products/delete: the confirmation before products leave the trash for good, then the
 * deletion. ?ids=… names chosen trashed products (a row's "Delete permanently", the trash's
 * bulk action), ?scope=all the whole trash ("Empty trash"). A plain form: the page asks, its
 * POST deletes (trash.server.ts) and returns to the trash with what was deleted.
 */

export const meta: MetaFunction = () => [{ title: `${t('trash.confirmTitle')} · ${t('admin.title')}` }];

const TRASH = '/admin/products?status=trash';

/** The request's choice: the whole trash, or product ids (a bad id is a 0, which the schema refuses). */
function choice(values: URLSearchParams | FormData): { scope: 'all' } | { ids: number[] } {
  if (values.get('scope') === 'all') return { scope: 'all' };
  return { ids: values.getAll('ids').map((v) => idFromText(String(v)) ?? 0) };
}

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const wanted = choice(new URL(request.url).searchParams);
  try {
    const { products, total } = await trashedForDeletion(context.services.db, wanted);
    return { all: 'scope' in wanted, products, total, refused: null };
  } catch (err) {
    // A product that is not in the trash (or no product at all): the page says so and offers no deletion.
    if (err instanceof HttpError && err.status < 500)
      return {
        all: 'scope' in wanted,
        products: [],
        total: 0,
        refused: err.message,
      };
    throw err;
  }
}

export async function action({ context, request }: ActionFunctionArgs) {
  const user = requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const form = await request.formData();
  return formAction(async () => {
    if (form.get('intent') !== 'delete') throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
    const { deleted } = await deletePermanently(context.services.db, choice(form));
    context.services.log.info(
      {
        userId: user.id,
        user: user.email,
        products: deleted.map((p) => ({ id: p.id, name: p.name, sku: p.sku })),
      },
      'products deleted permanently',
    );
    return redirect(`${TRASH}&deleted=${deleted.length}`);
  });
}

export default function AdminProductsDelete() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<ActionError>();
  const more = data.total - data.products.length;
  return (
    <>
      <h1>{t('trash.confirmTitle')}</h1>
      <ActionNotice result={result} />
      {data.refused ? (
        <p className="notice notice--error" role="alert">
          {data.refused}
        </p>
      ) : data.total === 0 ? (
        <p>{t('trash.nothing')}</p>
      ) : (
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="intent" value="delete" />
          {data.all ? <input type="hidden" name="scope" value="all" /> : data.products.map((p) => <input key={p.id} type="hidden" name="ids" value={p.id} />)}
          <p>
            <strong>{data.all ? plural('trash.confirmAll', data.total) : plural('trash.confirmSome', data.total)}</strong>
          </p>
          <ul>
            {data.products.map((p) => (
              <li key={p.id}>
                {p.name}
                {p.sku ? <span className="hint"> ({p.sku})</span> : null}
              </li>
            ))}
          </ul>
          {more > 0 ? <p>{plural('trash.more', more)}</p> : null}
          <p className="hint">{t('trash.confirmHint')}</p>
          <p className="admin-actions">
            <button type="submit" className="button">
              {t('trash.confirm')}
            </button>
          </p>
        </Form>
      )}
      <p>
        <Link to={TRASH}>{t('trash.cancel')}</Link>
      </p>
    </>
  );
}
