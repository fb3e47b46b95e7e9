import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { IMAGE_MAX_BYTES, IMAGE_MAX_FILES, storeUploadedImages } from '../features/catalog-admin/product-editor.server.ts';
import { listLibrary } from '../features/media/library.server.ts';
import { MEDIA_ROLES } from '../features/media/roles.ts';
import { HttpError } from '../lib/http-error.ts';
import { mediaStoreFor } from '../lib/media-store.server.ts';

/*
 * /admin/media.json — the media library for scripts: GET `?q=&page=` answers a page of
 * pictures (with where each is used) and the upload limits, for the picker; POST uploads
 * several pictures (multipart `files`, `alt`), answered `{images}` or `{error}` with its
 * status. `keep=1`: uploaded into the library on purpose; otherwise an editor's upload,
 * removed a day later when nothing uses it.
 */

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, MEDIA_ROLES);
  const page = await listLibrary(context.services.db, new URL(request.url).searchParams, 24);
  return Response.json({ ...page, maxBytes: IMAGE_MAX_BYTES, maxFiles: IMAGE_MAX_FILES });
}

export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, MEDIA_ROLES);
  const form = await request.formData();
  const files = form.getAll('files').filter((f): f is File => typeof f === 'object' && f !== null && 'arrayBuffer' in f && (f as File).size > 0);
  const alt = String(form.get('alt') ?? '').trim().slice(0, 500);
  try {
    const images = await storeUploadedImages(context.services.db, mediaStoreFor(context.services.config), files, alt, { unsaved: form.get('keep') !== '1' });
    return Response.json({ images }, { status: 201 });
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return Response.json({ error: { code: err.code, message: err.message, fields: err.fields } }, { status: err.status });
  }
}
