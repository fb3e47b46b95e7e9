/* The product list's actions: bulk actions over the chosen products and duplicate (quick edit: quick-edit.server.ts). */
import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { inTransaction, recomputeProducts, recountCategories, createProduct, slugify } from '../catalog/catalog-write.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { t } from '../../i18n/t-admin.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput, rowId } from '../../lib/validate.ts';
import { logStockSince, stockSnapshot, type StockActor } from '../stock/stock-log.server.ts';
import { putOnSale } from './bulk-sale.server.ts';

export const BULK_ACTIONS = ['publish', 'draft', 'trash', 'restore', 'sale', 'end_sale', 'stock', 'category'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

const bulkIds = z.array(rowId).min(1, { error: () => t('productList.error.selectOne') }).max(5000);
const bulkSchema = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['publish', 'draft', 'trash', 'restore', 'end_sale']), ids: bulkIds }),
  z.object({
    action: z.literal('sale'),
    ids: bulkIds,
    percent: z.coerce.number({ error: () => t('productList.error.percent') }).int({ error: () => t('productList.error.wholePercent') }).min(1, { error: () => t('productList.error.percentRange') }).max(99, { error: () => t('productList.error.percentRange') }),
  }),
  z.object({
    action: z.literal('category'),
    ids: bulkIds,
    category: z.coerce.number({ error: () => t('productList.error.chooseCategory') }).int().pipe(rowId),
  }),
  z.object({ action: z.literal('stock'), ids: bulkIds, stock_status: z.enum(['instock', 'outofstock', 'onbackorder'], { error: () => t('productList.error.chooseStock') }) }),
]);

export interface BulkResult {
  action: BulkAction;
  changed: number;
  /** Products left as they were, each with why (e.g. a variable product without a priced variation cannot be published). */
  skipped: { id: number; name: string; reason: string }[];
  /** The sale action: sales left as they were because they were deeper than the new one (products' and variations'). */
  kept: number;
}

/** A bulk action over the chosen products, in one transaction (all of it or none); a stock status change is logged as `actor`'s. */
export async function bulkProducts(db: DB, input: unknown, actor: StockActor): Promise<BulkResult> {
  const cmd = parseInput(bulkSchema, input);
  const ids = [...new Set(cmd.ids)];
  return inTransaction(db, async (trx) => {
    // Only the stock action changes stock: the others skip the stock log's two reads.
    const stockBefore = cmd.action === 'stock' ? await stockSnapshot(trx, ids) : null;
    const found = await trx.selectFrom('products').select(['id', 'name', 'type', 'status', 'manage_stock', 'regular_price']).where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw new HttpError(404, 'not_found', t('productList.error.gone'));
    const skipped: BulkResult['skipped'] = [];
    let kept = 0;
    let targets = found.map((r) => r.id);
    const now = nowIso();
    const touch = (list: number[]) => (list.length ? trx.updateTable('products').set({ updated_at: now }).where('id', 'in', list).execute() : undefined);
    switch (cmd.action) {
      case 'publish': {
        const variable = found.filter((r) => r.type === 'variable').map((r) => r.id);
        const priced = variable.length
          ? new Set((await trx.selectFrom('product_variations').select('product_id').distinct().where('product_id', 'in', variable).where('status', '=', 'publish').where('regular_price', 'is not', null).execute()).map((r) => r.product_id))
          : new Set<number>();
        for (const r of found) {
          if (r.type === 'variable' && !priced.has(r.id)) skipped.push({ id: r.id, name: r.name, reason: t('productList.skip.unpriced') });
        }
        targets = targets.filter((id) => !skipped.some((s) => s.id === id));
        if (targets.length) await trx.updateTable('products').set({ status: 'publish', updated_at: now }).where('id', 'in', targets).execute();
        break;
      }
      case 'draft':
      case 'trash':
        await trx.updateTable('products').set({ status: cmd.action, updated_at: now }).where('id', 'in', targets).execute();
        break;
      case 'restore':
        targets = found.filter((r) => r.status === 'trash').map((r) => r.id);
        if (targets.length) await trx.updateTable('products').set({ status: 'draft', updated_at: now }).where('id', 'in', targets).execute();
        break;
      case 'sale': {
        // Deeper sales already set are kept (see bulk-sale.server.ts); only products whose price changed are touched.
        const sale = await putOnSale(trx, found, cmd.percent, now);
        skipped.push(...sale.skipped);
        targets = sale.set;
        kept = sale.kept;
        await touch(targets);
        break;
      }
      case 'end_sale':
        await trx.updateTable('products').set({ sale_price: null, sale_from: null, sale_to: null }).where('id', 'in', targets).execute();
        await trx.updateTable('product_variations').set({ sale_price: null, sale_from: null, sale_to: null, updated_at: now }).where('product_id', 'in', targets).execute();
        await touch(targets);
        break;
      case 'category': {
        const cat = await trx.selectFrom('categories').select('id').where('id', '=', cmd.category).executeTakeFirst();
        if (!cat) throw new HttpError(400, 'invalid', `category: ${t('productList.error.noCategory')}.`, { category: t('productList.error.noCategory') });
        const have = new Set((await trx.selectFrom('product_categories').select('product_id').where('category_id', '=', cmd.category).where('product_id', 'in', ids).execute()).map((r) => r.product_id));
        targets = ids.filter((id) => !have.has(id));
        if (targets.length) {
          await trx.insertInto('product_categories').values(targets.map((id) => ({ product_id: id, category_id: cmd.category }))).execute();
          await touch(targets);
        }
        break;
      }
      case 'stock': {
        // Managed stock follows its quantity; variable products follow their variations.
        for (const r of found) {
          if (r.manage_stock) skipped.push({ id: r.id, name: r.name, reason: t('productList.skip.managed') });
        }
        targets = found.filter((r) => !r.manage_stock).map((r) => r.id);
        if (targets.length) {
          await trx.updateTable('products').set({ stock_status: cmd.stock_status, updated_at: now }).where('id', 'in', targets).execute();
          await trx.updateTable('product_variations').set({ stock_status: cmd.stock_status, updated_at: now }).where('product_id', 'in', targets).where('manage_stock', '=', 0).execute();
        }
        break;
      }
    }
    await recomputeProducts(trx, ids);
    const cats = await trx.selectFrom('product_categories').select('category_id').distinct().where('product_id', 'in', ids).execute();
    await recountCategories(trx, cats.map((c) => c.category_id));
    if (stockBefore) await logStockSince(trx, stockBefore, ids, { reason: 'manual', source: 'bulk', actor });
    return { action: cmd.action, changed: targets.length, kept, skipped };
  });
}

/** A copy of a product as a draft: new slug, no SKUs, same everything else; answers the copy's id. */
export async function duplicateProduct(db: DB, productId: number, actor: StockActor): Promise<{ id: number; slug: string }> {
  return inTransaction(db, async (trx) => {
    const p = await trx.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirst();
    if (!p) throw new HttpError(404, 'not_found', t('productList.error.noProduct'));
    const [images, cats, tags, attrs, vars, links] = await Promise.all([
      trx.selectFrom('product_images').select('media_id').where('product_id', '=', productId).orderBy('position').execute(),
      trx.selectFrom('product_categories').select('category_id').where('product_id', '=', productId).execute(),
      trx.selectFrom('product_tags').select('tag_id').where('product_id', '=', productId).execute(),
      trx.selectFrom('product_attributes').selectAll().where('product_id', '=', productId).orderBy('position').execute(),
      trx.selectFrom('product_variations').selectAll().where('product_id', '=', productId).orderBy('menu_order').orderBy('id').execute(),
      trx.selectFrom('product_links').selectAll().where('product_id', '=', productId).orderBy('position').execute(),
    ]);
    const imageIds = images.map((i) => i.media_id);
    if (p.image_id && !imageIds.includes(p.image_id)) imageIds.unshift(p.image_id);
    const links_ = (kind: string) => links.filter((l) => l.kind === kind).map((l) => l.linked_id);
    const copy = await createProduct(trx, {
      type: p.type,
      name: `${p.name} (copy)`,
      slug: slugify(`${p.slug}-copy`),
      status: 'draft',
      catalog_visibility: p.catalog_visibility,
      featured: p.featured,
      short_description: p.short_description,
      description: p.description,
      regular_price: p.regular_price,
      sale_price: p.sale_price,
      sale_from: p.sale_from,
      sale_to: p.sale_to,
      manage_stock: p.manage_stock,
      stock_quantity: p.stock_quantity,
      stock_status: p.stock_status,
      backorders: p.backorders,
      weight: p.weight,
      length: p.length,
      width: p.width,
      height: p.height,
      virtual: p.virtual,
      downloadable: p.downloadable,
      tax_status: p.tax_status,
      tax_class: p.tax_class,
      low_stock_amount: p.low_stock_amount,
      sold_individually: p.sold_individually,
      external_url: p.external_url,
      button_text: p.button_text,
      purchase_note: p.purchase_note,
      reviews_allowed: p.reviews_allowed,
      shipping_class: p.shipping_class,
      menu_order: p.menu_order,
      images: imageIds,
      categories: cats.map((c) => c.category_id),
      tags: tags.map((t) => t.tag_id),
      attributes: attrs.map((a) => ({
        name: a.name,
        slug: a.slug,
        options: JSON.parse(a.options) as string[],
        visible: a.visible,
        variation: a.variation,
        is_global: a.is_global,
        display: a.display,
        swatches: JSON.parse(a.swatches) as Record<string, string | number>,
      })),
      variations: vars.map((v) => ({
        attributes: JSON.parse(v.attributes) as Record<string, string>,
        status: v.status,
        description: v.description,
        regular_price: v.regular_price,
        sale_price: v.sale_price,
        sale_from: v.sale_from,
        sale_to: v.sale_to,
        manage_stock: v.manage_stock,
        stock_quantity: v.stock_quantity,
        stock_status: v.stock_status,
        backorders: v.backorders,
        weight: v.weight,
        length: v.length,
        width: v.width,
        height: v.height,
        virtual: v.virtual,
        downloadable: v.downloadable,
        image: v.image_id,
        min_qty: v.min_qty,
        max_qty: v.max_qty,
        tax_class: v.tax_class,
        shipping_class: v.shipping_class,
        menu_order: v.menu_order,
      })),
      links: { upsell: links_('upsell'), crosssell: links_('crosssell'), ...(p.type === 'grouped' ? { grouped: links_('grouped') } : {}) },
    });
    // The copy's stock starts in the log as a manual change.
    await logStockSince(trx, new Map(), [copy.id], { reason: 'manual', source: 'duplicate', actor });
    return copy;
  });
}
