/*
 * Admin messages of the products' trash (delete permanently, empty the trash) and of merging
 * tags, merged into the admin catalog (en-admin.ts).
 */
export const enAdminTrash = {
  'trash.deleteForever': 'Delete permanently',
  'trash.deleteForeverLabel': 'Delete {name} permanently',
  'trash.empty': 'Empty trash',
  'trash.bulk.delete': 'Delete permanently',
  'trash.confirmTitle': 'Delete products permanently',
  'trash.confirmAll.one': 'Delete the {count} product in the trash permanently?',
  'trash.confirmAll.other': 'Delete all {count} products in the trash permanently?',
  'trash.confirmSome.one': 'Delete this product permanently?',
  'trash.confirmSome.other': 'Delete these {count} products permanently?',
  'trash.confirmHint': 'This cannot be undone. Past orders keep their lines (name, SKU and price); the pictures stay in the media library.',
  'trash.more.one': '… and {count} more product.',
  'trash.more.other': '… and {count} more products.',
  'trash.confirm': 'Delete permanently',
  'trash.cancel': 'Back to the trash',
  'trash.nothing': 'The trash is empty: nothing to delete.',
  'trash.deleted.one': '{count} product deleted permanently.',
  'trash.deleted.other': '{count} products deleted permanently.',
  'trash.error.notTrashed': 'Only products in the trash can be deleted permanently. Move them to the trash first.',
  'tagMerge.summary': 'Merge',
  'tagMerge.into': 'Merge into (tag name)',
  'tagMerge.submit': 'Merge',
  'tagMerge.done.one': 'Tag “{from}” merged into “{into}” ({count} product moved); its address now leads to “{into}”.',
  'tagMerge.done.other': 'Tag “{from}” merged into “{into}” ({count} products moved); its address now leads to “{into}”.',
  'tagMerge.error.into': 'Name the tag to merge into',
  'tagMerge.error.noTarget': 'No tag is named “{name}”',
  'tagMerge.error.self': 'A tag cannot be merged into itself',
} as const;
