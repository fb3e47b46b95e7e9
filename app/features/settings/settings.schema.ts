import { z } from 'zod';
import { BACK_OFFICE_STOCK, DEFAULT_PRICE_FORMAT, GRID_COLUMNS, IMAGE_PIXELS, MAX_EMBEDDED_VARIATIONS, MOBILE_SIDEBAR_LEVELS_DEFAULT, PRICE_SLIDER_STEP } from '../../config/constants.ts';
import { stripeSettingsSchema } from './stripe-settings.ts';
import { paypalSettingsSchema } from './paypal-settings.ts';
import { EMAIL_IDS, type EmailId } from './email-catalog.ts';
import { invoiceSettingsSchema } from './invoice-settings.ts';

/** Self-hosted fonts a theme may use (app/features/theme/fonts.ts); `system` and `georgia` load no file. */
export const THEME_FONTS = ['system', 'georgia', 'inter', 'lora'] as const;
/** A colour as #rrggbb. */
const hexColor = (fallback: string) => z.string().trim().toLowerCase().regex(/^#[0-9a-f]{6}$/, 'Use a colour such as #1f4b43').default(fallback);

/**
 * A yes/no setting from JSON (boolean) or a form ("1"/"on"/"true", "0"/"off"/"false"). Forms
 * send a hidden "0" before each checkbox, so an unticked box still means "no".
 */
const flag = (fallback: boolean) =>
  z.preprocess((v) => {
    if (typeof v === 'boolean' || v === undefined) return v;
    const s = String(v).toLowerCase();
    return ['1', 'on', 'true', 'yes'].includes(s) ? true : ['0', 'off', 'false', 'no', ''].includes(s) ? false : v;
  }, z.boolean({ message: 'Must be yes or no' }).default(fallback));

// Checkout and payments (additive; see app/features/payments).
const text = (max: number, fallback = '') => z.string().trim().max(max, `At most ${max} characters`).default(fallback);

/** One bank account shown to a shopper who pays by bank transfer. */
export const bankAccountSchema = z.object({
  accountName: text(100),
  accountNumber: text(50),
  bankName: text(100),
  sortCode: text(30),
  iban: text(50),
  bic: text(20),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

const gatewaySettings = (title: string, description: string, instructions: string, enabled: boolean) => ({
  enabled: flag(enabled),
  title: z.string().trim().min(1, 'Title is required').max(100, 'At most 100 characters').default(title),
  description: text(1000, description),
  /** Shown on the order-received page and in the order e-mails. */
  instructions: text(2000, instructions),
});

/** Settings of the offline payment methods, one object each; every field has a default (all on, so a new shop can sell at once). */
export const paymentSettingsSchema = z.object({
  bacs: z.preprocess(
    (v) => v ?? {},
    z.object({
      ...gatewaySettings(
        'Direct bank transfer',
        'Make your payment directly into our bank account. Please use your order ID as the payment reference. Your order will not be shipped until the funds have cleared in our account.',
        'Please use your order ID as the payment reference. Your order will be shipped once the funds have cleared.',
        true,
      ),
      accounts: z.array(bankAccountSchema).max(10, 'At most 10 accounts').default([]),
    }),
  ),
  cheque: z.preprocess(
    (v) => v ?? {},
    z.object(gatewaySettings('Check payments', 'Please send a check to the store address.', 'Please send your cheque to the store address, with your order number on the back.', true)),
  ),
  cod: z.preprocess(
    (v) => v ?? {},
    z.object(gatewaySettings('Cash on delivery', 'Pay with cash upon delivery.', 'Pay with cash upon delivery.', true)),
  ),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;
export type OfflineGatewayId = keyof PaymentSettings;

const EMAIL_ADDRESS = /^[^\s@,<>"]+@[^\s@,<>"]+\.[^\s@,<>"]+$/;
/** Addresses separated by commas (spaces allowed), kept as `a@x.example, b@y.example`; empty: none. */
const addressList = z
  .string()
  .trim()
  .toLowerCase()
  .max(500, 'At most 500 characters')
  .transform((v) =>
    v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean)
      .join(', '),
  )
  .refine((v) => v === '' || v.split(', ').every((a) => EMAIL_ADDRESS.test(a)), 'Enter e-mail addresses separated by commas')
  .refine((v) => v.split(', ').length <= 10, 'At most 10 addresses');

/** One e-mail's settings (/admin/settings/emails/:id): empty subject or heading sends the built-in one. */
export const emailSettingsSchema = z.object({
  enabled: flag(true),
  /** The shop's e-mails only: who gets it; empty: the shop's usual recipients. */
  recipient: addressList.default(''),
  subject: text(200),
  heading: text(200),
  /** Shown below the e-mail's main text (WooCommerce's "Additional content"). */
  additional: text(2000),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

/** Every e-mail's settings, each with its defaults (an e-mail never saved is on, with its built-in text). */
export const emailsSchema = z.preprocess(
  (v) => v ?? {},
  z.object(Object.fromEntries(EMAIL_IDS.map((id) => [id, z.preprocess((v) => v ?? {}, emailSettingsSchema)])) as unknown as Record<EmailId, z.ZodType<EmailSettings>>),
);

/** `https://shop.example/any/path` → `https://shop.example`; anything else is left for the check to refuse. */
function toOrigin(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const s = v.trim();
  if (!s) return '';
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password ? u.origin : s;
  } catch {
    return s;
  }
}

/** The store's own address (scheme, host and port), e.g. `https://shop.example`; empty: not set. */
export const storeUrlSchema = z.preprocess(
  toOrigin,
  z.string().max(200, 'At most 200 characters').regex(/^(https?:\/\/[^\s/?#@]+)?$/, 'Use the address shoppers type, such as https://shop.example'),
);

/** Store settings editable in the admin. Every field has a default, so a new shop works at once. */
export const storeSettingsSchema = z.object({
  storeName: z.string().trim().min(1, 'Store name is required').max(80).default('Vitrine'),
  /**
   * The shop's public address, confirmed by the owner at setup: absolute links in e-mails,
   * feeds and redirects are built from it (or from PUBLIC_URL), never from a request's Host.
   */
  storeUrl: storeUrlSchema.default(''),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Use a three-letter ISO 4217 code, e.g. GBP')
    .default('GBP'),
  currencyPosition: z.enum(['left', 'right', 'left_space', 'right_space']).default('left'),
  pricePrecision: z.coerce.number().int().min(0, 'At least 0').max(4, 'At most 4').default(DEFAULT_PRICE_FORMAT.precision),
  thousandSeparator: z.string().max(1, 'One character at most').default(DEFAULT_PRICE_FORMAT.thousandSeparator),
  decimalPoint: z.string().min(1, 'Required').max(1, 'One character').default(DEFAULT_PRICE_FORMAT.decimalPoint),
  productsPerPage: z.coerce.number().int().min(1, 'At least 1').max(100, 'At most 100').default(12),
  priceFilterStep: z.coerce.number().int().min(1, 'At least 1').max(1000, 'At most 1000').default(PRICE_SLIDER_STEP),
  storeNotice: z.string().trim().max(500, 'At most 500 characters').default(''),
  /** Uploaded pictures (catalog, categories, pages) larger than this many megapixels are refused before decoding. */
  imageMaxMegapixels: z.coerce
    .number({ message: 'Enter a number' })
    .int('A whole number')
    .min(1, 'At least 1')
    .max(IMAGE_PIXELS.maxMegapixels, `At most ${IMAGE_PIXELS.maxMegapixels}`)
    .default(IMAGE_PIXELS.defaultMegapixels),
  // Product page
  /** Clicking the chosen swatch again clears it (WooCommerce's behaviour). */
  variationReselectClears: flag(true),
  /** Variations embedded in the page up to this many; beyond, the form asks the server. */
  maxEmbeddedVariations: z.coerce.number().int().min(0).max(1000).default(MAX_EMBEDDED_VARIATIONS),
  /** New reviews are published at once instead of waiting for approval. */
  reviewsAutoApprove: flag(false),
  /** Only customers who bought the product may review it. */
  reviewsVerifiedOnly: flag(false),
  // Cart and checkout
  redirectToCartAfterAdd: flag(false),
  cartWidget: z.enum(['dropdown', 'offcanvas']).default('dropdown'),
  couponsEnabled: flag(true),
  shippingCalculatorEnabled: flag(true),
  /** Shoppers may order without an account. */
  guestCheckout: flag(true),
  /** Shoppers may create an account while ordering. */
  accountCreationAtCheckout: flag(true),
  /** Terms and conditions page (a path such as /terms); when set, checkout asks to accept them. */
  termsUrl: z.string().trim().max(300).regex(/^(\/[^\s]*|https?:\/\/[^\s]+)?$/, 'Use a path such as /terms or a full URL').default(''),
  /**
   * WooCommerce's "Hold stock (minutes)": an order still pending payment this long after its
   * last change is cancelled and its stock given back (app/features/orders/unpaid-orders.server.ts).
   * 0 or empty: never.
   */
  holdStockMinutes: z.preprocess(
    (v) => (v === '' || v === null ? 0 : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ message: 'Enter a number of minutes' }).int('Enter whole minutes').min(0, 'Enter 0 or more minutes').max(525_600, 'At most 525600 minutes (a year)').default(60),
  ),
  /** Who gets "new order" e-mails; empty: every admin and shop manager account. */
  orderNotificationEmail: z.string().trim().toLowerCase().max(254).regex(/^([^\s@]+@[^\s@]+\.[^\s@]+)?$/, 'Enter a valid e-mail address').default(''),
  // E-mails (/admin/settings/emails)
  /** The address the shop's e-mails come from; empty: the MAIL_FROM of the server's environment. */
  emailFromAddress: z.string().trim().toLowerCase().max(254, 'At most 254 characters').regex(/^([^\s@,<>"]+@[^\s@,<>"]+\.[^\s@,<>"]+)?$/, 'Enter a valid e-mail address').default(''),
  /** The sender's name shown with it; empty: the store name. */
  emailFromName: z.string().trim().max(100, 'At most 100 characters').regex(/^[^<>"\r\n]*$/, 'Leave out < > and "').default(''),
  /** An image at the top of every e-mail: a full https address (mail is read away from the shop); empty: the store name as text. */
  emailHeaderImage: z.string().trim().max(500, 'At most 500 characters').regex(/^(https?:\/\/[^\s"'<>\\]+)?$/, 'Use a full address such as https://shop.example/media/logo.png').default(''),
  emailBaseColor: hexColor('#1f4b43'),
  emailBackgroundColor: hexColor('#f4f4f2'),
  emailBodyBackgroundColor: hexColor('#ffffff'),
  emailTextColor: hexColor('#1b1b1b'),
  /** Below every e-mail; may use {site_title} and {site_url}. */
  emailFooterText: text(1000, '{site_title}'),
  emails: emailsSchema,
  payments: z.preprocess((v) => v ?? {}, paymentSettingsSchema),
  /** Stripe card payments (no secrets here: see app/features/payments/stripe). */
  stripe: z.preprocess((v) => v ?? {}, stripeSettingsSchema),
  /** PayPal (no secrets here: see app/features/payments/paypal). */
  paypal: z.preprocess((v) => v ?? {}, paypalSettingsSchema),
  /** The seller's details on invoices and the invoice e-mail switch (app/features/invoices). */
  invoices: z.preprocess((v) => v ?? {}, invoiceSettingsSchema),
  // Taxes (the WooCommerce meanings)
  taxesEnabled: flag(false),
  /** Catalog prices are entered with tax included. */
  pricesIncludeTax: flag(false),
  taxDisplayShop: z.enum(['incl', 'excl']).default('excl'),
  taxDisplayCart: z.enum(['incl', 'excl']).default('excl'),
  /** Round tax once on the subtotal instead of per line. */
  taxRoundAtSubtotal: flag(false),
  taxBasedOn: z.enum(['shipping', 'billing', 'base']).default('shipping'),
  /** The shop's own address: tax base and the default shipping estimate. */
  baseCountry: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Use a two-letter country code').default('GB'),
  baseState: z.string().trim().max(100).default(''),
  basePostcode: z.string().trim().max(20).default(''),
  baseCity: z.string().trim().max(100).default(''),
  // Wishlists (app/features/wishlist)
  /** Shoppers may keep several named lists (off: one default list, no list choice in popups). */
  wishlistMultiple: flag(true),
  /** Visitors without an account may keep a wishlist (tied to a cookie); off: the heart asks them to log in. */
  wishlistGuests: flag(true),
  /** Adding a wishlist row to the cart removes it from the list (only for the list's owner). */
  wishlistRemoveAfterAddToCart: flag(false),
  /** The wishlist page shows a table, or a grid of images whose click opens the item's details. */
  wishlistLayout: z.enum(['table', 'grid']).default('table'),
  /** Shown in an alert when the browser refuses cookies (a guest wishlist needs one). */
  wishlistCookiesDisabledText: text(300, 'Please enable cookies in your browser to use the wishlist.'),
  /** Shoppers may ask for an estimate of a list's items. */
  wishlistEstimates: flag(true),
  /** Extra fields of the estimate form, one label per line (each optional, at most 5). */
  wishlistEstimateFields: text(500),
  // Search (app/features/search)
  /** The header search box offers a select of top-level categories that narrows the search. */
  searchCategorySelect: flag(false),
  /** Searches (suggestions and results) leave out products out of stock; off: they come last. */
  searchHideOutOfStock: flag(false),
  // Stock alerts (back office: dashboard and stock; edited at /admin/stock)
  /** Stock at or below this many units is low, unless a product sets its own threshold. */
  stockLowThreshold: z.coerce.number({ message: 'Enter a number' }).int('A whole number').min(0, 'At least 0').max(1_000_000, 'At most 1,000,000').default(BACK_OFFICE_STOCK.lowStockThresholdDefault),
  /** E-mail the shop when a product's stock falls to its low-stock threshold. */
  stockNotifyLow: flag(true),
  /** E-mail the shop when a product's stock runs out. */
  stockNotifyOut: flag(true),
  /** Who gets the stock e-mails; empty: the order notification address, else administrators and shop managers. */
  stockNotificationEmail: z.string().trim().toLowerCase().max(254).regex(/^([^\s@]+@[^\s@]+\.[^\s@]+)?$/, 'Enter a valid e-mail address').default(''),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Use a language tag such as en or en-GB')
    .default('en'),
  direction: z.enum(['ltr', 'rtl']).default('ltr'),
  // Theme (header, menus and theme: docs/ARCHITECTURE.md)
  /** Brand colour (buttons, links, the store notice), accent (sale badges), the header's background and text. */
  themeColorPrimary: hexColor('#1f4b43'),
  themeColorAccent: hexColor('#b3261e'),
  themeColorHeaderBg: hexColor('#ffffff'),
  themeColorHeaderText: hexColor('#1b1b1b'),
  /** Fonts served by the shop itself (app/features/theme/fonts.ts); `system` loads none. */
  themeFontBody: z.enum(THEME_FONTS).default('system'),
  themeFontHeading: z.enum(THEME_FONTS).default('georgia'),
  /** The logo image, a path on this site such as /media/logo.webp (the page's policy loads images from the shop only); empty: the store name as text. */
  themeLogoUrl: z.string().trim().max(500).regex(/^(\/(?!\/)[^\s"'<>\\]*)?$/, 'Use a path on this site such as /media/logo.webp').default(''),
  /** The header sticks once scrolled past its height + 100 px. */
  headerSticky: flag(true),
  /** The stuck header hides while scrolling down and shows again when scrolling up. */
  headerHideOnScroll: flag(false),
  /** The header lies over the page's top (transparent) until it sticks. */
  headerTransparent: flag(false),
  /** The navigation is drawn light on dark until the header sticks. */
  headerDarkNav: flag(false),
  /** Mobile menu: slide-in panel with expandable submenus, or a sidebar whose submenus slide in as levels. */
  mobileMenuStyle: z.enum(['slide', 'sidebar']).default('slide'),
  /** Sidebar menu: how many levels slide in (data-levels). */
  mobileMenuLevels: z.coerce.number().int().min(1, 'At least 1').max(3, 'At most 3').default(MOBILE_SIDEBAR_LEVELS_DEFAULT),
  /** Product columns per row: large (≥ 850 px), medium (≥ 550 px), small. */
  columnsLarge: z.coerce.number().int().min(1, 'At least 1').max(6, 'At most 6').default(GRID_COLUMNS.large),
  columnsMedium: z.coerce.number().int().min(1, 'At least 1').max(6, 'At most 6').default(GRID_COLUMNS.medium),
  columnsSmall: z.coerce.number().int().min(1, 'At least 1').max(3, 'At most 3').default(GRID_COLUMNS.small),
  /** The page loader shown while a page starts (removed after 1 s). */
  pageLoader: flag(false),
  /** Links are fetched ahead when hovered (shop spec §5). */
  linkPrefetch: flag(true),
  /** The service worker's address (offline page, cached shell and assets); empty: none is registered. */
  serviceWorkerUrl: z.string().trim().max(200).regex(/^(\/(?!\/)[^\s?#]*\.js)?$/, 'Use a path on this site ending in .js, such as /sw.js').default(''),
});

export type StoreSettings = z.infer<typeof storeSettingsSchema>;
export const DEFAULT_SETTINGS: StoreSettings = storeSettingsSchema.parse({});
