import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/*
 * Wishlists, their items and estimate requests. Same portable types as the other
 * migrations: 0/1 flags, ISO text times, integer minor units, JSON as text.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  const id = (t: ReturnType<typeof db.schema.createTable>) =>
    isPostgres(db) ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('wishlists'))
    // Random, unguessable; the only way a list is addressed from outside (never the id).
    .addColumn('token', 'text', (c) => c.notNull().unique())
    // "u:<user id>" for an account, "g:<SHA-256 of the guest cookie>" for a guest session.
    .addColumn('owner_key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // public (listed, shareable), shared (anyone with the link), private (owner and staff).
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('private'))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    // Equal to owner_key on the owner's default list, null on the others: unique, so two
    // parallel first adds cannot create two default lists.
    .addColumn('default_owner', 'text', (c) => c.unique())
    .addColumn('alerts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wishlists_owner').on('wishlists').column('owner_key').execute();
  await db.schema.createIndex('wishlists_user').on('wishlists').column('user_id').execute();

  await id(db.schema.createTable('wishlist_items'))
    .addColumn('wishlist_id', 'integer', (c) => c.notNull().references('wishlists.id').onDelete('cascade'))
    // Stable key of product + variation + chosen attributes: the same choice is kept once per list.
    .addColumn('item_key', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('variation_id', 'integer', (c) => c.references('product_variations.id').onDelete('cascade'))
    .addColumn('attributes', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('quantity', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    // Unit price and currency when the item was added (minor units; null when it had no price).
    .addColumn('price_added', 'integer')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('wishlist_items_key', ['wishlist_id', 'item_key'])
    .execute();
  await db.schema.createIndex('wishlist_items_product').on('wishlist_items').column('product_id').execute();

  await id(db.schema.createTable('wishlist_estimates'))
    .addColumn('wishlist_id', 'integer', (c) => c.references('wishlists.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    // The list as it was when asked (JSON array of {name, quantity, price}), kept if the list changes.
    .addColumn('items', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('extra', 'text', (c) => c.notNull().defaultTo('{}'))
    // new, read, replied
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('mail_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['wishlist_estimates', 'wishlist_items', 'wishlists']) await db.schema.dropTable(t).ifExists().execute();
}
