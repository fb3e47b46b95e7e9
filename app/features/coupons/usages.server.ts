import type { DB } from '../../../db/client.ts';
import type { CartCustomer } from '../cart/contracts.ts';

/**
 * The coupon_usages.customer values that identify this shopper: a signed-in customer's
 * earlier guest orders under the same e-mail address count against the per-customer limit.
 */
export function customerKeys(customer: CartCustomer): string[] {
  const keys: string[] = [];
  if (customer.userId != null) keys.push(`user:${customer.userId}`);
  const email = customer.email?.trim().toLowerCase();
  if (email) keys.push(`email:${email}`);
  return keys;
}

/** How many times this shopper has used the coupon (0 when we cannot tell who they are). */
export async function usesBy(db: DB, couponId: number, customer: CartCustomer): Promise<number> {
  const keys = customerKeys(customer);
  if (keys.length === 0) return 0;
  const row = await db
    .selectFrom('coupon_usages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('coupon_id', '=', couponId)
    .where('customer', 'in', keys)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
