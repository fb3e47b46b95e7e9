import type { DB } from '../../../db/client.ts';
import { repeat } from '../../lib/repeat.server.ts';
import { cleanupChat } from './chat-store.server.ts';
import { CLEANUP_EVERY_MS, CLEANUP_THRESHOLD_S } from './chat.schema.ts';

/**
 * Spec §4 cleanup, at start and every few minutes: visitors offline for an hour and waiting
 * ones for two are removed (their open conversations closed, transcripts kept); operators
 * offline that long release their open conversations to the queue.
 */
export function scheduleChatCleanup(
  db: DB,
  /** The chat records with a socket open in any process (they are never removed). */
  connected: () => Promise<ReadonlySet<number>>,
  onError: (err: unknown) => void,
  everyMs = CLEANUP_EVERY_MS,
): () => Promise<void> {
  return repeat(async () => cleanupChat(db, new Date(), CLEANUP_THRESHOLD_S, await connected()), everyMs, onError, 'chat-cleanup');
}
