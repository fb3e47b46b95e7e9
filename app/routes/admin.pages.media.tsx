import { data, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { UploadForm } from '../features/pages/components/upload-form.tsx';
import '../features/pages/admin-pages.css';
import { storeUploadedImages } from '../features/catalog-admin/product-editor.server.ts';
import { PAGE_EDITOR_ROLES } from '../features/pages/roles.ts';
import { imageSources } from '../lib/image.ts';
import { HttpError } from '../lib/http-error.ts';
import { mediaStoreFor } from '../lib/media-store.server.ts';
import { t } from '../i18n/t-admin.ts';

/*
 * /admin/pages/media — the media library of block pages: every stored picture (the shop's
 * WebP variants, made by sharp as for products) and an upload form. Alt text is required:
 * pictures in pages are content. Pictures are chosen in a block's settings by their id.
 */

export const meta: MetaFunction = () => [{ title: `${t('admin.pages.media')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, PAGE_EDITOR_ROLES);
  const media = await context.services.db.selectFrom('media').select(['id', 'path', 'widths', 'alt']).orderBy('id', 'desc').limit(200).execute();
  return { media };
}

const EDITOR = /^\/admin\/pages\/\d{1,10}$/;

export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, PAGE_EDITOR_ROLES);
  const form = await request.formData();
  const files = form.getAll('files').filter((f): f is File => typeof f === 'object' && f !== null && 'arrayBuffer' in f && (f as File).size > 0);
  const alt = String(form.get('alt') ?? '').trim().slice(0, 200);
  const back = String(form.get('return') ?? '');
  try {
    if (!alt) throw new HttpError(400, 'invalid', t('admin.pages.altRequired'), { alt: t('admin.pages.altRequired') });
    const images = await storeUploadedImages(context.services.db, mediaStoreFor(context.services.config), files, alt);
    if (EDITOR.test(back)) return redirect(`${back}?uploaded=${images.map((i) => i.id).join(',')}`);
    return { uploaded: images.map((i) => i.id) };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return data({ error: { code: err.code, message: err.message } }, { status: err.status });
  }
}

export default function PagesMedia() {
  const { media } = useLoaderData() as { media: { id: number; path: string; widths: string; alt: string }[] };
  const result = useActionData<{ error?: { message: string }; uploaded?: number[] }>();
  return (
    <>
      <h1>{t('admin.pages.media')}</h1>
      {result?.error ? (
        <p className="notice notice--error" role="alert">
          {result.error.message}
        </p>
      ) : result?.uploaded ? (
        <p className="notice" role="status">
          {t('admin.pages.uploaded', { ids: result.uploaded.join(', ') })}
        </p>
      ) : null}
      <UploadForm />
      <ul className="page-media">
        {media.map((m) => {
          const img = imageSources(m.path, m.widths, 200);
          return (
            <li key={m.id}>
              {img ? <img src={img.src} alt={m.alt} width={160} height={120} loading="lazy" /> : null}
              <span>
                {m.id}: {m.alt}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
