import { Form, Link, useActionData, useLoaderData, useRevalidator, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { listHref } from '../features/admin/components/admin-list.tsx';
import { storeUploadedImages } from '../features/catalog-admin/product-editor.server.ts';
import { deleteUnused, listLibrary, saveAlt } from '../features/media/library.server.ts';
import { MediaGrid } from '../features/media/components/media-grid.tsx';
import { MediaUpload } from '../features/media/components/media-upload.tsx';
import { MEDIA_ROLES } from '../features/media/roles.ts';
import type { LibraryPage } from '../features/media/types.ts';
import '../features/media/media.css';
import { formAction } from '../lib/action.server.ts';
import type { ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { mediaStoreFor } from '../lib/media-store.server.ts';
import { formToObject } from '../lib/validate.ts';
import { plural, t } from '../i18n/t-admin.ts';

/*
 * /admin/media — the media library: every stored picture a page at a time, searched by file
 * name or alt text; several uploaded at once (kept: uploaded on purpose); alt text edited;
 * where each is used; an unused one deleted (a used one is refused, naming its uses). Its
 * JSON twin, /admin/media.json, serves the picker and the scripted upload.
 */

export const meta: MetaFunction = () => [{ title: `${t('media.title')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, MEDIA_ROLES);
  return listLibrary(context.services.db, new URL(request.url).searchParams);
}

const uploaded = (form: FormData) => form.getAll('files').filter((f): f is File => typeof f === 'object' && f !== null && 'arrayBuffer' in f && (f as File).size > 0);

export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, MEDIA_ROLES);
  const { db, config } = context.services;
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  return formAction(async () => {
    if (intent === 'upload') {
      const alt = String(form.get('alt') ?? '').trim().slice(0, 500);
      const images = await storeUploadedImages(db, mediaStoreFor(config), uploaded(form), alt, { unsaved: false });
      return { done: plural('media.uploadedCount', images.length) };
    }
    const fields = formToObject(form);
    if (intent === 'alt') {
      await saveAlt(db, fields);
      return { done: t('media.altSaved') };
    }
    if (intent === 'delete') return { done: t('media.deleted', { name: await deleteUnused(db, mediaStoreFor(config), fields) }) };
    throw new HttpError(400, 'invalid', t('media.error.intent'), { intent: t('media.error.intent') });
  });
}

export default function MediaLibrary() {
  const lib = useLoaderData() as LibraryPage;
  const result = useActionData<ActionError | { done: string }>();
  const revalidator = useRevalidator();
  const href = (page: number) => listHref('/admin/media', { q: lib.q || undefined, page: page > 1 ? page : undefined });
  return (
    <>
      <h1>{t('media.title')}</h1>
      <ActionNotice result={result} />
      <MediaUpload keep onUploaded={() => revalidator.revalidate()} />
      <Form method="get" className="admin-list__query media-search" role="search" aria-label={t('media.searchLabel')}>
        <div className="admin-list__field">
          <label htmlFor="media-q">{t('media.search')}</label>
          <input id="media-q" type="search" name="q" defaultValue={lib.q} maxLength={200} />
        </div>
        <button type="submit" className="button button--small button--ghost">
          {t('media.searchButton')}
        </button>
      </Form>
      <p role="status">{plural('media.count', lib.total)}</p>
      <MediaGrid items={lib.items} />
      {lib.pages > 1 ? (
        <nav className="admin-list__pages" aria-label={t('media.pagesLabel')}>
          {lib.page > 1 ? <Link to={href(lib.page - 1)}>{t('media.previous')}</Link> : null}
          <span>{t('media.pageOf', { page: lib.page, pages: lib.pages })}</span>
          {lib.page < lib.pages ? <Link to={href(lib.page + 1)}>{t('media.next')}</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
