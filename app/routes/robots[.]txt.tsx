import type { Route } from './+types/robots[.]txt';
import { robotsTxt } from '../features/catalog/sitemap.server.ts';
import { trustedOrigin } from '../features/settings/origin.server.ts';

export async function loader({ context }: Route.LoaderArgs) {
  const origin = await trustedOrigin(context.services, context.requestOrigin);
  return new Response(robotsTxt(origin), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' } });
}
