import { z } from 'zod';
import { emailSchema } from '../account/account.schema.ts';
import { REVIEW_AUTHOR_MAX_LENGTH, REVIEW_MAX_LENGTH } from './reviews.constants.ts';

/*
 * Product reviews: the input a shopper sends and the shapes the page and the API answer.
 * Isomorphic: the review form validates with the same schema before it posts (loading it
 * on demand, so zod stays out of the product page's first JavaScript).
 */


/** A form sends "" for an unchosen rating and digits for a chosen one; JSON sends a number. */
const rating = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
  z
    .number({ message: 'Choose a rating from 1 to 5 stars' })
    .int('Choose a whole number of stars')
    .min(1, 'Choose a rating from 1 to 5 stars')
    .max(5, 'Choose a rating from 1 to 5 stars'),
);

const optionalText = (max: number, tooLong: string) =>
  z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(max, tooLong).optional());

/**
 * What a shopper sends. `author` and `email` are required from guests only (signed-in
 * shoppers review under their account), so the server checks them with `guestFieldsSchema`.
 */
export const reviewInputSchema = z.object({
  rating,
  content: z
    .string({ message: 'Write your review' })
    .trim()
    .min(1, 'Write your review')
    .max(REVIEW_MAX_LENGTH, `Keep your review under ${REVIEW_MAX_LENGTH.toLocaleString('en')} characters`),
  author: optionalText(REVIEW_AUTHOR_MAX_LENGTH, 'Name is too long'),
  email: optionalText(254, 'E-mail address is too long'),
});

export const guestFieldsSchema = z.object({
  author: z.string({ message: 'Enter your name' }).trim().min(1, 'Enter your name').max(REVIEW_AUTHOR_MAX_LENGTH, 'Name is too long'),
  email: z.string({ message: 'Enter your e-mail address' }).trim().min(1, 'Enter your e-mail address').pipe(emailSchema),
});

export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** Who is reviewing: a signed-in account (with or without a display name) or a guest. */
export interface Reviewer {
  signedIn: boolean;
  /** The account has a name to publish; otherwise the form asks for one. */
  hasName: boolean;
}

/**
 * Checks a review for this reviewer: guests must give a name and e-mail, signed-in shoppers
 * only a name when their account has none. Fails with a message per field.
 */
export function validateReview(input: unknown, who: Reviewer): { ok: true; data: ReviewInput } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const parsed = reviewInputSchema.safeParse(input);
  if (!parsed.success) for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? '_')] ??= issue.message;
  const raw = (input ?? {}) as Record<string, unknown>;
  const guest = guestFieldsSchema.safeParse({ author: raw.author ?? '', email: raw.email ?? '' });
  if (!guest.success) {
    for (const issue of guest.error.issues) {
      const key = String(issue.path[0]);
      const needed = key === 'email' ? !who.signedIn : !who.hasName;
      if (needed) fields[key] ??= issue.message;
    }
  }
  if (Object.keys(fields).length || !parsed.success) return { ok: false, fields };
  const data = { ...parsed.data };
  if (guest.success) data.email = guest.data.email;
  return { ok: true, data };
}

/** One review as shoppers see it. `content` is plain text: render it as text, never as HTML. */
export interface ReviewView {
  id: number;
  author: string;
  rating: number;
  content: string;
  verified: boolean;
  /** ISO timestamp. */
  createdAt: string;
  /** Only the signed-in author ever sees their own pending review. */
  pending: boolean;
}

export interface ReviewsPage {
  reviews: ReviewView[];
  page: number;
  pages: number;
  total: number;
}

export interface ReviewsSummary {
  /** Mean of approved ratings, 0 when none. */
  average: number;
  /** Number of approved reviews. */
  count: number;
  /** Approved reviews per star: index 0 is 1 star, index 4 is 5 stars. */
  breakdown?: number[];
}

/** Everything the product page needs for its Reviews tab (see loadReviews). */
export interface ReviewsData {
  summary: ReviewsSummary;
  initial: ReviewsPage;
  /** The product accepts new reviews. */
  open: boolean;
  /** Only verified owners may review (store setting). */
  verifiedOnly: boolean;
}

/** POST /api/products/:id/reviews answer (201). */
export interface PostedReview {
  status: 'approved' | 'pending';
  message: string;
  review: ReviewView;
  summary: ReviewsSummary;
}

/** `?cpage=` (or `?page=`) from a URL: 1 when missing or nonsense. */
export function pageParam(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? Math.min(n, 100_000) : 1;
}

/* Moderation (admin): the status filter and one review as the admin list shows it. */

export const REVIEW_FILTERS = ['all', 'pending', 'approved', 'spam'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export interface AdminReview {
  id: number;
  productId: number;
  productName: string;
  productSlug: string;
  author: string;
  email: string;
  rating: number;
  content: string;
  verified: boolean;
  status: 'approved' | 'pending' | 'spam';
  createdAt: string;
}

export const asFilter = (v: string | null): ReviewFilter => (REVIEW_FILTERS as readonly string[]).includes(v ?? '') ? (v as ReviewFilter) : 'all';
