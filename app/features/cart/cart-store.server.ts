import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../../../db/client.ts';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { CartItemsTable, CartsTable } from '../../../db/schema.ts';
import { hotQuery } from '../../../db/hot-query.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { freshnessMark } from '../../../db/freshness.ts';
import { STORE_VERSION_KEY, primeStoreVersion } from '../../lib/store-version.server.ts';
import { primeStockStamps } from '../../lib/stock-stamps.server.ts';
import { jsonColumn } from '../../lib/json.ts';
import { nowIso } from '../../lib/time.ts';

/** Cookie holding a guest's cart token; `Cart-Token` is the header twin for headless clients. */
export const CART_COOKIE = 'vt_cart';
export const CART_TOKEN_HEADER = 'cart-token';
/** Cookie with the cart's current hash: browsers compare it with their cached copy. */
export const CART_HASH_COOKIE = 'vt_cart_hash';
/** Cookie with the item count, so a cached page's header can show it without a request. */
export const CART_COUNT_COOKIE = 'vt_cart_items';

export type CartRow = Selectable<CartsTable>;

/** Recently used tokens and their hashes: the same shopper sends the same token on every call. */
const recentHashes = new Map<string, string>();
const RECENT = 10_000;
function remembered(map: Map<string, string>, key: string, compute: () => string): string {
  let value = map.get(key);
  if (value === undefined) {
    value = compute();
    if (map.size >= RECENT) map.delete(map.keys().next().value!);
    map.set(key, value);
  }
  return value;
}
const hash = (token: string) => remembered(recentHashes, token, () => createHash('sha256').update(token).digest('base64url'));
export const newCartToken = () => randomBytes(24).toString('base64url');
/** The shape of the tokens newCartToken makes: 32 base64url characters. */
export const isCartTokenShape = (token: string | null | undefined): token is string => typeof token === 'string' && /^[A-Za-z0-9_-]{32}$/.test(token);

/** Who is asking: a cart token (cookie or header) and/or a signed-in user. */
export interface CartIdentity {
  token: string | null;
  userId: number | null;
  /** The token came in the Cart-Token header: this request speaks for that cart only. */
  viaHeader: boolean;
}

export interface ResolvedCart {
  cart: CartRow;
  /** The token to hand back (new when the cart was created or its token rotated). */
  token: string;
  /** The cart's lines, when they were read in the same statement as the cart (nothing written since). */
  lines?: CartItemRow[];
  /** Made just now under a new random token: no other request can know of it yet. */
  fresh?: boolean;
}

/** The cart's lines as one JSON array of [id, item_key, product_id, variation_id, attributes, quantity] (withLines puts them in order). */
function linesColumn(db: DB, cartId: RawBuilder<number> = sql.ref('carts.id')) {
  return isPostgres(db)
    ? sql<unknown>`(select coalesce(json_agg(json_build_array(i.id, i.item_key, i.product_id, i.variation_id, i.attributes, i.quantity, ${STOCK_VERSION}) order by i.id), '[]'::json) from cart_items i where i.cart_id = ${cartId})`
    : // Unordered (SQLite would sort in a temporary tree): withLines puts them in order.
      sql<unknown>`(select json_group_array(json_array(i.id, i.item_key, i.product_id, i.variation_id, i.attributes, i.quantity, ${STOCK_VERSION})) from cart_items i where i.cart_id = ${cartId})`;
}
/** Each line's product's stock version (app/lib/stock-stamps.server.ts), read with the lines. */
const STOCK_VERSION = sql`(select p.stock_version from products p where p.id = i.product_id)`;

/** Every column of a cart row (the compiler checks that none is missing). */
const CART_COLUMNS = ['id', 'token_hash', 'user_id', 'customer', 'shipping_choice', 'coupons', 'created_at', 'updated_at'] as const;
const allCartColumns: Exclude<keyof CartRow, (typeof CART_COLUMNS)[number]> extends never ? true : never = true;
void allCartColumns;

/**
 * SQLite only: the cart row and its lines as the RETURNING columns of a statement that
 * changed one of its lines (`cart_items.cart_id`). SQLite evaluates them after the change,
 * so they read what the statement left. (PostgreSQL's would read the state before it.)
 */
export function sqliteCartAfterLineChange() {
  const cartId = sql.ref<number>('cart_items.cart_id');
  const fields = sql.join(CART_COLUMNS.map((c) => sql`${sql.lit(c)}, c.${sql.ref(c)}`));
  return [
    sql<string>`(select json_object(${fields}) from carts c where c.id = ${cartId})`.as('cart'),
    sql<string>`(select json_group_array(json_array(i.id, i.item_key, i.product_id, i.variation_id, i.attributes, i.quantity)) from cart_items i where i.cart_id = ${cartId})`.as('lines'),
  ];
}

/** The cart and lines returned by a statement built with sqliteCartAfterLineChange. */
export function cartReturned(row: { cart: string; lines: string }) {
  return withLines({ ...(JSON.parse(row.cart) as CartRow), lines: row.lines });
}

type LineTuple = [number, string, number, number | null, string, number, (number | null)?];
const byId = (a: LineTuple, b: LineTuple) => a[0] - b[0];

/** A cart row and its lines from one statement. */
function withLines(row: (CartRow & { lines: unknown }) | undefined): { cart: CartRow; lines: CartItemRow[]; stamps: [number, number][] } | undefined {
  if (!row) return undefined;
  const { lines, ...cart } = row;
  const tuples = jsonColumn<LineTuple[]>(lines);
  // In the order the lines were added (ids only grow).
  tuples.sort(byId);
  return {
    cart,
    lines: tuples.map(([id, item_key, product_id, variation_id, attributes, quantity]) => ({ id, item_key, product_id, variation_id, attributes, quantity })),
    stamps: tuples.flatMap((t) => (typeof t[6] === 'number' ? [[t[2], t[6]] as [number, number]] : [])),
  };
}

/** The store version, read in the same statement (pricing the cart needs it next). */
const storeVersionColumn = () => sql<string>`(select value from settings where key = ${STORE_VERSION_KEY})`.as('store_version');
const CART_BY_TOKEN = hotQuery((db, slot) =>
  db.selectFrom('carts').selectAll('carts').select([linesColumn(db).as('lines'), storeVersionColumn()]).where('token_hash', '=', slot<string>(0)),
);
const CART_BY_ID = hotQuery((db, slot) => db.selectFrom('carts').selectAll('carts').select([linesColumn(db).as('lines'), storeVersionColumn()]).where('id', '=', slot<number>(0)));

/** One of the two statements above, with the version it read handed to the store-version memo. */
async function cartAndLines(db: DB, query: typeof CART_BY_ID, key: unknown) {
  const mark = freshnessMark();
  const row = await query.first(db, [key]);
  if (!row) return undefined;
  const { store_version, ...rest } = row;
  if (store_version !== null) primeStoreVersion(db, store_version, mark);
  const found = withLines(rest);
  if (found) primeStockStamps(db, found.stamps, mark);
  return found;
}

async function byToken(db: DB, token: string | null) {
  if (!token || token.length > 100) return undefined;
  return cartAndLines(db, CART_BY_TOKEN, hash(token));
}

/** A cart and its lines by id, in one statement. */
export async function cartWithLines(db: DB, cartId: number) {
  return cartAndLines(db, CART_BY_ID, cartId);
}

/** The stored form of a cart token. */
export const tokenHash = hash;

/**
 * Finds the cart for this identity; with `create`, makes one when there is none. A header
 * token names exactly one cart. A signed-in user's cart is found by user; a guest cart
 * still held by the browser is merged into it (login merge). A user cart reached without
 * its token gets a fresh token, so the answer can always carry one.
 */
export async function resolveCart(db: DB, id: CartIdentity, create: boolean): Promise<ResolvedCart | null> {
  if (id.viaHeader) {
    const found = await byToken(db, id.token);
    if (found) return { ...found, token: id.token! };
    if (!create) return null;
    // A token of our shape that names no cart yet (one an empty cart's answer handed out)
    // becomes the token of the cart its first change creates; any other starts a new one.
    return createCart(db, id);
  }
  const found = await byToken(db, id.token);
  const tokenCart = found?.cart;
  if (id.userId === null) {
    if (found && found.cart.user_id === null) return { ...found, token: id.token! };
    return create ? newCart(db, null) : null;
  }
  let userCart = await db.selectFrom('carts').selectAll().where('user_id', '=', id.userId).orderBy('id').executeTakeFirst();
  if (tokenCart && tokenCart.user_id === null) {
    if (!userCart) {
      await db.updateTable('carts').set({ user_id: id.userId, updated_at: nowIso() }).where('id', '=', tokenCart.id).execute();
      return { cart: { ...tokenCart, user_id: id.userId }, token: id.token! };
    }
    await mergeInto(db, tokenCart, userCart);
  }
  if (!userCart) return create ? newCart(db, id.userId) : null;
  if (tokenCart && tokenCart.id === userCart.id) return { cart: userCart, token: id.token! };
  const token = newCartToken();
  await db.updateTable('carts').set({ token_hash: hash(token) }).where('id', '=', userCart.id).execute();
  userCart = { ...userCart, token_hash: hash(token) };
  return { cart: userCart, token };
}

/**
 * A new cart for a token-only identity (a header token, or a guest's cookie) that resolveCart
 * just found no cart for, without looking again.
 */
export function createCart(db: DB, id: CartIdentity): Promise<ResolvedCart> {
  if (id.viaHeader && isCartTokenShape(id.token)) return adoptCart(db, id.token);
  return newCart(db, null);
}

/** A guest cart under the token the client holds; two first changes at once share it. */
async function adoptCart(db: DB, token: string): Promise<ResolvedCart> {
  const now = nowIso();
  const cart = await db
    .insertInto('carts')
    .values({ token_hash: hash(token), user_id: null, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (cart) return { cart, token, lines: [] };
  const found = await byToken(db, token);
  if (!found) throw new Error('cart token taken but not found');
  return { ...found, token };
}

async function newCart(db: DB, userId: number | null): Promise<ResolvedCart> {
  const token = newCartToken();
  const now = nowIso();
  const cart = await db
    .insertInto('carts')
    .values({ token_hash: hash(token), user_id: userId, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { cart, token, lines: [], fresh: true };
}

/**
 * PostgreSQL: the cart createCart would make under a new random token, with its first line,
 * in one statement (a data-modifying WITH). `line` is [item_key, product_id, variation_id,
 * attributes, quantity, created_at]; the caller has checked the quantity against the line's
 * limits (a new cart holds no other line). Undefined on SQLite, and where the first change
 * adopts the client's own token: the caller then makes the cart and adds the line.
 */
export async function newCartWithLine(db: DB, id: CartIdentity, line: readonly unknown[]): Promise<(ResolvedCart & { line: { id: number; quantity: number } }) | undefined> {
  if (!isPostgres(db) || (id.viaHeader && isCartTokenShape(id.token))) return undefined;
  const token = newCartToken();
  const row = await NEW_CART_WITH_LINE.first(db, [hash(token), nowIso(), ...line]);
  if (!row) throw new Error('new cart not returned');
  const { line_id, line_quantity, ...cart } = row;
  return { cart, token, lines: [], fresh: true, line: { id: line_id, quantity: line_quantity } };
}

/**
 * A new cart line's values as the select list of an `INSERT INTO cart_items … SELECT` (after
 * the cart's id): slots `from` to `from + 5` hold its item key, product, variation,
 * attributes, quantity and creation time, typed so both databases read them as such.
 */
export function lineValues(slot: (n: number) => unknown, from: number) {
  return [
    sql<string>`cast(${slot(from)} as text)`.as('item_key'),
    sql<number>`cast(${slot(from + 1)} as integer)`.as('product_id'),
    sql<number | null>`cast(${slot(from + 2)} as integer)`.as('variation_id'),
    sql<string>`cast(${slot(from + 3)} as text)`.as('attributes'),
    sql<number>`cast(${slot(from + 4)} as integer)`.as('quantity'),
    sql<string>`cast(${slot(from + 5)} as text)`.as('created_at'),
  ] as const;
}

const NEW_CART_WITH_LINE = hotQuery<CartRow & { line_id: number; line_quantity: number }>(
  (db, slot) =>
    db
      .with('c', (d) => d.insertInto('carts').values({ token_hash: slot<string>(0), user_id: null, created_at: slot<string>(1), updated_at: slot<string>(1) }).returningAll())
      .with('l', (d) =>
        d
          .insertInto('cart_items')
          .columns(['cart_id', 'item_key', 'product_id', 'variation_id', 'attributes', 'quantity', 'created_at'])
          .expression((eb) =>
            eb
              .selectFrom('c')
              .select(['c.id', ...lineValues(slot, 2)]),
          )
          .returning(['id', 'quantity']),
      )
      .selectFrom(['c', 'l'])
      .selectAll('c')
      .select(['l.id as line_id', 'l.quantity as line_quantity']),
  // A cart and its line are not store data: the store version read before stays current.
  { storeData: false },
);

/**
 * Moves a guest cart's lines into the user's cart in one transaction: quantities of the
 * same line add up; limits are re-checked when the merged cart is next priced (lines over
 * a limit are clamped there with a notice). Coupons carry over.
 */
async function mergeInto(db: DB, from: CartRow, into: CartRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const items = await trx.selectFrom('cart_items').selectAll().where('cart_id', '=', from.id).execute();
    for (const item of items) {
      const existing = await trx.selectFrom('cart_items').select(['id', 'quantity']).where('cart_id', '=', into.id).where('item_key', '=', item.item_key).executeTakeFirst();
      if (existing) {
        await trx.updateTable('cart_items').set({ quantity: existing.quantity + item.quantity }).where('id', '=', existing.id).execute();
      } else {
        await trx.insertInto('cart_items').values({ ...item, id: undefined, cart_id: into.id }).execute();
      }
    }
    const coupons = [...new Set([...JSON.parse(into.coupons) as string[], ...JSON.parse(from.coupons) as string[]])];
    await trx.updateTable('carts').set({ coupons: JSON.stringify(coupons), updated_at: nowIso() }).where('id', '=', into.id).execute();
    await trx.deleteFrom('carts').where('id', '=', from.id).execute();
  });
}

/** A line's key: the same product, variation and chosen attributes always give the same key. */
export function itemKey(productId: number, variationId: number | null, attributes: Record<string, string>): string {
  const attrs = Object.keys(attributes).sort().map((k) => `${k}=${attributes[k]}`).join('&');
  const source = `${productId}|${variationId ?? ''}|${attrs}`;
  return remembered(recentKeys, source, () => createHash('sha256').update(source).digest('hex').slice(0, 32));
}
const recentKeys = new Map<string, string>();

const CART_LINES = hotQuery((db, slot) =>
  db
    .selectFrom('cart_items')
    .select(['id', 'item_key', 'product_id', 'variation_id', 'attributes', 'quantity'])
    .where('cart_id', '=', slot<number>(0))
    .orderBy('id'),
);

/** What pricing needs of a cart line. */
export type CartItemRow = Pick<Selectable<CartItemsTable>, 'id' | 'item_key' | 'product_id' | 'variation_id' | 'attributes' | 'quantity'>;

/** The cart's lines in the order they were added. */
export function cartItems(db: DB, cartId: number): Promise<CartItemRow[]> {
  return CART_LINES.all(db, [cartId]);
}

const TOUCH = hotQuery((db, slot) => db.updateTable('carts').set({ updated_at: slot<string>(0) }).where('id', '=', slot<number>(1)), { storeData: false });

/** `updated_at` says when the shopper last used the cart, to the minute: a busy cart is not rewritten on every click. */
const TOUCH_EVERY_MS = 60_000;

/** Marks the cart as used now (its `updated_at`), unless that was done in the last minute. */
export async function touchCart(db: DB, cart: CartRow): Promise<void> {
  const now = Date.now();
  if (now - Date.parse(cart.updated_at) < TOUCH_EVERY_MS) return;
  await TOUCH.all(db, [new Date(now).toISOString(), cart.id]);
}
