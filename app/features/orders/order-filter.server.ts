import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { contains } from '../../lib/list-query.ts';
import { idFromText } from '../../lib/validate.ts';
import { guestOrders } from '../customers/customer-orders.server.ts';
import type { OrderStatus } from './orders.ts';

/**
 * Which orders the back office's list and its CSV export show: one filter for both, so an
 * export is exactly the list the owner was looking at.
 */
export interface OrderFilter {
  status?: OrderStatus | null;
  /**
   * Order number ("#12" or "12"), or text in the billing e-mail or address, or in a line's
   * product name or SKU.
   */
  q?: string | null;
  /** A payment method id. */
  payment?: string | null;
  /** Placed on or after this day (YYYY-MM-DD, UTC). */
  from?: string | null;
  /** Placed on or before this day (YYYY-MM-DD, UTC). */
  to?: string | null;
  /** The customer's account id. */
  customer?: number | null;
  /**
   * A customer's e-mail (lowercase): the account's orders if one has it, and the orders placed
   * as a guest with it — whose an order is, as the Customers pages count it.
   */
  email?: string | null;
}

export function whereOrders<O>(query: SelectQueryBuilder<Database, 'orders', O>, filter: OrderFilter): SelectQueryBuilder<Database, 'orders', O> {
  const q = typeof filter.q === 'string' ? filter.q.trim().slice(0, 100) : '';
  const number = idFromText(q.replace(/^#/, ''));
  let out = query;
  if (filter.status) out = out.where('orders.status', '=', filter.status);
  if (filter.payment) out = out.where('orders.payment_method', '=', filter.payment);
  if (filter.from) out = out.where('orders.created_at', '>=', `${filter.from}T00:00:00.000Z`);
  if (filter.to) out = out.where('orders.created_at', '<=', `${filter.to}T23:59:59.999Z`);
  if (filter.customer) out = out.where('orders.user_id', '=', filter.customer);
  if (filter.email) {
    const email = filter.email.trim().toLowerCase();
    out = out.where((eb) => eb.or([guestOrders(email), eb('orders.user_id', 'in', eb.selectFrom('users').select('users.id').where('users.email', '=', email))]));
  }
  if (q) {
    out = out.where((eb) =>
      eb.or([
        ...(number !== null ? [eb('orders.id', '=', number)] : []),
        contains(sql`orders.billing_email`, q),
        contains(sql`orders.billing`, q),
        eb.exists(
          eb
            .selectFrom('order_items')
            .select(sql`1`.as('one'))
            .whereRef('order_items.order_id', '=', 'orders.id')
            .where((ib) => ib.or([contains(sql`order_items.name`, q), contains(sql`order_items.sku`, q)])),
        ),
      ]),
    );
  }
  return out;
}
