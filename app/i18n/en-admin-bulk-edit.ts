/*
 * Admin messages of the product list's quick edit (/admin/products/:id/quick and its dialog)
 * and bulk edit (/admin/products/bulk-edit), merged into the admin catalog (en-admin.ts).
 */
export const enAdminBulkEdit = {
  'quickEdit.title': 'Quick edit: {name}',
  'quickEdit.open': 'Quick edit',
  'quickEdit.openLabel': 'Quick edit {name}',
  'quickEdit.back': 'Back to the products',
  'quickEdit.fullEditor': 'Open the full editor',
  'quickEdit.cancel': 'Cancel',
  'quickEdit.close': 'Close',
  'quickEdit.loading': 'Loading…',
  'quickEdit.reload': 'Reload the product to see the other changes',
  'quickEdit.quantity': 'Stock quantity',
  'quickEdit.quantityHint': 'Used when stock is tracked.',
  'quickEdit.stockStatusHint': 'Follows the quantity when stock is tracked.',
  'quickEdit.variablePrices': 'Prices are set on the variations, in the full editor.',
  'quickEdit.noPrice': 'A grouped product has no price of its own.',
  'quickEdit.error.version': 'Reload the product before editing it',
  'quickEdit.error.name': 'Give the product a name',
  'quickEdit.error.quantity': 'Give a quantity when stock is tracked',
  'quickEdit.error.status': 'Choose one of the statuses',
  'quickEdit.error.visibility': 'Choose one of the visibilities',
} as const;
