import type { Route } from './+types/robots[.]txt';
import { robotsTxt } from '../features/catalog/sitemap.server.ts';

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.origin), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' } });
}
