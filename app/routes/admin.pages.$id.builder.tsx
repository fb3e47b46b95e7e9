import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLoaderData, useSearchParams, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { z } from 'zod';
import { getSettings } from '../features/settings/settings.server.ts';
import { publicSettings } from '../features/settings/public-settings.ts';
import { PAGE_REVISIONS_SHOWN } from '../features/pages/constants.ts';
import { editedPageOr404, pageEditorRequest } from '../features/pages/editor-route.server.ts';
import { getRevision, listRevisions, restoreRevision } from '../features/pages/pages-admin.server.ts';
import { pageData, pageForms } from '../features/pages/pages.server.ts';
import { pagePath } from '../features/pages/page-route.server.ts';
import { revalidateAfterRefusal } from '../features/pages/revalidate.ts';
import { formAction } from '../lib/action.server.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject, idFromText, parseInput, rowIdText } from '../lib/validate.ts';
import type { DB } from '../../db/client.ts';
import { t } from '../i18n/t-admin.ts';
import type { RouteHandle } from '../root.tsx';
import '../features/pages/builder/builder.css';
import '../features/catalog/catalog.css';
import '../features/forms/forms.css';

/*
 * /admin/pages/:id/builder — the visual builder (features/pages/builder). The editor's
 * code (Puck and its config) loads in the browser from this route only, never on shop
 * pages. Without scripts the page points to the backend editor.
 *
 * Its revisions panel reads this loader too (`?revision=<id>` adds that revision's tree
 * and what its blocks show, for the preview) and restores through this action, the same
 * rule as the backend editor's (a new revision, 409 when made from an old version).
 *
 * The canvas takes the window: the admin's navigation folds behind its menu button here.
 */

export const handle: RouteHandle = { adminNav: 'folded' };

const Builder = lazy(() => import('../features/pages/builder/builder.tsx'));

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${t('admin.builder.title')}: ${data?.page.title ?? ''} · ${t('admin.title')}` }];

/** A revision with what its blocks show; null when the page no longer keeps it. */
async function revisionPreview(context: AppLoadContext, db: DB, id: number, slug: string, raw: string) {
  const rev = idFromText(raw);
  const revision = rev === null ? null : await getRevision(db, id, rev).catch((e: unknown) => (e instanceof HttpError && e.status === 404 ? null : Promise.reject(e)));
  if (!revision) return null;
  const [data, forms] = await Promise.all([pageData(db, revision.blocks), pageForms(context, revision.blocks, pagePath(slug))]);
  return { revision, data, forms };
}

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const { id } = pageEditorRequest(context, request, params.id);
  const { db } = context.services;
  const page = await editedPageOr404(db, id);
  const wanted = new URL(request.url).searchParams.get('revision');
  const [settings, data, forms, revisions, preview] = await Promise.all([
    getSettings(db),
    pageData(db, page.blocks),
    pageForms(context, page.blocks, pagePath(page.slug)),
    listRevisions(db, id, PAGE_REVISIONS_SHOWN),
    wanted === null ? null : revisionPreview(context, db, id, page.slug, wanted),
  ]);
  return { page, data, forms, format: publicSettings(settings), liveUrl: pagePath(page.slug), revisions, preview };
}

const restoreSchema = z.object({ intent: z.literal('restore'), revision: rowIdText, version: z.coerce.number().int().min(1).max(2_147_483_647) });

export async function action({ context, request, params }: ActionFunctionArgs) {
  const { user, id } = pageEditorRequest(context, request, params.id);
  const values = formToObject(await request.formData());
  return formAction(async () => {
    const { revision, version } = parseInput(restoreSchema, values);
    const page = await restoreRevision(context.services.db, id, revision, { version }, user.id);
    return { done: t('admin.pages.restoredDone'), version: page.version };
  }, values);
}

export const shouldRevalidate = revalidateAfterRefusal;

export default function PageBuilder() {
  const { page, data, forms, format, liveUrl, revisions } = useLoaderData<typeof loader>();
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
          <Builder
            pageId={page.id}
            title={page.title}
            version={page.version}
            blocks={page.blocks}
            ctx={{ data, format, forms, editor: null }}
            liveUrl={liveUrl}
            selected={search.get('block')}
            revisions={revisions}
          />
        </Suspense>
      ) : (
        <noscript>
          <p>{t('admin.builder.noscript')}</p>
        </noscript>
      )}
    </div>
  );
}
