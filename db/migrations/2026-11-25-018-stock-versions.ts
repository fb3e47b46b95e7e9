import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Invalidation by what changed (docs/ARCHITECTURE.md, "Caches and processes"). An order
 * changes the stock of its products only; it no longer moves the store version, which every
 * cache of every process follows. Instead each product and variation carries its own
 * `stock_version`, moved by the order's stock and sales updates (on rows the order locks
 * anyway), and the store-version triggers of migration 006 leave alone an update that moves
 * it. Caches holding stock (a product's page, the listings showing it, its quick view, the
 * cart's purchasable) compare the stock version of their products (app/lib/stock-stamps.server.ts).
 * Every other write to these tables — the editor, the importer, a hand-run statement that does
 * not touch `stock_version` — still moves the store version.
 */
const KEY = 'cache.store_version';
const BUMP = `update settings set value = cast(cast(value as bigint) + 1 as text) where key = '${KEY}'`;
const TABLES = ['products', 'product_variations'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('stock_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }
  if (isPostgres(db)) {
    // Updates are told apart by their rows (transition tables): still once per statement.
    await sql.raw(`create or replace function vitrine_touch_store_unless_stock() returns trigger language plpgsql as $$
      begin
        if pg_trigger_depth() > 1 then return null; end if;
        if exists (select 1 from vt_new n join vt_old o on o.id = n.id where n.stock_version = o.stock_version) then
          ${BUMP};
        end if;
        return null;
      end $$`).execute(db);
    for (const table of TABLES) {
      await sql.raw(`drop trigger if exists ${table}_store_version on ${table}`).execute(db);
      await sql.raw(`create trigger ${table}_store_version after insert or delete or truncate on ${table}
        for each statement execute function vitrine_touch_store()`).execute(db);
      await sql.raw(`create trigger ${table}_store_version_update after update on ${table}
        referencing old table as vt_old new table as vt_new
        for each statement execute function vitrine_touch_store_unless_stock()`).execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    await sql.raw(`drop trigger if exists ${table}_store_version_update`).execute(db);
    await sql.raw(`create trigger ${table}_store_version_update after update on ${table}
      when new.stock_version = old.stock_version begin ${BUMP}; end`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of TABLES) {
      await sql.raw(`drop trigger if exists ${table}_store_version_update on ${table}`).execute(db);
      await sql.raw(`drop trigger if exists ${table}_store_version on ${table}`).execute(db);
      await sql.raw(`create trigger ${table}_store_version after insert or update or delete or truncate on ${table}
        for each statement execute function vitrine_touch_store()`).execute(db);
    }
    await sql.raw('drop function if exists vitrine_touch_store_unless_stock()').execute(db);
  } else {
    for (const table of TABLES) {
      await sql.raw(`drop trigger if exists ${table}_store_version_update`).execute(db);
      await sql.raw(`create trigger ${table}_store_version_update after update on ${table} begin ${BUMP}; end`).execute(db);
    }
  }
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('stock_version').execute();
}
