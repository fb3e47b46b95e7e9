import { data, Link, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { storeUploadedImages } from '../features/catalog-admin/product-editor.server.ts';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/products-admin.server.ts';
import { HttpError } from '../lib/http-error.ts';
import { mediaStoreFor } from '../lib/media-store.server.ts';
import { t } from '../i18n/t-admin.ts';

/*
 * Picture uploads of the product editor: stored as the shop's WebP variants (media rows),
 * answered with their ids for the editor's gallery (saved with the product). A form sent
 * without scripts is sent back to the editor with the new pictures in its address.
 */

export const meta: MetaFunction = () => [{ title: `${t('products.upload.title')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  return null;
}

const EDITOR = /^\/admin\/products\/(new|\d{1,10})$/;

export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const form = await request.formData();
  const files = form.getAll('files').filter((f): f is File => typeof f === 'object' && f !== null && 'arrayBuffer' in f && (f as File).size > 0);
  const alt = String(form.get('alt') ?? '').slice(0, 500);
  const back = String(form.get('return') ?? '');
  try {
    const images = await storeUploadedImages(context.services.db, mediaStoreFor(context.services.config), files, alt);
    if (form.get('js') === '1' || !EDITOR.test(back)) return { images };
    const before = String(form.get('existing') ?? '')
      .split(',')
      .filter((s) => /^\d{1,10}$/.test(s));
    return redirect(`${back}?add=${[...before, ...images.map((i) => String(i.id))].join(',')}`);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return data({ error: { code: err.code, message: err.message, fields: err.fields } }, { status: err.status });
  }
}

export default function UploadPictures() {
  return (
    <>
      <h1>{t('products.upload.title')}</h1>
      <p>
        {t('products.upload.only')} <Link to="/admin/products">{t('products.upload.back')}</Link>.
      </p>
    </>
  );
}
