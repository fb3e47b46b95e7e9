import { Form, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/admin.settings';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { getSettings, saveSettingsAs } from '../features/admin/settings.server.ts';
import { configuredOrigin } from '../features/admin/origin.server.ts';
import { CsrfField, Field, FormErrors, fieldError } from '../features/account/components/form-parts.tsx';
import { formAction } from '../lib/action.server.ts';
import { HttpError } from '../lib/http-error.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { formToObject } from '../lib/validate.ts';
import { formatPrice } from '../lib/money.ts';
import { t } from '../i18n/t-admin.ts';
import { THEME_FONTS } from '../features/admin/settings.schema.ts';

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
      throw new HttpError(400, 'invalid', `The form was sent incomplete (${missing.length} ${missing.length === 1 ? 'field' : 'fields'} missing); nothing was saved. Reload the page and try again.`, Object.fromEntries(missing.map((k) => [k, 'Missing from the form'])));
    }
    return { saved: await saveSettingsAs(context.services.db, user.role, shown) };
  }, values);
}

const LABELS = {
  storeName: 'Store name',
  storeUrl: 'Store address',
  currency: 'Currency (ISO code)',
  currencyPosition: 'Currency position',
  pricePrecision: 'Number of decimals',
  thousandSeparator: 'Thousand separator',
  decimalPoint: 'Decimal separator',
  storeNotice: 'Store notice (leave empty for none)',
  productsPerPage: 'Products per page',
  redirectToCartAfterAdd: 'Go to the cart page after adding a product',
  reviewsAutoApprove: 'Publish new reviews without approval',
  reviewsVerifiedOnly: 'Only verified owners may review',
  variationReselectClears: 'Clicking a chosen option again clears it',
  cartWidget: 'Header cart',
  couponsEnabled: 'Enable coupon codes',
  shippingCalculatorEnabled: 'Show the shipping calculator on the cart page',
  priceFilterStep: 'Price filter step',
  language: 'Language',
  direction: 'Text direction',
  wishlistMultiple: 'Shoppers may keep several named wishlists',
  wishlistGuests: 'Visitors without an account may keep a wishlist',
  wishlistRemoveAfterAddToCart: 'Remove an item from its wishlist once its owner adds it to the cart',
  wishlistLayout: 'Wishlist page layout',
  wishlistCookiesDisabledText: 'Message when the browser refuses cookies',
  wishlistEstimates: 'Shoppers may ask for an estimate of a wishlist',
  wishlistEstimateFields: 'Extra estimate form fields (one label per line, at most 5)',
  searchCategorySelect: 'Offer a category select in the header search box',
  searchHideOutOfStock: 'Leave products out of stock out of search suggestions and results (otherwise they come last)',
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
          <legend>Store</legend>
          <Field name="storeName" label={LABELS.storeName} required defaultValue={v('storeName')} error={fieldError(error, 'storeName')} />
          {loaderData.canSetUrl ? (
            <Field
              name="storeUrl"
              type="url"
              label={LABELS.storeUrl}
              hint={loaderData.publicUrl ? `Links in e-mails use PUBLIC_URL (${loaderData.publicUrl}), which overrides this.` : t('admin.storeUrlHint')}
              defaultValue={v('storeUrl')}
              error={fieldError(error, 'storeUrl')}
            />
          ) : (
            <p className="hint">
              {LABELS.storeUrl}: {s.storeUrl || '—'} (only an administrator can change it)
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
              <option value="ltr">Left to right</option>
              <option value="rtl">Right to left</option>
            </select>
          </div>
        </fieldset>
        <fieldset>
          <legend>Prices</legend>
          <Field name="currency" label={LABELS.currency} required defaultValue={v('currency')} error={fieldError(error, 'currency')} />
          <div className="form-row">
            <label htmlFor="field-currencyPosition">{LABELS.currencyPosition}</label>
            <select id="field-currencyPosition" name="currencyPosition" defaultValue={v('currencyPosition')}>
              <option value="left">Left (£99.99)</option>
              <option value="right">Right (99.99£)</option>
              <option value="left_space">Left with space (£ 99.99)</option>
              <option value="right_space">Right with space (99.99 £)</option>
            </select>
          </div>
          <Field name="pricePrecision" type="number" label={LABELS.pricePrecision} defaultValue={v('pricePrecision')} error={fieldError(error, 'pricePrecision')} />
          <Field name="thousandSeparator" label={LABELS.thousandSeparator} defaultValue={v('thousandSeparator')} error={fieldError(error, 'thousandSeparator')} />
          <Field name="decimalPoint" label={LABELS.decimalPoint} required defaultValue={v('decimalPoint')} error={fieldError(error, 'decimalPoint')} />
          <p className="hint">Example: {formatPrice(123456789, s)}</p>
        </fieldset>
        <fieldset>
          <legend>Catalog</legend>
          <Field name="productsPerPage" type="number" label={LABELS.productsPerPage} defaultValue={v('productsPerPage')} error={fieldError(error, 'productsPerPage')} />
          <Field name="priceFilterStep" type="number" label={LABELS.priceFilterStep} defaultValue={v('priceFilterStep')} error={fieldError(error, 'priceFilterStep')} />
        </fieldset>
        <fieldset>
          <legend>Product page</legend>
          <Check name="variationReselectClears" label={LABELS.variationReselectClears} checked={s.variationReselectClears} />
          <Check name="reviewsAutoApprove" label={LABELS.reviewsAutoApprove} checked={s.reviewsAutoApprove} />
          <Check name="reviewsVerifiedOnly" label={LABELS.reviewsVerifiedOnly} checked={s.reviewsVerifiedOnly} />
        </fieldset>
        <fieldset>
          <legend>Cart</legend>
          <Check name="redirectToCartAfterAdd" label={LABELS.redirectToCartAfterAdd} checked={s.redirectToCartAfterAdd} />
          <Check name="couponsEnabled" label={LABELS.couponsEnabled} checked={s.couponsEnabled} />
          <Check name="shippingCalculatorEnabled" label={LABELS.shippingCalculatorEnabled} checked={s.shippingCalculatorEnabled} />
          <div className="form-row">
            <label htmlFor="field-cartWidget">{LABELS.cartWidget}</label>
            <select id="field-cartWidget" name="cartWidget" defaultValue={v('cartWidget')}>
              <option value="dropdown">Dropdown under the cart icon</option>
              <option value="offcanvas">Panel sliding in from the side</option>
            </select>
          </div>
        </fieldset>
        <fieldset>
          <legend>Wishlists</legend>
          <Check name="wishlistMultiple" label={LABELS.wishlistMultiple} checked={s.wishlistMultiple} />
          <Check name="wishlistGuests" label={LABELS.wishlistGuests} checked={s.wishlistGuests} />
          <Check name="wishlistRemoveAfterAddToCart" label={LABELS.wishlistRemoveAfterAddToCart} checked={s.wishlistRemoveAfterAddToCart} />
          <Check name="wishlistEstimates" label={LABELS.wishlistEstimates} checked={s.wishlistEstimates} />
          <div className="form-row">
            <label htmlFor="field-wishlistLayout">{LABELS.wishlistLayout}</label>
            <select id="field-wishlistLayout" name="wishlistLayout" defaultValue={v('wishlistLayout')}>
              <option value="table">Table</option>
              <option value="grid">Grid of images (a click shows the details)</option>
            </select>
          </div>
          <Field name="wishlistCookiesDisabledText" label={LABELS.wishlistCookiesDisabledText} defaultValue={v('wishlistCookiesDisabledText')} error={fieldError(error, 'wishlistCookiesDisabledText')} />
          <div className="form-row">
            <label htmlFor="field-wishlistEstimateFields">{LABELS.wishlistEstimateFields}</label>
            <textarea id="field-wishlistEstimateFields" name="wishlistEstimateFields" rows={3} defaultValue={v('wishlistEstimateFields')} />
          </div>
        </fieldset>
        <fieldset>
          <legend>Search</legend>
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
          Save settings
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
