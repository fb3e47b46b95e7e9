import { createHash } from 'node:crypto';
import { z } from 'zod';
import { LIMITS } from '../../config/constants.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Services, SessionUser } from '../../lib/services.server.ts';
import { hashPassword } from '../account/account.server.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import { addressErrors, billingAddressSchema, shippingAddressSchema } from '../address/address.server.ts';
import type { Address } from '../address/address.ts';
import type { CartCaller } from '../cart/cart.server.ts';
import { chooseGateway, type PaymentGateway, type PaymentResult } from '../payments/payments.server.ts';
import type { OrderDetail, PaymentInstructions } from './orders.ts';

/*
 * The checkout's request (placement.server.ts places the order): its schema, the form's flat
 * fields to the API's shape, every field problem found at once, and the hash an
 * Idempotency-Key is checked against.
 */

const flag = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'on' || v === 'true' || v === 'yes', z.boolean()).default(false);

export const checkoutSchema = z.object({
  billing_address: z.unknown(),
  shipping_address: z.unknown().optional(),
  /** Form twin of WooCommerce's checkbox: when false the shipping address is the billing one. */
  ship_to_different_address: z.preprocess((v) => (v === undefined ? undefined : v === true || v === '1' || v === 'on' || v === 'true'), z.boolean().optional()),
  customer_note: z.preprocess((v) => v ?? '', z.string({ message: 'Must be text' }).trim().max(2000, 'At most 2000 characters')),
  payment_method: z.preprocess((v) => v ?? '', z.string({ message: 'Choose a payment method' }).trim().max(100)),
  create_account: flag,
  password: z.preprocess((v) => v ?? '', z.string({ message: 'Must be text' }).max(LIMITS.passwordMaxLength, `Password must be at most ${LIMITS.passwordMaxLength} characters`)),
  idempotency_key: z.string().trim().min(8, 'Idempotency key too short').max(100, 'Idempotency key too long').regex(/^[\w.:-]+$/, 'Letters, digits, . _ : - only').optional(),
  /** The cart hash the shopper was shown; a different one now means the totals changed. */
  cart_hash: z.string().trim().max(64).optional(),
  /** Or the total (minor units) the shopper was shown. */
  expected_total: z.preprocess((v) => (v === '' || v === undefined || v === null ? undefined : typeof v === 'string' ? Number(v) : v), z.number().int().min(0).optional()),
  /** Terms and conditions accepted (pages require it when a terms page is set). */
  terms: flag,
});
export type CheckoutInput = z.input<typeof checkoutSchema>;

export interface PlaceOrderRequest {
  /** The cart identity, as the cart API derives it (cartCallerFrom). */
  caller: CartCaller;
  user: SessionUser | null;
  input: unknown;
  /** The Idempotency-Key header; the body's `idempotency_key` is used when absent. */
  idempotencyKey?: string | null;
  clientIp?: string;
  userAgent?: string;
  /** The request's own origin when trusted (`RequestContext.requestOrigin`); links use `trustedOrigin`. */
  requestOrigin?: string | null;
  /** Pages set this when the store has a terms page: `terms` must then be ticked. */
  requireTerms?: boolean;
}

export interface PlaceOrderResult {
  order: OrderDetail;
  /** True when this was a repeat of an earlier request with the same idempotency key. */
  replayed: boolean;
  payment: { status: PaymentResult['status']; redirect: string; message?: string };
  /** Bank details etc. to show on the received page. */
  instructions: PaymentInstructions | null;
  /** The account created at checkout, signed in (set the session cookie from `token`). */
  account: { user: SessionUser; token: string } | null;
}

/** WooCommerce-style flat form fields (billing_first_name, shipping_city …) to the API's nested shape. */
export function checkoutInputFromForm(form: Record<string, string>): Record<string, unknown> {
  const billing: Record<string, string> = {};
  const shipping: Record<string, string> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(form)) {
    if (k.startsWith('billing_') && k !== 'billing_address') billing[k.slice(8)] = v;
    else if (k.startsWith('shipping_') && k !== 'shipping_address') shipping[k.slice(9)] = v;
    else if (k !== '_csrf') rest[k] = v;
  }
  return { ...rest, billing_address: billing, shipping_address: Object.keys(shipping).length ? shipping : undefined };
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

function cartWho(caller: CartCaller): string {
  const t = caller.identity.token;
  if (caller.identity.viaHeader || caller.identity.userId === null) return `cart:${t ? sha(t) : ''}`;
  return `user:${caller.identity.userId}`;
}

const isBlank = (a: unknown) =>
  a === undefined || a === null || (typeof a === 'object' && Object.values(a as Record<string, unknown>).every((v) => v === undefined || v === null || String(v).trim() === ''));

export interface Validated {
  data: z.infer<typeof checkoutSchema>;
  billing: Address;
  shipping: Address;
  gateway: PaymentGateway;
  newAccount: { email: string; name: string; passwordHash: string } | null;
}

/** Every field problem at once (400), so a form can list them all. */
export async function validate(services: Services, req: PlaceOrderRequest, settings: StoreSettings): Promise<Validated> {
  const parsed = checkoutSchema.safeParse(req.input ?? {});
  if (!parsed.success) throw new HttpError(400, 'invalid', 'Please check the highlighted fields.', addressErrors(parsed.error.issues, ''));
  const data = parsed.data;
  const fields: Record<string, string> = {};
  const billing = billingAddressSchema.safeParse(data.billing_address ?? {});
  if (!billing.success) Object.assign(fields, addressErrors(billing.error.issues, 'billing_address'));
  const separate = data.ship_to_different_address ?? !isBlank(data.shipping_address);
  const shipping = separate ? shippingAddressSchema.safeParse(data.shipping_address ?? {}) : null;
  if (shipping && !shipping.success) Object.assign(fields, addressErrors(shipping.error.issues, 'shipping_address'));
  let gateway: PaymentGateway | undefined;
  try {
    gateway = chooseGateway(data.payment_method, settings);
  } catch (err) {
    if (err instanceof HttpError && err.fields) Object.assign(fields, err.fields);
    else throw err;
  }
  if (req.requireTerms && !data.terms) fields.terms = 'Please read and accept the terms and conditions to proceed with your order.';
  const wantsAccount = !req.user && data.create_account;
  if (wantsAccount && !settings.accountCreationAtCheckout) fields.create_account = 'Accounts cannot be created at checkout.';
  if (wantsAccount && data.password.length < LIMITS.passwordMinLength) fields.password = `Password must be at least ${LIMITS.passwordMinLength} characters`;
  if (Object.keys(fields).length) {
    const first = Object.values(fields)[0];
    throw new HttpError(400, 'invalid', Object.keys(fields).length === 1 ? first : `Please check the highlighted fields (${Object.keys(fields).length}).`, fields);
  }
  const bill = billing.data!;
  if (!req.user && !data.create_account && !settings.guestCheckout) {
    throw new HttpError(401, 'login_required', 'Please log in or create an account to place an order.', { create_account: 'Log in or create an account' });
  }
  let newAccount: Validated['newAccount'] = null;
  if (wantsAccount) {
    const taken = await services.db.selectFrom('users').select('id').where('email', '=', bill.email).executeTakeFirst();
    if (taken) throw emailRegistered();
    newAccount = { email: bill.email, name: [bill.first_name, bill.last_name].filter(Boolean).join(' '), passwordHash: await hashPassword(data.password) };
  }
  const ship = shipping?.data ?? { ...bill, email: '', phone: '' };
  return { data, billing: bill, shipping: ship, gateway: gateway!, newAccount };
}

export const emailRegistered = () =>
  new HttpError(409, 'email_registered', 'An account is already registered with your e-mail address. Please log in.', {
    'billing_address.email': 'An account already uses this e-mail address: please log in.',
  });

export const cartEmpty = (notices: string[] = []) =>
  new HttpError(409, 'cart_empty', notices.length ? `Your cart is empty: ${notices.join(' ')}` : 'Your cart is empty.', undefined, undefined, { notices });

/** What the client asked for, for the idempotency check (never the password). */
export function requestHash(caller: CartCaller, data: z.infer<typeof checkoutSchema>): string {
  const { password: _password, idempotency_key: _key, ...rest } = data;
  void _password;
  void _key;
  return sha(JSON.stringify([cartWho(caller), rest]));
}
