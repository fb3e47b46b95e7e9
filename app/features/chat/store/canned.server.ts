import { z } from 'zod';
import type { DB } from '../../../../db/client.ts';
import { nowIso } from '../../../lib/time.ts';
import { MESSAGE_MAX } from '../chat.schema.ts';

/* The canned replies managers keep and operators insert in the console. */

export const cannedReplies = (db: DB, vendorId: number) =>
  db.selectFrom('chat_canned_replies').selectAll().where('vendor_id', 'in', [0, vendorId]).orderBy('title').execute();

export async function addCannedReply(db: DB, r: { vendorId: number; title: string; body: string }) {
  const now = nowIso();
  return db
    .insertInto('chat_canned_replies')
    .values({ vendor_id: r.vendorId, title: r.title, body: r.body, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const cannedReplySchema = z.object({
  title: z.string({ message: 'Enter a title' }).trim().min(1, 'Enter a title').max(100, 'At most 100 characters'),
  body: z.string({ message: 'Enter the reply' }).trim().min(1, 'Enter the reply').max(MESSAGE_MAX, `At most ${MESSAGE_MAX} characters`),
});

/** Removes one of a vendor's canned replies; false when there is no such reply of that vendor. */
export async function deleteCannedReply(db: DB, vendorId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('chat_canned_replies').where('id', '=', id).where('vendor_id', '=', vendorId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
