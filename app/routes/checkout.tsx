import { data, redirect } from 'react-router';
import type { Route } from './+types/checkout';
import { cartCallerFrom, cartTokenFromCookies } from '../features/cart/cart-http.server.ts';
import { CART_COUNT_COOKIE, CART_HASH_COOKIE } from '../features/cart/cart-store.server.ts';
import { sessionCookie } from '../features/account/session.server.ts';
import { applyDestination, checkoutPageData, formFieldErrors, submitCheckout } from '../features/checkout/checkout-page.server.ts';
import { CheckoutPage, type CheckoutResult } from '../features/checkout/components/checkout-page.tsx';
import { statesFor } from '../features/checkout/address-form.server.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t-orders.ts';
import '../features/cart/cart.css';
import '../styles/orders.css';

export const meta: Route.MetaFunction = ({ matches }) => {
  const store = (matches.find((m) => m?.id === 'root')?.data as { settings?: { storeName: string } } | undefined)?.settings?.storeName ?? 'Vitrine';
  return [{ title: `${t('checkout.title')} — ${store}` }, { name: 'robots', content: 'noindex' }];
};

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const out = new Headers({ 'cache-control': 'private, no-store' });
  for (const c of actionHeaders.getSetCookie()) out.append('set-cookie', c);
  return out;
}

const callerOf = (request: Request, context: Route.LoaderArgs['context']) =>
  cartCallerFrom({ cookieToken: cartTokenFromCookies(request.headers.get('cookie')), user: context.user });

export async function loader({ request, context }: Route.LoaderArgs) {
  return checkoutPageData(context.services, callerOf(request, context), context.user);
}

/** What the form shows again: everything typed but secrets and the one-time fields. */
const shownAgain = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).filter(([k]) => !/password|_csrf|idempotency_key|expected_total|^intent$/i.test(k)));

export async function action({ request, context }: Route.ActionArgs) {
  const values = formToObject(await request.formData());
  // "Update" (the button the form has without scripts): the form again for the countries now
  // chosen, with their states and totals and everything typed; no order is placed.
  if (values.intent === 'update') {
    await applyDestination(context.services, callerOf(request, context), values);
    const body: CheckoutResult = { values: shownAgain(values), billingStates: statesFor(values.billing_country), shippingStates: statesFor(values.shipping_country) };
    return data(body);
  }
  try {
    const result = await submitCheckout(context.services, {
      caller: callerOf(request, context),
      user: context.user,
      values,
      clientIp: context.clientIp,
      userAgent: request.headers.get('user-agent') ?? '',
      requestOrigin: context.requestOrigin,
    });
    const headers = new Headers();
    const attrs = `Path=/; SameSite=Lax${context.secure ? '; Secure' : ''}`;
    headers.append('set-cookie', `${CART_HASH_COOKIE}=; Max-Age=0; ${attrs}`);
    headers.append('set-cookie', `${CART_COUNT_COOKIE}=; Max-Age=0; ${attrs}`);
    if (result.account) headers.append('set-cookie', sessionCookie(result.account.token, context.secure));
    return redirect(result.payment.redirect || result.order.receivedUrl, { headers });
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const body: CheckoutResult = {
      error: { code: err.code, message: err.message, fields: formFieldErrors(err.fields) },
      values: shownAgain(values),
      billingStates: statesFor(values.billing_country),
      shippingStates: statesFor(values.shipping_country),
    };
    return data(body, { status: err.status });
  }
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage data={loaderData} result={actionData ?? null} />;
}
