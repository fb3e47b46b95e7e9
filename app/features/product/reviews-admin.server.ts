import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { ADMIN_AREAS } from '../account/admin-access.ts';
import { recomputeProducts } from '../catalog/catalog-write.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseInput, rowIdText } from '../../lib/validate.ts';
import type { AdminReview, ReviewFilter } from './reviews.schema.ts';

/** Staff who moderate reviews (a row of the one access table: reviews carry the reviewer's e-mail). */
export const REVIEW_ROLES = ADMIN_AREAS.reviews;
export const ADMIN_REVIEWS_PER_PAGE = 20;

export interface AdminReviewList {
  reviews: AdminReview[];
  filter: ReviewFilter;
  page: number;
  pages: number;
  counts: Record<ReviewFilter, number>;
}

/** Reviews for moderation, newest first, with the number in each status for the filter links. */
export async function listAdminReviews(db: DB, filter: ReviewFilter, page: number): Promise<AdminReviewList> {
  const grouped = await db
    .selectFrom('reviews')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  const counts: Record<ReviewFilter, number> = { all: 0, pending: 0, approved: 0, spam: 0 };
  for (const g of grouped) {
    counts[g.status] = Number(g.n);
    counts.all += Number(g.n);
  }
  const pages = Math.max(1, Math.ceil(counts[filter] / ADMIN_REVIEWS_PER_PAGE));
  const current = Math.min(Math.max(1, page), pages);
  let q = db
    .selectFrom('reviews')
    .innerJoin('products', 'products.id', 'reviews.product_id')
    .select([
      'reviews.id', 'reviews.product_id', 'products.name', 'products.slug', 'reviews.author', 'reviews.email',
      'reviews.rating', 'reviews.content', 'reviews.verified', 'reviews.status', 'reviews.created_at',
    ]);
  if (filter !== 'all') q = q.where('reviews.status', '=', filter);
  const rows = await q
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id', 'desc')
    .limit(ADMIN_REVIEWS_PER_PAGE)
    .offset((current - 1) * ADMIN_REVIEWS_PER_PAGE)
    .execute();
  return {
    filter,
    page: current,
    pages,
    counts,
    reviews: rows.map((r) => ({
      id: r.id,
      productId: r.product_id,
      productName: r.name,
      productSlug: r.slug,
      author: r.author,
      email: r.email,
      rating: r.rating,
      content: r.content,
      verified: r.verified === 1,
      status: r.status,
      createdAt: r.created_at,
    })),
  };
}

export const moderationSchema = z.object({
  intent: z.enum(['approve', 'unapprove', 'spam', 'delete'], { message: 'Unknown action' }),
  id: rowIdText,
});
export type Moderation = z.infer<typeof moderationSchema>['intent'];

const NEXT_STATUS = { approve: 'approved', unapprove: 'pending', spam: 'spam' } as const;

/**
 * Approves, unapproves, marks as spam or deletes a review, and recomputes the product's
 * average and count in the same transaction (only approved reviews count).
 */
export async function moderateReview(db: DB, input: unknown): Promise<{ intent: Moderation; author: string }> {
  const { intent, id } = parseInput(moderationSchema, input);
  return db.transaction().execute(async (trx) => {
    const review = await trx.selectFrom('reviews').select(['product_id', 'author']).where('id', '=', id).executeTakeFirst();
    if (!review) throw new HttpError(404, 'not_found', 'This review no longer exists.');
    if (intent === 'delete') await trx.deleteFrom('reviews').where('id', '=', id).execute();
    else await trx.updateTable('reviews').set({ status: NEXT_STATUS[intent] }).where('id', '=', id).execute();
    await recomputeProducts(trx, [review.product_id]);
    return { intent, author: review.author };
  });
}

const bulkModerationSchema = z.object({
  action: z.enum(['approve', 'unapprove', 'spam', 'delete'], { message: 'Choose an action' }),
  ids: z.array(rowIdText).min(1, 'Select at least one review').max(1000),
});

/** One moderation over several reviews (the list's bulk action), all in one transaction; answers how many. */
export async function moderateReviews(db: DB, input: unknown): Promise<{ action: Moderation; count: number }> {
  const { action, ids } = parseInput(bulkModerationSchema, input);
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('reviews').select(['id', 'product_id']).where('id', 'in', unique).execute();
    if (found.length !== unique.length) throw new HttpError(404, 'not_found', 'Some of these reviews no longer exist. Reload the list.');
    if (action === 'delete') await trx.deleteFrom('reviews').where('id', 'in', unique).execute();
    else await trx.updateTable('reviews').set({ status: NEXT_STATUS[action] }).where('id', 'in', unique).execute();
    await recomputeProducts(trx, [...new Set(found.map((r) => r.product_id))]);
    return { action, count: unique.length };
  });
}
