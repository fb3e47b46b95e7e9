import { randomUUID } from 'node:crypto';
import { HttpError } from '../../lib/http-error.ts';
import type { Services, SessionUser } from '../../lib/services.server.ts';
import { getCustomerAddresses } from '../address/customer-addresses.server.ts';
import { getSettings } from '../settings/settings.server.ts';
import type { Address } from '../address/address.ts';
import { getCart, setCustomer, setShippingRate, type CartCaller } from '../cart/cart.server.ts';
import { checkoutInputFromForm, placeOrder, type PlaceOrderResult } from '../orders/placement.server.ts';
import { availableMethods } from '../payments/payments.server.ts';
import { statesFor } from './address-form.server.ts';
import { getTermsText } from './terms.server.ts';

/** Everything the checkout page shows before the shopper types anything. */
export async function checkoutPageData(services: Services, caller: CartCaller, user: SessionUser | null) {
  const [{ cart }, settings, termsText] = await Promise.all([getCart(services, caller), getSettings(services.db), getTermsText(services.db)]);
  const saved = user ? await getCustomerAddresses(services.db, user.id) : { billing: null, shipping: null };
  const estimate = cart.shipping.address;
  // Prefill: the saved addresses, else the cart's shipping estimate, else the shop's country.
  const fromEstimate: Partial<Address> = estimate
    ? { country: estimate.country, state: estimate.state, postcode: estimate.postcode, city: estimate.city }
    : { country: settings.baseCountry };
  const billing: Partial<Address> = saved.billing ?? { ...fromEstimate, email: user?.email ?? '', first_name: user?.name.split(' ')[0] ?? '', last_name: user?.name.split(' ').slice(1).join(' ') ?? '' };
  const shipping: Partial<Address> = saved.shipping ?? fromEstimate;
  return {
    cart,
    billing,
    shipping,
    billingStates: statesFor(billing.country),
    shippingStates: statesFor(shipping.country),
    methods: availableMethods(settings),
    guestCheckout: settings.guestCheckout,
    accountCreation: settings.accountCreationAtCheckout,
    terms: settings.termsUrl ? { url: settings.termsUrl, text: termsText } : null,
    // A fresh key per page view: submitting this form twice places one order.
    idempotencyKey: randomUUID(),
  };
}

export type CheckoutPageData = Awaited<ReturnType<typeof checkoutPageData>>;

/** The placement service's field names (`billing_address.postcode`) as the form's (`billing_postcode`). */
export function formFieldErrors(fields: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!fields) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) {
    const key = k.replace(/^billing_address\./, 'billing_').replace(/^shipping_address\./, 'shipping_');
    out[key] ??= v;
  }
  return out;
}

/**
 * The checkout form's post (also the only path without scripts): the destination and the
 * shipping methods chosen go into the cart first, so its totals are those of this address;
 * then the order is placed with the total the shopper was shown. If that total is no longer
 * right, placement refuses and the page shows the new totals to confirm.
 */
export async function submitCheckout(
  services: Services,
  req: { caller: CartCaller; user: SessionUser | null; values: Record<string, string>; clientIp: string; userAgent: string; requestOrigin: string | null },
): Promise<PlaceOrderResult> {
  const { values, caller } = req;
  const settings = await getSettings(services.db);
  const separate = values.ship_to_different_address === '1';
  await applyDestination(services, caller, values);
  const form = Object.fromEntries(Object.entries(values).filter(([k]) => !/^rate\[/.test(k) && k !== 'intent'));
  if (!separate) for (const k of Object.keys(form)) if (k.startsWith('shipping_') && k !== 'ship_to_different_address') delete form[k];
  return placeOrder(services, {
    caller,
    user: req.user,
    input: { ...checkoutInputFromForm(form), ship_to_different_address: separate },
    clientIp: req.clientIp,
    userAgent: req.userAgent,
    requestOrigin: req.requestOrigin,
    requireTerms: settings.termsUrl !== '',
  });
}

/**
 * The form's destination and chosen shipping methods, written to the cart so its totals are
 * those of this address: before placing the order, and for the "Update" button the form has
 * without scripts (a new country's fields and totals, nothing placed).
 */
export async function applyDestination(services: Services, caller: CartCaller, values: Record<string, string>): Promise<void> {
  const dest = values.ship_to_different_address === '1' ? 'shipping' : 'billing';
  if (values[`${dest}_country`]) {
    try {
      await setCustomer(services, caller, {
        country: values[`${dest}_country`],
        state: values[`${dest}_state`] ?? '',
        postcode: values[`${dest}_postcode`] ?? '',
        city: values[`${dest}_city`] ?? '',
      });
    } catch (err) {
      // A bad destination is reported by the placement's own address checks.
      if (!(err instanceof HttpError)) throw err;
    }
  }
  for (const [k, rateId] of Object.entries(values)) {
    const m = /^rate\[(\d+)\]$/.exec(k);
    if (!m) continue;
    try {
      await setShippingRate(services, caller, { packageId: Number(m[1]), rateId });
    } catch (err) {
      // A method that does not exist for the new address: the cart keeps its own choice.
      if (!(err instanceof HttpError)) throw err;
    }
  }
}
