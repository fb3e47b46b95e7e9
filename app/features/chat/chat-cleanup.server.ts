import type { DB } from '../../../db/client.ts';
import { repeat } from '../../lib/repeat.server.ts';
import { cleanupChat } from './chat-store.server.ts';
import { CLEANUP_EVERY_MS, CLEANUP_THRESHOLD_S } from './chat.schema.ts';

/**
 * Operator records offline for the threshold are removed together with their conversations
 * (spec §4): the open ones they held end (closed, the transcript stays) and their visitors
 * are between conversations, offline, so no guest slot stays taken. The vendor and picture
 * stay with the staff account (chat_operator_profiles): the next sign-in makes a new record.
 */
export async function cleanupOperators(db: DB, now = new Date(), thresholdS = CLEANUP_THRESHOLD_S, connected: ReadonlySet<number> = new Set()): Promise<{ operators: number; closed: number }> {
  const before = new Date(now.getTime() - thresholdS * 1000).toISOString();
  const gone = (
    await db
      .selectFrom('chat_users')
      .select('id')
      .where('kind', '=', 'operator')
      .where('status', '=', 'offline')
      .where((eb) => eb(eb.fn.coalesce('last_online', 'created_at'), '<=', before))
      .limit(1000)
      .execute()
  )
    .map((r) => r.id)
    .filter((id) => !connected.has(id));
  if (!gone.length) return { operators: 0, closed: 0 };
  return db.transaction().execute(async (trx) => {
    const held = await trx.selectFrom('chat_conversations').select(['id', 'visitor_id']).where('status', '=', 'open').where('operator_id', 'in', gone).execute();
    if (held.length) {
      const ids = held.map((c) => c.id);
      await trx.updateTable('chat_conversations').set({ status: 'closed', closed_at: now.toISOString() }).where('id', 'in', ids).execute();
      const stamp = now.toISOString();
      await trx.updateTable('chat_users').set({ status: 'offline', last_online: stamp }).where('conversation_id', 'in', ids).where('status', '=', 'online').execute();
      await trx.updateTable('chat_users').set({ conversation_id: null, chat_with: 'free' }).where('conversation_id', 'in', ids).execute();
    }
    await trx.deleteFrom('chat_users').where('id', 'in', gone).execute();
    return { operators: gone.length, closed: held.length };
  });
}

/** One run of the cleanup (spec §4): stale visitors, then operators gone offline. */
export async function runChatCleanup(db: DB, now: Date, thresholdS: number, connected: ReadonlySet<number>) {
  const { visitors } = await cleanupChat(db, now, thresholdS, connected);
  return { visitors, ...(await cleanupOperators(db, now, thresholdS, connected)) };
}

/**
 * Spec §4 cleanup, at start and every few minutes: visitors offline for an hour and waiting
 * ones for two are removed (their open conversations closed, transcripts kept); operators
 * offline that long are removed with their conversations.
 */
export function scheduleChatCleanup(
  db: DB,
  /** The chat records with a socket open in any process (they are never removed). */
  connected: () => Promise<ReadonlySet<number>>,
  onError: (err: unknown) => void,
  everyMs = CLEANUP_EVERY_MS,
): () => Promise<void> {
  return repeat(async () => runChatCleanup(db, new Date(), CLEANUP_THRESHOLD_S, await connected()), everyMs, onError, 'chat-cleanup');
}
