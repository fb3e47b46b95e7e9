import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { IMAGE_MAX_BYTES, IMAGE_MAX_FILES, storeUploadedImages } from '../features/catalog-admin/product-editor.server.ts';
import { PRODUCT_ADMIN_ROLES } from '../features/catalog-admin/roles.ts';
import { HttpError } from '../lib/http-error.ts';
import { mediaStoreFor } from '../lib/media-store.server.ts';

/*
 * POST /admin/products/images.json: the editor's picture upload sent by XMLHttpRequest (for
 * its progress bar and dropped files), answered as JSON: `{images}` or `{error}` with the
 * status. The same checks as /admin/products/images; GET answers the limits.
 */

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  return Response.json({ maxBytes: IMAGE_MAX_BYTES, maxFiles: IMAGE_MAX_FILES });
}

export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, PRODUCT_ADMIN_ROLES);
  const form = await request.formData();
  const files = form.getAll('files').filter((f): f is File => typeof f === 'object' && f !== null && 'arrayBuffer' in f && (f as File).size > 0);
  try {
    const images = await storeUploadedImages(context.services.db, mediaStoreFor(context.services.config), files, String(form.get('alt') ?? '').slice(0, 500));
    return Response.json({ images });
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return Response.json({ error: { code: err.code, message: err.message, fields: err.fields } }, { status: err.status });
  }
}
