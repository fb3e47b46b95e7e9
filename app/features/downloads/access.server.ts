import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { HttpError } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';

/*
 * Who may download what (`download_permissions`, migration 041). An order that becomes paid
 * (processing or completed) is given one access per file of each downloadable product it
 * bought (the product's own files, and its variation's); refunded, cancelled or failed, its
 * accesses are revoked (and given back should it be paid again, unless staff revoked one by
 * hand). Staff grant and revoke on the order page. These run inside the caller's transaction.
 */

/** Order statuses whose accesses work: paid. */
export const PAID_STATUSES = ['processing', 'completed'] as const;
/** Statuses that take the accesses away. */
export const REVOKING_STATUSES = ['refunded', 'cancelled', 'failed'] as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A product's limit as an access's remaining downloads (null: no limit; WooCommerce's -1 or blank), for `quantity` bought. */
export const remainingFor = (limit: number | null, quantity: number) => (limit !== null && limit > 0 ? limit * Math.max(1, quantity) : null);
/** A product's expiry in days as an access's end (null: never). */
export const expiresFor = (days: number | null, from: number) => (days !== null && days > 0 ? new Date(from + days * DAY_MS).toISOString() : null);

interface Grantable {
  downloadId: number;
  productId: number;
  limit: number | null;
  expiry: number | null;
  quantity: number;
}

/** The files an order's lines give: downloadable products' own files and their variations'. */
async function grantableFiles(trx: DB, orderId: number): Promise<Grantable[]> {
  // A line refunded in full gives nothing any more; the rest of a line counts what is left of it.
  const items = (await trx.selectFrom('order_items').select(['product_id', 'variation_id', 'quantity', 'refunded_quantity']).where('order_id', '=', orderId).execute())
    .map((i) => ({ ...i, quantity: i.quantity - i.refunded_quantity }))
    .filter((i) => i.quantity > 0);
  const productIds = [...new Set(items.map((i) => i.product_id).filter((n): n is number => n !== null))];
  if (!productIds.length) return [];
  // Most orders hold no product with a file: their files, read first, say so in one statement.
  const files = await trx.selectFrom('product_downloads').select(['id', 'product_id', 'variation_id']).where('product_id', 'in', productIds).orderBy('id').execute();
  if (!files.length) return [];
  const withFiles = [...new Set(files.map((f) => f.product_id))];
  const [products, variations] = await Promise.all([
    trx.selectFrom('products').select(['id', 'downloadable', 'download_limit', 'download_expiry']).where('id', 'in', withFiles).execute(),
    trx.selectFrom('product_variations').select(['id', 'downloadable']).where('product_id', 'in', withFiles).execute(),
  ]);
  const product = new Map(products.map((p) => [p.id, p]));
  const variationDownloadable = new Map(variations.map((v) => [v.id, v.downloadable === 1]));
  const out = new Map<number, Grantable>();
  for (const item of items) {
    const p = item.product_id === null ? undefined : product.get(item.product_id);
    if (!p) continue;
    const downloadable = item.variation_id !== null ? variationDownloadable.get(item.variation_id) === true || p.downloadable === 1 : p.downloadable === 1;
    if (!downloadable) continue;
    for (const f of files) {
      if (f.product_id !== p.id || (f.variation_id !== null && f.variation_id !== item.variation_id)) continue;
      const seen = out.get(f.id);
      if (seen) seen.quantity += item.quantity;
      else out.set(f.id, { downloadId: f.id, productId: p.id, limit: p.download_limit, expiry: p.download_expiry, quantity: item.quantity });
    }
  }
  return [...out.values()];
}

/** When an order becomes paid: its files' accesses (new ones; those the order's refund or cancellation took, back). Returns how many were added. */
export async function grantOrderDownloadsInTrx(trx: DB, orderId: number): Promise<number> {
  const grantable = await grantableFiles(trx, orderId);
  if (!grantable.length) return 0;
  const order = await trx.selectFrom('orders').select(['id', 'user_id', 'billing_email']).where('id', '=', orderId).executeTakeFirst();
  if (!order) return 0;
  await trx
    .updateTable('download_permissions')
    .set({ revoked_at: null, revoked_by: null })
    .where('order_id', '=', orderId)
    .where('revoked_by', '=', 'order')
    .where('download_id', 'in', grantable.map((g) => g.downloadId))
    .execute();
  const have = new Set((await trx.selectFrom('download_permissions').select('download_id').where('order_id', '=', orderId).execute()).map((r) => r.download_id));
  const now = Date.now();
  const fresh = grantable.filter((g) => !have.has(g.downloadId));
  if (!fresh.length) return 0;
  await trx
    .insertInto('download_permissions')
    .values(
      fresh.map((g) => ({
        download_id: g.downloadId,
        order_id: orderId,
        product_id: g.productId,
        user_id: order.user_id,
        email: order.billing_email.toLowerCase(),
        downloads_remaining: remainingFor(g.limit, g.quantity),
        access_expires: expiresFor(g.expiry, now),
        granted_by: 'order' as const,
        created_at: new Date(now).toISOString(),
      })),
    )
    .execute();
  return fresh.length;
}

/** When an order is refunded, cancelled or fails: every access it gave stops working. */
export async function revokeOrderDownloadsInTrx(trx: DB, orderId: number): Promise<void> {
  await trx.updateTable('download_permissions').set({ revoked_at: nowIso(), revoked_by: 'order' }).where('order_id', '=', orderId).where('revoked_at', 'is', null).execute();
}

/** After a refund by lines: the accesses the order gave for lines now refunded in full stop working (staff grants stay). */
export async function revokeRefundedInTrx(trx: DB, orderId: number): Promise<void> {
  const still = (await grantableFiles(trx, orderId)).map((g) => g.downloadId);
  let q = trx.updateTable('download_permissions').set({ revoked_at: nowIso(), revoked_by: 'order' }).where('order_id', '=', orderId).where('revoked_at', 'is', null).where('granted_by', '=', 'order');
  if (still.length) q = q.where('download_id', 'not in', still);
  await q.execute();
}

/** An access row with what the pages show. */
export interface DownloadAccess {
  id: number;
  downloadId: number;
  orderId: number;
  productId: number;
  productName: string;
  fileName: string;
  downloadsRemaining: number | null;
  accessExpires: string | null;
  downloadCount: number;
  revokedAt: string | null;
  grantedBy: 'order' | 'staff';
  /** Why it cannot be used now, if it cannot. */
  blocked: 'revoked' | 'expired' | 'used_up' | 'unpaid' | null;
}

function accessQuery(db: DB) {
  return db
    .selectFrom('download_permissions as dp')
    .innerJoin('product_downloads as d', 'd.id', 'dp.download_id')
    .innerJoin('products as p', 'p.id', 'dp.product_id')
    .innerJoin('orders as o', 'o.id', 'dp.order_id')
    .select([
      'dp.id',
      'dp.download_id',
      'dp.order_id',
      'dp.product_id',
      'p.name as product_name',
      'd.name as file_name',
      'dp.downloads_remaining',
      'dp.access_expires',
      'dp.download_count',
      'dp.revoked_at',
      'dp.granted_by',
      'o.status',
    ]);
}

type AccessRow = Awaited<ReturnType<ReturnType<typeof accessQuery>['execute']>>[number];

/** Why an access cannot be used at `now`, or null. Staff-granted accesses work whatever the order's status. */
export function blockedReason(r: { revoked_at: string | null; access_expires: string | null; downloads_remaining: number | null; granted_by: string; status: string }, now = Date.now()): DownloadAccess['blocked'] {
  if (r.revoked_at) return 'revoked';
  if (r.granted_by !== 'staff' && !(PAID_STATUSES as readonly string[]).includes(r.status)) return 'unpaid';
  if (r.access_expires && Date.parse(r.access_expires) < now) return 'expired';
  if (r.downloads_remaining !== null && r.downloads_remaining <= 0) return 'used_up';
  return null;
}

const toAccess = (r: AccessRow): DownloadAccess => ({
  id: r.id,
  downloadId: r.download_id,
  orderId: r.order_id,
  productId: r.product_id,
  productName: r.product_name,
  fileName: r.file_name,
  downloadsRemaining: r.downloads_remaining,
  accessExpires: r.access_expires,
  downloadCount: r.download_count,
  revokedAt: r.revoked_at,
  grantedBy: r.granted_by,
  blocked: blockedReason(r),
});

/** My account → Downloads: the shopper's accesses that are not revoked, newest order first. */
export async function listUserDownloads(db: DB, userId: number): Promise<DownloadAccess[]> {
  const rows = await accessQuery(db).where('dp.user_id', '=', userId).where('dp.revoked_at', 'is', null).orderBy('dp.order_id', 'desc').orderBy('dp.id').execute();
  return rows.map(toAccess).filter((a) => a.blocked !== 'unpaid');
}

/** The accesses an order gave, oldest first (its e-mails' links). */
export async function orderAccesses(db: DB, orderId: number): Promise<DownloadAccess[]> {
  return (await accessQuery(db).where('dp.order_id', '=', orderId).orderBy('dp.id').execute()).map(toAccess);
}

/** The order page: every access of the order (revoked ones too), and the files it could still be given. */
export async function listOrderDownloads(db: DB, orderId: number): Promise<{ accesses: DownloadAccess[]; grantable: { id: number; name: string; productName: string }[] }> {
  const accesses = await orderAccesses(db, orderId);
  const productIds = (await db.selectFrom('order_items').select('product_id').where('order_id', '=', orderId).execute()).map((r) => r.product_id).filter((n): n is number => n !== null);
  const files = productIds.length
    ? await db
        .selectFrom('product_downloads as d')
        .innerJoin('products as p', 'p.id', 'd.product_id')
        .select(['d.id', 'd.name', 'p.name as product_name'])
        .where('d.product_id', 'in', productIds)
        .orderBy('d.id')
        .execute()
    : [];
  const granted = new Set((await db.selectFrom('download_permissions').select('download_id').where('order_id', '=', orderId).execute()).map((r) => r.download_id));
  return { accesses, grantable: files.filter((f) => !granted.has(f.id)).map((f) => ({ id: f.id, name: f.name, productName: f.product_name })) };
}

/** Staff: gives the order access to one of its products' files (or gives a revoked access back), with the product's limit and expiry from now. */
export async function grantByStaffInTrx(trx: DB, orderId: number, downloadId: number): Promise<void> {
  const order = await trx.selectFrom('orders').select(['id', 'user_id', 'billing_email']).where('id', '=', orderId).executeTakeFirst();
  if (!order) throw new HttpError(404, 'not_found', 'Order not found.');
  const file = await trx
    .selectFrom('product_downloads as d')
    .innerJoin('products as p', 'p.id', 'd.product_id')
    .select(['d.id', 'd.product_id', 'p.download_limit', 'p.download_expiry'])
    .where('d.id', '=', downloadId)
    .executeTakeFirst();
  const bought = file
    ? await trx.selectFrom('order_items').select(sql<number>`coalesce(sum(quantity), 0)`.as('q')).where('order_id', '=', orderId).where('product_id', '=', file.product_id).executeTakeFirst()
    : undefined;
  if (!file || !bought || Number(bought.q) === 0) throw new HttpError(400, 'invalid', 'That file is not one of this order’s products.', { download: 'Not one of this order’s products' });
  const now = Date.now();
  const values = {
    downloads_remaining: remainingFor(file.download_limit, Number(bought.q)),
    access_expires: expiresFor(file.download_expiry, now),
    revoked_at: null,
    revoked_by: null,
    granted_by: 'staff' as const,
  };
  const q = trx.selectFrom('download_permissions').select('id').where('order_id', '=', orderId).where('download_id', '=', downloadId);
  const existing = await (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirst();
  if (existing) await trx.updateTable('download_permissions').set(values).where('id', '=', existing.id).execute();
  else {
    await trx
      .insertInto('download_permissions')
      .values({ ...values, download_id: downloadId, order_id: orderId, product_id: file.product_id, user_id: order.user_id, email: order.billing_email.toLowerCase(), created_at: new Date(now).toISOString() })
      .execute();
  }
}

/** Staff: revokes one access of the order (404 when it is another order's). */
export async function revokeByStaff(db: DB, orderId: number, accessId: number): Promise<void> {
  const res = await db.updateTable('download_permissions').set({ revoked_at: nowIso(), revoked_by: 'staff' }).where('id', '=', accessId).where('order_id', '=', orderId).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new HttpError(404, 'not_found', 'No such download access on this order.');
}
