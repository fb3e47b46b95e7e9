import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { CUSTOMERS_ADMIN } from '../../config/constants.ts';
import { contains } from '../../lib/list-query.ts';
import { STAFF_ROLES, type Role } from '../../lib/roles.ts';
import { getCustomerAddresses } from '../address/customer-addresses.server.ts';
import type { OrderStatus } from '../orders/orders.ts';
import { customerListQuerySchema, type CustomerListQuery } from './customers.schema.ts';

/*
 * The back office's accounts: the list behind /admin/customers (every account, staff
 * included, with what it has bought) and one account's page. Guest orders belong to no
 * account and are not counted. Orders count every order of the account whatever its status;
 * the total spent sums the paid ones (processing, completed — WooCommerce's paid statuses)
 * less what was refunded of them, in minor units of the shop's currency.
 */

/** Orders whose amount counts as spent. */
export const SPENT_STATUSES: readonly OrderStatus[] = ['processing', 'completed'];

export interface CustomerRow {
  id: number;
  name: string;
  email: string;
  role: Role;
  ordersCount: number;
  totalSpent: number;
  registeredAt: string;
}

export const parseCustomerListQuery = (params: URLSearchParams): CustomerListQuery => customerListQuerySchema.parse(Object.fromEntries(params));

/** Per account: orders and the amount spent, as a subquery to join. */
function orderTotals(db: DB) {
  return db
    .selectFrom('orders')
    .select([
      'orders.user_id',
      (eb) => eb.fn.countAll<number | string>().as('orders_count'),
      sql<number | string>`sum(case when orders.status in (${sql.join(SPENT_STATUSES)}) then orders.total - orders.refunded_total else 0 end)`.as('total_spent'),
    ])
    .where('orders.user_id', 'is not', null)
    .groupBy('orders.user_id')
    .as('o');
}

export async function listCustomers(db: DB, query: CustomerListQuery) {
  let base = db.selectFrom('users');
  if (query.q) {
    const q = query.q;
    base = base.where((eb) => eb.or([contains(sql`users.name`, q), contains(sql`users.email`, q)]));
  }
  if (query.role === 'staff') base = base.where('users.role', 'in', [...STAFF_ROLES]);
  else if (query.role) base = base.where('users.role', '=', query.role);

  const total = Number((await base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  const pages = Math.max(1, Math.ceil(total / CUSTOMERS_ADMIN.perPage));
  const page = Math.min(query.page, pages);
  const orders = sql<number>`coalesce(o.orders_count, 0)`;
  const spent = sql<number>`coalesce(o.total_spent, 0)`;
  const order = { registered: sql`users.created_at`, name: sql`lower(users.name)`, orders, spent }[query.sort];
  const rows = await base
    .leftJoin(orderTotals(db), 'o.user_id', 'users.id')
    .select(['users.id', 'users.name', 'users.email', 'users.role', 'users.created_at', orders.as('orders_count'), spent.as('total_spent')])
    .orderBy(order, query.dir)
    // Ties (same name, no orders) in a stable order, so pages neither repeat nor skip a row.
    .orderBy('users.email', query.dir)
    .orderBy('users.id', query.dir)
    .limit(CUSTOMERS_ADMIN.perPage)
    .offset((page - 1) * CUSTOMERS_ADMIN.perPage)
    .execute();
  const customers = rows.map(
    (r): CustomerRow => ({
      id: r.id,
      name: r.name,
      email: r.email,
      role: r.role as Role,
      ordersCount: Number(r.orders_count),
      totalSpent: Number(r.total_spent),
      registeredAt: r.created_at,
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
}

/** One account as its back-office page shows it, or null when there is no such account. */
export async function customerDetail(db: DB, id: number) {
  const user = await db.selectFrom('users').select(['id', 'email', 'name', 'role', 'created_at', 'updated_at']).where('id', '=', id).executeTakeFirst();
  if (!user) return null;
  const [totals, addresses, orders, wishlists] = await Promise.all([
    db
      .selectFrom(orderTotals(db))
      .select(['o.orders_count', 'o.total_spent'])
      .where('o.user_id', '=', id)
      .executeTakeFirst(),
    getCustomerAddresses(db, id),
    db
      .selectFrom('orders')
      .select(['id', 'status', 'total', 'refunded_total', 'currency', 'created_at'])
      .where('user_id', '=', id)
      .orderBy('id', 'desc')
      .limit(CUSTOMERS_ADMIN.ordersShown)
      .execute(),
    db
      .selectFrom('wishlists')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('owner_key', '=', `u:${id}`)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role as Role,
    registeredAt: user.created_at,
    updatedAt: user.updated_at,
    ordersCount: Number(totals?.orders_count ?? 0),
    totalSpent: Number(totals?.total_spent ?? 0),
    wishlists: Number(wishlists.n),
    addresses,
    orders: orders.map(
      (o): CustomerOrder => ({ id: o.id, status: o.status as OrderStatus, total: o.total, refundedTotal: o.refunded_total, currency: o.currency, createdAt: o.created_at }),
    ),
  };
}
export type CustomerDetail = NonNullable<Awaited<ReturnType<typeof customerDetail>>>;
