import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../../db/client.ts';
import type { OrderStatus } from '../orders/orders.ts';

/*
 * Whose an order is, for the back office's customers: an account's order is one placed
 * while signed in (`user_id`), or one placed as a guest with the account's e-mail address
 * (compared without case) — so a guest who registers later finds their past orders under
 * the account, with nothing rewritten in the orders. Every other guest order belongs to
 * the guest buyer its billing e-mail names (one buyer per address, without case).
 *
 * Orders count every order whatever its status; the total spent sums the paid ones
 * (processing, completed — WooCommerce's paid statuses) less what was refunded of them; the
 * average order is that total over the paid orders. Amounts in minor units.
 */

/** Orders whose amount counts as spent. */
export const SPENT_STATUSES: readonly OrderStatus[] = ['processing', 'completed'];

/** The account an order belongs to: its own, or the one whose e-mail placed it as a guest. */
export const orderOwnerSql = sql<number | null>`coalesce(orders.user_id, (select owner.id from users owner where owner.email = lower(orders.billing_email)))`;

/** Every order with the account it belongs to (`owner_id`, null for a guest buyer's) and its lowercased e-mail. */
export function ownedOrders(db: DB) {
  return db
    .selectFrom('orders')
    .select(['orders.id', 'orders.status', 'orders.total', 'orders.refunded_total', 'orders.created_at', orderOwnerSql.as('owner_id'), sql<string>`lower(orders.billing_email)`.as('email')])
    .as('owned');
}

/** The figures of a group of `owned` rows, by the module's rules. */
export const figureColumns = () => [
  sql<number | string>`count(*)`.as('orders_count'),
  sql<number | string>`coalesce(sum(case when owned.status in (${sql.join(SPENT_STATUSES)}) then owned.total - owned.refunded_total else 0 end), 0)`.as('total_spent'),
  sql<number | string>`coalesce(sum(case when owned.status in (${sql.join(SPENT_STATUSES)}) then 1 else 0 end), 0)`.as('paid_count'),
  sql<string | null>`max(owned.created_at)`.as('last_order'),
  sql<string | null>`min(owned.created_at)`.as('first_order'),
  sql<number>`max(owned.id)`.as('latest_id'),
];

export interface Figures {
  ordersCount: number;
  totalSpent: number;
  /** Total spent over the paid orders, rounded to the minor unit; null with no paid order. */
  averageOrder: number | null;
  lastOrder: string | null;
}

export function figures(row: { orders_count?: number | string | null; total_spent?: number | string | null; paid_count?: number | string | null; last_order?: string | null } | undefined): Figures {
  const spent = Number(row?.total_spent ?? 0);
  const paid = Number(row?.paid_count ?? 0);
  return { ordersCount: Number(row?.orders_count ?? 0), totalSpent: spent, averageOrder: paid > 0 ? Math.round(spent / paid) : null, lastOrder: row?.last_order ?? null };
}

/** Orders of one account (signed in, or as a guest with its e-mail) as a condition on `orders`. */
export function accountOrders(userId: number, email: string): RawBuilder<boolean> {
  return sql<boolean>`(orders.user_id = ${userId} or (orders.user_id is null and lower(orders.billing_email) = ${email.toLowerCase()}))`;
}

/** A guest buyer's orders (placed without an account, with this e-mail) as a condition on `orders`. */
export function guestOrders(email: string): RawBuilder<boolean> {
  return sql<boolean>`(orders.user_id is null and lower(orders.billing_email) = ${email.toLowerCase()})`;
}

/** A billing address's name, from an order's JSON. */
export function billingName(json: string): string {
  try {
    const v = JSON.parse(json) as Record<string, unknown>;
    return [v.first_name, v.last_name].filter((x) => typeof x === 'string' && x).join(' ');
  } catch {
    return '';
  }
}
