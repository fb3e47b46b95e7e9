import type { StoreSettings } from './settings.schema.ts';

/**
 * The store settings a visitor's browser may receive (page data is readable by anyone who
 * opens the page): how prices and pages look and behave. Everything else — the address new
 * orders are mailed to, bank accounts, the shop's own address, tax and review rules — stays
 * on the server; admin pages read the full settings themselves.
 */
export const PUBLIC_SETTING_KEYS = [
  'storeName',
  'storeNotice',
  'language',
  // The shop's country: the region of a bare language's dates and numbers (lib/format.ts); checkout shows it as the default country anyway.
  'baseCountry',
  'direction',
  'currency',
  'currencyPosition',
  'pricePrecision',
  'thousandSeparator',
  'decimalPoint',
  'productsPerPage',
  'priceFilterStep',
  'variationReselectClears',
  'redirectToCartAfterAdd',
  'cartWidget',
  'couponsEnabled',
  'shippingCalculatorEnabled',
  // The wishlist heart on every page: one list or several, guests allowed, the no-cookies alert.
  'wishlistMultiple',
  'wishlistGuests',
  'wishlistCookiesDisabledText',
  // The header search box: whether it offers the category select.
  'searchCategorySelect',
  // Theme: the header and page behaviour scripts and the theme's style read these.
  'themeColorPrimary',
  'themeColorAccent',
  'themeColorHeaderBg',
  'themeColorHeaderText',
  'themeFontBody',
  'themeFontHeading',
  'themeLogoUrl',
  'headerSticky',
  'headerHideOnScroll',
  'headerTransparent',
  'headerDarkNav',
  'mobileMenuStyle',
  'mobileMenuLevels',
  'columnsLarge',
  'columnsMedium',
  'columnsSmall',
  'pageLoader',
  'linkPrefetch',
  'serviceWorkerUrl',
] as const satisfies readonly (keyof StoreSettings)[];

export type PublicSettings = Pick<StoreSettings, (typeof PUBLIC_SETTING_KEYS)[number]>;

/** Only the allow-listed keys of the settings: what every public page's loader returns. */
export function publicSettings(settings: StoreSettings): PublicSettings {
  return Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, settings[k]])) as PublicSettings;
}
