import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Services } from '../../lib/services.server.ts';
import { privateStoreFor } from '../../lib/media-store.server.ts';
import { touchStore } from '../../lib/store-version.server.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput, rowIdText } from '../../lib/validate.ts';
import { withTransaction } from '../orders/transaction.server.ts';
import { DOWNLOAD_FILE_BYTES } from './limits.ts';

/*
 * A product's downloadable files, from the product editor: uploaded into the private store
 * (app/lib/media-store.server.ts `privateStoreFor`: outside every public path, shared by the
 * nodes), each with a name and optionally one variation; and the product's download limit
 * and expiry in days (blank: none), which each access takes when it is granted.
 */


export interface ProductFile {
  id: number;
  name: string;
  fileName: string;
  size: number;
  variationId: number | null;
  /** An external link (WooCommerce import) instead of a stored file. */
  url: string | null;
}

export interface ProductDownloads {
  files: ProductFile[];
  limit: number | null;
  expiry: number | null;
  variations: { id: number; label: string }[];
}

/** The editor's panel: the product's files, its limit and expiry, its variations to choose from. */
export async function loadProductDownloads(db: DB, productId: number): Promise<ProductDownloads | null> {
  const product = await db.selectFrom('products').select(['download_limit', 'download_expiry']).where('id', '=', productId).executeTakeFirst();
  if (!product) return null;
  const [files, variations] = await Promise.all([
    db.selectFrom('product_downloads').select(['id', 'name', 'file_name', 'size', 'variation_id', 'file_key', 'url']).where('product_id', '=', productId).orderBy('id').execute(),
    db.selectFrom('product_variations').select(['id', 'attributes', 'sku']).where('product_id', '=', productId).orderBy('menu_order').orderBy('id').execute(),
  ]);
  return {
    files: files.map((f) => ({ id: f.id, name: f.name, fileName: f.file_name, size: f.size, variationId: f.variation_id, url: f.file_key ? null : f.url })),
    limit: product.download_limit !== null && product.download_limit > 0 ? product.download_limit : null,
    expiry: product.download_expiry !== null && product.download_expiry > 0 ? product.download_expiry : null,
    variations: variations.map((v) => {
      const values = Object.values(JSON.parse(v.attributes) as Record<string, string>).filter(Boolean);
      return { id: v.id, label: `#${v.id}${values.length ? ` ${values.join(', ')}` : ''}${v.sku ? ` (${v.sku})` : ''}` };
    }),
  };
}

const blankNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const settingsSchema = z.object({
  download_limit: z.preprocess(blankNull, z.coerce.number({ message: 'Enter a whole number' }).int('Enter a whole number').min(1, 'At least 1, or blank for no limit').max(100000).nullable()),
  download_expiry: z.preprocess(blankNull, z.coerce.number({ message: 'Enter a whole number' }).int('Enter a whole number').min(1, 'At least 1 day, or blank for never').max(36500).nullable()),
});

/** Saves the product's download limit and expiry (input `{download_limit, download_expiry}`, blank for none). */
export async function saveDownloadSettings(db: DB, productId: number, input: unknown): Promise<void> {
  const v = parseInput(settingsSchema, input);
  const res = await db.updateTable('products').set({ download_limit: v.download_limit, download_expiry: v.download_expiry }).where('id', '=', productId).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new HttpError(404, 'not_found', 'No such product.');
}

const addSchema = z.object({
  name: z.string().trim().min(1, 'Name the file').max(200, 'At most 200 characters'),
  variation: z.preprocess(blankNull, rowIdText.nullable()).default(null),
});

/** Stores an uploaded file in the private store and adds it to the product (ticking "Downloadable"). */
export async function addProductFile(services: Services, productId: number, input: { name: unknown; variation: unknown }, file: File | null): Promise<{ id: number }> {
  const v = parseInput(addSchema, input);
  if (!file || file.size === 0) throw new HttpError(400, 'invalid', 'file: Choose a file to upload.', { file: 'Choose a file' });
  if (file.size > DOWNLOAD_FILE_BYTES) throw new HttpError(413, 'too_large', `file: At most ${DOWNLOAD_FILE_BYTES / 1024 / 1024} MB.`, { file: 'Too large' });
  const { db } = services;
  const product = await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
  if (!product) throw new HttpError(404, 'not_found', 'No such product.');
  if (v.variation !== null) {
    const variation = await db.selectFrom('product_variations').select('id').where('id', '=', v.variation).where('product_id', '=', productId).executeTakeFirst();
    if (!variation) throw new HttpError(400, 'invalid', 'variation: Not a variation of this product.', { variation: 'Not a variation of this product' });
  }
  // Its name as shoppers will save it: no folders, no control characters.
  const fileName = [...(file.name || 'download')].map((c) => (c === '/' || c === '\\' || c.charCodeAt(0) < 32 ? '_' : c)).join('').slice(-200);
  const key = `downloads/${productId}/${randomBytes(16).toString('hex')}`;
  const store = privateStoreFor(services.config);
  await store.put(key, Buffer.from(await file.arrayBuffer()), 'application/octet-stream');
  try {
    return await withTransaction(db, async (trx) => {
      const row = await trx
        .insertInto('product_downloads')
        .values({ product_id: productId, variation_id: v.variation, name: v.name, url: '', file_key: key, file_name: fileName, content_type: file.type.slice(0, 100), size: file.size })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (v.variation !== null) await trx.updateTable('product_variations').set({ downloadable: 1 }).where('id', '=', v.variation).execute();
      else await trx.updateTable('products').set({ downloadable: 1, updated_at: nowIso() }).where('id', '=', productId).execute();
      await touchStore(trx);
      return row;
    });
  } catch (err) {
    await store.delete(key);
    throw err;
  }
}

/** Removes a file from the product (and from the private store); the accesses to it go with it. */
export async function removeProductFile(services: Services, productId: number, fileId: number): Promise<void> {
  const row = await services.db.selectFrom('product_downloads').select(['id', 'file_key']).where('id', '=', fileId).where('product_id', '=', productId).executeTakeFirst();
  if (!row) throw new HttpError(404, 'not_found', 'No such file on this product.');
  await services.db.deleteFrom('product_downloads').where('id', '=', row.id).execute();
  if (row.file_key) await privateStoreFor(services.config).delete(row.file_key);
}
