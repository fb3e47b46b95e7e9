import { Form, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/admin.settings';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { getSettings, saveSettingsAs } from '../features/settings/settings.server.ts';
import { configuredOrigin } from '../features/settings/origin.server.ts';
import { CsrfField, Field, FormErrors, fieldError } from '../features/account/components/form-parts.tsx';
import { formAction } from '../lib/action.server.ts';
import { HttpError } from '../lib/http-error.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { formatPrice } from '../lib/money.ts';
import { plural, perLanguage, t } from '../i18n/t-admin.ts';
import { THEME_FONTS } from '../features/settings/settings.schema.ts';
import { CheckField, SelectField, TextAreaField } from '../ui/form-kit.tsx';

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.settings')} · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireStaff(context, request, SETTINGS_ROLES);
  return { settings: await getSettings(context.services.db), publicUrl: configuredOrigin(context.services.config), canSetUrl: user.role === 'admin' };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireStaff(context, request, SETTINGS_ROLES);
  const values = formToObject(await request.formData());
  // Only the fields this form shows: a posted name of any other setting (one edited
  // elsewhere) is ignored, not saved; the ones reserved to administrators are checked by role.
  const shown = Object.fromEntries(Object.entries(values).filter(([k]) => Object.hasOwn(LABELS, k)));
  return formAction(async () => {
    // The form always sends every one of its fields (an unticked box sends its hidden "0"): a
    // post without some is not this form's, and is refused whole rather than half applied.
    // Only an administrator's form shows the store address.
    const missing = Object.keys(LABELS).filter((k) => !Object.hasOwn(shown, k) && (k !== 'storeUrl' || user.role === 'admin'));
    if (missing.length) {
      throw new HttpError(400, 'invalid', plural('admin.settings.incomplete', missing.length), Object.fromEntries(missing.map((k) => [k, t('admin.settings.missingField')])));
    }
    return { saved: await saveSettingsAs(context.services.db, user.role, shown) };
  }, values);
}

const LABELS = perLanguage(() => ({
  storeName: t('admin.settings.field.storeName'),
  storeUrl: t('admin.settings.field.storeUrl'),
  currency: t('admin.settings.field.currency'),
  currencyPosition: t('admin.settings.field.currencyPosition'),
  pricePrecision: t('admin.settings.field.pricePrecision'),
  thousandSeparator: t('admin.settings.field.thousandSeparator'),
  decimalPoint: t('admin.settings.field.decimalPoint'),
  storeNotice: t('admin.settings.field.storeNotice'),
  productsPerPage: t('admin.settings.field.productsPerPage'),
  redirectToCartAfterAdd: t('admin.settings.field.redirectToCartAfterAdd'),
  reviewsAutoApprove: t('admin.settings.field.reviewsAutoApprove'),
  reviewsVerifiedOnly: t('admin.settings.field.reviewsVerifiedOnly'),
  variationReselectClears: t('admin.settings.field.variationReselectClears'),
  cartWidget: t('admin.settings.field.cartWidget'),
  couponsEnabled: t('admin.settings.field.couponsEnabled'),
  shippingCalculatorEnabled: t('admin.settings.field.shippingCalculatorEnabled'),
  priceFilterStep: t('admin.settings.field.priceFilterStep'),
  imageMaxMegapixels: t('admin.settings.field.imageMaxMegapixels'),
  language: t('admin.settings.field.language'),
  direction: t('admin.settings.field.direction'),
  wishlistMultiple: t('admin.settings.field.wishlistMultiple'),
  wishlistGuests: t('admin.settings.field.wishlistGuests'),
  wishlistRemoveAfterAddToCart: t('admin.settings.field.wishlistRemoveAfterAddToCart'),
  wishlistLayout: t('admin.settings.field.wishlistLayout'),
  wishlistCookiesDisabledText: t('admin.settings.field.wishlistCookiesDisabledText'),
  wishlistEstimates: t('admin.settings.field.wishlistEstimates'),
  wishlistEstimateFields: t('admin.settings.field.wishlistEstimateFields'),
  searchCategorySelect: t('admin.settings.field.searchCategorySelect'),
  searchHideOutOfStock: t('admin.settings.field.searchHideOutOfStock'),
  themeColorPrimary: t('admin.theme.colorPrimary'),
  themeColorAccent: t('admin.theme.colorAccent'),
  themeColorHeaderBg: t('admin.theme.colorHeaderBg'),
  themeColorHeaderText: t('admin.theme.colorHeaderText'),
  themeFontBody: t('admin.theme.fontBody'),
  themeFontHeading: t('admin.theme.fontHeading'),
  themeLogoUrl: t('admin.theme.logoUrl'),
  headerSticky: t('admin.theme.headerSticky'),
  headerHideOnScroll: t('admin.theme.headerHideOnScroll'),
  headerTransparent: t('admin.theme.headerTransparent'),
  headerDarkNav: t('admin.theme.headerDarkNav'),
  mobileMenuStyle: t('admin.theme.mobileMenuStyle'),
  mobileMenuLevels: t('admin.theme.mobileMenuLevels'),
  columnsLarge: t('admin.theme.columnsLarge'),
  columnsMedium: t('admin.theme.columnsMedium'),
  columnsSmall: t('admin.theme.columnsSmall'),
  pageLoader: t('admin.theme.pageLoader'),
  linkPrefetch: t('admin.theme.linkPrefetch'),
  serviceWorkerUrl: t('admin.theme.serviceWorkerUrl'),
}));

export default function Settings({ loaderData }: Route.ComponentProps) {
  const result = useActionData<ActionError | { saved: unknown }>();
  const navigation = useNavigation();
  const error = isActionError(result) ? result : undefined;
  const s = loaderData.settings;
  const v = (k: keyof typeof s) => error?.values?.[k] ?? String(s[k]);
  return (
    <>
      <h1>{t('admin.settings')}</h1>
      {result && !error ? (
        <p className="notice" role="status">
          {t('admin.saved')}
        </p>
      ) : null}
      <FormErrors result={error} labels={LABELS} />
      <Form method="post" className="admin-form" noValidate>
        <CsrfField />
        <fieldset>
          <legend>{t('admin.settings.legend.store')}</legend>
          <Field name="storeName" label={LABELS.storeName} required defaultValue={v('storeName')} error={fieldError(error, 'storeName')} />
          {loaderData.canSetUrl ? (
            <Field
              name="storeUrl"
              type="url"
              label={LABELS.storeUrl}
              hint={loaderData.publicUrl ? t('admin.settings.publicUrlOverrides', { url: loaderData.publicUrl }) : t('admin.storeUrlHint')}
              defaultValue={v('storeUrl')}
              error={fieldError(error, 'storeUrl')}
            />
          ) : (
            <p className="hint">
              {t('admin.settings.storeUrlAdminOnly', { label: LABELS.storeUrl, url: s.storeUrl || '—' })}
            </p>
          )}
          <TextAreaField name="storeNotice" label={LABELS.storeNotice} rows={2} defaultValue={v('storeNotice')} error={fieldError(error, 'storeNotice')} />
          <Field name="language" label={LABELS.language} defaultValue={v('language')} error={fieldError(error, 'language')} />
          <SelectField name="direction" label={LABELS.direction} value={v('direction')} options={[['ltr', t('admin.settings.direction.ltr')], ['rtl', t('admin.settings.direction.rtl')]]} />
        </fieldset>
        <fieldset>
          <legend>{t('admin.settings.legend.prices')}</legend>
          <Field name="currency" label={LABELS.currency} required defaultValue={v('currency')} error={fieldError(error, 'currency')} />
          <SelectField name="currencyPosition" label={LABELS.currencyPosition} value={v('currencyPosition')} options={(['left', 'right', 'left_space', 'right_space'] as const).map((position) => [position, t(`admin.settings.position.${position}`)])} />
          <Field name="pricePrecision" type="number" label={LABELS.pricePrecision} defaultValue={v('pricePrecision')} error={fieldError(error, 'pricePrecision')} />
          <Field name="thousandSeparator" label={LABELS.thousandSeparator} defaultValue={v('thousandSeparator')} error={fieldError(error, 'thousandSeparator')} />
          <Field name="decimalPoint" label={LABELS.decimalPoint} required defaultValue={v('decimalPoint')} error={fieldError(error, 'decimalPoint')} />
          <p className="hint">{t('admin.settings.example', { price: formatPrice(123456789, s) })}</p>
        </fieldset>
        <fieldset>
          <legend>{t('admin.settings.legend.catalog')}</legend>
          <Field name="productsPerPage" type="number" label={LABELS.productsPerPage} defaultValue={v('productsPerPage')} error={fieldError(error, 'productsPerPage')} />
          <Field name="priceFilterStep" type="number" label={LABELS.priceFilterStep} defaultValue={v('priceFilterStep')} error={fieldError(error, 'priceFilterStep')} />
          <Field name="imageMaxMegapixels" type="number" label={LABELS.imageMaxMegapixels} defaultValue={v('imageMaxMegapixels')} error={fieldError(error, 'imageMaxMegapixels')} />
        </fieldset>
        <fieldset>
          <legend>{t('admin.settings.legend.productPage')}</legend>
          <CheckField name="variationReselectClears" label={LABELS.variationReselectClears} checked={s.variationReselectClears} />
          <CheckField name="reviewsAutoApprove" label={LABELS.reviewsAutoApprove} checked={s.reviewsAutoApprove} />
          <CheckField name="reviewsVerifiedOnly" label={LABELS.reviewsVerifiedOnly} checked={s.reviewsVerifiedOnly} />
        </fieldset>
        <fieldset>
          <legend>{t('admin.settings.legend.cart')}</legend>
          <CheckField name="redirectToCartAfterAdd" label={LABELS.redirectToCartAfterAdd} checked={s.redirectToCartAfterAdd} />
          <CheckField name="couponsEnabled" label={LABELS.couponsEnabled} checked={s.couponsEnabled} />
          <CheckField name="shippingCalculatorEnabled" label={LABELS.shippingCalculatorEnabled} checked={s.shippingCalculatorEnabled} />
          <SelectField name="cartWidget" label={LABELS.cartWidget} value={v('cartWidget')} options={[['dropdown', t('admin.settings.cartWidget.dropdown')], ['offcanvas', t('admin.settings.cartWidget.offcanvas')]]} />
        </fieldset>
        <fieldset>
          <legend>{t('admin.settings.legend.wishlists')}</legend>
          <CheckField name="wishlistMultiple" label={LABELS.wishlistMultiple} checked={s.wishlistMultiple} />
          <CheckField name="wishlistGuests" label={LABELS.wishlistGuests} checked={s.wishlistGuests} />
          <CheckField name="wishlistRemoveAfterAddToCart" label={LABELS.wishlistRemoveAfterAddToCart} checked={s.wishlistRemoveAfterAddToCart} />
          <CheckField name="wishlistEstimates" label={LABELS.wishlistEstimates} checked={s.wishlistEstimates} />
          <SelectField name="wishlistLayout" label={LABELS.wishlistLayout} value={v('wishlistLayout')} options={[['table', t('admin.settings.wishlistLayout.table')], ['grid', t('admin.settings.wishlistLayout.grid')]]} />
          <Field name="wishlistCookiesDisabledText" label={LABELS.wishlistCookiesDisabledText} defaultValue={v('wishlistCookiesDisabledText')} error={fieldError(error, 'wishlistCookiesDisabledText')} />
          <TextAreaField name="wishlistEstimateFields" label={LABELS.wishlistEstimateFields} rows={3} defaultValue={v('wishlistEstimateFields')} error={fieldError(error, 'wishlistEstimateFields')} />
        </fieldset>
        <fieldset>
          <legend>{t('admin.settings.legend.search')}</legend>
          <CheckField name="searchCategorySelect" label={LABELS.searchCategorySelect} checked={s.searchCategorySelect} />
          <CheckField name="searchHideOutOfStock" label={LABELS.searchHideOutOfStock} checked={s.searchHideOutOfStock} />
        </fieldset>
        <fieldset>
          <legend>{t('admin.theme.legend')}</legend>
          {(['themeColorPrimary', 'themeColorAccent', 'themeColorHeaderBg', 'themeColorHeaderText'] as const).map((k) => (
            <Field key={k} name={k} type="color" label={LABELS[k]} defaultValue={v(k)} error={fieldError(error, k)} />
          ))}
          {(['themeFontBody', 'themeFontHeading'] as const).map((k) => (
            <SelectField key={k} name={k} label={LABELS[k]} value={v(k)} options={THEME_FONTS.map((f) => [f, t(`admin.theme.font.${f}`)])} />
          ))}
          <Field name="themeLogoUrl" label={LABELS.themeLogoUrl} defaultValue={v('themeLogoUrl')} error={fieldError(error, 'themeLogoUrl')} />
          <CheckField name="headerSticky" label={LABELS.headerSticky} checked={s.headerSticky} />
          <CheckField name="headerHideOnScroll" label={LABELS.headerHideOnScroll} checked={s.headerHideOnScroll} />
          <CheckField name="headerTransparent" label={LABELS.headerTransparent} checked={s.headerTransparent} />
          <CheckField name="headerDarkNav" label={LABELS.headerDarkNav} checked={s.headerDarkNav} />
          <SelectField name="mobileMenuStyle" label={LABELS.mobileMenuStyle} value={v('mobileMenuStyle')} options={[['slide', t('admin.theme.mobileMenu.slide')], ['sidebar', t('admin.theme.mobileMenu.sidebar')]]} />
          {(['mobileMenuLevels', 'columnsLarge', 'columnsMedium', 'columnsSmall'] as const).map((k) => (
            <Field key={k} name={k} type="number" label={LABELS[k]} defaultValue={v(k)} error={fieldError(error, k)} />
          ))}
          <CheckField name="pageLoader" label={LABELS.pageLoader} checked={s.pageLoader} />
          <CheckField name="linkPrefetch" label={LABELS.linkPrefetch} checked={s.linkPrefetch} />
          <Field name="serviceWorkerUrl" label={LABELS.serviceWorkerUrl} defaultValue={v('serviceWorkerUrl')} error={fieldError(error, 'serviceWorkerUrl')} />
        </fieldset>
        <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
          {t('admin.settings.save')}
        </button>
      </Form>
    </>
  );
}
