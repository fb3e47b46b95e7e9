import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { toMinor } from '../../lib/money.ts';
import { nowIso } from '../../lib/time.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import { addressErrors, billingAddressSchema, shippingAddressSchema } from '../address/address.server.ts';
import { ADDRESS_FIELDS, EMPTY_ADDRESS, type Address } from '../address/address.ts';
import type { Draft, DraftLine } from './order-draft.types.ts';
import type { Cart } from '../cart/cart.schema.ts';
import { itemKey, type CartItemRow, type CartRow } from '../cart/cart-store.server.ts';
import { priceCart, type PricedFee, type StaffPricing } from '../cart/totals.server.ts';
import { parseJson } from '../../lib/json.ts';

/*
 * An order staff make or edit by hand (/admin/orders/new, /admin/orders/:id/edit), as its
 * form posts it: flat fields, so the page works as plain form posts ("Add", "Recalculate"
 * re-render the form with what was typed). Priced by the cart's own code (priceCart with
 * the staff's prices, shipping and fees): the same coupons and taxes as checkout.
 */

/** Most lines, fees and units an order made by hand may hold; a unit price's ceiling (minor units). */
export const DRAFT_LIMITS = { lines: 100, fees: 10, quantity: 9999, price: 100_000_000 } as const;

export type { Draft, DraftLine } from './order-draft.types.ts';

/** The statuses an order may be created with. */
export const CREATE_STATUSES = ['pending', 'on-hold', 'processing', 'completed'] as const;


export const emptyDraft = (): Draft => ({
  customer: '',
  customerLabel: '',
  billing: { ...EMPTY_ADDRESS },
  shipping: { ...EMPTY_ADDRESS },
  shipToDifferent: false,
  lines: [],
  shippingMethod: '',
  shippingTitle: '',
  shippingCost: '',
  coupon: '',
  fees: [],
  status: 'pending',
  customerNote: '',
  customerQuery: '',
  productQuery: '',
  version: '',
});

const int = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) ? Number(v) : null);

/** The form's fields back into a draft (nothing checked yet but the shapes). */
export function draftFromForm(v: Record<string, string>): Draft {
  const d = emptyDraft();
  d.customer = (v.customer ?? '').slice(0, 60);
  d.customerLabel = (v.customer_label ?? '').slice(0, 200);
  for (const f of ADDRESS_FIELDS) {
    d.billing[f] = (v[`billing_${f}`] ?? '').slice(0, 300);
    d.shipping[f] = (v[`shipping_${f}`] ?? '').slice(0, 300);
  }
  d.shipToDifferent = v.ship_to_different === '1';
  for (let i = 0; i < DRAFT_LIMITS.lines; i++) {
    const productId = int(v[`line_product_${i}`]);
    if (productId === null) continue;
    if (v[`line_remove_${i}`] === '1') continue;
    d.lines.push({
      productId,
      variationId: int(v[`line_variation_${i}`]),
      name: (v[`line_name_${i}`] ?? '').slice(0, 300),
      attributes: parseJson<Record<string, string>>(v[`line_attributes_${i}`] ?? '{}', {}),
      quantity: (v[`line_qty_${i}`] ?? '').trim().slice(0, 20),
      price: (v[`line_price_${i}`] ?? '').trim().slice(0, 30),
      itemId: int(v[`line_item_${i}`]),
    });
  }
  d.shippingMethod = (v.shipping_method ?? '').slice(0, 100);
  d.shippingTitle = (v.shipping_title ?? '').trim().slice(0, 200);
  d.shippingCost = (v.shipping_cost ?? '').trim().slice(0, 30);
  d.coupon = (v.coupon ?? '').trim().slice(0, 100);
  for (let i = 0; i < DRAFT_LIMITS.fees; i++) {
    const name = (v[`fee_name_${i}`] ?? '').trim().slice(0, 200);
    const amount = (v[`fee_amount_${i}`] ?? '').trim().slice(0, 30);
    if (name || amount) d.fees.push({ name, amount });
  }
  d.status = v.status ?? 'pending';
  d.customerNote = (v.customer_note ?? '').slice(0, 2000);
  d.customerQuery = (v.customer_q ?? '').slice(0, 200);
  d.productQuery = (v.product_q ?? '').slice(0, 200);
  d.version = (v.version ?? '').slice(0, 40);
  return d;
}

/** What the draft says once checked: every amount in minor units, the addresses validated. */
export interface CheckedDraft {
  billing: Address;
  shipping: Address;
  lines: (DraftLine & { qty: number; unitPrice: number | null; key: string })[];
  staff: StaffPricing;
  coupon: string;
  /** The shipping chosen: a method the zones quote (its title and cost unless typed) or "manual"; null for none. */
  method: { id: string; title: string; cost: number | null } | null;
}

/**
 * Checks the draft; every problem at once, named by its field (400). `needAddress` (saving)
 * also requires the billing address and e-mail.
 */
export function checkDraft(d: Draft, settings: StoreSettings, needAddress: boolean): { checked: CheckedDraft; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const money = (text: string, field: string, what: string): number | null => {
    if (text === '') return null;
    const m = toMinor(text, settings.currency);
    if (m === null || m < 0 || m > DRAFT_LIMITS.price) fields[field] = `${what}: enter an amount from 0 to ${DRAFT_LIMITS.price / 100}`;
    return m;
  };
  const lines: CheckedDraft['lines'] = [];
  d.lines.forEach((l, i) => {
    const qty = /^\d{1,6}$/.test(l.quantity) ? Number(l.quantity) : NaN;
    if (!(qty >= 1 && qty <= DRAFT_LIMITS.quantity)) fields[`line_qty_${i}`] = `Quantity of “${l.name}”: a whole number from 1 to ${DRAFT_LIMITS.quantity}`;
    const unitPrice = money(l.price, `line_price_${i}`, `Price of “${l.name}”`);
    lines.push({ ...l, qty, unitPrice, key: itemKey(l.productId, l.variationId, l.attributes) });
  });
  const keys = new Set<string>();
  lines.forEach((l, i) => {
    if (keys.has(l.key)) fields[`line_qty_${i}`] = `“${l.name}” is listed twice: change the quantity of one line instead`;
    keys.add(l.key);
  });
  if (needAddress && lines.length === 0) fields.product_q = 'Add at least one product';
  const fees: { name: string; amount: number }[] = [];
  d.fees.forEach((f, i) => {
    if (!f.name) fields[`fee_name_${i}`] = 'Give the fee a name';
    const amount = money(f.amount, `fee_amount_${i}`, `Fee “${f.name || i + 1}”`);
    if (f.amount === '') fields[`fee_amount_${i}`] = `Fee “${f.name || i + 1}”: enter its amount`;
    if (amount !== null && f.name) fees.push({ name: f.name, amount });
  });
  const shippingCost = money(d.shippingCost, 'shipping_cost', 'Shipping cost');
  let billing = { ...EMPTY_ADDRESS, ...d.billing };
  let shipping = d.shipToDifferent ? { ...EMPTY_ADDRESS, ...d.shipping } : { ...billing, email: '', phone: '' };
  if (needAddress) {
    const b = billingAddressSchema.safeParse(d.billing);
    if (b.success) billing = b.data;
    else Object.assign(fields, renamed(addressErrors(b.error.issues, 'billing')));
    if (d.shipToDifferent) {
      const s = shippingAddressSchema.safeParse(d.shipping);
      if (s.success) shipping = s.data;
      else Object.assign(fields, renamed(addressErrors(s.error.issues, 'shipping')));
    } else shipping = { ...billing, email: '', phone: '' };
  }
  const staff: StaffPricing = {
    unitPrices: Object.fromEntries(lines.filter((l) => l.unitPrice !== null).map((l) => [l.key, l.unitPrice!])),
    fees,
  };
  const method = d.shippingMethod === '' && shippingCost === null && !d.shippingTitle ? null : { id: d.shippingMethod || 'manual', title: d.shippingTitle, cost: shippingCost };
  return { checked: { billing, shipping, lines, staff, coupon: d.coupon, method }, fields };
}

/** "billing.first_name" (addressErrors' dotted names) → "billing_first_name", the form's field. */
function renamed(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace('.', '_'), v]));
}

export type PricedDraft = Cart & { fees?: PricedFee[] };

/**
 * Prices the checked draft with the cart's code, for `customer`: the lines at their own or
 * the product's price, the coupon checked as checkout checks it, tax for the shipping address.
 * A line that cannot be sold or a coupon that does not apply is named in `fields`.
 */
export async function priceDraft(
  db: DB,
  c: CheckedDraft,
  settings: StoreSettings,
  customer: { userId: number | null; email: string },
): Promise<{ cart: PricedDraft; fields: Record<string, string>; quotes: ShippingQuote[] }> {
  const quotes = await shippingQuotes(db, c, settings, customer);
  const quoted = c.method ? quotes.find((q) => q.id === c.method!.id) : undefined;
  const shipping = c.method ? { id: c.method.id, title: c.method.title || quoted?.title || 'Shipping', cost: c.method.cost ?? quoted?.cost ?? 0 } : null;
  const { cart, fields } = await priceOnce(db, { ...c, staff: { ...c.staff, shipping } }, settings, customer);
  return { cart, fields, quotes };
}

export interface ShippingQuote {
  id: string;
  title: string;
  cost: number;
}

async function priceOnce(db: DB, c: CheckedDraft, settings: StoreSettings, customer: { userId: number | null; email: string }): Promise<{ cart: PricedDraft; fields: Record<string, string> }> {
  const now = nowIso();
  // A cart that is never stored: id 0 and negative line ids match no row, so pricing writes nothing.
  const row: CartRow = {
    id: 0,
    token_hash: '',
    user_id: customer.userId,
    customer: JSON.stringify({ country: c.shipping.country, state: c.shipping.state, postcode: c.shipping.postcode, city: c.shipping.city }),
    shipping_choice: '{}',
    coupons: JSON.stringify(c.coupon ? [c.coupon] : []),
    created_at: now,
    updated_at: now,
  };
  const lines: CartItemRow[] = c.lines.map((l, i) => ({ id: -1 - i, item_key: l.key, product_id: l.productId, variation_id: l.variationId, attributes: JSON.stringify(l.attributes), quantity: l.qty }));
  const cart = (await priceCart(db, row, settings, customer, { lines, staff: c.staff })) as PricedDraft;
  const fields: Record<string, string> = {};
  for (const n of cart.notices) {
    if (/coupon/i.test(n)) fields.coupon = n.replace(/\s*It was removed from your cart\.$/, '');
    else {
      const at = c.lines.findIndex((l) => n.includes(`“${l.name}”`) || !cart.items.some((it) => it.key === l.key));
      // A product deleted for good has no name left to say: the line's own stored name does.
      fields[at >= 0 ? `line_qty_${at}` : 'product_q'] = at >= 0 && c.lines[at]!.name ? n.replace('“A product”', `“${c.lines[at]!.name}”`) : n;
    }
  }
  if (c.coupon && !settings.couponsEnabled) fields.coupon = 'Coupons are switched off in the settings.';
  return { cart, fields };
}

/** The shipping rates the shop's zones quote for the draft's address (what the method list offers). */
async function shippingQuotes(db: DB, c: CheckedDraft, settings: StoreSettings, customer: { userId: number | null; email: string }): Promise<ShippingQuote[]> {
  if (!c.lines.length) return [];
  const { cart } = await priceOnce(db, { ...c, coupon: '', staff: { ...c.staff, shipping: undefined } }, settings, customer);
  return cart.shipping.packages.flatMap((p) => p.rates.map((r) => ({ id: r.id, title: r.title, cost: r.cost })));
}

/** Refuses (400) with every field problem, the first one as the message. */
export function refuseFields(fields: Record<string, string>): void {
  const n = Object.keys(fields).length;
  if (!n) return;
  throw new HttpError(400, 'invalid', n === 1 ? Object.values(fields)[0] : `Please check the highlighted fields (${n}).`, fields);
}
