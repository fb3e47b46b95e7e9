import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './2026-11-21-001-foundation.ts';
import * as cart from './2026-11-21-002-cart.ts';
import * as listingIndexes from './2026-11-21-003-listing-indexes.ts';
import * as orders from './2026-11-21-004-orders.ts';
import * as storeVersion from './2026-11-21-006-store-version.ts';
import * as wishlists from './2026-11-24-007-wishlists.ts';
import * as search from './2026-11-24-008-search.ts';
import * as searchAdmin from './2026-11-24-009-search-admin.ts';
import * as wishlistAlerts from './2026-11-25-010-wishlist-alerts.ts';
import * as searchRank from './2026-11-25-011-search-rank.ts';
import * as chat from './2026-11-25-013-chat.ts';
import * as contactForms from './2026-11-25-012-contact-forms.ts';
import * as pages from './2026-11-25-014-pages.ts';
import * as menus from './2026-11-25-015-menus.ts';
import * as globalAttributes from './2026-11-25-017-global-attributes.ts';
import * as stockVersions from './2026-11-25-018-stock-versions.ts';
import * as staffInvites from './2026-11-27-019-staff-invites.ts';
// Stock log and dashboard indexes (back office: dashboard and stock).
import * as stockLog from './2026-11-27-020-stock-log.ts';
import * as taxonomy from './2026-11-27-021-taxonomy.ts';
import * as chatResume from './2026-11-27-022-chat-resume.ts';
import * as chatTranscriptLinks from './2026-12-01-025-chat-transcript-links.ts';
import * as adminProductSearch from './2026-11-27-023-admin-product-search.ts';
import * as idempotencyKeys from './2026-12-01-024-idempotency-keys.ts';
import * as chatOperatorProfiles from './2026-12-01-026-chat-operator-profiles.ts';
import * as paymentProviders from './2026-12-02-029-payment-providers.ts';
import * as customerNotes from './2026-12-02-036-customer-notes.ts';
import * as refundShipping from './2026-12-03-038-refund-shipping.ts';
import * as tagMerge from './2026-12-03-039-tag-merge.ts';
import * as downloads from './2026-12-03-041-downloads.ts';
import * as mediaLibrary from './2026-12-03-043-media-library.ts';
import * as apiKeysWebhooks from './2026-12-03-044-api-keys-webhooks.ts';
import * as couponVariations from './2026-12-04-045-coupon-variations.ts';
import * as savedFilters from './2026-12-04-046-saved-filters.ts';
import * as searchStemming from './2026-12-04-047-search-stemming.ts';
import * as unpaidOrders from './2026-12-02-031-unpaid-orders.ts';
import * as invoices from './2026-12-02-032-invoices.ts';
import * as homePage from './2026-12-02-034-home-page.ts';

/**
 * Every migration, in order. Listed statically (not read from the folder) so the same
 * set runs from the server, the CLI and the tests whatever the module loader.
 */
const migrations: Record<string, Migration> = {
  '2026-11-21-001-foundation': foundation,
  '2026-11-21-002-cart': cart,
  '2026-11-21-003-listing-indexes': listingIndexes,
  '2026-11-21-004-orders': orders,
  '2026-11-21-006-store-version': storeVersion,
  '2026-11-24-007-wishlists': wishlists,
  '2026-11-24-008-search': search,
  '2026-11-24-009-search-admin': searchAdmin,
  '2026-11-25-010-wishlist-alerts': wishlistAlerts,
  '2026-11-25-011-search-rank': searchRank,
  '2026-11-25-013-chat': chat,
  '2026-11-25-012-contact-forms': contactForms,
  '2026-11-25-014-pages': pages,
  '2026-11-25-015-menus': menus,
  '2026-11-25-017-global-attributes': globalAttributes,
  '2026-11-25-018-stock-versions': stockVersions,
  '2026-11-27-019-staff-invites': staffInvites,
  // Back office: dashboard and stock.
  '2026-11-27-020-stock-log': stockLog,
  '2026-11-27-021-taxonomy': taxonomy,
  '2026-11-27-022-chat-resume': chatResume,
  '2026-11-27-023-admin-product-search': adminProductSearch,
  '2026-12-01-024-idempotency-keys': idempotencyKeys,
  '2026-12-01-025-chat-transcript-links': chatTranscriptLinks,
  '2026-12-01-026-chat-operator-profiles': chatOperatorProfiles,
  // Online payments: provider secrets and events.
  '2026-12-02-029-payment-providers': paymentProviders,
  '2026-12-02-031-unpaid-orders': unpaidOrders,
  // Invoices, credit notes and their numbers.
  '2026-12-02-032-invoices': invoices,
  // One content system: the home layout becomes the block page "home".
  '2026-12-02-034-home-page': homePage,
  // Back office: private notes on customers and guest buyers.
  '2026-12-02-036-customer-notes': customerNotes,
  // Refunds by quantities: the shipping each refund gave back.
  '2026-12-03-038-refund-shipping': refundShipping,
  // Tags matched without case or accents; merged tags' old addresses.
  '2026-12-03-039-tag-merge': tagMerge,
  // Downloadable products: private files, access per order, the download log.
  '2026-12-03-041-downloads': downloads,
  // The media library: uploads not yet saved anywhere, cleaned up after a day.
  '2026-12-03-043-media-library': mediaLibrary,
  // API keys and outgoing webhooks (their outbox and delivery log).
  '2026-12-03-044-api-keys-webhooks': apiKeysWebhooks,
  // Coupons limited to single variations, in lists of their own.
  '2026-12-04-045-coupon-variations': couponVariations,
  // Saved filters of the back office's lists, per staff member.
  '2026-12-04-046-saved-filters': savedFilters,
  // Search stems in the shop's language: the index is rebuilt.
  '2026-12-04-047-search-stemming': searchStemming,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
