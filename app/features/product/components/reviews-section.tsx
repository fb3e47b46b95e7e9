import type { ActionError } from '../../../lib/action.ts';
import { island } from '../../../ui/island.tsx';
import type { ReviewsPage, ReviewsSummary } from '../reviews.schema.ts';
// Linked with the page that renders the reviews (the island's code brings behaviour, not looks).
import './reviews.css';

export interface ReviewsSectionProps {
  productId: number;
  productSlug: string;
  summary: ReviewsSummary;
  initial: ReviewsPage;
  /** The product accepts reviews (false: the list shows, the form does not). */
  open?: boolean;
  /** Store setting: only verified owners may review. */
  verifiedOnly?: boolean;
  /** A refused plain-form post, from the review route's action, to show in the form. */
  formResult?: ActionError;
}

/**
 * The Reviews tab: summary with a per-star breakdown, the paginated list, and the form
 * (reviews-section.lazy.tsx). An island loaded on demand: its code loads when the reviews come
 * into view (their tab opened) or the shopper reaches into them — not with the page.
 */
export const ReviewsSection = island<ReviewsSectionProps>(() => import('./reviews-section.lazy.tsx'), ['visible', 'interaction']);
