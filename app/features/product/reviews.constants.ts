/*
 * Review limits and messages, without zod: the product page's reviews list and form use
 * them from the first paint, while the validation code (reviews.schema.ts) loads on demand.
 */

/** Longest review text accepted, in characters. */
export const REVIEW_MAX_LENGTH = 5000;
/** Longest reviewer name. */
export const REVIEW_AUTHOR_MAX_LENGTH = 100;
/** Reviews per page on the product page and in GET /api/products/:id/reviews. */
export const REVIEWS_PER_PAGE = 10;

/** What a shopper is told once their review is saved. */
export const REVIEW_MESSAGES = {
  pending: 'Thank you. Your review is awaiting approval.',
  approved: 'Thank you. Your review has been published.',
} as const;
