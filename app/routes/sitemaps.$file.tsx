import type { Route } from './+types/sitemaps.$file';
import { sitemapFile } from '../features/catalog/sitemap.server.ts';

export async function loader({ context, params }: Route.LoaderArgs) {
  const name = params.file.replace(/\.xml$/, '');
  const xml = params.file.endsWith('.xml') ? await sitemapFile(context.services.db, context.origin, name) : null;
  if (xml === null) throw new Response('Not Found', { status: 404 });
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
