import { data, redirect } from 'react-router';
import { trustedOrigin } from '../settings/origin.server.ts';
import type { RequestContext } from '../../lib/services.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { safeRedirect } from '../../lib/redirect.ts';
import { getSettings } from '../settings/settings.server.ts';
import { addItem, type CartAnswer } from '../cart/cart.server.ts';
import { cartCallerFrom, cartCookies, cartTokenFromCookies } from '../cart/cart-http.server.ts';
import { t } from '../../i18n/t-wishlist.ts';
import { wishlistCaller, wishlistCookie, wishlistTokenFromCookies } from './wishlist-http.server.ts';
import { addToWishlist, deleteItem, moveItem, sortItems, updateQuantity } from './wishlist.server.ts';
import { createList, deleteList, myLists, updateList } from './wishlist-lists.server.ts';
import { viewDefault, viewList } from './wishlist-view.server.ts';
import { askEstimate, estimateExtraFields } from './wishlist-estimate.server.ts';
import { newGuestToken } from './wishlist-http.server.ts';
import { wishlistAddedCookie } from './visitor-wishlist.server.ts';
import type { WishlistView } from './wishlist.schema.ts';
import type { WishlistCaller } from './wishlist-store.server.ts';

/** The wishlist pages' loaders and their form posts (which work without scripts). */

export const callerOfRequest = (request: Request, context: RequestContext) => wishlistCaller(context.services.db, context.user, wishlistTokenFromCookies(request.headers.get('cookie')));

/** Notices named by a code in the address (only known codes show, so a link cannot put words on the page). */
export const DONE_CODES = ['added', 'exists', 'removed', 'moved', 'saved', 'created', 'deleted', 'estimate', 'cart', 'sorted'] as const;
const doneOf = (v: string | null) => ((DONE_CODES as readonly string[]).includes(v ?? '') ? (v as (typeof DONE_CODES)[number]) : null);

export interface WishlistPageData {
  list: WishlistView | null;
  lists: { token: string; name: string; count: number; isDefault: boolean; visibility: string; url: string }[];
  settings: { multiple: boolean; layout: 'table' | 'grid'; estimates: boolean; estimateFields: string[]; guests: boolean };
  done: (typeof DONE_CODES)[number] | null;
  cartCount: number | null;
  origin: string;
  signedIn: boolean;
}

export async function wishlistPageData(request: Request, context: RequestContext, token: string | null): Promise<WishlistPageData> {
  const { services } = context;
  const url = new URL(request.url);
  const caller = await callerOfRequest(request, context);
  const query = { page: url.searchParams.get('page') ?? undefined, perPage: url.searchParams.get('per_page') ?? undefined };
  const settings = await getSettings(services.db);
  let list: WishlistView | null;
  try {
    list = token ? await viewList(services, caller, token, query) : await viewDefault(services, caller, query);
  } catch (err) {
    if (err instanceof HttpError) throw new Response(err.message, { status: 404 });
    throw err;
  }
  const mine = await myLists(services, caller);
  return {
    list,
    lists: mine.userWishlists,
    settings: {
      multiple: settings.wishlistMultiple,
      layout: settings.wishlistLayout,
      estimates: settings.wishlistEstimates,
      estimateFields: estimateExtraFields(settings.wishlistEstimateFields),
      guests: settings.wishlistGuests,
    },
    done: doneOf(url.searchParams.get('done')),
    cartCount: Number(url.searchParams.get('n')) || null,
    origin: (await trustedOrigin(services, context.requestOrigin)) ?? '',
    signedIn: !!context.user,
  };
}

const back = (to: string, done: string, headers?: Headers) => {
  const u = new URL(to, 'http://x');
  u.searchParams.set('done', done);
  return redirect(`${u.pathname}${u.search}`, headers ? { headers } : undefined);
};

/**
 * Every form of the wishlist pages and the no-script heart. `intent` names the action; a
 * row action carries the item id after a colon ("remove:12"), so one table form serves all rows.
 */
export async function wishlistAction(request: Request, context: RequestContext) {
  const { services } = context;
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string') values[k] = v;
  const caller = await callerOfRequest(request, context);
  const returnTo = safeRedirect(values.redirect, '/wishlist');
  const [intent, arg] = (values.intent ?? '').split(':');
  const itemId = Number(arg);
  const token = values.token ?? '';
  const headers = new Headers();
  try {
    switch (intent) {
      case 'add': {
        const attributes = Object.fromEntries(Object.entries(values).filter(([k]) => k.startsWith('attribute_')));
        const r = await addToWishlist(services, caller, {
          productId: values.productId,
          variationId: values.variationId || undefined,
          attributes: Object.keys(attributes).length ? attributes : undefined,
          ...(values.wishlist ? { wishlist: values.wishlist } : {}),
        });
        if (r.guestToken) headers.append('set-cookie', wishlistCookie(r.guestToken, context.secure));
        const result = r.result === 'added' ? 'added' : 'exists';
        // Back on a shop page, the page shows the notice, heart and count (visitor-wishlist.server.ts).
        if (!/^\/wishlist(\/|\?|$)/.test(returnTo)) headers.append('set-cookie', wishlistAddedCookie(Number(values.productId), result, context.secure));
        return back(returnTo, result, headers);
      }
      case 'copy': {
        // A visitor of a shared list keeps one of its items in their own default list.
        const item = (await viewList(services, caller, token, { page: 1, perPage: 100 })).items.find((i) => i.id === itemId);
        if (!item) throw new HttpError(404, 'not_found', t('wishlist.itemNotFound'));
        const r = await addToWishlist(services, caller, { productId: item.productId, variationId: item.variationId ?? undefined, attributes: item.attributes });
        if (r.guestToken) headers.append('set-cookie', wishlistCookie(r.guestToken, context.secure));
        return back(returnTo, r.result === 'added' ? 'added' : 'exists', headers);
      }
      case 'remove':
        await deleteItem(services, caller, token, itemId);
        return back(returnTo, 'removed');
      case 'move': {
        const to = values[`move_to[${itemId}]`] ?? values.to ?? '';
        const name = values[`move_name[${itemId}]`] ?? values.name ?? '';
        await moveItem(services, caller, token, itemId, to === '__new' ? { newList: { name, visibility: 'private' } } : { to: to || undefined });
        return back(returnTo, 'moved');
      }
      case 'up':
      case 'down': {
        // Without scripts: the page's ids as shown (`order`), with this row swapped with its neighbour.
        const ids = (values.order ?? '').split(',').map(Number);
        const at = ids.indexOf(itemId);
        const to = intent === 'up' ? at - 1 : at + 1;
        if (at >= 0 && to >= 0 && to < ids.length) [ids[at], ids[to]] = [ids[to], ids[at]];
        await sortItems(services, caller, token, { positions: ids, page: values.page, perPage: values.per_page });
        return back(returnTo, 'sorted');
      }
      case 'update': {
        for (const [k, v] of Object.entries(values)) {
          const m = /^qty\[(\d+)\]$/.exec(k);
          if (m) await updateQuantity(services, caller, token, Number(m[1]), { quantity: v });
        }
        return back(returnTo, 'saved');
      }
      case 'cart':
      case 'cart_selected':
      case 'cart_all':
        return await addRowsToCart(request, context, caller, token, intent === 'cart' ? [itemId] : intent === 'cart_selected' ? form.getAll('selected').map(Number) : 'all', returnTo);
      case 'rename':
        await updateList(services, caller, token, { name: values.name });
        return back(returnTo, 'saved');
      case 'visibility':
        await updateList(services, caller, token, { visibility: values.visibility });
        return back(returnTo, 'saved');
      case 'alerts':
        await updateList(services, caller, token, { alerts: values.alerts === '1' });
        return back(returnTo, 'saved');
      case 'delete_list':
        await deleteList(services, caller, token);
        return back('/wishlist/manage', 'deleted');
      case 'create': {
        const r = await createList(services, caller, { name: values.name, visibility: values.visibility || 'private' }, newGuestToken);
        if (r.guestToken) headers.append('set-cookie', wishlistCookie(r.guestToken, context.secure));
        return back('/wishlist/manage', 'created', headers);
      }
      case 'estimate': {
        const extra = Object.fromEntries(Object.entries(values).filter(([k]) => k.startsWith('extra[')).map(([k, v]) => [k.slice(6, -1), v]));
        await askEstimate(services, caller, token, { name: values.name, email: values.email, message: values.message, extra }, context.clientIp, context.requestOrigin);
        return back(returnTo, 'estimate');
      }
      default:
        throw new HttpError(400, 'invalid', t('wishlist.notFound'));
    }
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    if (err.code === 'login_required') return redirect(`/account/login?redirect=${encodeURIComponent(returnTo)}`);
    const safe = Object.fromEntries(Object.entries(values).filter(([k]) => k !== '_csrf'));
    return data({ error: { code: err.code, message: err.message, fields: err.fields }, intent, values: safe }, { status: err.status, headers: err.headers });
  }
}

/** Adds rows of a list (own or shared) to the visitor's cart; the owner's rows leave the list when the setting says so. */
async function addRowsToCart(request: Request, context: RequestContext, caller: WishlistCaller, token: string, ids: number[] | 'all', returnTo: string) {
  const { services } = context;
  const list = await viewList(services, caller, token, { page: 1, perPage: 100 });
  const rows = list.items.filter((i) => ids === 'all' || ids.includes(i.id));
  const cartCaller = cartCallerFrom({ cookieToken: cartTokenFromCookies(request.headers.get('cookie')), user: context.user });
  const removeAfter = list.isOwner && (await getSettings(services.db)).wishlistRemoveAfterAddToCart;
  let last: CartAnswer | null = null;
  const failed: string[] = [];
  for (const row of rows) {
    try {
      last = await addItem(services, cartCaller, { productId: row.productId, variationId: row.variationId ?? undefined, attributes: row.attributes, quantity: row.quantity });
      // A fresh guest cart: the next row goes to the same cart.
      if (last.token) cartCaller.identity.token = last.token;
      if (removeAfter) await deleteItem(services, caller, token, row.id);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      failed.push(row.name);
    }
  }
  const headers = new Headers();
  if (last) for (const c of cartCookies(last, context.secure)) headers.append('set-cookie', c);
  if (failed.length) {
    return data({ error: { code: 'cart', message: t('wishlist.cartProblems', { names: failed.join(', ') }) }, intent: 'cart', values: {} }, { status: 409, headers });
  }
  return back(returnTo, 'cart', headers);
}
