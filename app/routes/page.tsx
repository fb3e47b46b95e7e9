import type { Route } from './+types/page';
import { redirect } from 'react-router';
import { HOME_SLUG, SLUG_PATTERN } from '../features/pages/blocks.schema.ts';
import { blockPageAction, loadBlockPage } from '../features/pages/page-route.server.ts';
import { BlockPage } from '../features/pages/render/index.tsx';
import { t } from '../i18n/t.ts';
import type { RouteHandle } from '../root.tsx';
import '../features/catalog/catalog.css';
import '../features/forms/forms.css';

/*
 * A block page at /<slug> (features/pages). Shop routes are matched first (they are
 * static); slugs are never one of them (blocks.schema.ts RESERVED_SLUGS). Published pages
 * are the same for every visitor, so the page cache keeps them (server/page-cache.ts).
 */

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const slug = params.slug;
  if (slug === HOME_SLUG) throw redirect('/', 301);
  if (!SLUG_PATTERN.test(slug)) throw new Response('Not Found', { status: 404 });
  return loadBlockPage(context, request, slug);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  if (!SLUG_PATTERN.test(params.slug)) throw new Response('Not Found', { status: 404 });
  return blockPageAction(context, request, params.slug);
}

/** A visitor's block page starts React after the load (entry.client.tsx). */
export const handle: RouteHandle = { hydrate: 'idle' };

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  const store = data.settings.storeName;
  const title = `${data.page.seoTitle || data.page.title} · ${store}`;
  return [
    { title },
    ...(data.page.seoDescription ? [{ name: 'description', content: data.page.seoDescription }] : []),
    { tagName: 'link', rel: 'canonical', href: `${data.origin}${data.path}` },
    { property: 'og:title', content: data.page.seoTitle || data.page.title },
    { property: 'og:type', content: 'website' },
    ...(data.page.noindex || data.page.status === 'draft' ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { page, blocks, data, editor, settings } = loaderData;
  const forms = actionData?.forms ?? loaderData.forms;
  return (
    <div className="container">
      {page.status === 'draft' ? <p className="notice">{t('pages.draftNotice')}</p> : null}
      <BlockPage title={page.title} blocks={blocks} pageId={page.id} context={{ data, format: settings, forms, editor }} />
    </div>
  );
}
