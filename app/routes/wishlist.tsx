import { useLocation } from 'react-router';
import type { Route } from './+types/wishlist';
import { wishlistAction, wishlistPageData } from '../features/wishlist/wishlist-page.server.ts';
import { WishlistPage, type WishlistActionError } from '../features/wishlist/components/wishlist-page.tsx';
import { t } from '../i18n/t-wishlist.ts';
import '../features/wishlist/wishlist.css';

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.list?.name ?? t('wishlist.title') }, { name: 'robots', content: 'noindex' }];

/** Per shopper: never cached; a new guest cookie from a form post reaches the browser. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const out = new Headers({ 'cache-control': 'private, no-store' });
  for (const c of actionHeaders.getSetCookie()) out.append('set-cookie', c);
  return out;
}

export const loader = ({ request, context }: Route.LoaderArgs) => wishlistPageData(request, context, null);
export const action = ({ request, context }: Route.ActionArgs) => wishlistAction(request, context);

export default function Wishlist({ loaderData, actionData }: Route.ComponentProps) {
  const { key, pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete('done');
  const returnTo = `${pathname}${params.size ? `?${params}` : ''}`;
  return <WishlistPage key={key} data={loaderData} error={actionData as WishlistActionError | undefined} returnTo={returnTo} />;
}
