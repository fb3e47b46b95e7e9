import type { Route } from './+types/sitemap[.]xml';
import { sitemapIndex, sitemapUnavailable } from '../features/catalog/sitemap.server.ts';
import { trustedOrigin } from '../features/settings/origin.server.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const origin = await trustedOrigin(context.services, context.requestOrigin);
  if (!origin) return sitemapUnavailable(context.services);
  const xml = await sitemapIndex(context.services.db, origin);
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
