import type { Route } from './+types/search';
import { searchRedirect } from '../features/search/results-path.server.ts';

/**
 * `/search?q=&category=`: the search results are the shop listing with `s` (same grid, sort,
 * price filter, pagination and quick view; `noindex`), within the category when one is given.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return searchRedirect(context.services.db, new URL(request.url).searchParams);
}
