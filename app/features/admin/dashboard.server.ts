import type { DB } from '../../../db/client.ts';

/** Headline numbers for the admin dashboard. */
export async function dashboardCounts(db: DB) {
  const count = (q: { executeTakeFirst(): Promise<{ n: number | string } | undefined> }) =>
    q.executeTakeFirst().then((r) => Number(r?.n ?? 0));
  const [products, categories, customers, pendingReviews] = await Promise.all([
    count(db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'publish')),
    count(db.selectFrom('categories').select((eb) => eb.fn.countAll<number>().as('n'))),
    count(db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 'customer')),
    count(db.selectFrom('reviews').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending')),
  ]);
  return { products, categories, customers, pendingReviews };
}
