import type { Readable } from 'node:stream';
import type { Services } from '../../lib/services.server.ts';
import { privateStoreFor } from '../../lib/media-store.server.ts';
import { nowIso } from '../../lib/time.ts';
import { withTransaction } from '../orders/transaction.server.ts';
import { blockedReason } from './access.server.ts';
import { checkDownloadLink } from './links.server.ts';

/*
 * One download through a signed link: the link's signature and expiry, then the access
 * (revoked, order not paid, expired, used up) and whose it is (an account's access only for
 * that account, signed in). A download that may go is counted and logged in one
 * transaction that re-checks the remaining count, so two clicks at once on the last download
 * serve one. Refusals never touch the file.
 */

export type Refusal = 'invalid' | 'link_expired' | 'revoked' | 'unpaid' | 'expired' | 'used_up' | 'not_yours' | 'sign_in' | 'missing';

export type DownloadAnswer =
  | { ok: true; kind: 'file'; body: Readable; length: number; fileName: string }
  | { ok: true; kind: 'url'; url: string }
  | { ok: false; status: 403 | 404; reason: Refusal };

const refuse = (reason: Refusal): DownloadAnswer => ({ ok: false, status: reason === 'invalid' || reason === 'missing' ? 404 : 403, reason });

export async function takeDownload(
  services: Services,
  link: { id: string | undefined; expires: string | null; sig: string | null },
  who: { userId: number | null; ip: string; userAgent: string },
): Promise<DownloadAnswer> {
  const check = checkDownloadLink(services.config.sessionSecret, link.id, link.expires, link.sig);
  if (!check.ok) return refuse(check.reason);
  const { db } = services;
  const row = await db
    .selectFrom('download_permissions as dp')
    .innerJoin('product_downloads as d', 'd.id', 'dp.download_id')
    .innerJoin('orders as o', 'o.id', 'dp.order_id')
    .select(['dp.id', 'dp.user_id', 'dp.revoked_at', 'dp.access_expires', 'dp.downloads_remaining', 'dp.granted_by', 'o.status', 'd.file_key', 'd.url', 'd.file_name', 'd.name'])
    .where('dp.id', '=', check.id)
    .executeTakeFirst();
  if (!row) return refuse('missing');
  // An account's access is for that account only: a forwarded link asks its holder to sign in as the buyer.
  if (row.user_id !== null && who.userId === null) return refuse('sign_in');
  if (row.user_id !== null && row.user_id !== who.userId) return refuse('not_yours');
  const blocked = blockedReason(row);
  if (blocked) return refuse(blocked);
  const external = !row.file_key && /^https?:\/\//i.test(row.url) ? row.url : null;
  const object = row.file_key ? await privateStoreFor(services.config).get(row.file_key) : null;
  if (!object && !external) return refuse('missing');
  const taken = await withTransaction(db, async (trx) => {
    const res = await trx
      .updateTable('download_permissions')
      .set((eb) => ({
        download_count: eb('download_count', '+', 1),
        downloads_remaining: eb.case().when('downloads_remaining', 'is', null).then(null).else(eb('downloads_remaining', '-', 1)).end(),
      }))
      .where('id', '=', row.id)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('downloads_remaining', 'is', null), eb('downloads_remaining', '>', 0)]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await trx.insertInto('download_log').values({ permission_id: row.id, user_id: who.userId, ip: who.ip.slice(0, 100), user_agent: who.userAgent.slice(0, 500), created_at: nowIso() }).execute();
    return true;
  });
  if (!taken) {
    object?.body.destroy();
    return refuse('used_up');
  }
  if (object) return { ok: true, kind: 'file', body: object.body, length: object.length, fileName: row.file_name || row.name };
  return { ok: true, kind: 'url', url: external! };
}
