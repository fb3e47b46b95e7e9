import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import { statesOf } from '../shipping/states.server.ts';
import type { Country } from '../address/address.ts';
import { draftCustomer } from './admin-order-create.server.ts';
import { checkDraft, DRAFT_LIMITS, priceDraft, type Draft, type PricedDraft, type ShippingQuote } from './order-draft.server.ts';
import type { PricedSummary } from './order-draft.types.ts';
import { findCustomers, findProducts, withCustomer, type FoundCustomer, type FoundProduct } from './order-draft-lookup.server.ts';
import { variationAttributes, variationName } from '../catalog/variation-name.ts';

/*
 * What the order form's buttons do before saving (find, pick, add, remove, recalculate),
 * shared by "Add order" and the order editor: the draft comes back with the change made,
 * priced when it can be, and with what a search found.
 */

export type { PricedSummary } from './order-draft.types.ts';

export interface DraftAnswer {
  draft: Draft;
  priced: PricedSummary | null;
  quotes: ShippingQuote[];
  found: { customers?: FoundCustomer[]; products?: FoundProduct[] };
  errors: Record<string, string>;
  message?: string;
}

/** The priced draft as the form's totals show it (the line amounts in the form's order). */
export function summarize(cart: PricedDraft, keys: string[]): PricedSummary {
  return {
    lines: keys.map((k) => {
      const i = cart.items.find((x) => x.key === k);
      return { key: k, total: i?.lineTotal ?? 0, unitPrice: i?.unitPrice ?? 0 };
    }),
    fees: (cart.fees ?? []).map((f) => ({ name: f.name, amount: f.amount })),
    subtotal: cart.totals.subtotal,
    discount: cart.totals.discount,
    shipping: cart.totals.shipping,
    taxLines: cart.totals.taxLines,
    tax: cart.totals.tax,
    total: cart.totals.total,
    pricesIncludeTax: cart.totals.pricesIncludeTax,
    keys,
  };
}

/** A product line for the draft: its name and options from the catalogue; null when it is gone. */
async function lineFor(db: DB, productId: number, variationId: number | null): Promise<Draft['lines'][number] | null> {
  const p = await db.selectFrom('products').select(['id', 'name', 'status', 'type']).where('id', '=', productId).executeTakeFirst();
  if (!p || p.status === 'trash') return null;
  let name = p.name;
  let attributes: Record<string, string> = {};
  if (variationId !== null) {
    const v = await db.selectFrom('product_variations').select(['attributes']).where('id', '=', variationId).where('product_id', '=', productId).executeTakeFirst();
    if (!v) return null;
    attributes = variationAttributes(v.attributes);
    name = variationName(p.name, attributes);
  }
  return { productId, variationId, name, attributes, quantity: '1', price: '', itemId: null };
}

/** Prices the draft for the form when it can (lines and valid amounts); field problems otherwise. */
export async function priceForForm(db: DB, d: Draft, settings: StoreSettings): Promise<Pick<DraftAnswer, 'priced' | 'quotes' | 'errors'>> {
  const { checked, fields } = checkDraft(d, settings, false);
  if (!checked.lines.length || Object.keys(fields).length) return { priced: null, quotes: [], errors: fields };
  const customer = await draftCustomer(db, d).catch(() => ({ userId: null, email: d.billing.email }));
  const r = await priceDraft(db, checked, settings, customer);
  return { priced: summarize(r.cart, checked.lines.map((l) => l.key)), quotes: r.quotes, errors: r.fields };
}

/** Runs one of the form's non-saving intents; null for "save" (the page saves). */
export async function draftIntent(db: DB, settings: StoreSettings, intent: string, d: Draft): Promise<DraftAnswer | null> {
  const found: DraftAnswer['found'] = {};
  let draft = d;
  if (intent === 'find_customer') found.customers = await findCustomers(db, d.customerQuery);
  else if (intent === 'find_product') found.products = await findProducts(db, d.productQuery);
  else if (intent.startsWith('pick:')) {
    const value = intent.slice(5);
    draft = value ? await withCustomer(db, d, value) : { ...d, customer: '', customerLabel: '' };
    draft.customerQuery = '';
  } else if (intent.startsWith('add:')) {
    const [, pid, vid] = intent.split(':');
    const line = await lineFor(db, Number(pid), vid ? Number(vid) : null);
    if (!line) throw new HttpError(400, 'invalid', 'This product no longer exists.', { product_q: 'This product no longer exists' });
    if (d.lines.length >= DRAFT_LIMITS.lines) throw new HttpError(400, 'invalid', `At most ${DRAFT_LIMITS.lines} lines.`, { product_q: `At most ${DRAFT_LIMITS.lines} lines` });
    const same = d.lines.findIndex((l) => l.productId === line.productId && l.variationId === line.variationId);
    const lines = [...d.lines];
    if (same >= 0) lines[same] = { ...lines[same], quantity: String((Number(lines[same].quantity) || 0) + 1) };
    else lines.push(line);
    draft = { ...d, lines, productQuery: '' };
  } else if (intent.startsWith('remove:')) {
    const at = Number(intent.slice(7));
    draft = { ...d, lines: d.lines.filter((_, i) => i !== at) };
  } else if (intent !== 'recalculate') {
    if (intent === 'save') return null;
    throw new HttpError(400, 'invalid', 'Unknown request.');
  }
  const p = await priceForForm(db, draft, settings);
  return { draft, found, ...p };
}

/** The states of the draft's countries, for the address fields. */
export function draftStates(d: Draft): { billing: Country[]; shipping: Country[] } {
  return { billing: d.billing.country ? statesOf(d.billing.country) : [], shipping: d.shipping.country ? statesOf(d.shipping.country) : [] };
}
