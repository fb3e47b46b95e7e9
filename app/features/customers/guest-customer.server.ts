import type { DB } from '../../../db/client.ts';
import { EMPTY_ADDRESS, type Address } from '../address/address.ts';
import { parseJson } from '../../lib/json.ts';
import { billingName, guestOrders } from './customer-orders.server.ts';
import { customerNotes } from './customer-notes.server.ts';
import { ordersOf } from './customers-admin.server.ts';

/*
 * A guest buyer's back-office page. Its address names one of their orders
 * (/admin/customers/guest/<order id>), never the e-mail address itself: an e-mail in a URL
 * would land in access logs, browser history and referrers, and staff who may open the page
 * may open that order anyway. The page shows every order placed without an account with the
 * same e-mail (without case). Once an account has that e-mail the guest is that account.
 */

export type GuestLookup = { kind: 'account'; userId: number } | { kind: 'guest'; guest: GuestDetail } | null;

export async function guestByOrder(db: DB, orderId: number): Promise<GuestLookup> {
  const order = await db.selectFrom('orders').select(['billing_email']).where('id', '=', orderId).where('user_id', 'is', null).executeTakeFirst();
  const email = order?.billing_email.trim().toLowerCase();
  if (!email) return null;
  const account = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (account) return { kind: 'account', userId: account.id };
  return { kind: 'guest', guest: await guestDetail(db, email) };
}

async function guestDetail(db: DB, email: string) {
  const [orders, latest, notes] = await Promise.all([
    ordersOf(db, guestOrders(email)),
    db.selectFrom('orders').select(['id', 'billing', 'shipping']).where(guestOrders(email)).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow(),
    customerNotes(db, { userId: null, email }),
  ]);
  const address = (json: string): Address | null => {
    const a = parseJson<Partial<Address>>(json, {});
    return Object.values(a).some((v) => typeof v === 'string' && v) ? { ...EMPTY_ADDRESS, ...a } : null;
  };
  return {
    email,
    name: billingName(latest.billing),
    /** The page's own id: the guest's latest order. */
    ref: latest.id,
    ...orders.figures,
    orders: orders.orders,
    billing: address(latest.billing),
    shipping: address(latest.shipping),
    notes,
  };
}
export type GuestDetail = Awaited<ReturnType<typeof guestDetail>>;
