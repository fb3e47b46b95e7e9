import { data, Link, redirect, useActionData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/products-admin.server.ts';
import { addProductFile, removeProductFile, saveDownloadSettings } from '../features/downloads/files.server.ts';
import { HttpError } from '../lib/http-error.ts';
import { idFromText } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';

/*
 * The product editor's "Downloadable files" panel posts here (a form of its own beside the
 * editor's, multipart for the upload, so it works without scripts): add a file, remove one,
 * save the download limit and expiry. Done, it goes back to the editor; refused, this page
 * says what was wrong (naming the field) with the way back, and nothing was changed.
 */

export const meta: MetaFunction = () => [{ title: `${t('downloads.legend')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  return null;
}

export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const form = await request.formData();
  const productId = idFromText(String(form.get('product') ?? ''));
  if (productId === null) throw new HttpError(404, 'not_found', 'No such product.');
  const intent = String(form.get('intent') ?? '');
  const back = (done: string) => redirect(`/admin/products/${productId}?downloads=${done}#downloads`);
  try {
    if (intent === 'add') {
      const file = form.get('file');
      await addProductFile(context.services, productId, { name: form.get('name'), variation: form.get('variation') ?? '' }, typeof file === 'object' && file !== null ? (file as File) : null);
      return back('added');
    }
    if (intent === 'remove') {
      const fileId = idFromText(String(form.get('file_id') ?? ''));
      if (fileId === null) throw new HttpError(404, 'not_found', 'No such file on this product.');
      await removeProductFile(context.services, productId, fileId);
      return back('removed');
    }
    if (intent === 'settings') {
      await saveDownloadSettings(context.services.db, productId, { download_limit: form.get('download_limit') ?? '', download_expiry: form.get('download_expiry') ?? '' });
      return back('settings');
    }
    throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
  } catch (err) {
    if (!(err instanceof HttpError) || err.status >= 500) throw err;
    return data({ productId, error: { code: err.code, message: err.message, fields: err.fields } }, { status: err.status });
  }
}

export default function ProductDownloadsAnswer() {
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>{t('downloads.legend')}</h1>
      {result && 'error' in result ? (
        <div className="notice notice--error" role="alert">
          <p>{result.error.message}</p>
        </div>
      ) : null}
      <p>
        <Link to={result && 'productId' in result ? `/admin/products/${result.productId}#downloads` : '/admin/products'}>← {t('admin.nav.products')}</Link>
      </p>
    </>
  );
}
