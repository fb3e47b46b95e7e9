import { Form, Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { Pagination } from '../features/catalog/components/pagination.tsx';
import { listAdminReviews, moderateReview, REVIEW_ROLES } from '../features/product/reviews-admin.server.ts';
import { asFilter, pageParam, REVIEW_FILTERS, type AdminReview } from '../features/product/reviews.schema.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { t } from '../i18n/t.ts';

/* Review moderation: filter by status; approve, unapprove, mark as spam or delete (plain POST forms). */

export const meta: MetaFunction = () => [{ title: `Reviews · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, REVIEW_ROLES);
  const url = new URL(request.url);
  return listAdminReviews(context.services.db, asFilter(url.searchParams.get('status')), pageParam(url.searchParams.get('page')));
}

const DONE = { approve: 'approved', unapprove: 'unapproved', spam: 'marked as spam', delete: 'deleted' } as const;

export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, REVIEW_ROLES);
  const values = formToObject(await request.formData());
  return formAction(async () => {
    const { intent, author } = await moderateReview(context.services.db, values);
    return { done: `Review by ${author} ${DONE[intent]}.` };
  });
}

const FILTER_LABELS = { all: 'All', pending: 'Pending', approved: 'Approved', spam: 'Spam' } as const;
const STATUS_LABELS = { pending: 'Pending', approved: 'Approved', spam: 'Spam' } as const;

export default function AdminReviews() {
  const { reviews, filter, page, pages, counts } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError | { done: string }>();
  const href = (status: string, p = 1) => `/admin/reviews?status=${status}${p > 1 ? `&page=${p}` : ''}`;
  return (
    <>
      <h1>Reviews</h1>
      <nav aria-label="Filter reviews by status">
        <ul style={{ display: 'flex', flexWrap: 'wrap', gap: '1rem', listStyle: 'none', padding: 0 }}>
          {REVIEW_FILTERS.map((f) => (
            <li key={f}>
              <Link to={href(f)} aria-current={f === filter ? 'page' : undefined} style={{ fontWeight: f === filter ? 700 : undefined }}>
                {FILTER_LABELS[f]} ({counts[f]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {isActionError(result) ? (
        <p className="notice notice--error" role="alert">
          {result.error.message}
        </p>
      ) : result ? (
        <p className="notice" role="status">
          {result.done}
        </p>
      ) : null}
      {reviews.length === 0 ? (
        <p>No reviews here.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Author</th>
                <th scope="col">Rating</th>
                <th scope="col">Review</th>
                <th scope="col">Date</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {reviews.map((r) => (
                <Row key={r.id} review={r} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} href={(p) => href(filter, p)} />
    </>
  );
}

function Row({ review: r }: { review: AdminReview }) {
  const button = (intent: string, label: string) => (
    <button type="submit" name="intent" value={intent} className="button button--ghost" aria-label={`${label} review by ${r.author}`}>
      {label}
    </button>
  );
  return (
    <tr>
      <td>
        <a href={`/product/${r.productSlug}#reviews`}>{r.productName}</a>
      </td>
      <td>
        {r.author}
        <div className="hint">{r.email}</div>
        {r.verified ? <div className="hint">Verified owner</div> : null}
      </td>
      <td>
        <span aria-hidden="true">{'★'.repeat(r.rating) + '☆'.repeat(5 - r.rating)}</span>
        <span className="visually-hidden">{r.rating} out of 5</span>
      </td>
      {/* Shoppers' text, escaped by React. */}
      <td style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', maxInlineSize: '32rem' }}>{r.content}</td>
      <td>
        <time dateTime={r.createdAt}>{r.createdAt.slice(0, 10)}</time>
      </td>
      <td>{STATUS_LABELS[r.status]}</td>
      <td>
        <Form method="post" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.25rem' }}>
          <CsrfField />
          <input type="hidden" name="id" value={r.id} />
          {r.status !== 'approved' ? button('approve', 'Approve') : button('unapprove', 'Unapprove')}
          {r.status !== 'spam' ? button('spam', 'Spam') : null}
          <button
            type="submit"
            name="intent"
            value="delete"
            className="button button--ghost"
            aria-label={`Delete review by ${r.author}`}
            onClick={(e) => {
              if (!window.confirm(`Delete the review by ${r.author}? This cannot be undone.`)) e.preventDefault();
            }}
          >
            Delete
          </button>
        </Form>
      </td>
    </tr>
  );
}
