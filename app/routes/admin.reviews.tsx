import { Form, Link, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { listAdminReviews, moderateReview, moderateReviews, REVIEW_ROLES } from '../features/product/reviews-admin.server.ts';
import { asFilter, pageParam, REVIEW_FILTERS, type AdminReview } from '../features/product/reviews.schema.ts';
import { formAction } from '../lib/action.server.ts';
import type { ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import type { AdminColumn } from '../features/admin/components/admin-table.tsx';
import { ActionNotice } from '../features/admin/components/action-notice.tsx';
import { AdminList } from '../features/admin/components/admin-list.tsx';
import { plural, perLanguage, t } from '../i18n/t-admin.ts';

/* Review moderation: filter by status; approve, unapprove, mark as spam or delete (plain POST forms). */

export const meta: MetaFunction = () => [{ title: `${t('admin.nav.reviews')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, REVIEW_ROLES);
  const url = new URL(request.url);
  return listAdminReviews(context.services.db, asFilter(url.searchParams.get('status')), pageParam(url.searchParams.get('page')));
}


export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, REVIEW_ROLES);
  const form = await request.formData();
  const values = formToObject(form);
  return formAction(async () => {
    if (values.intent === 'bulk') {
      const { action, count } = await moderateReviews(context.services.db, { action: values.action || undefined, ids: form.getAll('ids').map(String) });
      return { done: plural(`admin.reviews.bulkDone.${action}`, count) };
    }
    const { intent, author } = await moderateReview(context.services.db, values);
    return { done: t(`admin.reviews.done.${intent}`, { author }) };
  });
}


export default function AdminReviews() {
  const { reviews, filter, page, pages, counts } = useLoaderData<typeof loader>();
  const result = useActionData<ActionError | { done: string }>();
  const href = (status: string, p = 1) => `/admin/reviews?status=${status}${p > 1 ? `&page=${p}` : ''}`;
  return (
    <>
      <h1>{t('admin.nav.reviews')}</h1>
      <nav aria-label={t('admin.reviews.byStatus')}>
        <ul className="admin-filter">
          {REVIEW_FILTERS.map((f) => (
            <li key={f}>
              <Link to={href(f)} aria-current={f === filter ? 'page' : undefined} style={{ fontWeight: f === filter ? 700 : undefined }}>
                {t('admin.reviews.tab', { status: t(`admin.reviews.status.${f}`), count: counts[f] })}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ActionNotice result={result} />
      <AdminList
        label={t('admin.nav.reviews')}
        path="/admin/reviews"
        rows={reviews}
        rowKey={(r) => r.id}
        empty={<p>{t('admin.reviews.none')}</p>}
        columns={COLUMNS}
        page={page}
        pages={pages}
        total={counts[filter]}
        pageHref={(p) => href(filter, p)}
        bulk={{
          action: href(filter, page),
          id: (r) => String(r.id),
          label: (r) => t('admin.reviews.selectLabel', { author: r.author }),
          actions: (['approve', 'unapprove', 'spam', 'delete'] as const).map((value) => ({ value, label: t(`admin.reviews.bulk.${value}`) })),
        }}
      />
    </>
  );
}

const COLUMNS: AdminColumn<AdminReview>[] = perLanguage(() => [
  { header: t('admin.reviews.product'), rowHeader: true, cell: (r) => <a href={`/product/${r.productSlug}#reviews`}>{r.productName}</a> },
  {
    header: t('admin.reviews.author'),
    cell: (r) => (
      <div>
        {r.author}
        <div className="hint">{r.email}</div>
        {r.verified ? <div className="hint">{t('admin.reviews.verified')}</div> : null}
      </div>
    ),
  },
  {
    header: t('admin.reviews.rating'),
    cell: (r) => (
      <span>
        <span aria-hidden="true">{'★'.repeat(r.rating) + '☆'.repeat(5 - r.rating)}</span>
        <span className="visually-hidden">{t('admin.reviews.outOf5', { rating: r.rating })}</span>
      </span>
    ),
  },
  // Shoppers' text, escaped by React.
  { header: t('admin.reviews.review'), cell: (r) => <div className="admin-review-text">{r.content}</div> },
  { header: t('admin.reviews.date'), cell: (r) => <time dateTime={r.createdAt}>{r.createdAt.slice(0, 10)}</time> },
  { header: t('admin.reviews.status'), cell: (r) => t(`admin.reviews.status.${r.status}`) },
  { header: t('admin.reviews.actions'), hideHeader: true, cell: (r) => <Actions review={r} /> },
]);

function Actions({ review: r }: { review: AdminReview }) {
  const button = (intent: 'approve' | 'unapprove' | 'spam') => (
    <button type="submit" name="intent" value={intent} className="button button--ghost button--small" aria-label={t(`admin.reviews.label.${intent}`, { author: r.author })}>
      {t(`admin.reviews.button.${intent}`)}
    </button>
  );
  return (
    <Form method="post" className="admin-actions">
      <CsrfField />
      <input type="hidden" name="id" value={r.id} />
      {r.status !== 'approved' ? button('approve') : button('unapprove')}
      {r.status !== 'spam' ? button('spam') : null}
      <button
        type="submit"
        name="intent"
        value="delete"
        className="button button--ghost button--small"
        aria-label={t('admin.reviews.label.delete', { author: r.author })}
        onClick={(e) => {
          if (!window.confirm(t('admin.reviews.deleteConfirm', { author: r.author }))) e.preventDefault();
        }}
      >
        {t('admin.reviews.button.delete')}
      </button>
    </Form>
  );
}
