import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './2026-11-21-001-foundation.ts';
import * as cart from './2026-11-21-002-cart.ts';
import * as listingIndexes from './2026-11-21-003-listing-indexes.ts';
import * as orders from './2026-11-21-004-orders.ts';
import * as storeVersion from './2026-11-21-006-store-version.ts';

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
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
