import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * The store version (app/lib/store-version.server.ts) moves on every write to the data a
 * shopper's page or cart is computed from, whichever code path writes it (admin screens,
 * import, checkout, a hand-run SQL statement): database triggers on those tables add one to
 * it inside the writing transaction. Caches compare it and drop anything older.
 */
export const STORE_TABLES = [
  'products', 'product_variations', 'product_attributes', 'product_categories', 'product_tags', 'product_images',
  'product_links', 'product_downloads', 'categories', 'tags', 'media', 'vendors', 'reviews', 'coupons',
  'shipping_classes', 'shipping_zones', 'shipping_zone_locations', 'shipping_methods', 'tax_rates',
] as const;

const KEY = 'cache.store_version';
const BUMP = `update settings set value = cast(cast(value as bigint) + 1 as text) where key = '${KEY}'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into settings (key, value) values (${KEY}, '1') on conflict (key) do nothing`.execute(db);
  if (isPostgres(db)) {
    await sql.raw(`create or replace function vitrine_touch_store() returns trigger language plpgsql as $$
      begin
        -- The bump itself writes to settings: do not recurse.
        if pg_trigger_depth() > 1 then return null; end if;
        ${BUMP};
        return null;
      end $$`).execute(db);
    for (const table of STORE_TABLES) {
      // Once per statement: a bulk import moves the version once, not once a row.
      await sql.raw(`create trigger ${table}_store_version after insert or update or delete or truncate on ${table}
        for each statement execute function vitrine_touch_store()`).execute(db);
    }
    // Settings: every key but the version itself and other per-process bookkeeping (cache.*).
    await sql.raw(`create trigger settings_store_version after insert or update on settings
      for each row when (new.key not like 'cache.%') execute function vitrine_touch_store()`).execute(db);
    await sql.raw(`create trigger settings_store_version_delete after delete on settings
      for each row when (old.key not like 'cache.%') execute function vitrine_touch_store()`).execute(db);
    return;
  }
  for (const table of STORE_TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`create trigger ${table}_store_version_${event} after ${event} on ${table} begin ${BUMP}; end`).execute(db);
    }
  }
  // Settings: every key but the version itself (and per-process cache keys).
  await sql.raw(`create trigger settings_store_version_insert after insert on settings when new.key not like 'cache.%' begin ${BUMP}; end`).execute(db);
  await sql.raw(`create trigger settings_store_version_update after update on settings when new.key not like 'cache.%' begin ${BUMP}; end`).execute(db);
  await sql.raw(`create trigger settings_store_version_delete after delete on settings when old.key not like 'cache.%' begin ${BUMP}; end`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of [...STORE_TABLES, 'settings']) await sql.raw(`drop trigger if exists ${table}_store_version on ${table}`).execute(db);
    await sql.raw('drop trigger if exists settings_store_version_delete on settings').execute(db);
    await sql.raw('drop function if exists vitrine_touch_store()').execute(db);
  } else {
    for (const table of [...STORE_TABLES, 'settings']) {
      for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists ${table}_store_version_${event}`).execute(db);
    }
  }
  await sql`delete from settings where key = ${KEY}`.execute(db);
}
