import type { Route } from './+types/wishlist.manage';
import { wishlistAction, wishlistPageData } from '../features/wishlist/wishlist-page.server.ts';
import { ManageLists } from '../features/wishlist/components/manage-lists.tsx';
import type { WishlistActionError } from '../features/wishlist/components/wishlist-page.tsx';
import { t } from '../i18n/t-wishlist.ts';
import '../features/wishlist/wishlist.css';

export const meta: Route.MetaFunction = () => [{ title: t('wishlist.manageTitle') }, { name: 'robots', content: 'noindex' }];

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const out = new Headers({ 'cache-control': 'private, no-store' });
  for (const c of actionHeaders.getSetCookie()) out.append('set-cookie', c);
  return out;
}

export const loader = ({ request, context }: Route.LoaderArgs) => wishlistPageData(request, context, null);
export const action = ({ request, context }: Route.ActionArgs) => wishlistAction(request, context);

export default function WishlistManage({ loaderData, actionData }: Route.ComponentProps) {
  return <ManageLists data={loaderData} error={actionData as WishlistActionError | undefined} />;
}
