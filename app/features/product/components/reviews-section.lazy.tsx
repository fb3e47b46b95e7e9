import { useRef, useState, type MouseEvent } from 'react';
import { keepPreviousData, QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Stars } from '../../catalog/components/stars.tsx';
import { Pagination } from '../../catalog/components/pagination.tsx';
import { REVIEW_MESSAGES } from '../reviews.constants.ts';
import type { PostedReview, ReviewsPage, ReviewsSummary, ReviewView } from '../reviews.schema.ts';
import ReviewForm from './review-form.tsx';
import type { ReviewsSectionProps } from './reviews-section.tsx';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { plural, t } from '../../../i18n/t-product.ts';

type PageAnswer = ReviewsPage & { summary: ReviewsSummary };

async function fetchPage(productId: number, page: number): Promise<PageAnswer> {
  const res = await fetch(`/api/products/${productId}/reviews?page=${page}`, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!res.ok) throw new Error(t('reviews.loadFailed', { status: res.status }));
  return (await res.json()) as PageAnswer;
}

const reviewsLabel = (n: number) => plural('reviews.count', n);

/** Loaded with the reviews island (reviews-section.tsx), with its own client for the list's and the form's queries. */
export default function ReviewsIsland(props: ReviewsSectionProps) {
  const [queryClient] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ReviewsSection {...props} />
    </QueryClientProvider>
  );
}

/** The Reviews tab: summary with a per-star breakdown, the paginated list, and the form. */
function ReviewsSection({ productId, productSlug, summary, initial, open = true, verifiedOnly = false, formResult }: ReviewsSectionProps) {
  const locale = useLocale();
  const [params] = useSearchParams();
  const client = useQueryClient();
  const [page, setPage] = useState(initial.page);
  const [posted, setPosted] = useState<PostedReview | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const query = useQuery({
    queryKey: ['reviews', productId, page],
    queryFn: () => fetchPage(productId, page),
    initialData: page === initial.page ? { ...initial, summary } : undefined,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  const shown = query.data ?? { ...initial, summary };
  const stats = posted?.summary ?? shown.summary;
  // A plain-form post lands back here with ?review=pending|approved (see routes/product-review.tsx).
  const notice = posted?.message ?? REVIEW_MESSAGES[params.get('review') as keyof typeof REVIEW_MESSAGES] ?? null;

  /** Page links work without scripts; with them, the next page comes from the API in place. */
  const onPageClick = (e: MouseEvent) => {
    const link = (e.target as HTMLElement).closest('a');
    const wanted = link ? Number(new URL(link.href).searchParams.get('cpage')) : NaN;
    if (!Number.isSafeInteger(wanted) || wanted < 1 || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    setPage(wanted);
    listRef.current?.focus();
    listRef.current?.scrollIntoView({ block: 'start' });
  };

  const onPosted = (answer: PostedReview) => {
    setPosted(answer);
    if (answer.status === 'approved' || answer.review.pending) void client.invalidateQueries({ queryKey: ['reviews', productId] });
    if (page !== 1) setPage(1);
  };

  return (
    <section id="reviews" className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{stats.count ? reviewsLabel(stats.count) : t('reviews.title')}</h2>
      {stats.count > 0 ? <Summary summary={stats} /> : null}
      <div className="reviews__list" ref={listRef} tabIndex={-1} aria-busy={query.isFetching || undefined}>
        {shown.reviews.length === 0 ? (
          <p>{t('productPage.noReviews')}</p>
        ) : (
          <ol>
            {shown.reviews.map((r) => (
              <ReviewItem key={r.id} review={r} date={formatDate(r.createdAt, locale)} />
            ))}
          </ol>
        )}
        {query.isError ? <p className="notice notice--error" role="alert">{query.error.message}</p> : null}
      </div>
      <div onClick={onPageClick}>
        <Pagination page={shown.page} pages={shown.pages} href={(p) => `?cpage=${p}#reviews`} />
      </div>
      {notice ? (
        <p className="notice reviews__notice" role="status">
          {notice}
        </p>
      ) : null}
      {open ? (
        <ReviewForm productId={productId} productSlug={productSlug} verifiedOnly={verifiedOnly} result={formResult} onPosted={onPosted} first={stats.count === 0} />
      ) : (
        <p>{t('reviews.closed')}</p>
      )}
    </section>
  );
}

function Summary({ summary }: { summary: ReviewsSummary }) {
  const breakdown = summary.breakdown ?? [];
  const average = formatNumber(summary.average, useLocale(), 2);
  return (
    <div className="reviews__summary">
      <p className="reviews__average">
        <Stars rating={summary.average} />
        <span>{t('reviews.average', { average, reviews: reviewsLabel(summary.count) })}</span>
      </p>
      {breakdown.length === 5 ? (
        <ul className="reviews__breakdown" aria-label={t('reviews.breakdown')}>
          {[5, 4, 3, 2, 1].map((star) => {
            const n = breakdown[star - 1];
            return (
              <li key={star}>
                <span>{plural('reviews.stars', star)}</span>
                <span className="reviews__bar" aria-hidden="true">
                  <span style={{ inlineSize: `${summary.count ? (n / summary.count) * 100 : 0}%` }} />
                </span>
                <span>{n}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

function ReviewItem({ review, date }: { review: ReviewView; date: string }) {
  return (
    <li id={`comment-${review.id}`} className="review">
      <article aria-label={t('reviews.by', { author: review.author })}>
        <header className="review__meta">
          <Stars rating={review.rating} />
          <strong className="review__author">{review.author}</strong>
          {review.verified ? <span className="review__badge">{t('reviews.verified')}</span> : null}
          <time dateTime={review.createdAt}>{date}</time>
          {review.pending ? <span className="review__badge review__badge--pending">{t('reviews.pending')}</span> : null}
        </header>
        {/* Plain text, rendered escaped by React: never HTML. */}
        <p className="review__text">{review.content}</p>
      </article>
    </li>
  );
}
