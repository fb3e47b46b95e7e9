import { useLocation } from 'react-router';
import type { Route } from './+types/wishlist.view.$token';
import { wishlistAction, wishlistPageData } from '../features/wishlist/wishlist-page.server.ts';
import { WishlistPage, type WishlistActionError } from '../features/wishlist/components/wishlist-page.tsx';
import { plural, t } from '../i18n/t-wishlist.ts';
import '../features/wishlist/wishlist.css';

/** Shared and public lists carry Open Graph tags; private ones are seen only by their owner and staff (else 404). */
export const meta: Route.MetaFunction = ({ data, matches }) => {
  const list = data?.list;
  if (!list) return [{ title: t('wishlist.title') }];
  const store = (matches.find((m) => m?.id === 'root')?.data as { settings?: { storeName: string } } | undefined)?.settings?.storeName ?? 'Vitrine';
  const description = plural('wishlist.metaDescription', list.total, { list: list.name, store });
  const tags = [
    { title: `${list.name} — ${store}` },
    { name: 'description', content: description },
    { name: 'robots', content: list.visibility === 'public' ? 'index, follow' : 'noindex' },
  ];
  if (list.visibility === 'private') return tags;
  const image = list.items.find((i) => i.image)?.image?.src;
  return [
    ...tags,
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: list.name },
    { property: 'og:description', content: description },
    { property: 'og:url', content: `${data.origin}${list.url}` },
    ...(image ? [{ property: 'og:image', content: image.startsWith('http') ? image : `${data.origin}${image}` }] : []),
  ];
};

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const out = new Headers({ 'cache-control': 'private, no-store' });
  for (const c of actionHeaders.getSetCookie()) out.append('set-cookie', c);
  return out;
}

export const loader = ({ request, context, params }: Route.LoaderArgs) => wishlistPageData(request, context, params.token);
export const action = ({ request, context }: Route.ActionArgs) => wishlistAction(request, context);

export default function WishlistView({ loaderData, actionData }: Route.ComponentProps) {
  const { key, pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete('done');
  const returnTo = `${pathname}${params.size ? `?${params}` : ''}`;
  return <WishlistPage key={key} data={loaderData} error={actionData as WishlistActionError | undefined} returnTo={returnTo} />;
}
