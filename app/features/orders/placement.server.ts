import { createHash, randomBytes } from 'node:crypto';
import { sql, type Insertable, type Selectable } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import type { OrderItemsTable, OrderNotesTable } from '../../../db/schema.ts';
import { jsonColumn } from '../../lib/json.ts';
import { LIMITS } from '../../config/constants.ts';
import { HttpError } from '../../lib/http-error.ts';
import { keyReused, parseIdempotencyKey } from '../../lib/idempotency.server.ts';
import type { Services, SessionUser } from '../../lib/services.server.ts';
import { lendCache } from '../../lib/store-cache.server.ts';
import { readStoreVersion, touchStore } from '../../lib/store-version.server.ts';
import { nowIso } from '../../lib/time.ts';
import { hashPassword } from '../account/account.server.ts';
import { createSession } from '../account/session.server.ts';
import { getSettings } from '../settings/settings.server.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import { addressErrors } from '../address/address.server.ts';
import { storeCustomerAddress } from '../address/customer-addresses.server.ts';
import { billingAddressSchema, shippingAddressSchema } from '../address/address.server.ts';
import type { Address } from '../address/address.ts';
import type { Cart } from '../cart/cart.schema.ts';
import type { CartCaller } from '../cart/cart.server.ts';
import { cartWithLines, resolveCart } from '../cart/cart-store.server.ts';
import { priceCart } from '../cart/totals.server.ts';
import { recomputeProducts } from '../catalog/catalog-write.server.ts';
import { findCoupon, redeemCoupons, type Coupon } from '../coupons/coupons.server.ts';
import { chooseGateway, paymentInstructions, type PaymentGateway, type PaymentResult } from '../payments/payments.server.ts';
import { notifyAccountCreated, notifyStatus } from './emails.server.ts';
import { kickWishlistAlerts } from '../wishlist/wishlist-alerts.server.ts';
import { insertNote, statusChangeNote, transitionInTrx } from './order-status.server.ts';
import { getOrderAdmin, loadOrder, orderDetail } from './orders.server.ts';
import { receivedUrl, type OrderDetail, type OrderStatus, type PaymentInstructions } from './orders.ts';
import { addTotalSales, reduceStock, type SoldProducts, type StockRef } from './stock.server.ts';
import { withTransaction } from './transaction.server.ts';
import { trustedOrigin } from '../settings/origin.server.ts';
import { alertPolicy, GUEST_ACTOR } from '../stock/stock-log.server.ts';
import { kickStockAlerts } from '../stock/stock-alerts.server.ts';

/*
 * Placing an order (POST /api/checkout and the checkout page's form). One transaction
 * re-prices the cart with the cart's own code, refuses if anything changed since the
 * shopper saw it, takes stock with conditional updates, claims coupon uses, writes the
 * order with its lines and empties the cart. Any refusal throws before the commit, so
 * nothing is written. The payment method is asked to take the payment after the commit;
 * e-mails follow it.
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

interface Validated {
  data: z.infer<typeof checkoutSchema>;
  billing: Address;
  shipping: Address;
  gateway: PaymentGateway;
  newAccount: { email: string; name: string; passwordHash: string } | null;
}

/** Every field problem at once (400), so a form can list them all. */
async function validate(services: Services, req: PlaceOrderRequest, settings: StoreSettings): Promise<Validated> {
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

const emailRegistered = () =>
  new HttpError(409, 'email_registered', 'An account is already registered with your e-mail address. Please log in.', {
    'billing_address.email': 'An account already uses this e-mail address: please log in.',
  });

const cartEmpty = (notices: string[] = []) =>
  new HttpError(409, 'cart_empty', notices.length ? `Your cart is empty: ${notices.join(' ')}` : 'Your cart is empty.', undefined, undefined, { notices });

/** What the client asked for, for the idempotency check (never the password). */
function requestHash(caller: CartCaller, data: z.infer<typeof checkoutSchema>): string {
  const { password: _password, idempotency_key: _key, ...rest } = data;
  void _password;
  void _key;
  return sha(JSON.stringify([cartWho(caller), rest]));
}

/** An earlier order placed with this key: the same request gets it again, a different one is refused. */
async function replay(db: DB, key: string, hash: string): Promise<OrderDetail | null> {
  const row = await db.selectFrom('orders').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
  if (!row) return null;
  if (row.request_hash !== hash) {
    throw keyReused();
  }
  return loadOrder(db, row);
}

function toCustomerLocation(a: Address): string {
  return JSON.stringify({ country: a.country, state: a.state, postcode: a.postcode, city: a.city });
}

function conflictLines(cart: Cart) {
  return cart.items.map((i) => ({ key: i.key, productId: i.productId, variationId: i.variationId, name: i.name, quantity: i.quantity }));
}

/**
 * Places an order from the caller's cart. Throws HttpError: 400 (fields), 401
 * (login_required), 409 (cart_empty, cart_changed, out_of_stock, coupon_limit,
 * totals_changed, no_shipping, email_registered), 422 (idempotency_conflict).
 */
export async function placeOrder(services: Services, req: PlaceOrderRequest): Promise<PlaceOrderResult> {
  // A cart named by a token alone is found without writing anything, so it is read first: the
  // statement also reads the store version, which the settings then need not read again.
  const { identity } = req.caller;
  const early = identity.viaHeader || identity.userId === null ? await resolveCart(services.db, identity, false) : undefined;
  const settings = await getSettings(services.db);
  const v = await validate(services, req, settings);
  // The one Idempotency-Key rule (app/lib/idempotency.server.ts): format, codes; kept here with the order.
  const key = parseIdempotencyKey(req.idempotencyKey?.trim() || v.data.idempotency_key || null);
  const hash = requestHash(req.caller, v.data);
  if (key) {
    const earlier = await replay(services.db, key, hash);
    if (earlier) return replayed(earlier, settings);
  }
  const user = req.user;
  const customer = { userId: user?.id ?? null, email: v.billing.email };
  let created: SessionUser | null = null;
  let orderId: number;
  // An offline method's order as written (its row, lines and notes): the answer is built from them, not read back.
  let written: OrderDetail | null = null;
  // Something sold out: the wishlist alerts record it now, so its return is news (wishlist-alerts.server.ts).
  let soldOut = false;
  // Stock crossed the low-stock line or ran out: the shop's e-mail goes out after the commit.
  let stockAlerts = false;
  // Found (and a guest cart merged into the account's) before the transaction: that merge
  // runs its own transaction. Inside, the cart row is read again by id, with its lines.
  const cartFound = early !== undefined ? early : await resolveCart(services.db, identity, false);
  if (!cartFound) throw cartEmpty();
  // An offline method's answer is known before the order exists (on hold, or processing for
  // cash on delivery): the order is written with that status and its note in the same
  // transaction, as the move from pending would have left them, instead of a second one.
  const settled = v.gateway.outcome && (v.gateway.outcome.status === 'on-hold' || v.gateway.outcome.status === 'processing') ? { ...v.gateway.outcome, status: v.gateway.outcome.status } : null;
  // The store version the settings above were read under: the transaction prices with the
  // shipping zones and methods, tax rates and coupons cached with them (lendCache), as it
  // does with the settings. Products are read inside it; coupon limits are checked on the
  // locked row (redeemCoupons).
  const storeVersion = await readStoreVersion(services.db);
  try {
    orderId = await withTransaction(services.db, async (trx) => {
      lendCache(trx, services.db, storeVersion);
      if (key) {
        const earlier = await trx.selectFrom('orders').select('id').where('idempotency_key', '=', key).executeTakeFirst();
        if (earlier) return -1;
      }
      // The cart and its lines as found above when read in one statement (the order takes exactly
      // those lines below, or rolls back); else read here, in one statement.
      const current = cartFound.lines ? { cart: cartFound.cart, lines: cartFound.lines } : await cartWithLines(trx, cartFound.cart.id);
      if (!current) throw cartEmpty();
      const row = { ...current.cart, customer: toCustomerLocation(v.shipping) };
      const cart = await priceCart(trx, row, settings, customer, { lines: current.lines });
      if (cart.items.length === 0 && cart.notices.length === 0) throw cartEmpty();
      if (cart.notices.length) {
        throw new HttpError(409, 'cart_changed', `Your cart changed: ${cart.notices.join(' ')}`, undefined, undefined, { notices: cart.notices, lines: conflictLines(cart), cart });
      }
      if (!cart.shipping.ready) {
        throw new HttpError(409, 'no_shipping', 'No shipping method is available for your address. Please check the address, or contact us for help.', {
          'shipping_address.country': 'We do not ship here',
        });
      }
      if ((v.data.cart_hash && v.data.cart_hash !== cart.hash) || (v.data.expected_total !== undefined && v.data.expected_total !== cart.totals.total)) {
        throw new HttpError(409, 'totals_changed', 'The prices or totals in your cart have changed since you saw them. Please review your order and place it again.', undefined, undefined, {
          cart,
          lines: conflictLines(cart),
        });
      }
      const coupons: Coupon[] = [];
      for (const c of cart.coupons) {
        const coupon = await findCoupon(trx, c.code);
        if (coupon) coupons.push(coupon);
      }
      let userId = user?.id ?? null;
      if (v.newAccount) {
        const now = nowIso();
        try {
          const u = await trx
            .insertInto('users')
            .values({ email: v.newAccount.email, password_hash: v.newAccount.passwordHash, name: v.newAccount.name, role: 'customer', created_at: now, updated_at: now })
            .returning(['id', 'email', 'name', 'role'])
            .executeTakeFirstOrThrow();
          created = { id: u.id, email: u.email, name: u.name, role: 'customer' };
          userId = u.id;
        } catch (err) {
          if (/unique|duplicate/i.test(String(err))) throw emailRegistered();
          throw err;
        }
      }
      const now = nowIso();
      const order = await trx
        .insertInto('orders')
        .values({
          order_key: `wc_order_${randomBytes(16).toString('base64url')}`,
          status: settled?.status ?? 'pending',
          ...(settled?.status === 'processing' ? { paid_at: now } : {}),
          user_id: userId,
          billing_email: v.billing.email,
          billing: JSON.stringify(v.billing),
          shipping: JSON.stringify(v.shipping),
          customer_note: v.data.customer_note,
          payment_method: v.gateway.id,
          payment_method_title: v.gateway.title(settings),
          currency: cart.totals.currency,
          prices_include_tax: cart.totals.pricesIncludeTax ? 1 : 0,
          subtotal: cart.totals.subtotal,
          discount_total: cart.totals.discount,
          shipping_total: cart.totals.shipping,
          tax_total: cart.totals.tax,
          total: cart.totals.total,
          shipping_lines: JSON.stringify(
            cart.shipping.packages
              .map((p) => ({ p, r: p.rates.find((r) => r.id === p.selected) }))
              .filter((x) => !!x.r)
              .map(({ p, r }) => ({ packageId: p.id, rateId: r!.id, title: r!.title, cost: r!.cost, tax: r!.tax })),
          ),
          coupon_lines: JSON.stringify(cart.coupons.map((c) => ({ code: c.code, discount: c.discount }))),
          tax_lines: JSON.stringify(cart.totals.taxLines),
          stock_reduced: 1,
          idempotency_key: key,
          request_hash: hash,
          customer_ip: (req.clientIp ?? '').slice(0, 64),
          user_agent: (req.userAgent ?? '').slice(0, 300),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      // Products first (by id), then variations, then coupons, then the store stamp: every
      // order takes its locks in the same order.
      const refs: StockRef[] = cart.items.map((i) => ({ productId: i.productId, variationId: i.variationId, quantity: i.quantity, name: i.name, key: i.key }));
      // Its answer (each product's stock settings and SKU, the row as locked) spares reading them again below.
      const sold = await addTotalSales(trx, refs, 1);
      // The stock log's row per line goes in with the stock it took (one INSERT), under the buyer's account or as a guest.
      const buyer = userId !== null ? { userId, name: '' } : GUEST_ACTOR;
      const { shortfalls, changed, flipped, alerts } = await reduceStock(trx, refs, { reason: 'order', orderId: order.id, actor: buyer, policy: alertPolicy(settings) }, sold);
      stockAlerts = alerts;
      if (shortfalls.length) {
        const what = shortfalls.map((s) => (s.available > 0 ? `“${s.name}” (only ${s.available} left)` : `“${s.name}” (out of stock)`)).join(', ');
        throw new HttpError(409, 'out_of_stock', `Sorry, we do not have enough in stock: ${what}. Please update your cart.`, undefined, undefined, { lines: shortfalls });
      }
      // A variable (or grouped) product shows out of stock once its last variation sold out.
      if (flipped.length) await recomputeProducts(trx, flipped);
      soldOut = flipped.length > 0;
      await redeemCoupons(trx, coupons, { userId, email: v.billing.email }, order.id);
      const skus = await skusOf(trx, refs, sold);
      // The shop's private notes: the order placed and, for an offline method, its status.
      const notes: Insertable<OrderNotesTable>[] = [{ order_id: order.id, content: `Order placed${created ? ' (account created at checkout)' : user ? '' : ' as a guest'}.`, customer_note: 0, author: 'system', created_at: now }];
      if (settled) notes.push({ order_id: order.id, content: statusChangeNote('pending', settled.status, settled.note), customer_note: 0, author: v.gateway.id, created_at: now });
      if (userId !== null) {
        // The addresses of the latest order prefill the next checkout and my account.
        await storeCustomerAddress(trx, userId, 'billing', v.billing);
        await storeCustomerAddress(trx, userId, 'shipping', v.shipping);
      }
      // The order's lines and notes go in; the cart loses the lines this order was priced
      // from, and only those: on PostgreSQL another checkout of the same cart (a double submit
      // without a key) waits there for this one and then finds them gone, so it rolls back
      // instead of placing the order a second time. A line changed or removed meanwhile
      // (another tab) is noticed the same way. The cart keeps the address it was priced for,
      // and loses its coupons (used now).
      const priced = new Map(current.lines.map((l) => [l.id, l.quantity]));
      if (priced.size === 0) throw cartEmpty();
      const { items, notes: noteRows, taken } = await writeLinesTakeCart(
        trx,
        cart.items.map((i) => ({
          order_id: order.id,
          product_id: i.productId,
          variation_id: i.variationId,
          name: i.name,
          sku: skus.get(`${i.productId}:${i.variationId ?? ''}`) ?? '',
          attributes: JSON.stringify(i.attributes),
          quantity: i.quantity,
          unit_price: i.unitPrice,
          subtotal: i.lineSubtotal,
          total: i.lineTotal,
          tax: i.lineTax,
        })),
        notes,
        { ids: [...priced.keys()], cartId: row.id, set: { coupons: '[]', customer: row.customer, updated_at: now } },
      );
      if (taken.length === 0) throw cartEmpty();
      if (taken.length !== priced.size || taken.some((l) => priced.get(l.id) !== l.quantity)) {
        throw new HttpError(409, 'cart_changed', 'Your cart changed while the order was being placed. Please review it and place the order again.');
      }
      // Notes are shown newest first; a new order has no refunds.
      if (settled) written = orderDetail(order, items, noteRows.sort((a, b) => b.id - a.id), []);
      // Stock alone moved its products' stock versions (migration 018); a product that sold
      // out changes what listings show and count, which every cache must see.
      if (changed && soldOut) await touchStore(trx);
      return order.id;
    });
  } catch (err) {
    // Two submits with one key racing (PostgreSQL): the unique key decides; the loser replays.
    if (key && /unique|duplicate/i.test(String(err)) && /idempotency/i.test(String(err))) {
      const earlier = await replay(services.db, key, hash);
      if (earlier) return replayed(earlier, settings);
    }
    throw err;
  }
  if (orderId === -1) {
    const earlier = await replay(services.db, key!, hash);
    if (earlier) return replayed(earlier, settings);
    throw new HttpError(409, 'conflict', 'Please try again.');
  }

  // After the commit: the gateway takes the payment; its answer sets the status (an offline
  // method's is set already, its e-mails still to send).
  let result: PaymentResult;
  let from: OrderStatus | null;
  if (settled) {
    result = settled;
    from = 'pending';
  } else {
    try {
      result = v.gateway.outcome ?? (await v.gateway.process((await getOrderAdmin(services.db, orderId))!, { settings, origin: (await trustedOrigin(services, req.requestOrigin)) ?? '', services }));
    } catch (err) {
      services.log.error({ err, orderId }, 'payment gateway failed');
      result = { status: 'failed', message: 'The payment could not be taken. Please try again or choose another payment method.', note: 'Payment error.' };
    }
    from = await applyPaymentResult(services, orderId, result, v.gateway.id);
  }
  const order = (written as OrderDetail | null) ?? (await getOrderAdmin(services.db, orderId))!;
  if (from) notifyStatus(services, orderId, from, result.status, { order, settings });
  if (soldOut) kickWishlistAlerts(services);
  if (stockAlerts) kickStockAlerts(services);
  let account: PlaceOrderResult['account'] = null;
  if (created) {
    const u = created as SessionUser;
    account = { user: u, token: await createSession(services.db, u.id) };
    notifyAccountCreated(services, u.email, u.name);
  }
  const publicOrder = { ...order, notes: order.notes.filter((n) => n.customerNote) };
  return {
    order: publicOrder,
    replayed: false,
    payment: { status: result.status, redirect: result.redirect ?? receivedUrl(order.id, order.orderKey), message: result.message },
    instructions: paymentInstructions(order, settings),
    account,
  };
}

function replayed(order: OrderDetail, settings: StoreSettings): PlaceOrderResult {
  return {
    order,
    replayed: true,
    payment: { status: order.status === 'failed' ? 'failed' : order.status === 'pending' ? 'pending' : order.status === 'on-hold' ? 'on-hold' : 'processing', redirect: order.receivedUrl },
    instructions: paymentInstructions(order, settings),
    account: null,
  };
}

/** Applies what a gateway said about a payment (checkout, webhook). Returns the previous status when it changed. */
export async function applyPaymentResult(services: Services, orderId: number, result: Pick<PaymentResult, 'status' | 'transactionId' | 'note'>, by: string) {
  if (result.status === 'pending') {
    if (result.note || result.transactionId) {
      await withTransaction(services.db, async (trx) => {
        if (result.transactionId) await trx.updateTable('orders').set({ transaction_id: result.transactionId }).where('id', '=', orderId).execute();
        if (result.note) await insertNote(trx, orderId, result.note, false, by);
      });
    }
    return null;
  }
  return withTransaction(services.db, (trx) => transitionInTrx(trx, orderId, result.status, { name: by }, result.note, { transactionId: result.transactionId }));
}

/**
 * Writes the order's lines and notes; returns them as written, in id order. On PostgreSQL
 * one statement (two inserts in a WITH), each a round trip fewer for every order.
 */
/**
 * Inserts the order's lines and notes, deletes the cart lines it took (`take.ids`, at least
 * one) and updates the cart, inside the order's transaction; returns the rows inserted and the cart lines deleted (id,
 * quantity), which the caller compares with those it priced. On PostgreSQL one statement
 * (the four in a WITH).
 */
async function writeLinesTakeCart(
  trx: DB,
  lines: Insertable<OrderItemsTable>[],
  notes: Insertable<OrderNotesTable>[],
  take: { ids: number[]; cartId: number; set: { coupons: string; customer: string; updated_at: string } },
): Promise<{ items: Selectable<OrderItemsTable>[]; notes: Selectable<OrderNotesTable>[]; taken: { id: number; quantity: number }[] }> {
  if (!isPostgres(trx)) {
    const items = await trx.insertInto('order_items').values(lines).returningAll().execute();
    const noteRows = await trx.insertInto('order_notes').values(notes).returningAll().execute();
    const taken = await trx.deleteFrom('cart_items').where('id', 'in', take.ids).returning(['id', 'quantity']).execute();
    await trx.updateTable('carts').set(take.set).where('id', '=', take.cartId).execute();
    return { items, notes: noteRows, taken };
  }
  const row = await trx
    .with('i', (db) => db.insertInto('order_items').values(lines).returningAll())
    .with('n', (db) => db.insertInto('order_notes').values(notes).returningAll())
    .with('taken', (db) => db.deleteFrom('cart_items').where('id', 'in', take.ids).returning(['id', 'quantity']))
    .with('c', (db) => db.updateTable('carts').set(take.set).where('id', '=', take.cartId).returning('id'))
    .selectNoFrom([
      sql<unknown>`(select coalesce(json_agg(i order by i.id), '[]') from i)`.as('items'),
      sql<unknown>`(select coalesce(json_agg(n order by n.id), '[]') from n)`.as('notes'),
      sql<unknown>`(select coalesce(json_agg(json_build_object('id', taken.id, 'quantity', taken.quantity)), '[]') from taken)`.as('taken'),
    ])
    .executeTakeFirstOrThrow();
  return {
    items: jsonColumn<Selectable<OrderItemsTable>[]>(row.items),
    notes: jsonColumn<Selectable<OrderNotesTable>[]>(row.notes),
    taken: jsonColumn<{ id: number; quantity: number }[]>(row.taken),
  };
}

async function skusOf(trx: DB, refs: StockRef[], sold: SoldProducts): Promise<Map<string, string>> {
  const pids = [...new Set(refs.map((r) => r.productId!).filter((x) => x !== null && !sold.has(x)))];
  const vids = [...new Set(refs.map((r) => r.variationId).filter((x): x is number => x !== null))];
  const [ps, vs] = await Promise.all([
    pids.length ? trx.selectFrom('products').select(['id', 'sku']).where('id', 'in', pids).execute() : Promise.resolve([]),
    vids.length ? trx.selectFrom('product_variations').select(['id', 'sku']).where('id', 'in', vids).execute() : Promise.resolve([]),
  ]);
  const out = new Map<string, string>();
  for (const r of refs) {
    const v = r.variationId !== null ? vs.find((x) => x.id === r.variationId) : undefined;
    const p = r.productId !== null ? (sold.get(r.productId) ?? ps.find((x) => x.id === r.productId)) : undefined;
    out.set(`${r.productId}:${r.variationId ?? ''}`, v?.sku || p?.sku || '');
  }
  return out;
}
