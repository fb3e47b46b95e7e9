import type { Route } from './+types/sitemap[.]xml';
import { sitemapIndex } from '../features/catalog/sitemap.server.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const xml = await sitemapIndex(context.services.db, context.origin);
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
