import type { Route } from './+types/home';
import { getSettings } from '../features/admin/settings.server.ts';
import { trustedOrigin } from '../features/admin/origin.server.ts';
import { publicSettings } from '../features/admin/public-settings.ts';
import { homeBlocks } from '../features/content/home-layout.server.ts';
import { HomeSections } from '../features/content/components/home-sections.tsx';
import { t } from '../i18n/t.ts';
import { searchRedirect } from '../features/search/results-path.server.ts';
import '../features/catalog/catalog.css';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = context.services;
  // "/?s=" (links from elsewhere, the reference theme's form): the search results.
  const params = new URL(request.url).searchParams;
  if (params.has('s')) throw await searchRedirect(db, params);
  const [settings, blocks, origin] = await Promise.all([
    getSettings(db),
    homeBlocks(db),
    trustedOrigin(context.services, context.requestOrigin),
  ]);
  return { settings: publicSettings(settings), blocks, origin: origin ?? '' };
}

export function meta({ data }: Route.MetaArgs) {
  const store = data?.settings.storeName ?? 'Vitrine';
  return [
    { title: t('home.title', { store }) },
    { name: 'description', content: t('home.description', { store }) },
    { tagName: 'link', rel: 'canonical', href: `${data?.origin ?? ''}/` },
    { property: 'og:title', content: t('home.title', { store }) },
    { property: 'og:type', content: 'website' },
  ];
}

/** The home page: the sections of the store's home layout (features/content). */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings, blocks } = loaderData;
  return (
    <div className="container home">
      <HomeSections blocks={blocks} format={settings} storeName={settings.storeName} />
    </div>
  );
}
