import type { Role } from '../../lib/roles.ts';

/*
 * Who may use which part of the back office: the one table every admin page, admin API and
 * the chat console read (docs/ARCHITECTURE.md, Security). The names some features export
 * (PRODUCT_ADMIN_ROLES, ORDER_ROLES, …) are this table's rows, not rules of their own.
 *
 * Editors look after content (pages, menus, forms). They see no shopper data: no orders,
 * accounts, wishlists (owners' e-mails, private list addresses, estimate requests), form
 * submissions or reviewers' addresses. Operators answer the live chat.
 */

const STAFF = ['admin', 'shop_manager', 'editor', 'operator'] as const satisfies readonly Role[];
const MANAGERS = ['admin', 'shop_manager'] as const satisfies readonly Role[];
const CONTENT = ['admin', 'shop_manager', 'editor'] as const satisfies readonly Role[];
const ADMIN = ['admin'] as const satisfies readonly Role[];

const AREAS = {
  /** The dashboard and the admin frame (each panel narrows further). */
  dashboard: STAFF,
  /** Store settings, catalog import, coupons, shipping, tax, payments, search, chat settings. */
  settings: MANAGERS,
  /** The mail outbox: messages to anyone, staff included. */
  mail: ADMIN,
  /** Products, categories, tags, attributes, shipping classes. */
  catalog: MANAGERS,
  stock: MANAGERS,
  orders: MANAGERS,
  /** Reports: the shop's sales money (no shopper's details), for those who see the dashboard's sales figures. */
  reports: MANAGERS,
  /** The customers list and a customer's page (with the password-reset e-mail). */
  customers: MANAGERS,
  /** Roles and staff invitations: administrators only, so nobody raises their own rights. */
  staff: ADMIN,
  /** Erasing personal data (also deleting an account). */
  privacy: ADMIN,
  /** Reviews carry the reviewer's e-mail address. */
  reviews: MANAGERS,
  wishlists: MANAGERS,
  /** The operator console, transcripts and offline messages; operator chat tokens. */
  chatConsole: ['admin', 'shop_manager', 'operator'],
  menus: CONTENT,
  pages: CONTENT,
  /** The media library: pictures used by products, categories and pages (those who edit any of them). */
  media: CONTENT,
  forms: CONTENT,
  formSubmissions: MANAGERS,
  /** API keys and webhooks: they reach every order and customer, so administrators only. */
  integrations: ADMIN,
} as const satisfies Record<string, readonly Role[]>;

export type AdminArea = keyof typeof AREAS;
/** Each area of the back office and the roles allowed in it. */
export const ADMIN_AREAS: Readonly<Record<AdminArea, readonly Role[]>> = AREAS;

export const rolesOf = (area: AdminArea): readonly Role[] => ADMIN_AREAS[area];
export const mayUse = (role: Role | null | undefined, area: AdminArea): boolean => !!role && rolesOf(area).includes(role);

/**
 * Every admin page of app/routes.ts (its path there) and its area. A page missing here fails
 * the access test (tests/api/admin-access.test.ts); the page's loader and action gate with
 * its area's roles.
 */
export const ADMIN_PAGES: Record<string, AdminArea> = {
  admin: 'dashboard',
  'admin/settings': 'settings',
  'admin/settings/invoices': 'settings',
  'admin/settings/emails': 'settings',
  'admin/settings/emails/:id': 'settings',
  'admin/settings/emails/:id/preview': 'settings',
  'admin/menus': 'menus',
  'admin/mail': 'mail',
  'admin/mail/:id': 'mail',
  'admin/import': 'settings',
  'admin/products': 'catalog',
  'admin/products.csv': 'catalog',
  'admin/products/images': 'catalog',
  'admin/products/lookup': 'catalog',
  'admin/products/delete': 'catalog',
  'admin/products/bulk-edit': 'catalog',
  'admin/products/images.json': 'catalog',
  'admin/products/downloads': 'catalog',
  'admin/products/:id': 'catalog',
  'admin/products/:id/quick': 'catalog',
  'admin/products/:id/stock': 'stock',
  'admin/categories': 'catalog',
  'admin/categories/image': 'catalog',
  'admin/categories/:id': 'catalog',
  'admin/shipping-classes': 'catalog',
  'admin/tags': 'catalog',
  'admin/attributes': 'catalog',
  'admin/attributes/:id': 'catalog',
  'admin/coupons': 'settings',
  'admin/coupons/:id': 'settings',
  'admin/shipping': 'settings',
  'admin/shipping/:id': 'settings',
  'admin/tax': 'settings',
  'admin/tax.csv': 'settings',
  'admin/reviews': 'reviews',
  'admin/orders': 'orders',
  'admin/orders.csv': 'orders',
  'admin/orders/:id': 'orders',
  'admin/orders/:id/documents/:kind': 'orders',
  'admin/orders/print': 'orders',
  'admin/orders/new': 'orders',
  'admin/orders/:id/edit': 'orders',
  'admin/payments': 'settings',
  'admin/payments/stripe': 'settings',
  'admin/payments/paypal': 'settings',
  'admin/privacy': 'privacy',
  'admin/wishlists': 'wishlists',
  'admin/chat': 'chatConsole',
  'admin/chat/settings': 'settings',
  'admin/chat/transcripts': 'chatConsole',
  'admin/chat/transcripts/:id': 'chatConsole',
  'admin/chat/offline': 'chatConsole',
  'admin/chat/canned': 'settings',
  'admin/search': 'settings',
  'admin/forms': 'forms',
  'admin/forms/:id': 'forms',
  'admin/forms/:id/submissions': 'formSubmissions',
  'admin/forms/:id/submissions.csv': 'formSubmissions',
  'admin/forms/:id/submissions/:sid': 'formSubmissions',
  'admin/forms/:id/submissions/:sid/files/:fid': 'formSubmissions',
  'admin/pages': 'pages',
  'admin/pages/media': 'pages',
  'admin/pages/links.json': 'pages',
  'admin/pages/:id': 'pages',
  'admin/pages/:id/builder': 'pages',
  'admin/media': 'media',
  'admin/media.json': 'media',
  'admin/customers': 'customers',
  'admin/customers.csv': 'customers',
  'admin/customers/:id': 'customers',
  'admin/customers/guest/:ref': 'customers',
  'admin/staff': 'staff',
  'admin/stock': 'stock',
  'admin/reports': 'reports',
  'admin/reports.csv': 'reports',
  'admin/api-keys': 'integrations',
  'admin/webhooks': 'integrations',
  'admin/webhooks/:id': 'integrations',
};

/** Every staff-only API (by its path under /api) and its area; the same test asks each role. */
export const ADMIN_APIS: Record<string, AdminArea> = {
  '/api/admin/pages': 'pages',
  '/api/admin/pages/:id': 'pages',
  '/api/admin/pages/:id/publish': 'pages',
  '/api/admin/pages/:id/unpublish': 'pages',
  '/api/admin/pages/:id/revisions': 'pages',
  '/api/admin/pages/:id/revisions/:rev': 'pages',
  '/api/admin/pages/:id/revisions/:rev/restore': 'pages',
  '/api/admin/menus': 'menus',
  '/api/admin/menus/:location': 'menus',
  '/api/admin/payments/stripe': 'settings',
  '/api/admin/payments/stripe/check': 'settings',
  '/api/admin/payments/paypal': 'settings',
  '/api/admin/payments/paypal/check': 'settings',
  '/api/admin/orders/:id/capture': 'orders',
  '/api/admin/orders': 'orders',
  '/api/admin/orders/:id': 'orders',
};
