import { Form, Link, useActionData, useSearchParams } from 'react-router';
import type { Route } from './+types/admin.coupons';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { getSettings } from '../features/settings/settings.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { deleteCoupon, deleteCoupons, listCoupons, parseCouponListQuery } from '../features/coupons/coupons-admin.server.ts';
import { DISCOUNT_TYPE_LABELS, formatCouponAmount } from '../features/coupons/coupon-form.ts';
import { COUPON_STATUSES, DISCOUNT_TYPES } from '../features/coupons/coupons.schema.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { AdminList, listHref } from '../features/admin/components/admin-list.tsx';
import { plural, t } from '../i18n/t-admin.ts';

/* /admin/coupons: the coupons on the shared admin list (code search, type and status filters, sort, pages, bulk delete). */

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.coupons.title')} · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const { db } = context.services;
  const query = parseCouponListQuery(new URL(request.url).searchParams);
  return { ...(await listCoupons(db, query)), query, format: await getSettings(db), now: Date.now() };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const form = await request.formData();
  const { db } = context.services;
  return formAction(async () => {
    if (form.get('intent') === 'bulk' && form.get('action') === 'delete') {
      return { done: plural('admin.coupons.deleted', (await deleteCoupons(db, { ids: form.getAll('ids').map(String) })).count) };
    }
    const id = Number(form.get('id'));
    if (form.get('intent') !== 'delete' || !Number.isSafeInteger(id)) throw new HttpError(400, 'invalid', t('admin.coupons.unknown'));
    if (!(await deleteCoupon(db, id))) throw new HttpError(404, 'not_found', t('admin.coupons.gone'));
    return { done: t('admin.coupons.deletedOne', { code: String(form.get('code') ?? '') }) };
  });
}

export default function Coupons({ loaderData }: Route.ComponentProps) {
  const { coupons, query, format, now } = loaderData;
  const result = useActionData<ActionError | { done: string }>();
  const [params] = useSearchParams();
  const saved = params.get('saved');
  const base = { q: query.q, type: query.type, status: query.status, sort: query.sort === 'code' ? undefined : query.sort, dir: query.dir === 'asc' ? undefined : query.dir };
  return (
    <>
      <h1>{t('admin.coupons.title')}</h1>
      <p>
        <Link className="button" to="/admin/coupons/new">
          {t('admin.coupons.add')}
        </Link>
      </p>
      {isActionError(result) ? (
        <p className="notice notice--error" role="alert">
          {result.error.message}
        </p>
      ) : result ? (
        <p className="notice" role="status">
          {result.done}
        </p>
      ) : saved ? (
        <p className="notice" role="status">
          {t('admin.coupons.saved', { code: saved })}
        </p>
      ) : null}
      <AdminList
        label={t('admin.coupons.title')}
        path="/admin/coupons"
        rows={coupons}
        rowKey={(c) => c.id}
        search={{ name: 'q', label: t('admin.coupons.search'), value: query.q, placeholder: t('admin.coupons.searchHint') }}
        filters={[
          {
            name: 'type',
            label: t('admin.coupons.type'),
            value: query.type ?? '',
            options: [{ value: '', label: t('admin.coupons.anyType') }, ...DISCOUNT_TYPES.map((d) => ({ value: d, label: DISCOUNT_TYPE_LABELS[d] }))],
          },
          {
            name: 'status',
            label: t('admin.coupons.status'),
            value: query.status ?? '',
            options: [{ value: '', label: t('admin.coupons.anyStatus') }, ...COUPON_STATUSES.map((s) => ({ value: s, label: t(`admin.coupons.${s}`) }))],
          },
        ]}
        sort={{
          value: query.sort,
          dir: query.dir,
          options: [
            { value: 'code', label: t('admin.coupons.code') },
            { value: 'amount', label: t('admin.coupons.amount') },
            { value: 'usage', label: t('admin.coupons.usageSort') },
            { value: 'expiry', label: t('admin.coupons.expiresSort') },
          ],
        }}
        page={loaderData.page}
        pages={loaderData.pages}
        total={loaderData.total}
        pageHref={(page) => listHref('/admin/coupons', { ...base, page })}
        bulk={{
          action: listHref('/admin/coupons', { ...base, page: loaderData.page }),
          id: (c) => String(c.id),
          label: (c) => t('admin.coupons.selectLabel', { code: c.code }),
          actions: [{ value: 'delete', label: t('admin.coupons.delete') }],
        }}
        empty={<p>{query.q || query.type || query.status ? t('admin.coupons.noMatch') : t('admin.coupons.none')}</p>}
        columns={[
          {
            header: t('admin.coupons.code'),
            rowHeader: true,
            cell: (c) => (
              <>
                <Link to={`/admin/coupons/${c.id}`}>{c.code}</Link>
                {c.description ? <div className="hint">{c.description}</div> : null}
              </>
            ),
          },
          { header: t('admin.coupons.type'), cell: (c) => DISCOUNT_TYPE_LABELS[c.discountType] },
          {
            header: t('admin.coupons.amount'),
            cell: (c) => (
              <>
                {formatCouponAmount(c, format)}
                {c.freeShipping ? <div className="hint">{t('admin.coupons.freeShipping')}</div> : null}
              </>
            ),
          },
          { header: t('admin.coupons.usage'), cell: (c) => `${c.usageCount} / ${c.usageLimit ?? '∞'}` },
          {
            header: t('admin.coupons.expires'),
            cell: (c) =>
              c.expiresAt ? (
                <time dateTime={c.expiresAt}>
                  {c.expiresAt.slice(0, 10)}
                  {Date.parse(c.expiresAt) <= now ? t('admin.coupons.expiredMark') : ''}
                </time>
              ) : (
                t('admin.coupons.never')
              ),
          },
          {
            header: t('admin.coupons.actions'),
            hideHeader: true,
            cell: (c) => (
              <Form
                method="post"
                action={listHref('/admin/coupons', { ...base, page: loaderData.page })}
                onSubmit={(e) => {
                  if (!window.confirm(t('admin.coupons.deleteConfirm', { code: c.code }))) e.preventDefault();
                }}
              >
                <CsrfField />
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={c.id} />
                <input type="hidden" name="code" value={c.code} />
                <button type="submit" className="button button--ghost button--small" aria-label={t('admin.coupons.deleteLabel', { code: c.code })}>
                  {t('admin.coupons.delete')}
                </button>
              </Form>
            ),
          },
        ]}
      />
    </>
  );
}
