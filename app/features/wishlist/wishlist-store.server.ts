import { createHash, randomBytes } from 'node:crypto';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { hotQuery } from '../../../db/hot-query.ts';
import type { Database, WishlistsTable } from '../../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import type { Role } from '../../lib/roles.ts';
import { mayUse } from '../account/admin-access.ts';
import { t } from '../../i18n/t-wishlist.ts';
import type { Visibility, WishlistSummary } from './wishlist.schema.ts';

export type WishlistRow = Selectable<WishlistsTable>;
export type Db = DB | Transaction<Database>;

/**
 * Who is asking: a signed-in account, or a guest known by the raw value of the wishlist
 * cookie (only its SHA-256 is stored). Never taken from a request body.
 */
export interface WishlistCaller {
  userId: number | null;
  role: Role | null;
  guestToken: string | null;
}

/** A list's public address token: 18 random bytes, 24 URL-safe characters. */
export const newToken = () => randomBytes(18).toString('base64url');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The owner key of a caller ("u:<id>" / "g:<hash>"), or null for a guest without a cookie yet. */
export function ownerKeyOf(caller: WishlistCaller): string | null {
  if (caller.userId !== null) return `u:${caller.userId}`;
  return caller.guestToken ? `g:${sha256(caller.guestToken)}` : null;
}

const GUEST_LIST = hotQuery((db, slot) => db.selectFrom('wishlists').select('id').where('owner_key', '=', slot<string>(0)).limit(1));

/** Whether a guest cookie value is one the server issued: its identity holds a list. */
export async function guestKnown(db: Db, guestToken: string): Promise<boolean> {
  return (await GUEST_LIST.first(db as DB, [`g:${sha256(guestToken)}`])) !== undefined;
}

export const listUrl = (token: string) => `/wishlist/view/${token}`;

const COUNT = sql<number>`(select count(*) from wishlist_items wi where wi.wishlist_id = wishlists.id)`;

export function summary(row: WishlistRow, count: number): WishlistSummary {
  return {
    token: row.token,
    name: row.name,
    visibility: row.visibility as Visibility,
    isDefault: row.is_default === 1,
    alerts: row.alerts === 1,
    count: Number(count),
    url: listUrl(row.token),
  };
}

/*
 * The statements of the add and count calls (the heart and the header icon) are hot
 * queries (db/hot-query.ts): built once, then run as prepared statements on SQLite. Writes
 * to wishlist rows change no store data, so they do not make remembered store values
 * (settings, products, the store version) be read again.
 */
const LISTS_OF = hotQuery((db, slot) =>
  db.selectFrom('wishlists').selectAll().select(COUNT.as('item_count')).where('owner_key', '=', slot<string>(0)).orderBy('is_default', 'desc').orderBy('id'),
);
const DEFAULT_OF = hotQuery((db, slot) => db.selectFrom('wishlists').selectAll().where('default_owner', '=', slot<string>(0)));
const ITEM_ID = hotQuery((db, slot) => db.selectFrom('wishlist_items').select('id').where('wishlist_id', '=', slot<number>(0)).where('item_key', '=', slot<string>(1)));
const TOUCH = hotQuery((db, slot) => db.updateTable('wishlists').set({ updated_at: slot<string>(0) }).where('id', '=', slot<number>(1)), { storeData: false });

/** The owner's lists with their item counts, default first (spec: user_wishlists). */
export async function listsOf(db: Db, ownerKey: string | null): Promise<WishlistSummary[]> {
  if (!ownerKey) return [];
  const rows = await LISTS_OF.all(db as DB, [ownerKey]);
  return rows.map((r) => summary(r, r.item_count));
}

/** The id of the item with this key in a list, if it is there. */
export async function itemIdByKey(db: Db, wishlistId: number, key: string): Promise<number | undefined> {
  return (await ITEM_ID.first(db as DB, [wishlistId, key]))?.id;
}

export interface NewItem {
  wishlist_id: number;
  item_key: string;
  product_id: number;
  variation_id: number | null;
  attributes: string;
  quantity: number;
  price_added: number | null;
  currency: string;
  seen_price: number | null;
  seen_stock: string;
  created_at: string;
}

const ITEM_COLUMNS = ['wishlist_id', 'item_key', 'product_id', 'variation_id', 'attributes', 'quantity', 'price_added', 'currency', 'seen_price', 'seen_stock', 'created_at'] as const;
const INSERT_ITEM = hotQuery(
  (db, slot) =>
    db
      .insertInto('wishlist_items')
      .values({
        ...(Object.fromEntries(ITEM_COLUMNS.map((c, i) => [c, slot(i)])) as unknown as NewItem),
        position: sql<number>`(select coalesce(max(position), 0) + 1 from wishlist_items where wishlist_id = ${slot<number>(0)})`,
      })
      .onConflict((oc) => oc.columns(['wishlist_id', 'item_key']).doNothing())
      .returning('id'),
  { storeData: false },
);

/** Inserts an item at the end of its list; undefined when the list already holds its key. */
export async function insertItem(db: Db, item: NewItem): Promise<number | undefined> {
  return (await INSERT_ITEM.first(db as DB, ITEM_COLUMNS.map((c) => item[c])))?.id;
}

/** A list the caller owns, by token; anything else (unknown, someone else's) is the same 404. */
export async function ownedList(db: Db, ownerKey: string | null, token: string | undefined): Promise<WishlistRow> {
  const row = ownerKey && token ? await db.selectFrom('wishlists').selectAll().where('token', '=', token).where('owner_key', '=', ownerKey).executeTakeFirst() : undefined;
  if (!row) throw new HttpError(404, 'not_found', t('wishlist.notFound'));
  return row;
}

/** A list the viewer may see: public and shared ones by anyone with the token, private ones by the owner and staff. */
export async function visibleList(db: Db, caller: WishlistCaller, token: string): Promise<{ row: WishlistRow; isOwner: boolean }> {
  const row = await db.selectFrom('wishlists').selectAll().where('token', '=', token).executeTakeFirst();
  const isOwner = !!row && row.owner_key === ownerKeyOf(caller);
  if (!row || (row.visibility === 'private' && !isOwner && !mayUse(caller.role, 'wishlists'))) throw new HttpError(404, 'not_found', t('wishlist.notFound'));
  return { row, isOwner };
}

const LISTS_WITH_ITEM = hotQuery((db, slot) =>
  db
    .selectFrom('wishlists')
    .selectAll('wishlists')
    .select(COUNT.as('item_count'))
    .select((eb) =>
      eb
        .selectFrom('wishlist_items as wi')
        .select('wi.id')
        .whereRef('wi.wishlist_id', '=', 'wishlists.id')
        .where('wi.item_key', '=', slot<string>(1))
        .as('found_item'),
    )
    // Each list's lookup is one probe of the (wishlist_id, item_key) unique index.
    .where('owner_key', '=', slot<string>(0))
    .orderBy('is_default', 'desc')
    .orderBy('id'),
);

/**
 * The owner's lists (as listsOf gives them) with their default list's row and the id of
 * its item with this key (undefined: not in it), in one statement.
 */
export async function listsWithItem(db: Db, ownerKey: string, key: string): Promise<{ lists: WishlistSummary[]; defaultRow: WishlistRow | undefined; itemId: number | undefined }> {
  const rows = await LISTS_WITH_ITEM.all(db as DB, [ownerKey, key]);
  const def = rows.find((r) => r.is_default === 1);
  let defaultRow: WishlistRow | undefined;
  if (def) {
    const { item_count: _n, found_item: _f, ...row } = def;
    defaultRow = row;
  }
  return { lists: rows.map((r) => summary(r, r.item_count)), defaultRow, itemId: def?.found_item ?? undefined };
}

export async function defaultList(db: Db, ownerKey: string | null): Promise<WishlistRow | undefined> {
  if (!ownerKey) return undefined;
  return DEFAULT_OF.first(db as DB, [ownerKey]);
}

/** The owner's default list, created on first use (a unique column makes parallel first adds agree). */
export async function ensureDefault(db: Db, ownerKey: string, userId: number | null): Promise<WishlistRow> {
  const found = await defaultList(db, ownerKey);
  if (found) return found;
  const now = nowIso();
  await db
    .insertInto('wishlists')
    .values({ token: newToken(), owner_key: ownerKey, user_id: userId, name: t('wishlist.defaultName'), visibility: 'private', is_default: 1, default_owner: ownerKey, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('default_owner').doNothing())
    .execute();
  return (await defaultList(db, ownerKey))!;
}

/** A new named list; the owner's first list becomes the default. */
export async function insertList(db: Db, ownerKey: string, userId: number | null, input: { name: string; visibility: Visibility }): Promise<WishlistRow> {
  const hasDefault = !!(await defaultList(db, ownerKey));
  const now = nowIso();
  return db
    .insertInto('wishlists')
    .values({
      token: newToken(),
      owner_key: ownerKey,
      user_id: userId,
      name: input.name,
      visibility: input.visibility,
      is_default: hasDefault ? 0 : 1,
      default_owner: hasDefault ? null : ownerKey,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function itemCount(db: Db, wishlistId: number): Promise<number> {
  const r = await db.selectFrom('wishlist_items').select((eb) => eb.fn.countAll<number>().as('n')).where('wishlist_id', '=', wishlistId).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function touchList(db: Db, id: number): Promise<void> {
  await TOUCH.all(db as DB, [nowIso(), id]);
}

/** The next position at the end of a list. */
export const nextPosition = (wishlistId: number) => sql<number>`(select coalesce(max(position), 0) + 1 from wishlist_items where wishlist_id = ${wishlistId})`;
