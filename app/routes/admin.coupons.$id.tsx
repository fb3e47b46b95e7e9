import { redirect, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/admin.coupons.$id';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { getSettings } from '../features/settings/settings.server.ts';
import { getCoupon, saveCoupon } from '../features/coupons/coupons-admin.server.ts';
import { couponToForm } from '../features/coupons/coupon-form.ts';
import { CouponEditor } from '../features/coupons/components/coupon-editor.tsx';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { formToObject, idFromText } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.coupon ? t('admin.coupon.metaTitle', { code: data.coupon.code }) : t('admin.coupons.add')} · ${t('admin.title')}` }];

/** "new", or the id of an existing coupon (anything else is a 404). */
function couponId(param: string): number | null {
  if (param === 'new') return null;
  const id = idFromText(param);
  if (id === null) throw new Response('Not Found', { status: 404 });
  return id;
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const { db } = context.services;
  const id = couponId(params.id);
  const coupon = id === null ? null : await getCoupon(db, id);
  if (id !== null && !coupon) throw new Response('Not Found', { status: 404 });
  const { currency } = await getSettings(db);
  return { coupon, currency, values: couponToForm(coupon, currency) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const id = couponId(params.id);
  const values = formToObject(await request.formData());
  return formAction(async () => {
    const saved = await saveCoupon(context.services.db, id, values);
    return redirect(`/admin/coupons?saved=${encodeURIComponent(saved.code)}`);
  }, values);
}

export default function CouponPage({ loaderData }: Route.ComponentProps) {
  const { coupon, currency, values } = loaderData;
  const result = useActionData<ActionError>();
  const error = isActionError(result) ? result : undefined;
  const navigation = useNavigation();
  return (
    <>
      <p>
        <a href="/admin/coupons">{t('admin.coupon.back')}</a>
      </p>
      <h1>{coupon ? t('admin.coupon.title', { code: coupon.code }) : t('admin.coupons.add')}</h1>
      <CouponEditor
        // A refused save shows what was typed, not the stored values.
        key={error ? JSON.stringify(error.values) : 'stored'}
        values={error?.values ? { ...values, ...error.values } : values}
        error={error}
        currency={currency}
        usageCount={coupon ? coupon.usageCount : null}
        busy={navigation.state === 'submitting'}
      />
    </>
  );
}
