/** What the shopper sets on the cart besides its lines: coupons, the address and the shipping rate. */
import { HttpError } from '../../lib/http-error.ts';
import type { Services } from '../../lib/services.server.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput } from '../../lib/validate.ts';
import { getSettings } from '../settings/settings.server.ts';
import { checkCoupon, findCoupon } from '../coupons/coupons.server.ts';
import { couponCodeSchema, customerSchema, shippingRateSchema } from './cart.schema.ts';
import { resolveCart, type CartRow } from './cart-store.server.ts';
import { loadPurchasables } from './lines.server.ts';
import { priceCart } from './totals.server.ts';
import { isCountry } from '../shipping/countries.ts';
import { normalizeState } from '../shipping/states.server.ts';
import { answer, mustHave, type CartAnswer, type CartCaller } from './cart-answer.server.ts';

export async function applyCoupon(services: Services, caller: CartCaller, input: unknown): Promise<CartAnswer> {
  const { code } = parseInput(couponCodeSchema, input);
  const settings = await getSettings(services.db);
  if (!settings.couponsEnabled) throw new HttpError(409, 'coupons_disabled', 'Coupons are not in use in this shop.');
  const coupon = await findCoupon(services.db, code);
  if (!coupon) throw new HttpError(404, 'coupon_not_found', `Coupon “${code.slice(0, 40)}” does not exist.`, { code: 'This coupon does not exist' });
  // No cart yet is an empty cart: refused before one is made.
  const found = await resolveCart(services.db, caller.identity, false);
  if (!found) throw new HttpError(409, 'cart_empty', 'Add products to your cart before applying a coupon.');
  const { cart, token } = found;
  const codes = JSON.parse(cart.coupons) as string[];
  if (codes.includes(coupon.code)) throw new HttpError(409, 'coupon_applied', `Coupon “${coupon.code}” is already applied.`);
  const rows = await loadLinesForRules(services, cart);
  if (rows.length === 0) throw new HttpError(409, 'cart_empty', 'Add products to your cart before applying a coupon.');
  const applied = (await Promise.all(codes.map((c) => findCoupon(services.db, c)))).filter((c) => !!c);
  const problem = await checkCoupon(services.db, coupon, { lines: rows, subtotal: rows.reduce((a, l) => a + l.lineSubtotal, 0), customer: caller.customer, applied, format: settings });
  if (problem) throw new HttpError(409, 'coupon_invalid', problem, { code: problem });
  // An individual-use coupon replaces the others.
  const next = coupon.individualUse ? [coupon.code] : [...codes, coupon.code];
  await services.db.updateTable('carts').set({ coupons: JSON.stringify(next), updated_at: nowIso() }).where('id', '=', cart.id).execute();
  return answer(services, { ...cart, coupons: JSON.stringify(next) }, token, caller);
}

async function loadLinesForRules(services: Services, cart: CartRow) {
  const settings = await getSettings(services.db);
  const priced = await priceCart(services.db, { ...cart, coupons: '[]' }, { ...settings, taxesEnabled: false }, { userId: null, email: null });
  const found = await loadPurchasables(services.db, priced.items.map((i) => ({ productId: i.productId, variationId: i.variationId })));
  return priced.items.map((i) => {
    const p = found.get(`${i.productId}:${i.variationId ?? ''}`)!;
    return { key: i.key, productId: i.productId, variationId: i.variationId, categoryIds: p.categoryIds, quantity: i.quantity, unitPrice: p.price ?? 0, lineSubtotal: (p.price ?? 0) * i.quantity, onSale: p.onSale, taxStatus: p.taxStatus, taxClass: p.taxClass, shippingClass: p.shippingClass, virtual: p.virtual };
  });
}

export async function removeCoupon(services: Services, caller: CartCaller, code: string): Promise<CartAnswer> {
  const found = await resolveCart(services.db, caller.identity, false);
  const codes = found ? (JSON.parse(found.cart.coupons) as string[]) : [];
  const wanted = code.trim().toLowerCase();
  if (!found || !codes.includes(wanted)) throw new HttpError(404, 'not_found', 'That coupon is not applied to your cart.');
  const next = codes.filter((c) => c !== wanted);
  await services.db.updateTable('carts').set({ coupons: JSON.stringify(next), updated_at: nowIso() }).where('id', '=', found.cart.id).execute();
  return answer(services, { ...found.cart, coupons: JSON.stringify(next) }, found.token, caller);
}

export async function setCustomer(services: Services, caller: CartCaller, input: unknown): Promise<CartAnswer> {
  const parsed = parseInput(customerSchema, input);
  if (!isCountry(parsed.country)) throw new HttpError(400, 'invalid', 'Choose a country.', { country: 'Unknown country' });
  // "california" and "CA" mean the same state to shipping zones and tax rates.
  const address = { ...parsed, state: parsed.state ? normalizeState(parsed.country, parsed.state) : '' };
  const { cart, token } = await mustHave(services, caller);
  const customer = JSON.stringify(address);
  await services.db.updateTable('carts').set({ customer, updated_at: nowIso() }).where('id', '=', cart.id).execute();
  return answer(services, { ...cart, customer }, token, caller);
}

export async function setShippingRate(services: Services, caller: CartCaller, input: unknown): Promise<CartAnswer> {
  const { packageId, rateId } = parseInput(shippingRateSchema, input);
  const found = await resolveCart(services.db, caller.identity, false);
  if (!found) throw new HttpError(404, 'not_found', 'Your cart is empty.');
  const current = await answer(services, found.cart, found.token, caller);
  const pkg = current.cart.shipping.packages.find((p) => p.id === packageId);
  if (!pkg || !pkg.rates.some((r) => r.id === rateId)) throw new HttpError(400, 'invalid', 'That shipping method is not available for this address.', { rateId: 'Not available' });
  const choice = { ...(JSON.parse(found.cart.shipping_choice) as Record<string, string>), [packageId]: rateId };
  const shipping_choice = JSON.stringify(choice);
  await services.db.updateTable('carts').set({ shipping_choice, updated_at: nowIso() }).where('id', '=', found.cart.id).execute();
  return answer(services, { ...found.cart, shipping_choice }, found.token, caller);
}
