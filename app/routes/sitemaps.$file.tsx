import type { Route } from './+types/sitemaps.$file';
import { sitemapFile, sitemapUnavailable } from '../features/catalog/sitemap.server.ts';
import { trustedOrigin } from '../features/settings/origin.server.ts';

export async function loader({ context, params }: Route.LoaderArgs) {
  const origin = await trustedOrigin(context.services, context.requestOrigin);
  if (!origin) return sitemapUnavailable(context.services);
  const name = params.file.replace(/\.xml$/, '');
  const xml = params.file.endsWith('.xml') ? await sitemapFile(context.services.db, origin, name) : null;
  if (xml === null) throw new Response('Not Found', { status: 404 });
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
