import { Form, Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { listAdminReviews, moderateReview, moderateReviews, REVIEW_ROLES } from '../features/product/reviews-admin.server.ts';
import { asFilter, pageParam, REVIEW_FILTERS, type AdminReview } from '../features/product/reviews.schema.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import type { AdminColumn } from '../features/admin/components/admin-table.tsx';
import { AdminList } from '../features/admin/components/admin-list.tsx';
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
  const form = await request.formData();
  const values = formToObject(form);
  return formAction(async () => {
    if (values.intent === 'bulk') {
      const { action, count } = await moderateReviews(context.services.db, { action: values.action || undefined, ids: form.getAll('ids').map(String) });
      return { done: `${count} review${count === 1 ? '' : 's'} ${DONE[action]}.` };
    }
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
        <ul className="admin-filter">
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
      <AdminList
        label="Reviews"
        path="/admin/reviews"
        rows={reviews}
        rowKey={(r) => r.id}
        empty={<p>No reviews here.</p>}
        columns={COLUMNS}
        page={page}
        pages={pages}
        total={counts[filter]}
        pageHref={(p) => href(filter, p)}
        bulk={{
          action: href(filter, page),
          id: (r) => String(r.id),
          label: (r) => `Select the review by ${r.author}`,
          actions: [
            { value: 'approve', label: 'Approve' },
            { value: 'unapprove', label: 'Unapprove' },
            { value: 'spam', label: 'Mark as spam' },
            { value: 'delete', label: 'Delete' },
          ],
        }}
      />
    </>
  );
}

const COLUMNS: AdminColumn<AdminReview>[] = [
  { header: 'Product', rowHeader: true, cell: (r) => <a href={`/product/${r.productSlug}#reviews`}>{r.productName}</a> },
  {
    header: 'Author',
    cell: (r) => (
      <div>
        {r.author}
        <div className="hint">{r.email}</div>
        {r.verified ? <div className="hint">Verified owner</div> : null}
      </div>
    ),
  },
  {
    header: 'Rating',
    cell: (r) => (
      <span>
        <span aria-hidden="true">{'★'.repeat(r.rating) + '☆'.repeat(5 - r.rating)}</span>
        <span className="visually-hidden">{r.rating} out of 5</span>
      </span>
    ),
  },
  // Shoppers' text, escaped by React.
  { header: 'Review', cell: (r) => <div className="admin-review-text">{r.content}</div> },
  { header: 'Date', cell: (r) => <time dateTime={r.createdAt}>{r.createdAt.slice(0, 10)}</time> },
  { header: 'Status', cell: (r) => STATUS_LABELS[r.status] },
  { header: 'Actions', hideHeader: true, cell: (r) => <Actions review={r} /> },
];

function Actions({ review: r }: { review: AdminReview }) {
  const button = (intent: string, label: string) => (
    <button type="submit" name="intent" value={intent} className="button button--ghost button--small" aria-label={`${label} review by ${r.author}`}>
      {label}
    </button>
  );
  return (
    <Form method="post" className="admin-actions">
      <CsrfField />
      <input type="hidden" name="id" value={r.id} />
      {r.status !== 'approved' ? button('approve', 'Approve') : button('unapprove', 'Unapprove')}
      {r.status !== 'spam' ? button('spam', 'Spam') : null}
      <button
        type="submit"
        name="intent"
        value="delete"
        className="button button--ghost button--small"
        aria-label={`Delete review by ${r.author}`}
        onClick={(e) => {
          if (!window.confirm(`Delete the review by ${r.author}? This cannot be undone.`)) e.preventDefault();
        }}
      >
        Delete
      </button>
    </Form>
  );
}
