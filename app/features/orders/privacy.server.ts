import { createHash } from 'node:crypto';
import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Services } from '../../lib/services.server.ts';
import { nowIso } from '../../lib/time.ts';
import { EMPTY_ADDRESS } from '../address/address.ts';
import { getCustomerAddresses } from '../address/customer-addresses.server.ts';
import { loadOrder } from './orders.server.ts';
import type { OrderDetail } from './orders.ts';
import { insertNote } from './order-status.server.ts';
import { withTransaction } from './transaction.server.ts';
import { contactSubmissionsOf, eraseContactSubmissions } from '../forms/submissions.server.ts';
import { removeUpload } from '../forms/uploads.server.ts';

/*
 * Privacy: a customer downloads what the shop holds about them and may ask to be erased;
 * the shop erases an account — its orders are kept for the accounts (amounts, lines) but
 * no longer say who bought them.
 */

export interface CustomerDataExport {
  exportedAt: string;
  account: { id: number; email: string; name: string; createdAt: string };
  addresses: Awaited<ReturnType<typeof getCustomerAddresses>>;
  orders: OrderDetail[];
  reviews: { productId: number; rating: number; content: string; createdAt: string }[];
  /** Contact-form messages sent while signed in (file names only, not the files). */
  contactMessages: { form: string; fields: Record<string, string | string[]>; files: string[]; createdAt: string }[];
}

/** Everything about the customer, as JSON (my account → download my data). Records the request. */
export async function exportCustomerData(db: DB, userId: number): Promise<CustomerDataExport> {
  const user = await db.selectFrom('users').select(['id', 'email', 'name', 'created_at']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new HttpError(404, 'not_found', 'Account not found.');
  const [addresses, rows, reviews, messages] = await Promise.all([
    getCustomerAddresses(db, userId),
    db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('reviews').select(['product_id', 'rating', 'content', 'created_at']).where('user_id', '=', userId).orderBy('id').execute(),
    contactSubmissionsOf(db, userId),
  ]);
  const orders = await Promise.all(rows.map((r) => loadOrder(db, r)));
  const now = nowIso();
  await db.insertInto('privacy_requests').values({ user_id: userId, email: user.email, type: 'export', status: 'completed', created_at: now, completed_at: now }).execute();
  return {
    exportedAt: now,
    account: { id: user.id, email: user.email, name: user.name, createdAt: user.created_at },
    addresses,
    // The order key is a secret for links, not data about the customer.
    orders: orders.map((o) => ({ ...o, orderKey: '', receivedUrl: '' })),
    reviews: reviews.map((r) => ({ productId: r.product_id, rating: r.rating, content: r.content, createdAt: r.created_at })),
    contactMessages: messages,
  };
}

/** My account → "erase my data": a request the shop handles (once; asking again keeps the open one). */
export async function requestErasure(db: DB, userId: number): Promise<{ id: number; created: boolean }> {
  const user = await db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new HttpError(404, 'not_found', 'Account not found.');
  const open = await db.selectFrom('privacy_requests').select('id').where('user_id', '=', userId).where('type', '=', 'erasure').where('status', '=', 'pending').executeTakeFirst();
  if (open) return { id: open.id, created: false };
  const row = await db.insertInto('privacy_requests').values({ user_id: userId, email: user.email, type: 'erasure', status: 'pending', created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}

/** Admin: privacy requests, open ones first, newest first. */
export async function listPrivacyRequests(db: DB, opts: { status?: 'pending' | 'completed' } = {}) {
  return db
    .selectFrom('privacy_requests')
    .selectAll()
    .$if(!!opts.status, (q) => q.where('status', '=', opts.status!))
    .orderBy('status', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/**
 * Admin: erases a customer in one transaction. Their orders keep their lines and amounts
 * but lose names, addresses, e-mail, phone, IP, browser and notes from the customer; the
 * account, its sessions, saved addresses and cart are deleted; reviews lose name and e-mail;
 * open erasure requests are closed. Staff accounts cannot be erased this way.
 */
export async function eraseCustomer(services: Services, userId: number, actor: { name: string }): Promise<{ orders: number }> {
  const erased = await withTransaction(services.db, async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'email', 'role']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw new HttpError(404, 'not_found', 'Account not found.');
    if (user.role !== 'customer') throw new HttpError(409, 'not_customer', 'Only customer accounts can be erased here.');
    const placeholder = `deleted-${createHash('sha256').update(`${user.id}:${user.email}`).digest('hex').slice(0, 12)}@invalid`;
    const anonymous = JSON.stringify({ ...EMPTY_ADDRESS });
    const orders = await trx.selectFrom('orders').select(['id', 'billing', 'shipping']).where((eb) => eb.or([eb('user_id', '=', userId), eb('billing_email', '=', user.email)])).execute();
    const now = nowIso();
    for (const o of orders) {
      const keep = (json: string) => {
        const a = JSON.parse(json) as { country?: string };
        return JSON.stringify({ ...JSON.parse(anonymous), country: a.country ?? '' });
      };
      await trx
        .updateTable('orders')
        .set({ user_id: null, billing_email: placeholder, billing: keep(o.billing), shipping: keep(o.shipping), customer_note: '', customer_ip: '', user_agent: '', updated_at: now })
        .where('id', '=', o.id)
        .execute();
      await insertNote(trx, o.id, 'Personal data removed at the customer’s request.', false, actor.name);
    }
    await trx.updateTable('reviews').set({ author: 'Anonymous', email: '', user_id: null }).where('user_id', '=', userId).execute();
    // The stock log keeps what their orders took, no longer who took it.
    await trx.updateTable('stock_log').set({ user_id: null, actor: 'Erased customer' }).where('user_id', '=', userId).execute();
    await trx.updateTable('coupon_usages').set({ customer: `erased:${placeholder}` }).where('customer', 'in', [`user:${userId}`, `email:${user.email}`]).execute();
    await trx.deleteFrom('carts').where('user_id', '=', userId).execute();
    const uploads = await eraseContactSubmissions(trx, userId, user.email);
    await trx.updateTable('privacy_requests').set({ status: 'completed', completed_at: now, email: placeholder }).where('user_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    return { orders: orders.length, uploads };
  });
  // Files of erased contact-form submissions go once the rows are gone for good.
  for (const stored of erased.uploads) await removeUpload(services.config.dataDir, stored);
  return { orders: erased.orders };
}
