import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { getSettings } from '../features/admin/settings.server.ts';
import { publicSettings } from '../features/admin/public-settings.ts';
import { getPage } from '../features/pages/pages-admin.server.ts';
import { pageData, pageForms } from '../features/pages/pages.server.ts';
import { pagePath } from '../features/pages/page-route.server.ts';
import { PAGE_EDITOR_ROLES } from '../features/pages/roles.ts';
import { HttpError } from '../lib/http-error.ts';
import { idFromText } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';
import '../features/pages/builder/builder.css';
import '../features/catalog/catalog.css';
import '../features/forms/forms.css';

/*
 * /admin/pages/:id/builder — the visual builder (features/pages/builder). The editor's
 * code (Puck and its config) loads in the browser from this route only, never on shop
 * pages. Without scripts the page points to the backend editor.
 */

const Builder = lazy(() => import('../features/pages/builder/builder.tsx'));

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${t('admin.builder.title')}: ${data?.page.title ?? ''} · ${t('admin.title')}` }];

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  requireStaff(context, request, PAGE_EDITOR_ROLES);
  const id = idFromText(params.id);
  if (id === null) throw new Response('Not Found', { status: 404 });
  const { db } = context.services;
  const page = await getPage(db, id).catch((e: unknown) => {
    if (e instanceof HttpError && e.status === 404) throw new Response('Not Found', { status: 404 });
    throw e;
  });
  const [settings, data, forms] = await Promise.all([getSettings(db), pageData(db, page.blocks), pageForms(context, page.blocks, pagePath(page.slug))]);
  return { page, data, forms, format: publicSettings(settings), liveUrl: pagePath(page.slug) };
}

export default function PageBuilder() {
  const { page, data, forms, format, liveUrl } = useLoaderData<typeof loader>();
  const [ready, setReady] = useState(false);
  const [search] = useSearchParams();
  useEffect(() => setReady(true), []);
  return (
    <div className="builder-route">
      <h1 className="visually-hidden">{t('admin.builder.title')}: {page.title}</h1>
      <p className="builder-route__links">
        <Link to={`/admin/pages/${page.id}`}>{t('admin.builder.backend')}</Link>
      </p>
      {ready ? (
        <Suspense fallback={<p role="status">{t('admin.builder.loading')}</p>}>
          <Builder pageId={page.id} title={page.title} version={page.version} blocks={page.blocks} ctx={{ data, format, forms, editor: null }} liveUrl={liveUrl} selected={search.get('block')} />
        </Suspense>
      ) : (
        <noscript>
          <p>{t('admin.builder.noscript')}</p>
        </noscript>
      )}
    </div>
  );
}
