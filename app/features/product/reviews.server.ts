import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { getSettings } from '../settings/settings.server.ts';
import { recomputeProducts } from '../catalog/catalog-write.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sharedRateLimiter, type RateLimiter } from '../../lib/rate-limit.server.ts';
import type { Services, SessionUser } from '../../lib/services.server.ts';
import { nowIso } from '../../lib/time.ts';
import { REVIEW_MESSAGES, REVIEWS_PER_PAGE } from './reviews.constants.ts';
import {
  validateReview,
  type PostedReview,
  type ReviewsData,
  type ReviewsPage,
  type ReviewsSummary,
  type ReviewView,
} from './reviews.schema.ts';

/** Review posts accepted per client address within the window: enough for a shopper, not for a spam run. */
export const REVIEW_POSTS_PER_WINDOW = 5;
export const REVIEW_WINDOW_MS = 10 * 60_000;

/** The two store settings that govern reviews, read defensively (older settings lack them). */
export async function reviewSettings(db: DB): Promise<{ autoApprove: boolean; verifiedOnly: boolean }> {
  const s = (await getSettings(db)) as { reviewsAutoApprove?: boolean; reviewsVerifiedOnly?: boolean };
  return { autoApprove: s.reviewsAutoApprove ?? false, verifiedOnly: s.reviewsVerifiedOnly ?? false };
}

/**
 * Whether this shopper bought the product: an order being fulfilled or completed
 * (processing, completed) holds it, placed by the account or, for guests, with this billing
 * e-mail. A cancelled, refunded, failed or still unpaid order does not count.
 */
export async function isVerifiedOwner(db: DB, who: { userId: number | null; email: string }, productId: number): Promise<boolean> {
  const email = who.email.trim().toLowerCase();
  const row = await db
    .selectFrom('orders as o')
    .innerJoin('order_items as i', 'i.order_id', 'o.id')
    .select('o.id')
    .where('i.product_id', '=', productId)
    .where('o.status', 'in', ['processing', 'completed'])
    .where((eb) => (who.userId !== null ? eb.or([eb('o.user_id', '=', who.userId), eb('o.billing_email', '=', email)]) : eb('o.billing_email', '=', email)))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// One limiter per running app (tests build many apps in one process, each with its own count).
const limiters = new WeakMap<Services, RateLimiter>();
function limiterFor(services: Services): RateLimiter {
  let l = limiters.get(services);
  if (!l) limiters.set(services, (l = sharedRateLimiter(services, 'reviews', REVIEW_POSTS_PER_WINDOW, REVIEW_WINDOW_MS)));
  return l;
}

type ReviewRow = { id: number; author: string; rating: number; content: string; verified: number; created_at: string; status: string };
const toView = (r: ReviewRow): ReviewView => ({
  id: r.id,
  author: r.author,
  rating: r.rating,
  content: r.content,
  verified: r.verified === 1,
  createdAt: r.created_at,
  pending: r.status !== 'approved',
});

/**
 * A page of a product's reviews, newest first: approved ones, plus the viewer's own
 * pending review (only its signed-in author sees it; guests get the notice only).
 */
export async function listReviews(db: DB, productId: number, page: number, viewerId: number | null = null): Promise<ReviewsPage> {
  const visible = db
    .selectFrom('reviews')
    .where('product_id', '=', productId)
    .where((eb) =>
      viewerId === null
        ? eb('status', '=', 'approved')
        : eb.or([eb('status', '=', 'approved'), eb.and([eb('status', '=', 'pending'), eb('user_id', '=', viewerId)])]),
    );
  const { n } = await visible.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const total = Number(n);
  const pages = Math.max(1, Math.ceil(total / REVIEWS_PER_PAGE));
  const current = Math.min(Math.max(1, page), pages);
  const rows = await visible
    .select(['id', 'author', 'rating', 'content', 'verified', 'created_at', 'status'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(REVIEWS_PER_PAGE)
    .offset((current - 1) * REVIEWS_PER_PAGE)
    .execute();
  return { reviews: rows.map(toView), page: current, pages, total };
}

/** Average and count (kept on the product at approval time) and the per-star breakdown. */
export async function reviewSummary(db: DB, productId: number): Promise<ReviewsSummary> {
  const [product, groups] = await Promise.all([
    db.selectFrom('products').select(['average_rating', 'review_count']).where('id', '=', productId).executeTakeFirst(),
    db
      .selectFrom('reviews')
      .select(['rating', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('product_id', '=', productId)
      .where('status', '=', 'approved')
      .groupBy('rating')
      .execute(),
  ]);
  const breakdown = [0, 0, 0, 0, 0];
  for (const g of groups) if (g.rating >= 1 && g.rating <= 5) breakdown[g.rating - 1] = Number(g.n);
  return { average: Number(product?.average_rating ?? 0), count: product?.review_count ?? 0, breakdown };
}

/** The product page's reviews: summary, the requested page, and whether the form is offered. */
export async function loadReviews(db: DB, productId: number, page: number, opts: { viewerId?: number | null } = {}): Promise<ReviewsData> {
  const [summary, initial, product, settings] = await Promise.all([
    reviewSummary(db, productId),
    listReviews(db, productId, page, opts.viewerId ?? null),
    db.selectFrom('products').select('reviews_allowed').where('id', '=', productId).executeTakeFirst(),
    reviewSettings(db),
  ]);
  return { summary, initial, open: product?.reviews_allowed === 1, verifiedOnly: settings.verifiedOnly };
}

/** A published product, or 404; and reviews must be open on it, or 403. */
export async function reviewableProduct(db: DB, productId: number): Promise<{ id: number; slug: string }> {
  const p = await db
    .selectFrom('products')
    .select(['id', 'slug', 'reviews_allowed'])
    .where('id', '=', productId)
    .where('status', '=', 'publish')
    .executeTakeFirst();
  if (!p) throw new HttpError(404, 'not_found', 'No such product.');
  if (p.reviews_allowed !== 1) throw new HttpError(403, 'reviews_closed', 'Reviews are closed for this product.');
  return p;
}

export interface PostReviewArgs {
  productId: number;
  user: SessionUser | null;
  clientIp: string;
  input: unknown;
}

/**
 * Saves a shopper's review after every check (nothing is stored when one fails):
 * 400 bad input, 404/403 product, 403 verified owners only, 429 too many posts, 409 one
 * review per shopper and product. Pending until approved unless the store auto-approves.
 */
export async function postReview(services: Services, { productId, user, clientIp, input }: PostReviewArgs): Promise<PostedReview> {
  const { db } = services;
  const checked = validateReview(input, { signedIn: !!user, hasName: !!user?.name.trim() });
  if (!checked.ok) {
    const [key, message] = Object.entries(checked.fields)[0] ?? ['_', 'Invalid review'];
    throw new HttpError(400, 'invalid', key === '_' ? message : `${key}: ${message}`, checked.fields);
  }
  const author = user?.name.trim() || checked.data.author!;
  const email = user ? user.email : checked.data.email!;
  await reviewableProduct(db, productId);
  const settings = await reviewSettings(db);
  const verified = await isVerifiedOwner(db, { userId: user?.id ?? null, email }, productId);
  if (settings.verifiedOnly && !verified) {
    throw new HttpError(403, 'verified_only', 'Only customers who have bought this product can review it.');
  }
  const wait = await limiterFor(services).hit(clientIp);
  if (wait > 0) {
    throw new HttpError(429, 'rate_limited', `Too many reviews from your address. Try again in ${Math.ceil(wait / 60)} min.`, undefined, {
      'retry-after': String(wait),
    });
  }
  const status = settings.autoApprove ? 'approved' : 'pending';
  const row = await db.transaction().execute(async (trx) => {
    // Serialise reviews of one product so two simultaneous posts cannot both pass the duplicate
    // check. SQLite needs nothing: its one connection runs one transaction at a time.
    if (isPostgres(trx)) await trx.selectFrom('products').select('id').where('id', '=', productId).forUpdate().execute();
    const existing = await trx
      .selectFrom('reviews')
      .select('id')
      .where('product_id', '=', productId)
      .where((eb) => (user ? eb.or([eb('user_id', '=', user.id), eb('email', '=', email)]) : eb('email', '=', email)))
      .executeTakeFirst();
    if (existing) throw new HttpError(409, 'duplicate_review', 'You have already reviewed this product.');
    const created = await trx
      .insertInto('reviews')
      .values({
        product_id: productId,
        user_id: user?.id ?? null,
        author,
        email,
        rating: checked.data.rating,
        content: checked.data.content,
        verified: verified ? 1 : 0,
        status,
        created_at: nowIso(),
      })
      .returning(['id', 'author', 'rating', 'content', 'verified', 'created_at', 'status'])
      .executeTakeFirstOrThrow();
    if (status === 'approved') await recomputeProducts(trx, [productId]);
    return created;
  });
  return { status, message: REVIEW_MESSAGES[status], review: toView(row), summary: await reviewSummary(db, productId) };
}
