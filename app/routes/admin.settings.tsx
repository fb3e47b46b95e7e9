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
import { plural, t } from '../i18n/t-admin.ts';
import { THEME_FONTS } from '../features/settings/settings.schema.ts';

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

const LABELS = {
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
};

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
          <div className="form-row">
            <label htmlFor="field-storeNotice">{LABELS.storeNotice}</label>
            <textarea id="field-storeNotice" name="storeNotice" rows={2} defaultValue={v('storeNotice')} />
          </div>
          <Field name="language" label={LABELS.language} defaultValue={v('language')} error={fieldError(error, 'language')} />
          <div className="form-row">
            <label htmlFor="field-direction">{LABELS.direction}</label>
            <select id="field-direction" name="direction" defaultValue={v('direction')}>
              <option value="ltr">{t('admin.settings.direction.ltr')}</option>
              <option value="rtl">{t('admin.settings.direction.rtl')}</option>
            </select>
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('admin.settings.legend.prices')}</legend>
          <Field name="currency" label={LABELS.currency} required defaultValue={v('currency')} error={fieldError(error, 'currency')} />
          <div className="form-row">
            <label htmlFor="field-currencyPosition">{LABELS.currencyPosition}</label>
            <select id="field-currencyPosition" name="currencyPosition" defaultValue={v('currencyPosition')}>
              {(['left', 'right', 'left_space', 'right_space'] as const).map((position) => (
                <option key={position} value={position}>
                  {t(`admin.settings.position.${position}`)}
                </option>
              ))}
            </select>
          </div>
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
          <Check name="variationReselectClears" label={LABELS.variationReselectClears} checked={s.variationReselectClears} />
          <Check name="reviewsAutoApprove" label={LABELS.reviewsAutoApprove} checked={s.reviewsAutoApprove} />
          <Check name="reviewsVerifiedOnly" label={LABELS.reviewsVerifiedOnly} checked={s.reviewsVerifiedOnly} />
        </fieldset>
        <fieldset>
          <legend>{t('admin.settings.legend.cart')}</legend>
          <Check name="redirectToCartAfterAdd" label={LABELS.redirectToCartAfterAdd} checked={s.redirectToCartAfterAdd} />
          <Check name="couponsEnabled" label={LABELS.couponsEnabled} checked={s.couponsEnabled} />
          <Check name="shippingCalculatorEnabled" label={LABELS.shippingCalculatorEnabled} checked={s.shippingCalculatorEnabled} />
          <div className="form-row">
            <label htmlFor="field-cartWidget">{LABELS.cartWidget}</label>
            <select id="field-cartWidget" name="cartWidget" defaultValue={v('cartWidget')}>
              <option value="dropdown">{t('admin.settings.cartWidget.dropdown')}</option>
              <option value="offcanvas">{t('admin.settings.cartWidget.offcanvas')}</option>
            </select>
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('admin.settings.legend.wishlists')}</legend>
          <Check name="wishlistMultiple" label={LABELS.wishlistMultiple} checked={s.wishlistMultiple} />
          <Check name="wishlistGuests" label={LABELS.wishlistGuests} checked={s.wishlistGuests} />
          <Check name="wishlistRemoveAfterAddToCart" label={LABELS.wishlistRemoveAfterAddToCart} checked={s.wishlistRemoveAfterAddToCart} />
          <Check name="wishlistEstimates" label={LABELS.wishlistEstimates} checked={s.wishlistEstimates} />
          <div className="form-row">
            <label htmlFor="field-wishlistLayout">{LABELS.wishlistLayout}</label>
            <select id="field-wishlistLayout" name="wishlistLayout" defaultValue={v('wishlistLayout')}>
              <option value="table">{t('admin.settings.wishlistLayout.table')}</option>
              <option value="grid">{t('admin.settings.wishlistLayout.grid')}</option>
            </select>
          </div>
          <Field name="wishlistCookiesDisabledText" label={LABELS.wishlistCookiesDisabledText} defaultValue={v('wishlistCookiesDisabledText')} error={fieldError(error, 'wishlistCookiesDisabledText')} />
          <div className="form-row">
            <label htmlFor="field-wishlistEstimateFields">{LABELS.wishlistEstimateFields}</label>
            <textarea id="field-wishlistEstimateFields" name="wishlistEstimateFields" rows={3} defaultValue={v('wishlistEstimateFields')} />
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('admin.settings.legend.search')}</legend>
          <Check name="searchCategorySelect" label={LABELS.searchCategorySelect} checked={s.searchCategorySelect} />
          <Check name="searchHideOutOfStock" label={LABELS.searchHideOutOfStock} checked={s.searchHideOutOfStock} />
        </fieldset>
        <fieldset>
          <legend>{t('admin.theme.legend')}</legend>
          {(['themeColorPrimary', 'themeColorAccent', 'themeColorHeaderBg', 'themeColorHeaderText'] as const).map((k) => (
            <Field key={k} name={k} type="color" label={LABELS[k]} defaultValue={v(k)} error={fieldError(error, k)} />
          ))}
          {(['themeFontBody', 'themeFontHeading'] as const).map((k) => (
            <div className="form-row" key={k}>
              <label htmlFor={`field-${k}`}>{LABELS[k]}</label>
              <select id={`field-${k}`} name={k} defaultValue={v(k)}>
                {THEME_FONTS.map((f) => (
                  <option key={f} value={f}>
                    {t(`admin.theme.font.${f}`)}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <Field name="themeLogoUrl" label={LABELS.themeLogoUrl} defaultValue={v('themeLogoUrl')} error={fieldError(error, 'themeLogoUrl')} />
          <Check name="headerSticky" label={LABELS.headerSticky} checked={s.headerSticky} />
          <Check name="headerHideOnScroll" label={LABELS.headerHideOnScroll} checked={s.headerHideOnScroll} />
          <Check name="headerTransparent" label={LABELS.headerTransparent} checked={s.headerTransparent} />
          <Check name="headerDarkNav" label={LABELS.headerDarkNav} checked={s.headerDarkNav} />
          <div className="form-row">
            <label htmlFor="field-mobileMenuStyle">{LABELS.mobileMenuStyle}</label>
            <select id="field-mobileMenuStyle" name="mobileMenuStyle" defaultValue={v('mobileMenuStyle')}>
              <option value="slide">{t('admin.theme.mobileMenu.slide')}</option>
              <option value="sidebar">{t('admin.theme.mobileMenu.sidebar')}</option>
            </select>
          </div>
          {(['mobileMenuLevels', 'columnsLarge', 'columnsMedium', 'columnsSmall'] as const).map((k) => (
            <Field key={k} name={k} type="number" label={LABELS[k]} defaultValue={v(k)} error={fieldError(error, k)} />
          ))}
          <Check name="pageLoader" label={LABELS.pageLoader} checked={s.pageLoader} />
          <Check name="linkPrefetch" label={LABELS.linkPrefetch} checked={s.linkPrefetch} />
          <Field name="serviceWorkerUrl" label={LABELS.serviceWorkerUrl} defaultValue={v('serviceWorkerUrl')} error={fieldError(error, 'serviceWorkerUrl')} />
        </fieldset>
        <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
          {t('admin.settings.save')}
        </button>
      </Form>
    </>
  );
}

/** A yes/no setting: the hidden "0" is sent when the box is unticked. */
function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <div className="form-row form-row--check">
      <input type="hidden" name={name} value="0" />
      <label>
        <input type="checkbox" name={name} value="1" defaultChecked={checked} /> {label}
      </label>
    </div>
  );
}
