import { Form, Link, useActionData, useSearchParams } from 'react-router';
import type { Route } from './+types/admin.coupons';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { getSettings } from '../features/admin/settings.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { deleteCoupon, listCoupons } from '../features/coupons/coupons-admin.server.ts';
import { DISCOUNT_TYPE_LABELS, formatCouponAmount } from '../features/coupons/coupon-form.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { AdminTable } from '../features/admin/components/admin-table.tsx';
import { t } from '../i18n/t.ts';

export const meta: Route.MetaFunction = () => [{ title: `Coupons · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const { db } = context.services;
  return { coupons: await listCoupons(db), format: await getSettings(db), now: Date.now() };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const form = await request.formData();
  return formAction(async () => {
    const id = Number(form.get('id'));
    if (form.get('intent') !== 'delete' || !Number.isSafeInteger(id)) throw new HttpError(400, 'invalid', 'Unknown request.');
    if (!(await deleteCoupon(context.services.db, id))) throw new HttpError(404, 'not_found', 'This coupon no longer exists.');
    return { deleted: String(form.get('code') ?? '') };
  });
}

export default function Coupons({ loaderData }: Route.ComponentProps) {
  const { coupons, format, now } = loaderData;
  const result = useActionData<ActionError | { deleted: string }>();
  const [params] = useSearchParams();
  const saved = params.get('saved');
  return (
    <>
      <h1>Coupons</h1>
      <p>
        <Link className="button" to="/admin/coupons/new">
          Add coupon
        </Link>
      </p>
      {isActionError(result) ? (
        <p className="notice notice--error" role="alert">
          {result.error.message}
        </p>
      ) : result ? (
        <p className="notice" role="status">
          Coupon “{result.deleted}” deleted.
        </p>
      ) : saved ? (
        <p className="notice" role="status">
          Coupon “{saved}” saved.
        </p>
      ) : null}
      <AdminTable
        label="Coupons"
        rows={coupons}
        rowKey={(c) => c.id}
        empty={<p>No coupons yet.</p>}
        columns={[
          {
            header: 'Code',
            rowHeader: true,
            cell: (c) => (
              <>
                <Link to={`/admin/coupons/${c.id}`}>{c.code}</Link>
                {c.description ? <div className="hint">{c.description}</div> : null}
              </>
            ),
          },
          { header: 'Type', cell: (c) => DISCOUNT_TYPE_LABELS[c.discountType] },
          {
            header: 'Amount',
            cell: (c) => (
              <>
                {formatCouponAmount(c, format)}
                {c.freeShipping ? <div className="hint">+ free shipping</div> : null}
              </>
            ),
          },
          { header: 'Usage / limit', cell: (c) => `${c.usageCount} / ${c.usageLimit ?? '∞'}` },
          {
            header: 'Expires',
            cell: (c) =>
              c.expiresAt ? (
                <time dateTime={c.expiresAt}>
                  {c.expiresAt.slice(0, 10)}
                  {Date.parse(c.expiresAt) <= now ? ' (expired)' : ''}
                </time>
              ) : (
                'Never'
              ),
          },
          {
            header: 'Actions',
            hideHeader: true,
            cell: (c) => (
              <Form
                method="post"
                action="/admin/coupons"
                onSubmit={(e) => {
                  if (!window.confirm(`Delete coupon “${c.code}”? This cannot be undone.`)) e.preventDefault();
                }}
              >
                <CsrfField />
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={c.id} />
                <input type="hidden" name="code" value={c.code} />
                <button type="submit" className="button button--ghost button--small" aria-label={`Delete coupon ${c.code}`}>
                  Delete
                </button>
              </Form>
            ),
          },
        ]}
      />
    </>
  );
}
