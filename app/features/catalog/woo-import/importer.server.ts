import type { DB } from '../../../../db/client.ts';
import { HttpError } from '../../../lib/http-error.ts';
import type { FetchPolicy } from '../../../lib/safe-fetch.server.ts';
import { getSettings } from '../../settings/settings.server.ts';
import { inTransaction, recomputeProducts, recountCategories } from '../catalog-write.server.ts';
import { reindexProducts } from '../../../../db/search/search-index.ts';
import { ImageStore } from './images.server.ts';
import { writeLinks } from './links.server.ts';
import { planImport, type Skip } from './plan.ts';
import { readRows, type CsvSource, type Warning } from './read.ts';
import type { ProductRow, VariationRow } from './rows.ts';
import { TermCache } from './terms.server.ts';
import { parseMeta, presentIn, saveProduct } from './upsert.server.ts';
import { refText } from './values.ts';
import { SkuIndex } from './skus.server.ts';
import { saveVariation, variationColumns } from './variations.server.ts';
import { alertPolicy, SYSTEM_ACTOR, withStockLog, type StockActor, type StockLogContext } from '../../stock/stock-log.server.ts';
import type { MediaStore } from '../../../lib/media-store.server.ts';

/*
 * `vitrine import woocommerce` and /admin/import: reads the whole file, then writes each
 * row in its own transaction (a refused row leaves nothing behind and the others go on),
 * then links and listing columns. Re-importing updates products found by SKU or by the
 * WooCommerce ID kept in meta._woo_id, so nothing is duplicated.
 */

/**
 * Listing columns (prices, stock) are recomputed after this many written rows, so a long
 * import shows correct boxes as it goes. Category counts cost a scan of the category's
 * products each time, so they are recounted once, at the end.
 */
export const RECOMPUTE_EVERY = 500;

export interface ImportProgress {
  phase: 'reading' | 'importing' | 'linking' | 'done';
  done: number;
  total: number;
}

export interface ImportOptions {
  /** ISO code prices are read in; defaults to the store's currency. */
  currency?: string;
  /** Download pictures named in Images (default true). */
  downloadImages?: boolean;
  onProgress?: (p: ImportProgress) => void;
}

export interface ImportSummary {
  /** Data rows in the file (blank lines excluded). */
  rows: number;
  created: number;
  updated: number;
  /** Rows not imported, with the reason; every one of them counts as failed. */
  skipped: Skip[];
  failed: number;
  warnings: Warning[];
  seconds: number;
}

async function wooIds(db: DB, table: 'products' | 'product_variations'): Promise<Map<number, number>> {
  const rows = await db.selectFrom(table as 'products').select(['id', 'meta']).where('meta', 'like', '%"_woo_id"%').execute();
  return new Map(rows.flatMap((r) => {
    const w = parseMeta(r.meta)._woo_id;
    return typeof w === 'number' ? [[w, r.id] as [number, number]] : [];
  }));
}

export interface ImportServices {
  db: DB;
  /** Where downloaded pictures' variants go (app/lib/media-store.server.ts). */
  media: MediaStore;
  /** How pictures are fetched: the ports from FETCH_PORTS; tests also allow their local server. */
  fetch?: Partial<FetchPolicy>;
  /** Who runs the import, for the stock log: the staff member at /admin/import; the command line is the system. */
  actor?: StockActor;
}

export async function importWooCommerce(services: ImportServices, source: CsvSource, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const { db } = services;
  const progress = options.onProgress ?? (() => {});
  const settings = await getSettings(db);
  const currency = options.currency ?? settings.currency;
  // Stock each row sets is logged in that row's transaction (app/features/stock).
  const stockLog: StockLogContext = { reason: 'import', source: 'woocommerce', actor: services.actor ?? SYSTEM_ACTOR, policy: alertPolicy(settings) };
  const read = await readRows(source, currency, (n) => n % 500 === 0 && progress({ phase: 'reading', done: n, total: 0 }));
  const plan = planImport(read.rows, read.failedRefs);
  const skipped = [...read.skipped, ...plan.skipped];
  const warnings = [...read.warnings];
  const warn = (row: number, message: string) => warnings.push({ row, message });
  const present = presentIn(read.header);
  const varColumns = variationColumns(new Set(read.header.columns.flatMap((c) => (c.kind === 'field' ? [c.field] : []))));
  const [wooProducts, wooVariations] = [await wooIds(db, 'products'), await wooIds(db, 'product_variations')];
  const terms = new TermCache();
  const skus = new SkuIndex();
  await skus.load(db);
  const images = new ImageStore(services.media, options.downloadImages ?? true, services.fetch);
  await images.load(db);
  const written = new Map<ProductRow, { id: number; created: boolean }>();
  const dirty = { products: new Set<number>(), categories: new Set<number>() };
  const total = plan.products.length + [...plan.children.values()].flat().length + plan.orphans.length;
  let done = 0;
  let created = 0;
  let updated = 0;

  async function flush(): Promise<void> {
    const ids = [...dirty.products];
    for (let i = 0; i < ids.length; i += 500) await inTransaction(db, (trx) => recomputeProducts(trx, ids.slice(i, i + 500)));
    dirty.products.clear();
  }

  /** Runs one row's write in its own transaction; a refusal becomes a skip with the reason. */
  async function attempt<T>(row: number, write: (trx: DB) => Promise<T>): Promise<T | null> {
    try {
      const result = await db.transaction().execute(write);
      for (const cache of [terms, images, skus]) cache.commit();
      return result;
    } catch (err) {
      for (const cache of [terms, images, skus]) cache.rollback();
      skipped.push({ row, reason: err instanceof HttpError ? err.message : `Not saved: ${err instanceof Error ? err.message : String(err)}` });
      return null;
    } finally {
      if (++done % 25 === 0 || done === total) progress({ phase: 'importing', done, total });
      if (done % RECOMPUTE_EVERY === 0) await flush();
    }
  }

  async function pictures(row: ProductRow | VariationRow, urls: string[], alt: string) {
    const prepared = await images.prepare(urls);
    for (const f of prepared.failed) warn(row.row, `image ${f.url} not imported (${f.reason}); the product shows a placeholder`);
    // Unreachable addresses are kept so the shop owner (or a later import) can fetch them.
    const missing = prepared.failed.length ? prepared.failed.map((f) => f.url) : undefined;
    if (row.kind === 'product') row.product.meta._woo_image_urls = missing;
    else row.variation.meta._woo_image_urls = missing;
    return (trx: DB) => images.save(trx, prepared.ready, alt);
  }

  /**
   * What an earlier import wrote for this WooCommerce ID, unless that holds another SKU:
   * then the ID came from another shop's export, and overwriting would lose a product.
   */
  function byWooId(row: ProductRow | VariationRow, kind: 'product' | 'variation', map: Map<number, number>): number | null {
    const id = row.wooId ? map.get(row.wooId) : undefined;
    if (id === undefined) return null;
    const held = skus.skuOf({ kind, id });
    if (!row.sku || !held || held === row.sku) return id;
    warn(row.row, `ID ${row.wooId} was imported before with SKU "${held}", not "${row.sku}": imported as a new ${kind}`);
    return null;
  }

  async function writeVariation(v: VariationRow, productId: number, parentName: string): Promise<void> {
    const save = present.images ? await pictures(v, v.images.slice(0, 1), parentName) : null;
    const known = byWooId(v, 'variation', wooVariations);
    const result = await attempt(v.row, async (trx) => {
      const imageId = save ? ((await save(trx))[0] ?? null) : undefined;
      const saved = await withStockLog(trx, [productId], stockLog, () => saveVariation(trx, { productId, choice: v.choice, variation: v.variation, knownId: known, imageId, columns: varColumns, skus }), {
        scope: 'variations',
      });
      // The search index follows the row in its own transaction (the batch recompute redoes it with prices).
      await reindexProducts(trx, [productId]);
      return saved;
    });
    if (!result) return;
    if (result.created) created++;
    else updated++;
    if (v.wooId) wooVariations.set(v.wooId, result.id);
    dirty.products.add(productId);
  }

  for (const row of plan.products) {
    const bySku = skus.owner(row.sku);
    const existing = bySku?.kind === 'product' ? bySku.id : byWooId(row, 'product', wooProducts);
    const save = present.images ? await pictures(row, row.images, row.product.name) : null;
    const result = await attempt(row.row, async (trx) => {
      const mediaIds = save ? await save(trx) : [];
      const write = () => saveProduct(trx, row.product, existing, { present, terms, skus, images: mediaIds, downloads: row.downloads });
      const saved = await withStockLog(trx, existing === null ? [] : [existing], stockLog, write, { scope: 'products', created: (r) => [r.id] });
      await reindexProducts(trx, [saved.id]);
      return saved;
    });
    const kids = plan.children.get(row) ?? [];
    if (!result) {
      for (const k of kids) skipped.push({ row: k.row, reason: `Its parent (row ${row.row}) was not imported` });
      done += kids.length;
      continue;
    }
    if (existing === null) created++;
    else updated++;
    written.set(row, { id: result.id, created: existing === null });
    if (row.wooId) wooProducts.set(row.wooId, result.id);
    dirty.products.add(result.id);
    for (const c of result.categoryIds) dirty.categories.add(c);
    for (const kid of kids) await writeVariation(kid, result.id, row.product.name);
  }
  for (const v of plan.orphans) {
    const parent = await findParent(db, v, wooProducts);
    if (typeof parent === 'string') {
      skipped.push({ row: v.row, reason: parent });
      done++;
    } else await writeVariation(v, parent.id, parent.name);
  }
  progress({ phase: 'linking', done, total });
  await writeLinks({ db, plan, written, wooProducts, warn });
  await flush();
  await recountCategories(db, [...dirty.categories]);
  skipped.sort((a, b) => a.row - b.row);
  warnings.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
  progress({ phase: 'done', done: total, total });
  const seconds = (performance.now() - started) / 1000;
  return { rows: read.records, created, updated, skipped, failed: skipped.length, warnings, seconds };
}

async function findParent(db: DB, v: VariationRow, woo: Map<number, number>): Promise<{ id: number; name: string } | string> {
  const ref = v.parent!;
  const found = 'id' in ref ? woo.get(ref.id) : (await db.selectFrom('products').select('id').where('sku', '=', ref.sku).executeTakeFirst())?.id;
  if (found === undefined) return `Parent ${refText(ref)} was found neither in this file nor in the shop`;
  const p = await db.selectFrom('products').select(['id', 'name', 'type']).where('id', '=', found).executeTakeFirstOrThrow();
  return p.type === 'variable' ? p : `Parent ${refText(ref)} is a ${p.type} product in the shop, not a variable one`;
}
