import type { Route } from './+types/home';
import { searchRedirect } from '../features/search/results-path.server.ts';
import { HOME_SLUG } from '../features/pages/blocks.schema.ts';
import { blockPageAction, loadBlockPage } from '../features/pages/page-route.server.ts';
import { BlockPage } from '../features/pages/render/index.tsx';
import { t } from '../i18n/t.ts';
import type { RouteHandle } from '../root.tsx';
import '../features/catalog/catalog.css';
import '../features/forms/forms.css';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = context.services;
  // "/?s=" (links from elsewhere, the reference theme's form): the search results.
  const params = new URL(request.url).searchParams;
  if (params.has('s')) throw await searchRedirect(db, params);
  return loadBlockPage(context, request, HOME_SLUG);
}

/** A contact form on the home page posted without scripts. */
export async function action({ context, request }: Route.ActionArgs) {
  return blockPageAction(context, request, HOME_SLUG);
}

/** A visitor's block page starts React after the load (entry.client.tsx). */
export const handle: RouteHandle = { hydrate: 'idle' };

export function meta({ data }: Route.MetaArgs) {
  const store = data?.settings.storeName ?? 'Vitrine';
  const title = data?.page.seoTitle || t('home.title', { store });
  return [
    { title },
    { name: 'description', content: data?.page.seoDescription || t('home.description', { store }) },
    { tagName: 'link', rel: 'canonical', href: `${data?.origin ?? ''}/` },
    { property: 'og:title', content: title },
    { property: 'og:type', content: 'website' },
  ];
}

/** The home page: the block page "home" (features/pages), or the default home blocks while none is published. */
export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { page, blocks, data, editor, settings } = loaderData;
  const forms = actionData?.forms ?? loaderData.forms;
  return (
    <div className="container home">
      {page.status === 'draft' ? <p className="notice">{t('pages.draftNotice')}</p> : null}
      <BlockPage title={settings.storeName} titleHidden blocks={blocks} pageId={page.id} context={{ data, format: settings, forms, editor }} />
    </div>
  );
}
