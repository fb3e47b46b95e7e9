import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { OrderNotesTable } from '../../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseIdempotencyKey } from '../../lib/idempotency.server.ts';
import type { Services, SessionUser } from '../../lib/services.server.ts';
import { lendCache } from '../../lib/store-cache.server.ts';
import { readStoreVersion, touchStore } from '../../lib/store-version.server.ts';
import { nowIso } from '../../lib/time.ts';
import { getSettings } from '../settings/settings.server.ts';
import { storeCustomerAddress } from '../address/customer-addresses.server.ts';
import { cartWithLines, resolveCart } from '../cart/cart-store.server.ts';
import { recomputeProducts } from '../catalog/catalog-write.server.ts';
import { redeemCoupons } from '../coupons/coupons.server.ts';
import { statusChangeNote } from './order-status.server.ts';
import { grantOrderDownloadsInTrx } from '../downloads/access.server.ts';
import { orderDetail } from './orders.server.ts';
import type { OrderDetail } from './orders.ts';
import { answerPlaced, replay, replayed } from './placement-answer.server.ts';
import { priceForOrder } from './placement-pricing.server.ts';
import { cartEmpty, emailRegistered, requestHash, validate, type PlaceOrderRequest, type PlaceOrderResult } from './placement-request.server.ts';
import { productLineRows, skusOf, writeLinesTakeCart } from './placement-write.server.ts';
import { addTotalSales, reduceStock, type StockRef } from './stock.server.ts';
import { withTransaction } from './transaction.server.ts';
import { alertPolicy, GUEST_ACTOR } from '../stock/stock-log.server.ts';

export { checkoutInputFromForm, checkoutSchema, type CheckoutInput, type PlaceOrderRequest, type PlaceOrderResult } from './placement-request.server.ts';
export { applyPaymentResult } from './placement-answer.server.ts';

/*
 * Placing an order (POST /api/checkout and the checkout page's form). One transaction
 * re-prices the cart with the cart's own code, refuses if anything changed since the
 * shopper saw it, takes stock with conditional updates, claims coupon uses, writes the
 * order with its lines and empties the cart. Any refusal throws before the commit, so
 * nothing is written. The payment method is asked to take the payment after the commit;
 * e-mails follow it. The request and its checks are placement-request, the pricing
 * placement-pricing, the lines' writing placement-write, and the answer (replays, payment,
 * e-mails) placement-answer.
 */

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
      const { row, cart, coupons } = await priceForOrder(trx, current, v, settings, customer);
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
        productLineRows(cart.items, order.id, skus),
        notes,
        { ids: [...priced.keys()], cartId: row.id, set: { coupons: '[]', customer: row.customer, updated_at: now } },
      );
      if (taken.length === 0) throw cartEmpty();
      if (taken.length !== priced.size || taken.some((l) => priced.get(l.id) !== l.quantity)) {
        throw new HttpError(409, 'cart_changed', 'Your cart changed while the order was being placed. Please review it and place the order again.');
      }
      // An order paid as it is placed gives its downloads at once.
      if (settled?.status === 'processing') await grantOrderDownloadsInTrx(trx, order.id);
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
  return answerPlaced(services, req, settings, v, { orderId, settled, written, soldOut, stockAlerts, created });
}
