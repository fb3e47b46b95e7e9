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

export interface PendingReview {
  id: number;
  productId: number;
  productName: string;
  author: string;
  rating: number;
  /** The start of the review. */
  excerpt: string;
  createdAt: string;
}

/** The newest reviews awaiting approval (index reviews (status, created_at), migration 020). */
export async function pendingReviews(db: DB, limit = 10): Promise<PendingReview[]> {
  const rows = await db
    .selectFrom('reviews as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select(['r.id', 'r.product_id', 'p.name', 'r.author', 'r.rating', 'r.content', 'r.created_at'])
    .where('r.status', '=', 'pending')
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    productId: r.product_id,
    productName: r.name,
    author: r.author,
    rating: r.rating,
    excerpt: r.content.length > 120 ? `${r.content.slice(0, 119).trimEnd()}…` : r.content,
    createdAt: r.created_at,
  }));
}
