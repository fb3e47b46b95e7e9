import { hash } from 'node:crypto';
import type { DB } from '../../../db/client.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import { checkCoupon, computeDiscounts, findCoupon, type Coupon } from '../coupons/coupons.server.ts';
import { calculateShipping } from '../shipping/shipping.server.ts';
import { calcTax, findTaxRates } from '../tax/tax.server.ts';
import { roundHalfUp, roundTax, sumTaxes } from '../tax/tax-math.ts';
import type { Cart, CartItem, CustomerAddress } from './cart.schema.ts';
import { presentCart } from './display.ts';
import type { CartCustomer, Location, PricedLine } from './contracts.ts';
import { cartItems, type CartItemRow, type CartRow } from './cart-store.server.ts';
import { loadPurchasables, maxQuantity as maxQuantityOf, type Purchasable } from './lines.server.ts';
import { parseJson } from '../../lib/json.ts';
import { STORE_CACHE_MAX_AGE_MS } from '../../lib/store-cache.server.ts';
import { readStoreVersion } from '../../lib/store-version.server.ts';

/** The attributes of a line without options (most lines): read, never written. */
const NO_CHOICE: Record<string, string> = Object.freeze({});
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const round = roundHalfUp;
const taxSum = sumTaxes;

/**
 * Prices the whole cart from the database: re-reads every product, drops or clamps lines
 * that can no longer be bought (with a notice), re-checks coupons, quotes shipping for the
 * estimate address, adds tax, and builds the answer every cart call returns.
 */
export async function priceCart(
  db: DB,
  cart: CartRow,
  settings: StoreSettings,
  customer: CartCustomer,
  options: { memo?: boolean; /** The cart's lines, read with the cart and nothing written since. */ lines?: CartItemRow[]; /** An order made or edited by staff (never memoised). */ staff?: StaffPricing } = {},
): Promise<Cart> {
  const rows = options.lines ?? (await cartItems(db, cart.id));
  if (!options.memo || db.isTransaction || options.staff) return computeCart(db, cart, rows, settings, customer, options.staff);
  // The same lines, choices and shopper under the same store version price the same.
  const signature = [
    await readStoreVersion(db), cart.coupons, cart.customer, cart.shipping_choice, customer.userId, customer.email,
    rows.map((r) => `${r.id}:${r.item_key}:${r.quantity}`).join(','),
  ].join('|');
  let priced = pricedCarts.get(db);
  if (!priced) pricedCarts.set(db, (priced = new Map()));
  const hit = priced.get(cart.id);
  if (hit && hit.signature === signature && Date.now() - hit.born < STORE_CACHE_MAX_AGE_MS) return hit.cart;
  const result = await computeCart(db, cart, rows, settings, customer);
  // An answer with notices changed the cart (dropped or clamped lines): not one to repeat.
  if (result.notices.length === 0) {
    priced.delete(cart.id);
    if (priced.size >= PRICED_CARTS) priced.delete(priced.keys().next().value!);
    priced.set(cart.id, { signature, cart: result, born: Date.now() });
  }
  return result;
}

/** Priced carts of this process per database, by cart id (least recently priced first out). */
const PRICED_CARTS = 10_000;
const pricedCarts = new WeakMap<object, Map<number, { signature: string; cart: Cart; born: number }>>();

/**
 * What staff may set on an order they make or edit by hand (app/features/orders/admin-order-*):
 * a line's own unit price (by line key, as prices are entered), the shipping method and its
 * cost (instead of the zones' quote), and fees (entered as prices are, taxed at the standard
 * rates like a product line). Stock is not clamped here: the order's stock move checks it.
 * Everything else, coupons and every tax, is the cart's own arithmetic below.
 */
export interface StaffPricing {
  unitPrices?: Record<string, number>;
  shipping?: { id: string; title: string; cost: number } | null;
  fees?: { name: string; amount: number }[];
}

/** A fee as priced: its amount as shown (with or without tax, as the lines) and its tax. */
export interface PricedFee {
  name: string;
  amount: number;
  tax: number;
}

async function computeCart(db: DB, cart: CartRow, rows: CartItemRow[], settings: StoreSettings, customer: CartCustomer, staff?: StaffPricing): Promise<Cart & { fees?: PricedFee[] }> {
  const notices: string[] = [];
  const found = await loadPurchasables(db, rows.map((r) => ({ productId: r.product_id, variationId: r.variation_id })));
  // Made for this answer alone: the amounts are filled in place once tax is known.
  const items: CartItem[] = [];
  const priced: PricedLine[] = [];
  const fragments: Buffer[] = [];
  for (const row of rows) {
    const p = found.get(`${row.product_id}:${row.variation_id ?? ''}`);
    const ownPrice = staff?.unitPrices?.[row.item_key];
    if (!p || (staff ? p.status === 'trash' : p.status !== 'publish') || (p.price === null && ownPrice === undefined) || (!staff && p.stockStatus === 'outofstock')) {
      if (staff) {
        notices.push(`“${p?.name ?? 'A product'}” can no longer be sold.`);
        continue;
      }
      notices.push(`“${p?.name ?? 'A product'}” was removed from your cart because it can no longer be bought.`);
      await db.deleteFrom('cart_items').where('id', '=', row.id).execute();
      continue;
    }
    const t = lineTemplate(p, row);
    let quantity = row.quantity;
    const price = ownPrice ?? p.price!;
    if (!staff && t.maxQuantity !== null && quantity > t.maxQuantity) {
      quantity = Math.max(t.maxQuantity, 0);
      if (quantity === 0) {
        await db.deleteFrom('cart_items').where('id', '=', row.id).execute();
        notices.push(`“${p.name}” was removed from your cart: none left in stock.`);
        continue;
      }
      await db.updateTable('cart_items').set({ quantity }).where('id', '=', row.id).execute();
      notices.push(`The quantity of “${p.name}” was reduced to ${quantity}, the most available.`);
    }
    priced.push({
      key: row.item_key,
      productId: p.productId,
      variationId: p.variationId,
      categoryIds: p.categoryIds,
      quantity,
      unitPrice: price,
      lineSubtotal: price * quantity,
      onSale: p.onSale,
      taxStatus: p.taxStatus,
      taxClass: p.taxClass,
      shippingClass: p.shippingClass,
      virtual: p.virtual,
    });
    items.push({
      key: row.item_key,
      productId: p.productId,
      variationId: p.variationId,
      name: p.name,
      attributes: t.attributes,
      quantity,
      image: p.image,
      url: t.url,
      stockStatus: p.stockStatus,
      maxQuantity: t.maxQuantity,
      unitPrice: 0,
      lineSubtotal: 0,
      lineTotal: 0,
      lineTax: 0,
    });
    fragments.push(t.json);
  }
  const subtotalEntered = sum(priced.map((l) => l.lineSubtotal));

  // Coupons, in the order applied; one that no longer applies is dropped with its reason.
  const codes = parseJson<string[]>(cart.coupons, []);
  const valid: Coupon[] = [];
  for (const code of settings.couponsEnabled ? codes : []) {
    const coupon = await findCoupon(db, code);
    const problem = coupon
      ? await checkCoupon(db, coupon, { lines: priced, subtotal: subtotalEntered, customer, applied: valid, format: settings })
      : `Coupon “${code}” does not exist.`;
    if (problem) notices.push(`${problem} It was removed from your cart.`);
    else valid.push(coupon!);
  }
  if (valid.length !== codes.length) {
    await db.updateTable('carts').set({ coupons: JSON.stringify(valid.map((c) => c.code)) }).where('id', '=', cart.id).execute();
  }
  const discounts = computeDiscounts(valid, priced);

  // Shipping for the estimate address (the shop's own address until the shopper gives one).
  const address = parseJson<Partial<CustomerAddress>>(cart.customer, {});
  const hasAddress = typeof address.country === 'string' && address.country.length === 2;
  const destination: Location = hasAddress
    ? { country: address.country!, state: address.state ?? '', postcode: address.postcode ?? '', city: address.city ?? '' }
    : { country: settings.baseCountry, state: settings.baseState, postcode: settings.basePostcode, city: settings.baseCity };
  const afterDiscount = subtotalEntered - sum(Object.values(discounts.perLine));
  const shipping = staff?.shipping !== undefined
    ? { packages: staff.shipping ? [{ id: 0, name: 'Shipping', rates: [{ id: staff.shipping.id, title: staff.shipping.title, cost: staff.shipping.cost, tax: 0 }] }] : [] }
    : priced.length
    ? await calculateShipping(db, { destination, lines: priced, contentsCost: afterDiscount, contentsCostBeforeDiscount: subtotalEntered, freeShippingCoupon: discounts.freeShipping })
    : { packages: [] };
  const choice = parseJson<Record<string, string>>(cart.shipping_choice, {});
  const selectedOf = (pkg: (typeof shipping.packages)[number]) => (pkg.rates.some((r) => r.id === choice[pkg.id]) ? choice[pkg.id] : (pkg.rates[0]?.id ?? null));

  // Tax: per line (or on the subtotal when so set), then on shipping.
  const taxOn = settings.taxesEnabled;
  const inclusive = settings.pricesIncludeTax;
  const taxLocation: Location =
    settings.taxBasedOn === 'base' || !hasAddress
      ? { country: settings.baseCountry, state: settings.baseState, postcode: settings.basePostcode, city: settings.baseCity }
      : destination;
  // The rates of every tax class in the cart (and of shipping), looked up once each.
  const classes = new Set<string>();
  if (taxOn) {
    for (const l of priced) if (l.taxStatus === 'taxable') classes.add(l.taxClass);
    if (shipping.packages.some((p) => p.rates.some((r) => r.cost > 0))) classes.add('');
    if (staff?.fees?.length) classes.add('');
  }
  const ratesByClass = new Map(await Promise.all([...classes].map(async (c) => [c, await findTaxRates(db, taxLocation, c)] as const)));
  const rateNames = new Map<number, string>();
  for (const rates of ratesByClass.values()) for (const r of rates) rateNames.set(r.id, r.name || 'Tax');

  // Everything on a net basis, then shown with or without tax per the cart display setting.
  const showIncl = taxOn && settings.taxDisplayCart === 'incl';
  const byRate = new Map<number, number>();
  let totalNet = 0;
  let totalEntered = 0;
  for (let i = 0; i < priced.length; i++) {
    const l = priced[i];
    const total = l.lineSubtotal - (discounts.perLine[l.key] ?? 0);
    const rates = taxOn && l.taxStatus === 'taxable' ? ratesByClass.get(l.taxClass)! : undefined;
    let subTax = 0;
    let totTax = 0;
    if (rates) {
      // Rounding each rate per line (so a line's tax is what its rates add to the tax lines),
      // unless the store rounds once at the subtotal: then the line shows its tax rounded once.
      const lineTax = (taxes: Record<number, number>) => (settings.taxRoundAtSubtotal ? round(taxSum(taxes)) : taxSum(roundTax(taxes)));
      subTax = lineTax(calcTax(l.lineSubtotal, rates, inclusive));
      const totTaxes = calcTax(total, rates, inclusive);
      totTax = lineTax(totTaxes);
      for (const [id, amount] of Object.entries(totTaxes)) {
        byRate.set(Number(id), (byRate.get(Number(id)) ?? 0) + (settings.taxRoundAtSubtotal ? amount : round(amount)));
      }
    }
    const subNet = inclusive ? l.lineSubtotal - subTax : l.lineSubtotal;
    const totNet = inclusive ? total - totTax : total;
    totalNet += totNet;
    totalEntered += total;
    const item = items[i];
    item.lineSubtotal = showIncl ? subNet + subTax : subNet;
    item.unitPrice = Math.round(item.lineSubtotal / l.quantity);
    item.lineTotal = showIncl ? totNet + totTax : totNet;
    item.lineTax = totTax;
  }
  // Fees: each taxed as a product line of the standard class is, after the lines.
  const fees: PricedFee[] = [];
  for (const f of staff?.fees ?? []) {
    const rates = taxOn ? ratesByClass.get('')! : undefined;
    let feeTax = 0;
    if (rates) {
      const taxes = calcTax(f.amount, rates, inclusive);
      feeTax = settings.taxRoundAtSubtotal ? round(taxSum(taxes)) : taxSum(roundTax(taxes));
      for (const [id, amount] of Object.entries(taxes)) byRate.set(Number(id), (byRate.get(Number(id)) ?? 0) + (settings.taxRoundAtSubtotal ? amount : round(amount)));
    }
    const net = inclusive ? f.amount - feeTax : f.amount;
    totalNet += net;
    totalEntered += f.amount;
    fees.push({ name: f.name, amount: showIncl ? net + feeTax : net, tax: feeTax });
  }
  // Shipping costs are entered without tax; each rate offered carries its tax (rounded per
  // rate, as the chosen ones add to the tax lines), so a choice shows what it will cost.
  const shippingRates = taxOn ? (ratesByClass.get('') ?? []).filter((r) => r.shipping) : [];
  const shippingTaxByRate: Record<number, number> = {};
  const packages = shipping.packages.map((pkg) => ({
    ...pkg,
    rates: pkg.rates.map((r) => ({ ...r, tax: r.cost > 0 ? taxSum(roundTax(calcTax(r.cost, shippingRates, false))) : 0 })),
    selected: selectedOf(pkg),
  }));
  const chosenRates = packages.map((pkg) => pkg.rates.find((r) => r.id === pkg.selected)).filter((r) => !!r);
  const shippingNet = sum(chosenRates.map((r) => r.cost));
  for (const r of chosenRates) {
    if (r.cost <= 0) continue;
    for (const [id, amount] of Object.entries(roundTax(calcTax(r.cost, shippingRates, false)))) shippingTaxByRate[Number(id)] = (shippingTaxByRate[Number(id)] ?? 0) + amount;
  }
  const itemsTax = round(sum([...byRate.values()]));
  const shippingTax = taxSum(shippingTaxByRate);
  for (const [id, amount] of Object.entries(shippingTaxByRate)) byRate.set(Number(id), (byRate.get(Number(id)) ?? 0) + amount);
  // Prices entered with tax are what the shopper pays, however the tax in them is rounded.
  const itemsTotal = inclusive ? totalEntered : totalNet + itemsTax;

  let subtotalShown = 0;
  let totalShown = 0;
  let itemCount = 0;
  for (const i of items) {
    subtotalShown += i.lineSubtotal;
    totalShown += i.lineTotal;
    itemCount += i.quantity;
  }
  const discountShown = subtotalShown - totalShown;
  const result: Cart & { fees?: PricedFee[] } = {
    ...(staff ? { fees } : {}),
    items,
    coupons: valid.map((c) => ({ code: c.code, discount: discounts.perCoupon[c.code] ?? 0, freeShipping: c.freeShipping })),
    shipping: {
      address: hasAddress ? { country: destination.country, state: destination.state, postcode: destination.postcode, city: destination.city } : null,
      packages,
      ready: packages.every((p) => p.selected !== null),
    },
    totals: {
      subtotal: subtotalShown,
      discount: discountShown,
      shipping: showIncl ? shippingNet + shippingTax : shippingNet,
      tax: itemsTax + shippingTax,
      total: itemsTotal + shippingNet + shippingTax,
      currency: settings.currency,
      taxLines: taxOn ? mergeTaxLines(byRate, rateNames) : [],
      pricesIncludeTax: showIncl,
    },
    itemCount,
    hash: '',
    notices,
    display: undefined!,
  };
  result.display = presentCart(result);
  // What the hash covers (and the answer's JSON reuses): every line's amount, coupons, totals, shipping.
  const json: CartJsonParts = {
    items: fragments,
    coupons: JSON.stringify(result.coupons),
    shipping: JSON.stringify(result.shipping),
    totals: JSON.stringify(result.totals),
    display: JSON.stringify(result.display),
  };
  let lineSums = '';
  for (const i of items) lineSums += `${i.key}:${i.quantity}:${i.lineTotal},`;
  result.hash = hash('sha256', `${lineSums}|${json.coupons}|${json.totals}|${json.shipping}`, 'hex').slice(0, 32);
  (result as CartWithJson)[JSON_PARTS] = json;
  return result;
}

/**
 * Parts of the answer's JSON made while pricing, kept on the answer (a symbol:
 * JSON.stringify skips it): each item's product part, and the objects the hash covers.
 */
const JSON_PARTS = Symbol('jsonParts');
interface CartJsonParts {
  items: Buffer[];
  coupons: string;
  shipping: string;
  totals: string;
  display: string;
}
type CartWithJson = Cart & { [JSON_PARTS]?: CartJsonParts };

/** What an item shows that depends only on the product (as cached) and the line's options. */
interface LineTemplate {
  attributes: CartItem['attributes'];
  url: string;
  maxQuantity: number | null;
  /** The item's JSON up to its quantity, as UTF-8: `{"key":…,"maxQuantity":…` without the closing brace. */
  json: Buffer;
}

/** Line templates by product (as cached: a new store version is a new object) and line key (which names the options). */
const templates = new WeakMap<Purchasable, Map<string, LineTemplate>>();
function lineTemplate(p: Purchasable, row: CartItemRow): LineTemplate {
  let byLine = templates.get(p);
  if (!byLine) templates.set(p, (byLine = new Map()));
  let t = byLine.get(row.item_key);
  if (t === undefined) {
    const chosen = row.attributes === '{}' ? NO_CHOICE : parseJson<Record<string, string>>(row.attributes, {});
    const attributes = Object.freeze(Object.entries(chosen).map(([slug, value]) => Object.freeze({ name: p.attributes[slug]?.name ?? slug, value })));
    const url = `/product/${p.slug}${variationQuery(chosen)}`;
    const maxQuantity = maxQuantityOf(p);
    const { productId, variationId, name, image, stockStatus } = p;
    const json = Buffer.from(JSON.stringify({ key: row.item_key, productId, variationId, name, attributes, image, url, stockStatus, maxQuantity }).slice(0, -1));
    byLine.set(row.item_key, (t = { attributes: attributes as CartItem['attributes'], url, maxQuantity, json }));
  }
  return t;
}

const num = (n: number) => (Number.isFinite(n) ? String(n) : 'null');
const ITEMS_OPEN = Buffer.from('{"items":[');

/**
 * The cart answer's body: the same value as JSON.stringify(cart) (items' keys in another
 * order) as UTF-8 bytes, with each item's product part copied from its stored template —
 * on a 10-line cart, most of the text. Written straight into one buffer, which the socket
 * sends without another copy.
 */
export function cartJson(cart: Cart): Buffer {
  const parts = (cart as CartWithJson)[JSON_PARTS];
  if (!parts || parts.items.length !== cart.items.length) return Buffer.from(JSON.stringify(cart));
  // Numbers only (ASCII): one byte per character.
  let amounts = '';
  const at: number[] = [];
  for (let i = 0; i < cart.items.length; i++) {
    const it = cart.items[i];
    amounts += `,"quantity":${num(it.quantity)},"unitPrice":${num(it.unitPrice)},"lineSubtotal":${num(it.lineSubtotal)},"lineTotal":${num(it.lineTotal)},"lineTax":${num(it.lineTax)}}${i < cart.items.length - 1 ? ',' : ''}`;
    at.push(amounts.length);
  }
  const tail = `],"coupons":${parts.coupons},"shipping":${parts.shipping},"totals":${parts.totals},"itemCount":${num(cart.itemCount)},"hash":${JSON.stringify(cart.hash)},"notices":${JSON.stringify(cart.notices)},"display":${parts.display}}`;
  let size = ITEMS_OPEN.length + amounts.length + Buffer.byteLength(tail);
  for (const part of parts.items) size += part.length;
  const out = Buffer.allocUnsafe(size);
  let pos = ITEMS_OPEN.copy(out, 0);
  let from = 0;
  for (let i = 0; i < parts.items.length; i++) {
    pos += parts.items[i].copy(out, pos);
    pos += out.write(amounts.slice(from, at[i]), pos, 'latin1');
    from = at[i];
  }
  out.write(tail, pos, 'utf8');
  return out;
}

function mergeTaxLines(byRate: Map<number, number>, names: Map<number, string>) {
  const byName = new Map<string, number>();
  for (const [id, amount] of byRate) byName.set(names.get(id) ?? 'Tax', (byName.get(names.get(id) ?? 'Tax') ?? 0) + amount);
  return [...byName].map(([label, amount]) => ({ label, amount: round(amount) }));
}

function variationQuery(chosen: Record<string, string>): string {
  const q = Object.entries(chosen).filter(([, v]) => v).map(([k, v]) => `attribute_${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  return q.length ? `?${q.join('&')}` : '';
}
