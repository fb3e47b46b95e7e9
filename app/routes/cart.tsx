import { data, redirect, useLocation } from 'react-router';
import type { Route } from './+types/cart';
import { getSettings } from '../features/settings/settings.server.ts';
import { addGroupedItems, addItem, applyCoupon, getCart, removeCoupon, removeItem, setCustomer, setShippingRate, updateItem, type CartAnswer } from '../features/cart/cart.server.ts';
import { cartCallerFrom, cartCookies } from '../features/cart/cart-http.server.ts';
import { CART_COOKIE } from '../features/cart/cart-store.server.ts';
import { addedCookie } from '../features/cart/visitor-cart.server.ts';
import { clearRemovedCookie, REMOVED_COOKIE, removedCookie, removedLine, removedName, restoreItem } from '../features/cart/cart-undo.server.ts';
import { cartText } from '../features/cart/components/cart-text.ts';
import { CartPage } from '../features/cart/components/cart-page.tsx';
import { summariesByIds } from '../features/catalog/product.server.ts';
import { normalizeState, statesOf } from '../features/shipping/states.server.ts';
import { stateField } from '../features/shipping/countries.ts';
import { HttpError } from '../lib/http-error.ts';
import { safeRedirect } from '../lib/redirect.ts';
import { requestCookie } from '../lib/cookies.ts';
import { formToObject } from '../lib/validate.ts';
import '../features/catalog/catalog.css';

/** Cross-sells shown under the cart. */
const CROSS_SELLS = 4;

const callerOf = (request: Request, context: Route.LoaderArgs['context']) => cartCallerFrom({ cookieToken: requestCookie(request, CART_COOKIE), user: context.user });

function withCookies(result: CartAnswer, secure: boolean): Headers {
  const headers = new Headers();
  for (const c of cartCookies(result, secure)) headers.append('set-cookie', c);
  // What Undo puts back (cart-undo.server.ts).
  if (result.removed) headers.append('set-cookie', removedCookie(result.removed, secure));
  return headers;
}

/** Only known notice codes are shown, so a link cannot put words on the page. */
const noticeOf = (code: string | null) => (code && Object.hasOwn(cartText.done, code) ? code : null);

export const meta: Route.MetaFunction = ({ matches }) => {
  const store = (matches.find((m) => m?.id === 'root')?.data as { settings?: { storeName: string } } | undefined)?.settings?.storeName ?? 'Vitrine';
  return [{ title: `${cartText.cart} — ${store}` }, { name: 'robots', content: 'noindex' }];
};

/** Cart cookies from the loader or action reach the document response; the page is per shopper. */
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const out = new Headers({ 'cache-control': 'private, no-store' });
  for (const c of [...actionHeaders.getSetCookie(), ...loaderHeaders.getSetCookie()]) out.append('set-cookie', c);
  return out;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const url = new URL(request.url);
  const caller = callerOf(request, context);
  // The remove links of the cart and the header cart (they work without scripts), guarded by the CSRF token.
  const removeKey = url.searchParams.get('remove_item');
  const removeCode = url.searchParams.get('remove_coupon');
  const undoKey = url.searchParams.get('undo_item');
  if (undoKey !== null) {
    if (url.searchParams.get('_csrf') !== context.csrfToken) throw redirect('/cart?done=expired');
    let headers: Headers;
    try {
      headers = withCookies(await restoreItem(services, caller, requestCookie(request, REMOVED_COOKIE), undoKey), context.secure);
    } catch (err) {
      if (err instanceof HttpError) throw redirect('/cart?done=undo_failed');
      throw err;
    }
    headers.append('set-cookie', clearRemovedCookie(context.secure));
    throw redirect('/cart?done=restored', { headers });
  }
  if (removeKey !== null || removeCode !== null) {
    if (url.searchParams.get('_csrf') !== context.csrfToken) throw redirect('/cart?done=expired');
    try {
      const result = removeKey !== null ? await removeItem(services, caller, removeKey) : await removeCoupon(services, caller, removeCode!);
      throw redirect(`/cart?done=${removeKey !== null ? 'removed' : 'coupon_removed'}`, { headers: withCookies(result, context.secure) });
    } catch (err) {
      if (err instanceof HttpError) throw redirect('/cart?done=gone');
      throw err;
    }
  }
  const [result, settings] = await Promise.all([getCart(services, caller), getSettings(services.db)]);
  const { cart } = result;
  const inCart = cart.items.map((i) => i.productId);
  const links = inCart.length
    ? await services.db.selectFrom('product_links').select('linked_id').where('product_id', 'in', inCart).where('kind', '=', 'crosssell').orderBy('position').execute()
    : [];
  const crossIds = [...new Set(links.map((l) => l.linked_id))].filter((id) => !inCart.includes(id)).slice(0, CROSS_SELLS);
  const country = cart.shipping.address?.country ?? settings.baseCountry;
  const notice = noticeOf(url.searchParams.get('done'));
  // Back from a removal: the line it took out, for "“X” removed. Undo?".
  const removed = notice === 'removed' ? removedLine(requestCookie(request, REMOVED_COOKIE)) : null;
  const removedAs = removed ? await removedName(services, removed) : null;
  return data(
    {
      cart,
      crossSells: await summariesByIds(services.db, crossIds),
      region: { country, stateField: stateField(country), states: statesOf(country) },
      notice,
      undo: removed && removedAs ? { key: removed.key, name: removedAs } : null,
    },
    { headers: withCookies(result, context.secure) },
  );
}

/** A typed quantity: a non-number counts as 0 (which removes the line), fractions round down. */
const quantityOf = (raw: string | undefined) => {
  const n = Math.floor(Number(raw));
  return Number.isFinite(n) && n > 0 ? Math.min(n, 9999) : 0;
};

/**
 * The quantity an add form asks for: absent means 1; text that is not a number, or a number
 * below `least`, is refused (nothing is added) rather than guessed; fractions round down.
 */
const addQuantityOf = (raw: string | undefined, least: number) => {
  if (raw === undefined) return 1;
  const n = raw.trim() === '' ? Number.NaN : Math.floor(Number(raw));
  if (!Number.isFinite(n) || n < least) throw new HttpError(400, 'invalid_quantity', cartText.badQuantity, { quantity: cartText.badQuantity });
  return Math.min(n, 9999);
};

/** Form posts of the cart page and the add-to-cart buttons, for browsers without scripts. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const values = formToObject(await request.formData());
  const caller = callerOf(request, context);
  const back = (result: CartAnswer, done: string) => redirect(`/cart?done=${done}`, { headers: withCookies(result, context.secure) });
  /** After an add: to the cart (its own notice), or back to the page the form was on, which then shows the added notice (visitor-cart.server.ts). */
  const addedRedirect = async (result: CartAnswer, productId: number, quantity: number, from: string | undefined) => {
    const { redirectToCartAfterAdd } = await getSettings(services.db);
    const to = redirectToCartAfterAdd ? '/cart?done=added' : safeRedirect(from, '/cart?done=added');
    const headers = withCookies(result, context.secure);
    if (!to.startsWith('/cart')) headers.append('set-cookie', addedCookie(productId, quantity, context.secure));
    return redirect(to, { headers });
  };
  try {
    switch (values.intent) {
      case 'add': {
        // A grouped product's form sends one quantity[<child id>] per child.
        const grouped = Object.entries(values).filter(([k]) => /^quantity\[\d+\]$/.test(k));
        if (grouped.length) {
          // A child row left empty means none of it; any other text must be a number.
          const quantities = Object.fromEntries(grouped.map(([k, v]) => [Number(k.slice(9, -1)), v.trim() === '' ? 0 : addQuantityOf(v, 0)]));
          const result = await addGroupedItems(services, caller, Number(values.productId), quantities);
          return addedRedirect(result, Number(values.productId), 1, values.redirect);
        }
        const attributes = Object.fromEntries(Object.entries(values).filter(([k]) => k.startsWith('attribute_')));
        const quantity = addQuantityOf(values.quantity, 1);
        const result = await addItem(services, caller, {
          productId: Number(values.productId),
          variationId: values.variationId ? Number(values.variationId) : undefined,
          attributes: Object.keys(attributes).length ? attributes : undefined,
          quantity,
        });
        return addedRedirect(result, Number(values.productId), quantity, values.redirect);
      }
      case 'update': {
        let result = await getCart(services, caller);
        for (const item of result.cart.items) {
          const raw = values[`qty[${item.key}]`];
          if (raw === undefined) continue;
          const quantity = quantityOf(raw);
          if (quantity !== item.quantity) result = await updateItem(services, caller, item.key, { quantity });
        }
        return back(result, 'updated');
      }
      case 'remove':
        return back(await removeItem(services, caller, values.key ?? ''), 'removed');
      case 'apply_coupon':
        return back(await applyCoupon(services, caller, { code: values.coupon_code ?? '' }), 'coupon_applied');
      case 'remove_coupon':
        return back(await removeCoupon(services, caller, values.code ?? ''), 'coupon_removed');
      case 'calc_shipping': {
        const country = (values.country ?? '').trim().toUpperCase();
        const field = stateField(country);
        let state = field === 'hidden' ? '' : normalizeState(country, values.state ?? '');
        // A state left over from another country (the country was changed without scripts) is dropped.
        const list = statesOf(country);
        if (state && list.length && !list.some((s) => s.code === state)) state = '';
        const result = await setCustomer(services, caller, { country, state, postcode: values.postcode ?? '', city: values.city ?? '' });
        return back(result, field === 'required' && !state ? 'choose_state' : 'shipping');
      }
      case 'choose_rate': {
        let result: CartAnswer | null = null;
        for (const [k, rateId] of Object.entries(values)) {
          const m = /^shipping_method\[(\d+)\]$/.exec(k);
          if (m) result = await setShippingRate(services, caller, { packageId: Number(m[1]), rateId });
        }
        return back(result ?? (await getCart(services, caller)), 'rate');
      }
      default:
        throw new HttpError(400, 'invalid', cartText.failed);
    }
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const productUrl = err.details?.productUrl;
    if (values.intent === 'add' && typeof productUrl === 'string') return redirect(safeRedirect(productUrl, '/cart'));
    return data({ error: { code: err.code, message: err.message } }, { status: err.status });
  }
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  // Each visit (and each form post without scripts) starts with that answer's notices.
  const { key } = useLocation();
  return <CartPage key={key} data={loaderData} actionError={actionData?.error.message ?? null} />;
}
