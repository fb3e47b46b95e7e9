/*
 * Admin messages of the CSV exports' links (and their progress) on the products, orders and customers lists,
 * merged into the admin catalog (en-admin.ts).
 */
export const enAdminExports = {
  'admin.export.products': 'Export products (CSV)',
  'admin.export.orders': 'Export these orders (CSV)',
  'admin.export.customers': 'Export customers and guests (CSV)',
  'admin.export.progressOf': 'Exporting {file}',
  'admin.export.rows': '{rows} rows',
  'admin.export.rowsOf': '{rows} of {total} rows',
  'admin.export.started': 'Export started…',
  'admin.export.percent': 'Exporting: {percent} % of {total} rows…',
  'admin.export.done': 'Export finished: {rows} rows saved as {file}.',
  'admin.export.failed': 'The export stopped ({reason}). Try again.',
} as const;
