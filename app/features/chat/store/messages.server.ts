import type { DB } from '../../../../db/client.ts';
import { isPostgres } from '../../../../db/dialect.ts';
import { nowIso } from '../../../lib/time.ts';
import { t } from '../../../i18n/t-chat.ts';
import { SINCE_PAGE } from '../chat.schema.ts';
import { ChatError, notFound, type ChatUserRow, type MessageRow } from './rows.server.ts';

/* A conversation's numbered messages: storing one once, reading them in order, read receipts. */

/**
 * Stores a message and gives it the conversation's next sequence number, in one transaction
 * that holds the conversation row (PostgreSQL: FOR UPDATE; SQLite: one writer). A message
 * whose (sender, client id) is already stored is not stored again: the first one is answered,
 * so a resend after a lost acknowledgement gets the same number.
 */
export async function appendMessage(
  db: DB,
  m: { conversationId: number; sender: ChatUserRow | null; senderType: MessageRow['sender_type']; clientId: string | null; text: string },
): Promise<{ message: MessageRow; duplicate: boolean }> {
  const senderKey = m.sender ? `${m.sender.kind === 'visitor' ? 'v' : 'o'}:${m.sender.id}` : 'system';
  return db.transaction().execute(async (trx) => {
    const q = trx.selectFrom('chat_conversations').select(['id', 'status', 'last_seq', 'vendor_id']).where('id', '=', m.conversationId);
    const conv = await (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirst();
    if (!conv) throw notFound();
    const existing = () =>
      trx
        .selectFrom('chat_messages')
        .selectAll()
        .where('conversation_id', '=', conv.id)
        .where('sender_key', '=', senderKey)
        .where('client_id', '=', m.clientId!)
        .executeTakeFirst();
    if (conv.status !== 'open') {
      // A resend of a message stored before the end still gets its number.
      const known = m.clientId !== null ? await existing() : undefined;
      if (known) return { message: known, duplicate: true };
      throw new ChatError('closed', t('chat.closed'), 409);
    }
    const seq = conv.last_seq + 1;
    const message = await trx
      .insertInto('chat_messages')
      .values({
        conversation_id: conv.id,
        seq,
        sender_id: m.sender?.id ?? null,
        sender_type: m.senderType,
        sender_key: senderKey,
        client_id: m.clientId,
        user_name: m.sender ? m.sender.name || m.sender.email : '',
        gravatar: m.sender?.gravatar ?? '',
        avatar_type: m.sender?.avatar_type ?? 'other',
        avatar_image: m.sender?.avatar_image ?? '',
        body: m.text,
        vendor_id: conv.vendor_id,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.columns(['conversation_id', 'sender_key', 'client_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!message) {
      // Already stored (a resend): the number it got then; nothing else changes.
      const known = await existing();
      if (!known) throw new Error('chat message conflict without a stored message');
      return { message: known, duplicate: true };
    }
    await trx.updateTable('chat_conversations').set({ last_seq: seq }).where('id', '=', conv.id).execute();
    return { message, duplicate: false };
  });
}

/** Messages after `after`, in order, at most SINCE_PAGE (ask again from the last one for more). */
export function messagesSince(db: DB, conversationId: number, after: number, limit = SINCE_PAGE): Promise<MessageRow[]> {
  return db.selectFrom('chat_messages').selectAll().where('conversation_id', '=', conversationId).where('seq', '>', after).orderBy('seq').limit(limit).execute();
}

/** Marks the other side's messages up to `upTo` as read; answers whether any changed. */
export async function markRead(db: DB, reader: ChatUserRow, conversationId: number, upTo: number): Promise<boolean> {
  const r = await db
    .updateTable('chat_messages')
    .set({ read: 1 })
    .where('conversation_id', '=', conversationId)
    .where('seq', '<=', upTo)
    .where('read', '=', 0)
    .where('sender_type', '<>', reader.kind)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
