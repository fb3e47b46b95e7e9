import type { DB } from '../../../db/client.ts';
import { ensureCategory, ensureTag, inTransaction, recomputeProducts, recountCategories } from '../catalog/catalog-write.server.ts';
import { logStockSince, managedStatus, stockSnapshot, type StockActor } from '../stock/stock-log.server.ts';
import { taxClasses } from '../tax/tax-admin.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { formatPrice, type PriceFormat } from '../../lib/money.ts';
import { nameKey } from '../../lib/name-key.ts';
import { nowIso } from '../../lib/time.ts';
import { plural, t } from '../../i18n/t-admin.ts';
import { applyPriceChange, bpText, type PriceChange } from './price-change.ts';
import { BULK_EDIT_MAX, type BulkEditCommand } from './bulk-edit-input.ts';

/*
 * The product list's bulk edit (/admin/products/bulk-edit): prices and sale prices (set, up
 * or down by an amount or a percentage; the sale also as the regular price less an amount or
 * percentage, or removed), stock quantity, weight and size, shipping and tax class, tags and
 * categories added or removed, status — over every chosen product in one transaction. The
 * products are written one after another inside it, so a product refused halfway (a price
 * that would fall below zero, a sale not below its regular price) rolls back those before
 * it: nothing changes. A variable product's prices are its variations'. Every stock change
 * goes to the stock log, one entry per product (or variation) changed.
 */

export interface BulkEditResult {
  /** Products any of whose values changed. */
  changed: number;
  total: number;
  /** The summary: "12 products updated: price raised by 10 %, …". */
  summary: string;
  skipped: { id: number; name: string; reason: string }[];
}

const COLUMNS = ['id', 'name', 'type', 'status', 'regular_price', 'sale_price', 'backorders', 'updated_at', 'manage_stock', 'stock_quantity', 'weight', 'length', 'width', 'height', 'shipping_class', 'tax_class'] as const;
type Row = { id: number; name: string; type: string; status: string; backorders: string; updated_at: string; manage_stock: number } & Record<'regular_price' | 'sale_price' | 'stock_quantity' | 'weight' | 'length' | 'width' | 'height', number | null> & Record<'shipping_class' | 'tax_class', string>;

const later = (after: string, now: string) => (now > after ? now : new Date(Date.parse(after) + 1).toISOString());
const priced = (type: string) => type === 'simple' || type === 'external';
const stocked = (type: string) => type === 'simple' || type === 'variable';
const shipped = (type: string) => type === 'simple' || type === 'variable';

/** The new regular and sale prices of one price-holder, refused (naming `who`) below zero or with a sale not below the regular price. */
function newPrices(who: string, regular: number | null, sale: number | null, cmd: BulkEditCommand): { regular: number | null; sale: number | null } {
  const r = cmd.price ? (applyPriceChange(regular, cmd.price, null) ?? regular) : regular;
  if (r !== null && r < 0) throw new HttpError(400, 'invalid', t('bulkEdit.error.negative', { name: who }), { price_value: t('bulkEdit.error.negative', { name: who }) });
  let s = sale;
  if (cmd.sale) s = cmd.sale.mode === 'clear' ? null : (applyPriceChange(sale, cmd.sale, r) ?? sale);
  if (s !== null && s < 0) throw new HttpError(400, 'invalid', t('bulkEdit.error.saleNegative', { name: who }), { sale_value: t('bulkEdit.error.saleNegative', { name: who }) });
  if (s !== null && (r === null || s >= r)) throw new HttpError(400, 'invalid', t('bulkEdit.error.saleAbove', { name: who }), { [cmd.sale ? 'sale_value' : 'price_value']: t('bulkEdit.error.saleAbove', { name: who }) });
  return { regular: r, sale: s };
}

/** Applies the bulk edit to `cmd.ids` as `actor`; all of it or nothing. */
export async function bulkEditProducts(db: DB, cmd: BulkEditCommand, actor: StockActor, format: PriceFormat): Promise<BulkEditResult> {
  const ids = [...new Set(cmd.ids)];
  return inTransaction(db, async (trx) => {
    const found = await trx.selectFrom('products').select(COLUMNS).where('id', 'in', ids).where('status', '!=', 'trash').execute();
    if (found.length !== ids.length) throw new HttpError(404, 'not_found', t('productList.error.gone'));
    const byId = new Map(found.map((r) => [r.id, r as Row]));
    await checkChoices(trx, cmd);
    const stockBefore = cmd.stock_quantity !== null ? await stockSnapshot(trx, ids) : null;
    const categoryIdsBefore = (await trx.selectFrom('product_categories').select('category_id').distinct().where('product_id', 'in', ids).execute()).map((r) => r.category_id);
    const addTags = await Promise.all(cmd.tags_add.map((name) => ensureTag(trx, name)));
    const removeTags = await tagIds(trx, cmd.tags_remove);
    const uncategorized = cmd.categories_remove.length ? await ensureCategory(trx, ['Uncategorized']) : null;
    const changed = new Set<number>();
    const skipped: BulkEditResult['skipped'] = [];
    const skip = (r: Row, reason: string) => skipped.push({ id: r.id, name: r.name, reason });
    const now = nowIso();

    for (const id of ids) {
      const r = byId.get(id)!;
      const patch: Record<string, unknown> = {};
      if (cmd.price || cmd.sale) {
        if (priced(r.type)) {
          const next = newPrices(`“${r.name}”`, r.regular_price, r.sale_price, cmd);
          if (next.regular !== r.regular_price) patch.regular_price = next.regular;
          if (next.sale !== r.sale_price) Object.assign(patch, { sale_price: next.sale }, cmd.sale ? { sale_from: null, sale_to: null } : {});
        } else if (r.type === 'variable') {
          if (await changeVariationPrices(trx, r, cmd, now)) changed.add(r.id);
        } else skip(r, t('productList.skip.grouped'));
      }
      if (cmd.stock_quantity !== null) {
        if (stocked(r.type)) {
          if (!r.manage_stock || r.stock_quantity !== cmd.stock_quantity) Object.assign(patch, { manage_stock: 1, stock_quantity: cmd.stock_quantity, stock_status: managedStatus(cmd.stock_quantity, r.backorders) });
        } else skip(r, t('bulkEdit.skip.noStock'));
      }
      const size = (['weight', 'length', 'width', 'height'] as const).filter((k) => cmd[k] !== null);
      if (size.length) {
        if (shipped(r.type)) for (const k of size) patch[k] = cmd[k];
        else skip(r, t('bulkEdit.skip.noShipping'));
      }
      if (cmd.shipping_class !== null) patch.shipping_class = cmd.shipping_class;
      if (cmd.tax_class !== null) patch.tax_class = cmd.tax_class;
      if (cmd.status !== null && cmd.status !== r.status) {
        if (cmd.status === 'publish' && r.type === 'variable' && !(await hasPricedVariation(trx, r.id))) skip(r, t('productList.skip.unpriced'));
        else patch.status = cmd.status;
      }
      // Only what differs is written, so a product already as asked is not counted as updated.
      const differs = Object.fromEntries(Object.entries(patch).filter(([k, v]) => (r as Record<string, unknown>)[k] !== v));
      if (Object.keys(differs).length) {
        await trx.updateTable('products').set(differs).where('id', '=', id).execute();
        changed.add(id);
      }
      if (await changeLinks(trx, id, addTags, removeTags, cmd.categories_add, cmd.categories_remove, uncategorized)) changed.add(id);
    }
    if (changed.size) await trx.updateTable('products').set({ updated_at: now }).where('id', 'in', [...changed]).where('updated_at', '<', now).execute();
    // A product saved in this same millisecond still gets a newer version.
    for (const id of changed) {
      const r = byId.get(id)!;
      if (r.updated_at >= now) await trx.updateTable('products').set({ updated_at: later(r.updated_at, now) }).where('id', '=', id).execute();
    }
    await recomputeProducts(trx, ids);
    const categoryIdsAfter = (await trx.selectFrom('product_categories').select('category_id').distinct().where('product_id', 'in', ids).execute()).map((r) => r.category_id);
    await recountCategories(trx, [...new Set([...categoryIdsBefore, ...categoryIdsAfter])]);
    if (stockBefore) await logStockSince(trx, stockBefore, ids, { reason: 'manual', source: 'bulk', actor });
    return { changed: changed.size, total: ids.length, summary: await summary(trx, cmd, changed.size, format), skipped: dedupe(skipped) };
  });
}

/** Variation prices of a variable product; answers whether any changed. */
async function changeVariationPrices(trx: DB, r: Row, cmd: BulkEditCommand, now: string): Promise<boolean> {
  const vars = await trx.selectFrom('product_variations').select(['id', 'attributes', 'sku', 'regular_price', 'sale_price']).where('product_id', '=', r.id).orderBy('menu_order').orderBy('id').execute();
  let any = false;
  for (const v of vars) {
    const label = Object.values(JSON.parse(v.attributes) as Record<string, string>).filter(Boolean).join(', ') || v.sku || `#${v.id}`;
    const next = newPrices(`“${r.name}” (${label})`, v.regular_price, v.sale_price, cmd);
    if (next.regular === v.regular_price && next.sale === v.sale_price) continue;
    await trx
      .updateTable('product_variations')
      .set({ regular_price: next.regular, sale_price: next.sale, ...(cmd.sale && next.sale !== v.sale_price ? { sale_from: null, sale_to: null } : {}), updated_at: now })
      .where('id', '=', v.id)
      .execute();
    any = true;
  }
  return any;
}

async function hasPricedVariation(trx: DB, productId: number): Promise<boolean> {
  return !!(await trx.selectFrom('product_variations').select('id').where('product_id', '=', productId).where('status', '=', 'publish').where('regular_price', 'is not', null).executeTakeFirst());
}

/** Tags and categories added and removed for one product; answers whether any link changed. */
async function changeLinks(trx: DB, id: number, addTags: number[], removeTags: number[], addCats: number[], removeCats: number[], uncategorized: number | null): Promise<boolean> {
  let any = false;
  if (addTags.length || removeTags.length) {
    const have = new Set((await trx.selectFrom('product_tags').select('tag_id').where('product_id', '=', id).execute()).map((r) => r.tag_id));
    const add = [...new Set(addTags)].filter((tag) => !have.has(tag) && !removeTags.includes(tag));
    const remove = removeTags.filter((tag) => have.has(tag));
    if (add.length) await trx.insertInto('product_tags').values(add.map((tag_id) => ({ product_id: id, tag_id }))).execute();
    if (remove.length) await trx.deleteFrom('product_tags').where('product_id', '=', id).where('tag_id', 'in', remove).execute();
    any ||= add.length + remove.length > 0;
  }
  if (addCats.length || removeCats.length) {
    const have = new Set((await trx.selectFrom('product_categories').select('category_id').where('product_id', '=', id).execute()).map((r) => r.category_id));
    const add = [...new Set(addCats)].filter((c) => !have.has(c) && !removeCats.includes(c));
    const remove = removeCats.filter((c) => have.has(c));
    if (add.length) await trx.insertInto('product_categories').values(add.map((category_id) => ({ product_id: id, category_id }))).execute();
    if (remove.length) await trx.deleteFrom('product_categories').where('product_id', '=', id).where('category_id', 'in', remove).execute();
    // A product always has a category, as in the editor: the last one removed leaves "Uncategorized".
    if (uncategorized !== null && have.size - remove.length + add.length === 0) await trx.insertInto('product_categories').values({ product_id: id, category_id: uncategorized }).execute();
    any ||= add.length + remove.length > 0;
  }
  return any;
}

/** Ids of the tags named (matched without case or accents); an unknown name is refused at its field. */
async function tagIds(trx: DB, names: string[]): Promise<number[]> {
  if (!names.length) return [];
  const keys = names.map((n) => nameKey(n));
  const rows = await trx.selectFrom('tags').select(['id', 'name_key']).where('name_key', 'in', keys).execute();
  const missing = names.filter((n) => !rows.some((r) => r.name_key === nameKey(n)));
  if (missing.length) throw new HttpError(400, 'invalid', t('quickEdit.checkFields'), { tags_remove: t('bulkEdit.error.noTag', { name: missing[0]! }) });
  return rows.map((r) => r.id);
}

/** The chosen shipping class, tax class and categories exist. */
async function checkChoices(trx: DB, cmd: BulkEditCommand): Promise<void> {
  const fields: Record<string, string> = {};
  if (cmd.shipping_class) {
    const found = await trx.selectFrom('shipping_classes').select('slug').where('slug', '=', cmd.shipping_class).executeTakeFirst();
    if (!found) fields.shipping_class = t('products.shippingClass.unknownError');
  }
  if (cmd.tax_class !== null && !(await taxClasses(trx)).includes(cmd.tax_class)) fields.tax_class = t('bulkEdit.error.taxClass');
  for (const [key, list] of [['categories_add', cmd.categories_add], ['categories_remove', cmd.categories_remove]] as const) {
    if (!list.length) continue;
    const known = await trx.selectFrom('categories').select('id').where('id', 'in', list).execute();
    if (known.length !== new Set(list).size) fields[key] = t('productList.error.noCategory');
  }
  const first = Object.entries(fields)[0];
  if (first) throw new HttpError(400, 'invalid', t('quickEdit.checkFields'), fields);
}

function dedupe(list: BulkEditResult['skipped']): BulkEditResult['skipped'] {
  const seen = new Set<string>();
  return list.filter((s) => (seen.has(`${s.id}:${s.reason}`) ? false : (seen.add(`${s.id}:${s.reason}`), true)));
}

/** "12 products updated: price raised by 10 %, stock set to 4, …" — the changes asked for, in the form's order. */
async function summary(trx: DB, cmd: BulkEditCommand, changed: number, format: PriceFormat): Promise<string> {
  const parts: string[] = [];
  const money = (n: number) => formatPrice(n, format);
  const change = (kind: 'price' | 'sale', c: PriceChange) =>
    t(`bulkEdit.done.${kind}.${c.mode}`, { amount: c.mode.endsWith('percent') ? bpText(c.amount) : c.mode === 'clear' ? '' : money(c.amount) });
  if (cmd.price) parts.push(change('price', cmd.price));
  if (cmd.sale) parts.push(change('sale', cmd.sale));
  if (cmd.stock_quantity !== null) parts.push(t('bulkEdit.done.stock', { quantity: cmd.stock_quantity }));
  const size = (['weight', 'length', 'width', 'height'] as const).filter((k) => cmd[k] !== null);
  if (size.length) parts.push(t('bulkEdit.done.size', { fields: size.map((k) => t(`bulkEdit.field.${k}`)).join(', ') }));
  if (cmd.shipping_class !== null) {
    const name = cmd.shipping_class ? ((await trx.selectFrom('shipping_classes').select('name').where('slug', '=', cmd.shipping_class).executeTakeFirst())?.name ?? cmd.shipping_class) : t('products.shippingClass.none');
    parts.push(t('bulkEdit.done.shippingClass', { name }));
  }
  if (cmd.tax_class !== null) parts.push(t('bulkEdit.done.taxClass', { name: cmd.tax_class || t('products.taxClass.standard') }));
  if (cmd.tags_add.length) parts.push(t('bulkEdit.done.tagsAdded', { names: cmd.tags_add.join(', ') }));
  if (cmd.tags_remove.length) parts.push(t('bulkEdit.done.tagsRemoved', { names: cmd.tags_remove.join(', ') }));
  for (const [key, list] of [['categoriesAdded', cmd.categories_add], ['categoriesRemoved', cmd.categories_remove]] as const) {
    if (!list.length) continue;
    const names = (await trx.selectFrom('categories').select('name').where('id', 'in', list).orderBy('name').execute()).map((c) => c.name);
    parts.push(t(`bulkEdit.done.${key}`, { names: names.join(', ') }));
  }
  if (cmd.status !== null) parts.push(t('bulkEdit.done.status', { status: t(`products.status.${cmd.status}`) }));
  return `${plural('bulkEdit.done.count', changed)}: ${parts.join('; ')}.`;
}

/** The chosen products as the bulk-edit page names them (the first `limit`), how many there are and how many are variable. */
export async function chosenForBulkEdit(db: DB, ids: number[], limit = 50) {
  const unique = [...new Set(ids)].slice(0, BULK_EDIT_MAX);
  if (!unique.length) return { products: [], total: 0, variable: 0, ids: [] as number[] };
  const rows = await db.selectFrom('products').select(['id', 'name', 'sku', 'type']).where('id', 'in', unique).where('status', '!=', 'trash').orderBy('name').orderBy('id').execute();
  return { products: rows.slice(0, limit), total: rows.length, variable: rows.filter((r) => r.type === 'variable').length, ids: rows.map((r) => r.id) };
}
