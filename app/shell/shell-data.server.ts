import type { AppLoadContext } from 'react-router';
import { getSettings } from '../features/settings/settings.server.ts';
import { publicSettings } from '../features/settings/public-settings.ts';
import { menuCategories } from '../features/catalog/catalog.server.ts';
import { shellMenus } from '../features/menus/menus.server.ts';
import { themeCss } from '../features/theme/theme.server.ts';
import { isStaff } from '../lib/roles.ts';
import { hydrationChunk } from '../lib/hydration-chunk.server.ts';
import { visitorCart } from '../features/cart/visitor-cart.server.ts';
import { visitorWishlist } from '../features/wishlist/visitor-wishlist.server.ts';
import { chatWidgetSettings } from '../features/chat/chat-settings.server.ts';
import { paymentTestModes } from '../features/payments/test-mode.ts';
import { noticeCookie } from './store-notice-cookie.ts';

/**
 * What every storefront page's frame shows (header, footer, notices, the chat's launcher):
 * read once per page by the root route's loader. `headers` carries the cookies the visitor's
 * cart and wishlist set.
 */
export async function loadShell({ context, request }: { context: AppLoadContext; request: Request }) {
  const { db } = context.services;
  const [settings, menu, menus, chat] = await Promise.all([getSettings(db), menuCategories(db), shellMenus(db), chatWidgetSettings(db)]);
  const cookies = request.headers.get('cookie') ?? '';
  const noticeHidden = settings.storeNotice !== '' && cookies.split(/;\s*/).some((c) => c.startsWith(`${noticeCookie(settings.storeNotice)}=`));
  const [cart, wishlist] = await Promise.all([visitorCart(request, context), visitorWishlist(request, context)]);
  const data = {
    noticeHidden,
    user: context.user ? { name: context.user.name, email: context.user.email, staff: isStaff(context.user.role) } : null,
    // Empty on pages shared from the cache; scripts read it from its cookie (app/lib/csrf-token.ts).
    csrfToken: context.csrfToken,
    settings: publicSettings(settings),
    // The payment providers using test keys (the storefront says so): their names only.
    paymentTestModes: paymentTestModes(settings),
    menu,
    // The live chat's launcher (null: the chat is off).
    chat,
    menus,
    // The theme's colours, fonts and columns (the style is built here: its code stays out of the browser's).
    themeStyle: themeCss(settings),
    // Preloaded by pages that start React at load (entry.client.tsx).
    hydrationChunk: hydrationChunk(),
    cartCount: cart.count,
    added: cart.added,
    // Back from a heart pressed without scripts (visitor-wishlist.server.ts): the notice, and the
    // count and products the header icon and hearts show until scripts fetch them.
    wishlistAdded: wishlist.added,
    wishlist: wishlist.state,
  };
  const headers = new Headers();
  for (const c of [cart.setCookie, wishlist.setCookie]) if (c) headers.append('set-cookie', c);
  return { data, headers };
}

/** The root route's data: what `loadShell` reads. */
export type ShellData = Awaited<ReturnType<typeof loadShell>>['data'];
