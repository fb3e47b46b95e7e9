import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { contains } from '../../lib/list-query.ts';
import { parseJson } from '../../lib/json.ts';
import { EMPTY_ADDRESS, type Address } from '../address/address.ts';
import { getCustomerAddresses } from '../address/customer-addresses.server.ts';
import { lookupProducts } from '../catalog-admin/product-links.server.ts';
import { guestRows } from '../customers/customers-admin.server.ts';
import { billingName } from '../customers/customer-orders.server.ts';
import type { Draft } from './order-draft.server.ts';
import { variationAttributes, variationName } from '../catalog/variation-name.ts';

/*
 * The searches of the order form: customers (accounts and past guest buyers, by e-mail or
 * name) and products with their variations. Each answer is a short list the form shows as
 * buttons, so picking works as a plain form post.
 */

export interface FoundCustomer {
  /** "account:<id>" or "guest:<latest order id>". */
  value: string;
  label: string;
}

export interface FoundProduct {
  productId: number;
  variationId: number | null;
  name: string;
  attributes: Record<string, string>;
  sku: string;
}

const LIMIT = 10;

export async function findCustomers(db: DB, q: string): Promise<FoundCustomer[]> {
  const text = q.trim().toLowerCase().slice(0, 200);
  if (!text) return [];
  const [accounts, guests] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'name', 'email'])
      .where((eb) => eb.or([contains(sql`name`, text), contains(sql`email`, text)]))
      .orderBy('email')
      .limit(LIMIT)
      .execute(),
    guestRows(db, text).orderBy(sql`owned.email`).limit(LIMIT).execute(),
  ]);
  const latest = guests.map((g) => Number(g.id));
  const names = new Map(latest.length ? (await db.selectFrom('orders').select(['id', 'billing']).where('id', 'in', latest).execute()).map((o) => [o.id, billingName(o.billing)]) : []);
  return [
    ...accounts.map((u) => ({ value: `account:${u.id}`, label: `${u.name ? `${u.name} — ` : ''}${u.email}` })),
    ...guests.map((g) => ({ value: `guest:${g.id}`, label: `${names.get(Number(g.id)) ? `${names.get(Number(g.id))} — ` : ''}${g.email} (guest)` })),
  ].slice(0, LIMIT * 2);
}

/** Products by name or SKU, each variable one as its variations. */
export async function findProducts(db: DB, q: string): Promise<FoundProduct[]> {
  const products = await lookupProducts(db, q);
  if (!products.length) return [];
  const variations = await db
    .selectFrom('product_variations')
    .select(['id', 'product_id', 'sku', 'attributes'])
    .where('product_id', 'in', products.map((p) => p.id))
    .orderBy('id')
    .execute();
  const out: FoundProduct[] = [];
  for (const p of products) {
    const own = variations.filter((v) => v.product_id === p.id);
    if (!own.length) out.push({ productId: p.id, variationId: null, name: p.name, attributes: {}, sku: p.sku });
    for (const v of own) {
      const attributes = variationAttributes(v.attributes);
      out.push({ productId: p.id, variationId: v.id, name: variationName(p.name, attributes), attributes, sku: v.sku || p.sku });
    }
  }
  return out.slice(0, 30);
}

/** The draft with the customer picked: their e-mail and addresses (an account's saved ones, a guest's latest order's). */
export async function withCustomer(db: DB, d: Draft, value: string): Promise<Draft> {
  const account = /^account:(\d{1,9})$/.exec(value);
  const guest = /^guest:(\d{1,9})$/.exec(value);
  if (account) {
    const u = await db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', Number(account[1])).executeTakeFirst();
    if (!u) return d;
    const saved = await getCustomerAddresses(db, u.id);
    const [first, ...rest] = (u.name || '').split(' ');
    const billing: Address = saved.billing ?? { ...EMPTY_ADDRESS, first_name: first ?? '', last_name: rest.join(' ') };
    return { ...d, customer: value, customerLabel: `${u.name ? `${u.name} — ` : ''}${u.email}`, billing: { ...billing, email: u.email }, shipping: saved.shipping ?? { ...billing }, shipToDifferent: !!saved.shipping };
  }
  if (guest) {
    const o = await db.selectFrom('orders').select(['billing_email', 'billing', 'shipping']).where('id', '=', Number(guest[1])).executeTakeFirst();
    if (!o) return d;
    const billing = { ...EMPTY_ADDRESS, ...parseJson<Partial<Address>>(o.billing, {}), email: o.billing_email };
    const shipping = { ...EMPTY_ADDRESS, ...parseJson<Partial<Address>>(o.shipping, {}) };
    return { ...d, customer: 'guest', customerLabel: `${o.billing_email} (guest)`, billing, shipping, shipToDifferent: !!shipping.address_1 && shipping.address_1 !== billing.address_1 };
  }
  return d;
}
