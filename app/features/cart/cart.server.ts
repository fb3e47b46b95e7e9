/**
 * The cart's lines: adding (with the one-statement quick add), changing and removing them.
 * The answer every change gives is in cart-answer.server.ts, coupons, address and shipping
 * rate in cart-choices.server.ts; both are re-exported here for the routes.
 */
import { HttpError } from '../../lib/http-error.ts';
import type { Services } from '../../lib/services.server.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput } from '../../lib/validate.ts';
import { MAX_LINE_QUANTITY, addItemSchema, updateItemSchema } from './cart.schema.ts';
import { cartReturned, cartWithLines, createCart, itemKey, lineValues, newCartWithLine, sqliteCartAfterLineChange, resolveCart, tokenHash, touchCart } from './cart-store.server.ts';
import { sql, type OnConflictBuilder } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { assertAvailable, assertPurchasable, availabilityProblem, lineBounds, loadPurchasables, peekPurchasable, type ProductStock, type Purchasable } from './lines.server.ts';
import { STORE_VERSION_KEY, primeStoreVersion, readStoreVersion } from '../../lib/store-version.server.ts';
import { freshnessMark } from '../../../db/freshness.ts';
import { primeStockStamps } from '../../lib/stock-stamps.server.ts';
import { hotQuery } from '../../../db/hot-query.ts';
import { answer, getCart, mustHave, type CartAnswer, type CartCaller } from './cart-answer.server.ts';

export { getCart, type CartAnswer, type CartCaller } from './cart-answer.server.ts';
export { applyCoupon, removeCoupon, setCustomer, setShippingRate } from './cart-choices.server.ts';

/** Attribute keys as forms send them ("attribute_pa_color") reduced to our slugs ("color"). */
function normaliseAttributes(input: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(input ?? {})) out[k.replace(/^attribute_/, '').replace(/^pa_/, '').toLowerCase()] = v;
  return out;
}

/** The variation's attribute values with every "any" value filled from the shopper's choice. */
function chosenAttributes(p: Purchasable, given: Record<string, string>): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const [slug, value] of Object.entries(p.variationAttributes)) {
    if (value) {
      chosen[slug] = value;
      continue;
    }
    const attr = p.attributes[slug];
    const pick = given[slug];
    const option = pick === undefined ? undefined : attr?.options.find((o) => o.toLowerCase() === pick.toLowerCase());
    if (!option) {
      throw new HttpError(400, 'missing_attributes', `Please choose a ${attr?.name ?? slug} for “${p.name}”.`, { [`attributes.${slug}`]: 'Choose a value' }, undefined, {
        productUrl: `/product/${p.slug}`,
      });
    }
    chosen[slug] = option;
  }
  return chosen;
}

/** A variation matching the given attributes, when the shopper sent choices but no variation id. */
async function matchVariation(services: Services, productId: number, given: Record<string, string>): Promise<number | undefined> {
  const rows = await services.db.selectFrom('product_variations').select(['id', 'attributes']).where('product_id', '=', productId).where('status', '=', 'publish').orderBy('menu_order').orderBy('id').execute();
  return rows.find((r) => {
    const attrs = JSON.parse(r.attributes) as Record<string, string>;
    return Object.entries(attrs).every(([k, v]) => v === '' ? given[k] !== undefined : given[k]?.toLowerCase() === v.toLowerCase());
  })?.id;
}

export async function addItem(services: Services, caller: CartCaller, input: unknown): Promise<CartAnswer> {
  const data = parseInput(addItemSchema, input);
  const given = normaliseAttributes(data.attributes);
  const quick = await quickAdd(services, caller, data, given);
  if (quick?.answer) return quick.answer;
  let variationId = data.variationId ?? null;
  // The product alone (cached with the store data) says which kind it is. A quick add that
  // found nothing most often met a stock version moved by an order: the stock is read again.
  const stock = quick?.stock ? new Map([[data.productId, quick.stock]]) : undefined;
  const product = (await loadPurchasables(services.db, [{ productId: data.productId, variationId: null }], { stockMoved: quick !== undefined && !quick.noCart, stock })).get(`${data.productId}:`);
  if (!product) throw new HttpError(404, 'not_found', 'This product does not exist.');
  if (product.type !== 'variable' && variationId !== null) throw new HttpError(400, 'invalid', 'This product has no variations.', { variationId: 'Not a variation of this product' });
  if (product.type === 'variable' && variationId === null && Object.keys(given).length) variationId = (await matchVariation(services, product.productId, given)) ?? null;
  const p = variationId === null ? product : (await loadPurchasables(services.db, [{ productId: data.productId, variationId }])).get(`${data.productId}:${variationId}`);
  if (!p) throw new HttpError(400, 'invalid', 'That variation does not belong to this product.', { variationId: 'Not a variation of this product' });
  const attributes = p.variationId === null ? {} : chosenAttributes(p, given);
  assertAvailable(p);
  const key = itemKey(p.productId, p.variationId, attributes);
  const values = [key, p.productId, p.variationId, JSON.stringify(attributes), data.quantity, nowIso()];
  const { min, max } = lineBounds(p);
  const within = data.quantity >= min && data.quantity <= max;
  const version = await readStoreVersion(services.db);
  // The quick add ran this very statement already, or found that the token names no cart (a
  // new cart's token, say): it would find nothing again.
  const tried = quick !== undefined && (quick.noCart === true || (quick.version === version && quick.stockVersion === p.stockVersion));
  if (within && !tried) {
    const added = await addByToken(services, caller, values, min, max, version, p.stockVersion);
    if (added.answer) return added.answer;
  }
  const { identity } = caller;
  // No cart for the token a moment ago (the quick add's own statement said so): none to look for.
  const found = quick?.noCart ? null : await resolveCart(services.db, identity, false);
  // A refused add writes nothing: without a cart yet, the line is checked before one is made.
  if (!found) assertPurchasable(p, data.quantity, 0);
  const tokenOnly = identity.viaHeader || identity.userId === null;
  // A new cart with this line as its first, in one statement where the database allows.
  const both = !found && tokenOnly && within ? await newCartWithLine(services.db, identity, values) : undefined;
  if (both) {
    const line = { id: both.line.id, item_key: key, product_id: p.productId, variation_id: p.variationId, attributes: values[3] as string, quantity: both.line.quantity };
    return answer(services, both.cart, both.token, caller, [line]);
  }
  // Nothing found for a token alone: a new cart without looking again.
  const made = found ?? (tokenOnly ? await createCart(services.db, identity) : await mustHave(services, caller));
  const { cart, token } = made;
  // One statement adds the line or more of it, only while the line stays within its limits.
  const added = within && (await ADD_TO_LINE.first(services.db, [cart.id, ...values, min, max]));
  if (added && made.fresh) {
    // A cart made by this request holds this line alone: no need to read it back.
    const line = { id: added.id, item_key: key, product_id: p.productId, variation_id: p.variationId, attributes: values[3] as string, quantity: added.quantity };
    return answer(services, cart, token, caller, [line]);
  }
  if (!added) {
    // Refused, or the quantity alone is below a minimum the line may already meet: the
    // limit check and the write see the same line in one transaction, and a refusal says why.
    await services.db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('cart_items').select(['id', 'quantity']).where('cart_id', '=', cart.id).where('item_key', '=', key).executeTakeFirst();
      assertPurchasable(p, data.quantity, existing?.quantity ?? 0);
      await ADD_TO_LINE.first(trx, [cart.id, ...values, 0, MAX_LINE_QUANTITY]);
    });
  }
  await touchCart(services.db, cart);
  return answer(services, cart, token, caller);
}

/**
 * The most common add — a product without options, to a cart named by its token — with the
 * product as the store cache holds it: the statement that adds the line also checks that
 * the store version (and the product's stock version) is still the one the product was cached under, so on SQLite the whole
 * add is one statement. Anything else (not cached, not buyable as cached, over a limit, a
 * store change) goes the long way, which reads everything fresh and explains a refusal.
 */
async function quickAdd(services: Services, caller: CartCaller, data: { productId: number; variationId?: number; quantity: number }, given: Record<string, string>) {
  if (data.variationId !== undefined || Object.keys(given).length > 0) return undefined;
  const cached = peekPurchasable(services.db, { productId: data.productId, variationId: null });
  if (!cached || availabilityProblem(cached.purchasable)) return undefined;
  const p = cached.purchasable;
  const { min, max } = lineBounds(p);
  if (data.quantity < min || data.quantity > max) return undefined;
  const values = [itemKey(p.productId, null, {}), p.productId, null, '{}', data.quantity, nowIso()];
  return { ...(await addByToken(services, caller, values, min, max, cached.version, p.stockVersion)), version: cached.version, stockVersion: p.stockVersion };
}

/**
 * For a cart named by its token alone (headless clients, guests): finds the cart and adds
 * the line in one statement, if the line stays within [min, max] and the store version is
 * still `version`. SQLite also returns the cart and its lines with the change; PostgreSQL
 * reads them after it. No answer when nothing was added; then `noCart` when PostgreSQL's
 * statement found that the token names no cart, and `stock`, the product's stock as it read it.
 */
async function addByToken(
  services: Services,
  caller: CartCaller,
  values: unknown[],
  min: number,
  max: number,
  version: string,
  stockVersion: number,
): Promise<{ answer?: CartAnswer; noCart?: boolean; stock?: ProductStock }> {
  const { token: held, viaHeader, userId } = caller.identity;
  if (!held || held.length > 100 || !(viaHeader || userId === null)) return {};
  const mark = freshnessMark();
  const added = await (viaHeader ? ADD_BY_TOKEN : ADD_BY_GUEST_TOKEN).first(services.db, [...values, tokenHash(held), min, max, version, stockVersion]);
  if (!added || added.cart_id === null) {
    // Refused: what the statement read (PostgreSQL) spares the long way reading it again.
    if (added?.store_version != null) primeStoreVersion(services.db, added.store_version, mark);
    const stock = added?.stock ? productStock(added.stock) : undefined;
    if (stock) primeStockStamps(services.db, [[values[1] as number, stock.stock_version]], mark);
    return { noCart: added?.cart_found === false, stock };
  }
  // The statement found this version current.
  primeStoreVersion(services.db, version, mark);
  const found = added.cart !== undefined && added.lines !== undefined ? cartReturned({ cart: added.cart, lines: added.lines }) : await cartWithLines(services.db, added.cart_id);
  if (!found) return { answer: await getCart(services, caller) };
  await touchCart(services.db, found.cart);
  return { answer: await answer(services, found.cart, held, caller, found.lines) };
}

/** On a line already in the cart: adds the quantity only while the line's total stays within [min, max]. */
const withinBounds = (oc: OnConflictBuilder<Database, 'cart_items'>, min: number, max: number) =>
  oc
    .columns(['cart_id', 'item_key'])
    .doUpdateSet((eb) => ({ quantity: eb('cart_items.quantity', '+', eb.ref('excluded.quantity')) }))
    .where((eb) => eb.between(eb('cart_items.quantity', '+', eb.ref('excluded.quantity')), min, max));

/** The same for the cart holding this token hash (and, for a browser's guest cart, no account), while the store version is the one given. */
const addByTokenQuery = (guest: boolean) =>
  hotQuery<{ cart_id: number | null; quantity: number | null; cart_found?: boolean; store_version?: string | null; stock?: StockArray | null; cart?: string; lines?: string }>(
    (db, slot) => {
      const add = db
        .insertInto('cart_items')
        .columns(['cart_id', 'item_key', 'product_id', 'variation_id', 'attributes', 'quantity', 'created_at'])
        .expression((eb) => {
          const found = eb
            .selectFrom('carts')
            .select(['carts.id', ...lineValues(slot, 0)])
            .where('token_hash', '=', slot<string>(6))
            .where(sql<string>`(select value from settings where key = ${STORE_VERSION_KEY})`, '=', slot<string>(9))
            // An order moves its products' stock versions instead (migration 018): the limits were computed under this one.
            .where(sql<number>`(select stock_version from products where id = cast(${slot(1)} as integer))`, '=', sql<number>`cast(${slot(10)} as integer)`);
          return guest ? found.where('user_id', 'is', null) : found;
        })
        .onConflict((oc) => withinBounds(oc, slot(7), slot(8)))
        .returning(['cart_id', 'quantity']);
      if (!isPostgres(db)) return add.returning(sqliteCartAfterLineChange());
      // PostgreSQL also says whether the token names a cart at all, the store version it checked
      // and the product's stock (with its stock version): a refused add then goes the long way
      // without reading them again, and straight to making the cart when the token names none
      // (a new cart).
      return db
        .with('added', () => add)
        .selectNoFrom([
          sql<number | null>`(select cart_id from added)`.as('cart_id'),
          sql<number | null>`(select quantity from added)`.as('quantity'),
          sql<boolean>`exists (select 1 from carts where token_hash = ${slot(6)})`.as('cart_found'),
          sql<string | null>`(select value from settings where key = ${STORE_VERSION_KEY})`.as('store_version'),
          sql<StockArray | null>`(select json_build_array(stock_status, manage_stock, stock_quantity, backorders, stock_version) from products where id = cast(${slot(1)} as integer))`.as('stock'),
        ]);
    },
    // Cart lines are not store data: the store version read before stays current.
    { storeData: false },
  );
/** A product's stock as the quick add's statement returns it (PostgreSQL): status, managed, quantity, backorders, stock version. */
type StockArray = [string, number, number | null, string, number];
const productStock = ([stock_status, manage_stock, stock_quantity, backorders, stock_version]: StockArray): ProductStock => ({ stock_status, manage_stock, stock_quantity, backorders, stock_version });
const ADD_BY_TOKEN = addByTokenQuery(false);
const ADD_BY_GUEST_TOKEN = addByTokenQuery(true);

/** Inserts a line, or adds to the quantity of the same line while the total stays within [min, max]. */
const ADD_TO_LINE = hotQuery(
  (db, slot) =>
    db
      .insertInto('cart_items')
      .values({
        cart_id: slot(0),
        item_key: slot(1),
        product_id: slot(2),
        variation_id: slot(3),
        attributes: slot(4),
        quantity: slot(5),
        created_at: slot(6),
      })
      .onConflict((oc) => withinBounds(oc, slot(7), slot(8)))
      .returning(['id', 'quantity']),
  // Cart lines are not store data: the store version read before stays current.
  { storeData: false },
);

async function lineOf(services: Services, caller: CartCaller, key: string) {
  const found = await resolveCart(services.db, caller.identity, false);
  const row = found && key.length <= 64
    ? await services.db.selectFrom('cart_items').selectAll().where('cart_id', '=', found.cart.id).where('item_key', '=', key).executeTakeFirst()
    : undefined;
  // A key from someone else's cart is simply not in this one.
  if (!found || !row) throw new HttpError(404, 'not_found', 'That item is not in your cart.');
  return { ...found, row };
}

export async function updateItem(services: Services, caller: CartCaller, key: string, input: unknown): Promise<CartAnswer> {
  const { quantity } = parseInput(updateItemSchema, input);
  const { cart, token, row } = await lineOf(services, caller, key);
  if (quantity === 0) {
    await services.db.deleteFrom('cart_items').where('id', '=', row.id).execute();
  } else {
    const p = (await loadPurchasables(services.db, [{ productId: row.product_id, variationId: row.variation_id }])).get(`${row.product_id}:${row.variation_id ?? ''}`);
    if (!p) throw new HttpError(409, 'not_purchasable', 'This product can no longer be bought.');
    assertPurchasable(p, quantity, 0);
    await services.db.updateTable('cart_items').set({ quantity }).where('id', '=', row.id).execute();
  }
  await touchCart(services.db, cart);
  return answer(services, cart, token, caller);
}

export async function removeItem(services: Services, caller: CartCaller, key: string): Promise<CartAnswer> {
  const { cart, token, row } = await lineOf(services, caller, key);
  await services.db.deleteFrom('cart_items').where('id', '=', row.id).execute();
  await touchCart(services.db, cart);
  const removed = { key: row.item_key, productId: row.product_id, variationId: row.variation_id, attributes: JSON.parse(row.attributes) as Record<string, string>, quantity: row.quantity };
  return { ...(await answer(services, cart, token, caller)), removed };
}

/**
 * Adds the chosen children of a grouped product (a quantity per child; 0 skips it). Every
 * child is checked before any is added, and only the grouped product's own children count.
 */
export async function addGroupedItems(services: Services, caller: CartCaller, groupedId: number, quantities: Record<number, number>): Promise<CartAnswer> {
  const wanted = Object.entries(quantities).map(([id, q]) => ({ productId: Number(id), quantity: q })).filter((c) => c.quantity > 0);
  if (wanted.length === 0) throw new HttpError(400, 'invalid', 'Please choose the quantity of at least one product.', { quantity: 'Choose a quantity' });
  const children = await services.db.selectFrom('product_links').select('linked_id').where('product_id', '=', groupedId).where('kind', '=', 'grouped').execute();
  const allowed = new Set(children.map((c) => c.linked_id));
  const stranger = wanted.find((c) => !allowed.has(c.productId));
  if (stranger) throw new HttpError(400, 'invalid', 'That product is not part of this set.', { productId: 'Not part of this set' });
  const found = await loadPurchasables(services.db, wanted.map((c) => ({ productId: c.productId, variationId: null })));
  for (const c of wanted) {
    const p = found.get(`${c.productId}:`);
    if (!p) throw new HttpError(404, 'not_found', 'This product does not exist.');
    assertPurchasable(p, c.quantity, 0);
  }
  let result: CartAnswer | undefined;
  for (const c of wanted) result = await addItem(services, caller, c);
  return result!;
}
