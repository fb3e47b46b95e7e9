import { data, redirect, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/admin.coupons.$id';
import type { DB } from '../../db/client.ts';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { getSettings } from '../features/settings/settings.server.ts';
import { getCoupon, saveCoupon } from '../features/coupons/coupons-admin.server.ts';
import { couponFormValues, couponToForm, idsInText, pickedProductIds, pickedVariationIds, PRODUCT_PICKS, VARIATIONS_OF } from '../features/coupons/coupon-form.ts';
import { CouponEditor, type CouponFound } from '../features/coupons/components/coupon-editor.tsx';
import { linkedProducts, lookupProducts } from '../features/catalog-admin/product-links.server.ts';
import { linkedVariations, lookupVariations } from '../features/catalog-admin/variation-lookup.server.ts';
import { withVariations } from '../features/catalog-admin/product-form.ts';
import { categoryOptions } from '../features/catalog-admin/products-admin.server.ts';
import type { LinkedProduct } from '../features/catalog-admin/product-form.ts';
import { HttpError } from '../lib/http-error.ts';
import type { ActionError } from '../lib/action.ts';
import { idFromText } from '../lib/validate.ts';
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
  const values = couponToForm(coupon, currency);
  return { coupon, currency, values, products: await pickedItems(db, values), categories: await categoryOptions(db) };
}

/** The products and variations the form's pickers hold, named. */
async function pickedItems(db: DB, values: Record<string, string>): Promise<LinkedProduct[]> {
  return [...(await linkedProducts(db, pickedProductIds(values))), ...(await linkedVariations(db, pickedVariationIds(values)))];
}

/** A refused save or a "Find" step without scripts: the form comes back as posted, with the names of the products it holds. */
type Returned = ActionError & { values: Record<string, string>; products: LinkedProduct[]; stamp: number; found?: CouponFound; notice?: string };

export async function action({ context, request, params }: Route.ActionArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const { db } = context.services;
  const id = couponId(params.id);
  const form = await request.formData();
  const values = couponFormValues(form);
  const intent = String(form.get('intent') ?? '');
  const stamp = Date.now();
  const findIn = PRODUCT_PICKS.find((f) => intent === `find:${f}`);
  if (findIn) {
    const q = String(form.get(`find.${findIn}`) ?? '').slice(0, 200);
    const items = withVariations(await lookupProducts(db, q, { exclude: idsInText(values[findIn]) }), await lookupVariations(db, q, { exclude: idsInText(values[VARIATIONS_OF[findIn]]) }));
    const notice = items.length ? t('products.links.foundSome') : t('products.links.foundNone', { q });
    return { values, products: await pickedItems(db, values), stamp, found: { field: findIn, items }, notice };
  }
  try {
    const saved = await saveCoupon(db, id, values);
    return redirect(`/admin/coupons?saved=${encodeURIComponent(saved.code)}`);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    const products = await pickedItems(db, values);
    return data<Returned>({ error: { code: err.code, message: err.message, fields: err.fields }, values, products, stamp }, { status: err.status, headers: err.headers });
  }
}

export default function CouponPage({ loaderData }: Route.ComponentProps) {
  const { coupon, currency, values, products, categories } = loaderData;
  const result = useActionData<Returned | { values: Record<string, string>; products: LinkedProduct[]; stamp: number; found: CouponFound; notice: string }>();
  const error = result && 'error' in result ? result : undefined;
  const navigation = useNavigation();
  return (
    <>
      <p>
        <a href="/admin/coupons">{t('admin.coupon.back')}</a>
      </p>
      <h1>{coupon ? t('admin.coupon.title', { code: coupon.code }) : t('admin.coupons.add')}</h1>
      {result && 'notice' in result && result.notice ? (
        <p className="notice" role="status">
          {result.notice}
        </p>
      ) : null}
      <CouponEditor
        // A refused save or a search shows what was posted, not the stored values.
        key={result ? String(result.stamp) : 'stored'}
        values={result ? { ...values, ...PICKS_CLEARED, ...result.values } : values}
        products={result?.products ?? products}
        categories={categories}
        found={result && 'found' in result ? result.found : undefined}
        error={error}
        currency={currency}
        usageCount={coupon ? coupon.usageCount : null}
        busy={navigation.state === 'submitting'}
      />
    </>
  );
}

/** A posted form without a picker's field had nothing chosen there: the stored choice does not come back. */
const PICKS_CLEARED = { productIds: '', excludedProductIds: '', variationIds: '', excludedVariationIds: '', categoryIds: '', excludedCategoryIds: '' };
