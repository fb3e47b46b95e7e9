import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { CUSTOMERS_ADMIN } from '../../config/constants.ts';
import { contains } from '../../lib/list-query.ts';
import { STAFF_ROLES, type Role } from '../../lib/roles.ts';
import { getCustomerAddresses } from '../address/customer-addresses.server.ts';
import type { OrderStatus } from '../orders/orders.ts';
import { accountOrders, billingName, figureColumns, figures, ownedOrders, type Figures } from './customer-orders.server.ts';
import { customerNotes } from './customer-notes.server.ts';
import { customerListQuerySchema, type CustomerListQuery } from './customers.schema.ts';

/*
 * The back office's customers: the list behind /admin/customers — every account, staff
 * included, and every guest buyer (orders without an account, one buyer per e-mail address,
 * without case) — and one account's page. Whose an order is, and the figures, follow
 * customer-orders.server.ts: a guest who registered later is one row, the account's.
 */

export { SPENT_STATUSES } from './customer-orders.server.ts';

export type CustomerRow = Figures & {
  kind: 'account' | 'guest';
  /** The account's id; for a guest, the id of their latest order (their page's address). */
  id: number;
  name: string;
  email: string;
  role: Role | null;
  /** Registered (an account) or first order (a guest). */
  since: string;
};

export const parseCustomerListQuery = (params: URLSearchParams): CustomerListQuery => customerListQuerySchema.parse(Object.fromEntries(params));

/** Accounts with their figures, as rows of the list's union. */
function accountRows(db: DB, query: CustomerListQuery) {
  const totals = db.selectFrom(ownedOrders(db)).where('owned.owner_id', 'is not', null).select(['owned.owner_id', ...figureColumns()]).groupBy('owned.owner_id').as('o');
  let q = db
    .selectFrom('users')
    .leftJoin(totals, 'o.owner_id', 'users.id')
    .select([
      sql<string>`'account'`.as('kind'),
      sql<number>`users.id`.as('id'),
      sql<string>`users.name`.as('name'),
      sql<string>`users.email`.as('email'),
      sql<string>`users.role`.as('role'),
      sql<number | string>`coalesce(o.orders_count, 0)`.as('orders_count'),
      sql<number | string>`coalesce(o.total_spent, 0)`.as('total_spent'),
      sql<number | string>`coalesce(o.paid_count, 0)`.as('paid_count'),
      sql<string | null>`o.last_order`.as('last_order'),
      sql<string>`users.created_at`.as('since'),
    ]);
  if (query.q) {
    const text = query.q;
    q = q.where((eb) => eb.or([contains(sql`users.name`, text), contains(sql`users.email`, text)]));
  }
  if (query.role === 'staff') q = q.where('users.role', 'in', [...STAFF_ROLES]);
  else if (query.role && query.role !== 'guest') q = q.where('users.role', '=', query.role);
  return q;
}

/** Guest buyers (no account has their e-mail) with their figures, as rows of the list's union. */
export function guestRows(db: DB, text: string) {
  let q = db
    .selectFrom(ownedOrders(db))
    .where('owned.owner_id', 'is', null)
    .where('owned.email', '!=', '')
    .select([
      sql<string>`'guest'`.as('kind'),
      sql<number>`max(owned.id)`.as('id'),
      sql<string>`''`.as('name'),
      sql<string>`owned.email`.as('email'),
      sql<string>`''`.as('role'),
      sql<number | string>`count(*)`.as('orders_count'),
      ...figureColumns().slice(1, 4),
      sql<string>`min(owned.created_at)`.as('since'),
    ])
    .groupBy('owned.email');
  if (text) q = q.where(contains(sql`owned.email`, text));
  return q;
}

export async function listCustomers(db: DB, query: CustomerListQuery) {
  const accounts = query.role === 'guest' ? null : accountRows(db, query);
  const guests = query.role && query.role !== 'guest' ? null : guestRows(db, query.q);
  // Both parts select the same columns under the same names; typed as one of them.
  type Rows = ReturnType<typeof guestRows>;
  const union = (accounts && guests ? accounts.unionAll(guests) : (accounts ?? guests)) as unknown as Rows;
  const base = db.selectFrom(union.as('c'));
  const total = Number((await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  const pages = Math.max(1, Math.ceil(total / CUSTOMERS_ADMIN.perPage));
  const page = Math.min(query.page, pages);
  const order = {
    registered: sql`c.since`,
    // A guest has no name of their own (their orders' may differ): sorted by their e-mail.
    name: sql`lower(case when c.name = '' then c.email else c.name end)`,
    orders: sql`c.orders_count`,
    spent: sql`c.total_spent`,
    last: sql`coalesce(c.last_order, '')`,
  }[query.sort];
  const rows = await base
    .selectAll()
    .orderBy(order, query.dir)
    // Ties (same name, no orders) in a stable order, so pages neither repeat nor skip a row.
    .orderBy(sql`c.email`, query.dir)
    .orderBy(sql`c.kind`, query.dir)
    .limit(CUSTOMERS_ADMIN.perPage)
    .offset((page - 1) * CUSTOMERS_ADMIN.perPage)
    .execute();
  // A guest's name is the billing name of their latest order.
  const latest = rows.filter((r) => r.kind === 'guest').map((r) => Number(r.id));
  const names = new Map(
    latest.length ? (await db.selectFrom('orders').select(['id', 'billing']).where('id', 'in', latest).execute()).map((o) => [o.id, billingName(o.billing)]) : [],
  );
  const customers = rows.map(
    (r): CustomerRow => ({
      kind: r.kind === 'guest' ? 'guest' : 'account',
      id: Number(r.id),
      name: r.kind === 'guest' ? (names.get(Number(r.id)) ?? '') : r.name,
      email: r.email,
      role: r.kind === 'guest' ? null : (r.role as Role),
      since: r.since,
      ...figures(r),
    }),
  );
  return { customers, total, page, pages };
}

export interface CustomerOrder {
  id: number;
  status: OrderStatus;
  total: number;
  refundedTotal: number;
  currency: string;
  createdAt: string;
  /** Placed without signing in (a guest order with the account's e-mail). */
  asGuest: boolean;
}

/** Orders matching a condition, newest first, as a customer's page lists them, with their figures. */
export async function ordersOf(db: DB, where: ReturnType<typeof accountOrders>) {
  const [rows, totals] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['id', 'status', 'total', 'refunded_total', 'currency', 'created_at', 'user_id'])
      .where(where)
      .orderBy('id', 'desc')
      .limit(CUSTOMERS_ADMIN.ordersShown)
      .execute(),
    db.selectFrom(db.selectFrom('orders').select(['orders.id', 'orders.status', 'orders.total', 'orders.refunded_total', 'orders.created_at']).where(where).as('owned')).select(figureColumns()).executeTakeFirst(),
  ]);
  return {
    figures: figures(totals),
    orders: rows.map(
      (o): CustomerOrder => ({ id: o.id, status: o.status as OrderStatus, total: o.total, refundedTotal: o.refunded_total, currency: o.currency, createdAt: o.created_at, asGuest: o.user_id === null }),
    ),
  };
}

/** One account as its back-office page shows it, or null when there is no such account. */
export async function customerDetail(db: DB, id: number) {
  const user = await db.selectFrom('users').select(['id', 'email', 'name', 'role', 'created_at', 'updated_at']).where('id', '=', id).executeTakeFirst();
  if (!user) return null;
  const [orders, addresses, wishlists, notes] = await Promise.all([
    ordersOf(db, accountOrders(id, user.email)),
    getCustomerAddresses(db, id),
    db
      .selectFrom('wishlists')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('owner_key', '=', `u:${id}`)
      .executeTakeFirstOrThrow(),
    customerNotes(db, { userId: id, email: user.email }),
  ]);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role as Role,
    registeredAt: user.created_at,
    updatedAt: user.updated_at,
    ...orders.figures,
    wishlists: Number(wishlists.n),
    addresses,
    orders: orders.orders,
    notes,
  };
}
export type CustomerDetail = NonNullable<Awaited<ReturnType<typeof customerDetail>>>;
