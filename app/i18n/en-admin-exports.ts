/*
 * Admin messages of the CSV exports' links on the products, orders and customers lists,
 * merged into the admin catalog (en-admin.ts).
 */
export const enAdminExports = {
  'admin.export.products': 'Export products (CSV)',
  'admin.export.orders': 'Export these orders (CSV)',
  'admin.export.customers': 'Export customers and guests (CSV)',
} as const;
