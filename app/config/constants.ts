/**
 * Every timing, breakpoint and limit from the specification, named in one place.
 * Isomorphic: imported by server code and browser widgets alike. Values a shop owner
 * would want to change are also store settings (see features/settings/settings.schema.ts),
 * which override these defaults.
 */

/** Mobile layout switch for the wishlist table (px, max-width). */
export const WISHLIST_MOBILE_BREAKPOINT_PX = 768;
/** Wishlist quantity changes are saved this long after the last change. */
export const WISHLIST_QUANTITY_SAVE_DEBOUNCE_MS = 1000;
/** A wishlist popup closes this long after showing success feedback. */
export const POPUP_FEEDBACK_CLOSE_MS = 3000;
/** A notice popup fades out after this long. */
export const NOTICE_POPUP_FADE_MS = 2000;
/** The browser trusts its cached cart this long, and refreshes it on a timer of the same length. */
export const CART_FRAGMENT_LIFETIME_MS = 86_400_000;
/** Scroll-to-notices: offset from the top and duration. */
export const NOTICES_SCROLL_OFFSET_PX = 100;
export const NOTICES_SCROLL_DURATION_MS = 1000;
/** Live search starts after this many characters; the list is at most this tall. */
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_SUGGESTIONS_MAX_HEIGHT_PX = 300;
/** Link prefetching: hover delay, and the time after a touch during which hovers are ignored. */
export const PREFETCH_HOVER_DELAY_MS = 65;
export const PREFETCH_TOUCH_IGNORE_MS = 1100;
/** On-demand font and script loading time limits. */
export const FONT_LOAD_TIMEOUT_MS = 3000;
export const SCRIPT_LOAD_TIMEOUT_MS = 5000;
/** The cart dropdown closes by itself after this long. */
export const CART_DROPDOWN_AUTO_CLOSE_MS = 5000;
/** Quick view: slider initialises this long after opening; the popup closes over this long. */
export const QUICK_VIEW_SLIDER_INIT_DELAY_MS = 300;
export const QUICK_VIEW_CLOSE_DELAY_MS = 300;
/** Zoom: how long the "could not be loaded" message stays. */
export const ZOOM_ERROR_DURATION_MS = 2500;
/** Product grid columns and the breakpoints between them (px). */
export const GRID_COLUMNS = { large: 3, medium: 3, small: 2 } as const;
export const GRID_BREAKPOINT_LARGE_PX = 850;
export const GRID_BREAKPOINT_SMALL_PX = 550;
/** Default price format (store settings override). */
export const DEFAULT_PRICE_FORMAT = { precision: 2, thousandSeparator: ',', decimalPoint: '.' } as const;
/** Price filter slider default step. */
export const PRICE_SLIDER_STEP = 1;
/** The header wishlist icon shows its "added" state this long. */
export const WISHLIST_ICON_FLASH_MS = 500;
/** Blocking overlay shown over a widget while it updates. */
export const BLOCK_OVERLAY = { zIndex: 1000, fadeInMs: 200, fadeOutMs: 400, opacity: 0.6 } as const;
/** Tooltip defaults. */
export const TOOLTIP = { fadeMs: 200, delayMs: 400, maxWidthPx: 200, edgeOffset: 3 } as const;
/** Hover intent defaults (generic) and for dropdown menus. */
export const HOVER_INTENT = { intervalMs: 100, sensitivity: 6 } as const;
export const MENU_HOVER_INTENT = { intervalMs: 20, sensitivity: 3, timeoutMs: 70 } as const;
/** Submenu close delay. */
export const SUBMENU_CLOSE_DELAY_MS = 300;
/** Slider physics and resize debounce. */
export const SLIDER = { friction: 0.28, attraction: 0.025, resizeDebounceMs: 150, autoplayMs: 3000, dragThresholdPx: 3 } as const;
/** Select-box type-ahead resets after this long. */
export const TYPE_AHEAD_RESET_MS = 1000;
/** Review link: scroll duration and offset. */
export const REVIEWS_SCROLL_DURATION_MS = 300;
export const REVIEWS_SCROLL_OFFSET_PX = 150;
/** Room kept between the reviews tab and a sticky header and bar that cover more than that offset. */
export const REVIEWS_SCROLL_GAP_PX = 16;
/** Variation form initialises after this long. */
export const VARIATION_FORM_INIT_DELAY_MS = 100;
/** Variations are embedded in the product page up to this many (store setting overrides). */
export const MAX_EMBEDDED_VARIATIONS = 30;
/** Header becomes sticky past its height plus this offset. */
export const STICKY_HEADER_OFFSET_PX = 100;
/** Back-to-top and scroll-for-more duration; anchor navigation duration. */
export const SCROLL_TO_DURATION_MS = 300;
export const ANCHOR_SCROLL_DURATION_MS = 500;
/** Mobile menu open state clears this long after closing. */
export const MOBILE_MENU_CLEAR_MS = 300;
/** Lightbox removal delay. */
export const LIGHTBOX_CLOSE_DELAY_MS = 300;
/** Dropdowns are not repositioned below this viewport width (px). */
export const DROPDOWN_REPOSITION_MIN_WIDTH_PX = 750;
/** Sticky sidebar applies from this viewport width (px); spacing added to the sticky header height. */
export const STICKY_SIDEBAR_MIN_WIDTH_PX = 850;
export const STICKY_SIDEBAR_SPACING_PX = 15;
/** Chat widget layout switch (px, max-width). */
export const CHAT_MOBILE_BREAKPOINT_PX = 480;

/** Server-side limits (not in the specification; chosen for a small shop machine). */
export const LIMITS = {
  /** Largest request body accepted, in bytes. */
  bodyBytes: 1_048_576,
  /** Login attempts allowed per e-mail and address within the window. */
  loginAttempts: 10,
  loginWindowMs: 15 * 60_000,
  /**
   * Failed logins allowed per client address across all e-mails within the login window
   * (one address trying a password on many accounts); successful ones are not counted.
   */
  loginFailuresPerClient: 20,
  /**
   * Password checks (logins) a process runs per second, whoever asks: each takes an argon2id
   * hash (19 MiB, tens of milliseconds of a core), so a flood cannot starve the shop's pages.
   * Beyond it a login answers 503 with Retry-After.
   */
  passwordChecksPerSecond: 20,
  /** Session lifetime. */
  sessionMs: 30 * 24 * 3_600_000,
  /** A password-reset link is valid this long, once. */
  passwordResetMs: 60 * 60_000,
  /** Reset links asked for per client address, and per e-mail address, within the window. */
  passwordResetPerClient: 10,
  passwordResetPerEmail: 5,
  passwordResetWindowMs: 15 * 60_000,
  /** First-run setup attempts (a setup code checked) per client address within the window. */
  setupAttemptsPerClient: 10,
  setupWindowMs: 15 * 60_000,
  passwordMinLength: 8,
  passwordMaxLength: 256,
  /**
   * Largest whole number a query may compare with an integer column: PostgreSQL's `integer`
   * refuses anything beyond, so numbers from requests are clamped to it (docs/API.md, "Input rules").
   */
  sqlIntMax: 2_147_483_647,
} as const;

/**
 * Live chat allowances shared by all of a visitor's sockets and by every node (counted through
 * `sharedRateLimiter`, in Redis when REDIS_URL is set). Not in the specification: one visitor
 * with many tabs, and a few visitors behind one address, stay well inside them; a script
 * opening sockets by the hundred does not.
 */
export const CHAT_LIMITS = {
  /**
   * Messages: in each window a visitor may store what one socket's bucket allows over it
   * (the chat settings' burst plus the window's refill), whatever the number of sockets.
   */
  messageWindowMs: 10_000,
  /** A client address carries this many visitors' message allowance. */
  messagesClientFactor: 4,
  /** Socket connections (reconnects included) per visitor, and per client address, per window. */
  connectionsPerVisitor: 60,
  connectionsPerClient: 240,
  connectionWindowMs: 60_000,
  /**
   * Sockets open at once per visitor (chat cookie; an operator: their account), and per client
   * address (chat setting `openSocketsPerClient`, operators not counted), across every node: a
   * visitor's tabs, not a script's hundreds. Counted in Redis with REDIS_URL (each socket a
   * member its node renews, so a node that dies frees its sockets' places within a minute),
   * else in each process.
   */
  openSocketsPerVisitor: 30,
  openSocketsPerClient: 120,
  /** Chat logins (the login form) per visitor, and per client address, per window. */
  loginsPerVisitor: 10,
  loginsPerClient: 60,
  loginWindowMs: 10 * 60_000,
  /** Offline-form messages per visitor (chat cookie) in the offline form's window (per address and e-mail: OFFLINE_PER_WINDOW). */
  offlinePerVisitor: 3,
  /** Transcript copies (and the confirmation mails that lead to them) per e-mail address, and per client address, per day. */
  transcriptsPerAddress: 3,
  transcriptsPerClient: 5,
  transcriptWindowMs: 24 * 3_600_000,
  /** A transcript confirmation link works this long, once. */
  transcriptLinkMs: 24 * 3_600_000,
} as const;

/** Product search (issue 16). The minimum length and list height are the specification's. */
export const SEARCH = {
  /** Suggestions start at SEARCH_MIN_CHARS characters; shorter queries answer an empty list. */
  minChars: SEARCH_MIN_CHARS,
  /** Longer queries are cut to this many characters. */
  maxChars: 200,
  /** Words of a query used; the rest are ignored. */
  maxWords: 8,
  /** Products and categories in one suggestion answer. */
  suggestProducts: 10,
  suggestCategories: 5,
  /** Best sellers shown under a search that found nothing. */
  popularProducts: 6,
  /** Suggestion calls per client address and window (a debounced box makes a few a second). */
  suggestPerWindow: 120,
  suggestWindowMs: 60_000,
  /** The admin's search statistics cover this many days. */
  statsDays: 30,
} as const;

/** Header, menus and site shell behaviour (theme spec §4 and §9). */
/** The hide-on-scroll header samples the scroll direction this often. */
export const HIDE_ON_SCROLL_SAMPLE_MS = 100;
/**
 * A move smaller than this between two samples changes nothing: the page shifting by a few
 * pixels (an image above loading, scroll anchoring) is not the shopper scrolling back up.
 */
export const HIDE_ON_SCROLL_TOLERANCE_PX = 5;
/** The page loader is removed this long after start. */
export const PAGE_LOADER_REMOVE_MS = 1000;
/** A `menu_id` query parameter (the builder) reopens that item's dropdown after this long. */
export const MENU_ID_REOPEN_MS = 1000;
/** Mobile sidebar menu: levels shown when `data-levels` is absent. */
export const MOBILE_SIDEBAR_LEVELS_DEFAULT = 1;
/** Menus as the admin edits them (not in the specification). */
export const MENU_LIMITS = { items: 200, depth: 3, labelMax: 100, urlMax: 500, megaColumnsMax: 6 } as const;

/**
 * Client behaviours of block pages (features/pages/behaviours; theme specification §2, §4, §9).
 * The slider, lightbox, scroll and sticky-sidebar numbers are the ones above (SLIDER,
 * LIGHTBOX_CLOSE_DELAY_MS, SCROLL_TO_DURATION_MS, ANCHOR_SCROLL_DURATION_MS, STICKY_SIDEBAR_*).
 */
export const PAGE_BEHAVIOUR = {
  /** Accordion items slide open and closed over this long. */
  accordionSlideMs: 200,
  /** Scroll animations flip to animated this long after entering view (waypoint offset 101 %). */
  animateDelayMs: 300,
  /** Count-up numbers run from 0 in this many steps once reached (offset 100 %), this far apart. */
  countUpSteps: 4,
  countUpStepMs: 150,
  /** Lazy background images load once this share of the element is visible. */
  lazyBgThreshold: 0.1,
  /** Block tooltips: delay before showing and fade speed. */
  tooltipDelayMs: 200,
  tooltipSpeedMs: 350,
  /** Parallax strength: pixels of shift per unit of data-parallax per 100 px scrolled. */
  parallaxFactor: 0.04,
  /** …at most this share of the section's height either way. */
  parallaxMaxShare: 0.1,
  /** Parallax is off below this viewport width unless the section allows phones (px). */
  parallaxMobileMaxPx: 849,
} as const;

/** Back office: customers and staff accounts (not in the specification). */
export const CUSTOMERS_ADMIN = {
  /** Rows per page of /admin/customers. */
  perPage: 20,
  /** Newest orders listed on a customer's page (the orders list finds the rest). */
  ordersShown: 50,
} as const;
/** A staff invitation's link works once, for this long after it was (re)sent: 7 days. */
export const STAFF_INVITE_VALID_MS = 7 * 24 * 3_600_000;
/** Back office: the dashboard and the stock log (app/features/admin/dashboard*.server.ts, app/features/stock). */
/**
 * Pictures are refused above a pixel count read from their header, before any decoding: a
 * 249 KB PNG can declare 16000 × 16000 px, which takes seconds of CPU and hundreds of MB
 * to decode. The owner sets the limit (store setting `imageMaxMegapixels`); the default
 * leaves room for any camera photo, the most stays under sharp's own ceiling (268 MP).
 */
export const IMAGE_PIXELS = { defaultMegapixels: 40, maxMegapixels: 250 } as const;

export const BACK_OFFICE_STOCK = {
  /** Store default of the low-stock threshold (units), as in WooCommerce; a product's own overrides it. */
  lowStockThresholdDefault: 2,
  /** Rows per page of the stock history lists. */
  historyPerPage: 50,
  /** Stock alert e-mails: the queue is looked at after each write, and this often for other processes' writes. */
  alertsEveryMs: 60_000,
  /** Rows the dashboard lists under low stock, out of stock, top sellers and reviews awaiting approval. */
  dashboardListRows: 10,
  /** The sales chart's window, in days up to today (UTC). */
  salesChartDays: 30,
} as const;
/** Catalog back office: taxonomies and the product editor (not in the specification). */
/** A draft's edits are saved in the background once typing has paused this long. */
export const PRODUCT_AUTOSAVE_DELAY_MS = 3000;
/** Categories as the admin edits them; a reorder names every category, so it is bounded too. */
export const CATEGORY_LIMITS = { nameMax: 100, descriptionMax: 20_000, reorderMax: 5000 } as const;
/** Shipping classes: name and slug lengths. */
export const SHIPPING_CLASS_LIMITS = { nameMax: 100, slugMax: 100 } as const;
