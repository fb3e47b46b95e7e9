import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Services, SessionUser } from '../../lib/services.server.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput } from '../../lib/validate.ts';
import { hashPassword, verifyPassword } from './account.server.ts';
import { emailSchema, nameSchema, passwordSchema } from './account.schema.ts';
import { destroyUserSessions, createSession } from './session.server.ts';

/*
 * What a signed-in customer changes about themselves in My account: name, e-mail and
 * password (both guarded by the current password), saved addresses, their data export
 * and an erasure request. Every function takes the session's user: nobody reaches
 * another account's data through these.
 */

export const accountDetailsSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  current_password: z.string().max(200).default(''),
  new_password: z.union([z.literal(''), passwordSchema]).default(''),
});

const wrongPassword = () =>
  new HttpError(400, 'wrong_password', 'Your current password is incorrect.', { current_password: 'Your current password is incorrect.' });

/**
 * Saves name, e-mail and (optionally) a new password. Changing the e-mail or the password
 * needs the current password; a new password ends every other session and answers a fresh
 * session token for this browser.
 */
export async function updateAccountDetails(
  services: Services,
  user: SessionUser,
  input: unknown,
): Promise<{ user: SessionUser; token: string | null }> {
  const data = parseInput(accountDetailsSchema, input);
  const row = await services.db.selectFrom('users').select(['password_hash', 'email']).where('id', '=', user.id).executeTakeFirst();
  if (!row) throw new HttpError(404, 'not_found', 'This account no longer exists.');
  const sensitive = data.new_password !== '' || data.email !== row.email;
  if (sensitive) {
    if (!data.current_password) {
      throw new HttpError(400, 'current_password_required', 'Enter your current password to change your e-mail address or password.', {
        current_password: 'Enter your current password.',
      });
    }
    if (!(await verifyPassword(row.password_hash, data.current_password))) throw wrongPassword();
  }
  if (data.email !== row.email) {
    const taken = await services.db.selectFrom('users').select('id').where('email', '=', data.email).where('id', '!=', user.id).executeTakeFirst();
    if (taken) {
      throw new HttpError(409, 'email_taken', 'An account with this e-mail address already exists.', { email: 'An account with this e-mail address already exists.' });
    }
  }
  const password_hash = data.new_password ? await hashPassword(data.new_password) : undefined;
  return services.db.transaction().execute(async (trx) => {
    let updated;
    try {
      updated = await trx
        .updateTable('users')
        .set({ name: data.name, email: data.email, updated_at: nowIso(), ...(password_hash ? { password_hash } : {}) })
        .where('id', '=', user.id)
        .returning(['id', 'email', 'name', 'role'])
        .executeTakeFirstOrThrow();
    } catch (err) {
      if (/unique|duplicate/i.test(String(err))) {
        throw new HttpError(409, 'email_taken', 'An account with this e-mail address already exists.', { email: 'An account with this e-mail address already exists.' });
      }
      throw err;
    }
    let token: string | null = null;
    if (password_hash) {
      await destroyUserSessions(trx, user.id);
      token = await createSession(trx, user.id);
    }
    return { user: { ...user, email: updated.email, name: updated.name }, token };
  });
}

export type AddressType = 'billing' | 'shipping';
export const ADDRESS_TYPES: readonly AddressType[] = ['billing', 'shipping'];
export const isAddressType = (v: string): v is AddressType => (ADDRESS_TYPES as readonly string[]).includes(v);

/** A saved address in the Store API's field names; missing fields read as empty. */
export type SavedAddress = Record<string, string>;

function parseJson(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const asStrings = (o: Record<string, unknown>): SavedAddress =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === 'string')) as SavedAddress;

/** The account's saved billing and shipping addresses (null when none was saved). */
export async function savedAddresses(db: DB, userId: number): Promise<Record<AddressType, SavedAddress | null>> {
  const rows = await db.selectFrom('customer_addresses').select(['type', 'address']).where('user_id', '=', userId).execute();
  const out: Record<AddressType, SavedAddress | null> = { billing: null, shipping: null };
  for (const r of rows) if (isAddressType(r.type)) out[r.type] = asStrings(parseJson(r.address));
  return out;
}

/** Saves (inserts or replaces) one address that the caller has already validated. */
export async function saveAddress(db: DB, userId: number, type: AddressType, address: SavedAddress): Promise<void> {
  const now = nowIso();
  const json = JSON.stringify(address);
  await db
    .insertInto('customer_addresses')
    .values({ user_id: userId, type, address: json, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet({ address: json, updated_at: now }))
    .execute();
}

/** Everything the shop holds about the account, for "Download my data". */
export async function exportCustomerData(db: DB, userId: number) {
  const user = await db.selectFrom('users').select(['id', 'email', 'name', 'role', 'created_at']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new HttpError(404, 'not_found', 'This account no longer exists.');
  const [addresses, orders, reviews] = await Promise.all([
    savedAddresses(db, userId),
    db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('reviews').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
  ]);
  const orderIds = orders.map((o) => o.id);
  const [items, notes] = orderIds.length
    ? await Promise.all([
        db.selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute(),
        db.selectFrom('order_notes').selectAll().where('order_id', 'in', orderIds).where('customer_note', '=', 1).orderBy('id').execute(),
      ])
    : [[], []];
  await db.insertInto('privacy_requests').values({ user_id: userId, email: user.email, type: 'export', status: 'completed', created_at: nowIso(), completed_at: nowIso() }).execute();
  return {
    exported_at: nowIso(),
    account: { email: user.email, name: user.name, created_at: user.created_at },
    addresses,
    orders: orders.map((o) => ({
      number: o.id,
      status: o.status,
      created_at: o.created_at,
      currency: o.currency,
      total: o.total,
      billing: parseJson(o.billing),
      shipping: parseJson(o.shipping),
      customer_note: o.customer_note,
      payment_method: o.payment_method_title || o.payment_method,
      lines: items.filter((i) => i.order_id === o.id).map((i) => ({ name: i.name, sku: i.sku, quantity: i.quantity, total: i.total })),
      notes: notes.filter((n) => n.order_id === o.id).map((n) => ({ content: n.content, created_at: n.created_at })),
    })),
    reviews: reviews.map((r) => {
      const row = r as Record<string, unknown>;
      return { product_id: row.product_id, rating: row.rating, content: row.content, created_at: row.created_at };
    }),
  };
}

/**
 * Records the customer's request to be forgotten; the shop owner carries it out with the
 * admin privacy tool. A second request while one is pending records nothing new.
 */
export async function requestErasure(db: DB, user: SessionUser): Promise<{ created: boolean }> {
  const pending = await db
    .selectFrom('privacy_requests')
    .select('id')
    .where('user_id', '=', user.id)
    .where('type', '=', 'erasure')
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (pending) return { created: false };
  await db.insertInto('privacy_requests').values({ user_id: user.id, email: user.email, type: 'erasure', status: 'pending', created_at: nowIso(), completed_at: null }).execute();
  return { created: true };
}

/** Pending erasure requests, oldest first, for the admin privacy tool. */
export function pendingErasures(db: DB) {
  return db
    .selectFrom('privacy_requests')
    .select(['id', 'user_id', 'email', 'created_at'])
    .where('type', '=', 'erasure')
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
}

const ANON_ADDRESS = JSON.stringify({});
const ANON_EMAIL = 'deleted@anonymised.invalid';

/**
 * The admin privacy tool: blanks the personal data on every order of the account (or of the
 * e-mail address, for guest orders), deletes its saved addresses, sessions and the account
 * itself, and closes its pending requests. One transaction: all or nothing.
 */
export async function eraseCustomer(db: DB, email: string): Promise<{ orders: number; account: boolean }> {
  const address = parseInput(z.object({ email: emailSchema }), { email }).email;
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'role']).where('email', '=', address).executeTakeFirst();
    if (user && user.role !== 'customer') {
      throw new HttpError(409, 'not_customer', 'Only customer accounts can be erased here; staff accounts stay.', { email: 'This is a staff account.' });
    }
    const now = nowIso();
    const result = await trx
      .updateTable('orders')
      .set({ billing_email: ANON_EMAIL, billing: ANON_ADDRESS, shipping: ANON_ADDRESS, customer_note: '', customer_ip: '', user_agent: '', user_id: null, updated_at: now })
      .where((eb) => (user ? eb.or([eb('user_id', '=', user.id), eb('billing_email', '=', address)]) : eb('billing_email', '=', address)))
      .executeTakeFirst();
    const orders = Number(result.numUpdatedRows ?? 0);
    const usageKeys = [`email:${address}`, ...(user ? [`user:${user.id}`] : [])];
    await trx.updateTable('coupon_usages').set({ customer: `email:${ANON_EMAIL}` }).where('customer', 'in', usageKeys).execute();
    await trx
      .updateTable('privacy_requests')
      .set({ status: 'completed', completed_at: now, email: ANON_EMAIL })
      .where('email', '=', address)
      .where('status', '=', 'pending')
      .execute();
    if (!user) {
      if (orders === 0) throw new HttpError(404, 'not_found', 'No account or order uses this e-mail address.', { email: 'No account or order uses this e-mail address.' });
      return { orders, account: false };
    }
    await trx.updateTable('privacy_requests').set({ user_id: null, email: ANON_EMAIL }).where('user_id', '=', user.id).execute();
    await trx.deleteFrom('customer_addresses').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
    await trx.updateTable('carts').set({ user_id: null }).where('user_id', '=', user.id).execute();
    await trx.updateTable('reviews').set({ user_id: null, author: 'Anonymous', email: ANON_EMAIL }).where('user_id', '=', user.id).execute();
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
    return { orders, account: true };
  });
}

/** What erasing an address would touch, for the admin's confirm step. */
export async function erasurePreview(db: DB, email: string): Promise<{ email: string; account: { name: string; role: string } | null; orders: number }> {
  const address = parseInput(z.object({ email: emailSchema }), { email }).email;
  const user = await db.selectFrom('users').select(['id', 'name', 'role']).where('email', '=', address).executeTakeFirst();
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => (user ? eb.or([eb('user_id', '=', user.id), eb('billing_email', '=', address)]) : eb('billing_email', '=', address)))
    .executeTakeFirstOrThrow();
  return { email: address, account: user ? { name: user.name, role: user.role } : null, orders: Number(row.n) };
}
