import { data, Link, redirect, useActionData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { setCategoryImage } from '../features/catalog-admin/category-edit.server.ts';
import { storeUploadedImages } from '../features/catalog-admin/product-editor.server.ts';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/roles.ts';
import type { ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { mediaStoreFor } from '../lib/media-store.server.ts';
import { idFromText } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';

/*
 * POST /admin/categories/image: a category's new picture (one file, multipart; or `media_id`, one
 * chosen in the media library's picker). Checked by
 * content and stored as the shop's WebP variants by the product pictures' own pipeline
 * (storeUploadedImages: sharp must decode it, SVG refused, metadata not copied), then set on
 * the category; back to the category's page. A refusal is answered
 * with its status and the message (this page without scripts, the upload form's fetcher with
 * them). Its body limit and role gate are server/pages.ts's ADMIN_UPLOADS.
 */

export const meta: MetaFunction = () => [{ title: `${t('categories.upload.heading')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  return null;
}

export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const form = await request.formData();
  const id = idFromText(String(form.get('id') ?? ''));
  const files = form.getAll('file').filter((f): f is File => typeof f === 'object' && f !== null && 'arrayBuffer' in f && (f as File).size > 0);
  const alt = String(form.get('alt') ?? '').trim().slice(0, 500);
  const { db, config } = context.services;
  try {
    if (id === null) throw new HttpError(404, 'not_found', t('categories.gone'));
    if (files.length > 1) throw new HttpError(400, 'invalid', 'file: Choose one picture.', { file: 'Choose one picture' });
    const exists = await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw new HttpError(404, 'not_found', t('categories.gone'));
    // A picture chosen in the media library's picker, by its id.
    const chosen = idFromText(String(form.get('media_id') ?? ''));
    if (chosen !== null && !files.length) {
      const found = await db.selectFrom('media').select('id').where('id', '=', chosen).executeTakeFirst();
      if (!found) throw new HttpError(404, 'not_found', t('media.error.gone'), { media_id: t('media.error.gone') });
      await setCategoryImage(db, id, chosen);
      return redirect(`/admin/categories/${id}?image=1`);
    }
    // Not inside a transaction: making the variants takes a while, and would hold SQLite's one connection meanwhile.
    const [image] = await storeUploadedImages(db, mediaStoreFor(config), files, alt);
    await setCategoryImage(db, id, image!.id);
    return redirect(`/admin/categories/${id}?image=1`);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    // The upload pipeline names its field ("images: …"); this form has one file field.
    const message = err.message.replace(/^images: /, '');
    return data<ActionError & { categoryId: number | null }>({ error: { code: err.code, message, fields: err.fields }, categoryId: id }, { status: err.status });
  }
}

export default function CategoryImageUpload() {
  const result = useActionData<ActionError & { categoryId: number | null }>();
  return (
    <>
      <h1>{t('categories.upload.heading')}</h1>
      {result?.error ? (
        <p className="notice notice--error" role="alert">
          {result.error.message}
        </p>
      ) : (
        <p>{t('categories.upload.only')}</p>
      )}
      <p>
        <Link to={result?.categoryId ? `/admin/categories/${result.categoryId}` : '/admin/categories'}>{t('categories.upload.back')}</Link>
      </p>
    </>
  );
}
