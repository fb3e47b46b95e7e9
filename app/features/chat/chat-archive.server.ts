import { z } from 'zod';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import type { Role } from '../../lib/roles.ts';
import { contains } from '../../lib/list-query.ts';
import { getChatSettings } from './chat-settings.server.ts';

/*
 * The back office's chat archive: closed conversations (transcripts) and the offline
 * messages inbox. What a staff member sees follows the console's vendor rule (spec §6):
 * administrators and shop managers see every vendor's; an operator sees the vendors they
 * serve — their own, and the shop's operators (vendor 0) every vendor unless the chat is for
 * vendors' own operators only.
 */

/** null: every vendor; else the one vendor id. */
export type VendorScope = number | null;

export async function archiveScope(db: DB, user: { id: number; role: Role }): Promise<VendorScope> {
  if (user.role === 'admin' || user.role === 'shop_manager') return null;
  const me = await db.selectFrom('chat_users').select('vendor_id').where('operator_user', '=', user.id).executeTakeFirst();
  const vendor = me?.vendor_id ?? 0;
  if (vendor === 0 && !(await getChatSettings(db)).vendorOnlyChat) return null;
  return vendor;
}

function scoped<T extends SelectQueryBuilder<Database, 'chat_conversations' | 'chat_offline_messages', object>>(q: T, table: string, scope: VendorScope): T {
  return (scope === null ? q : q.where(`${table}.vendor_id` as never, '=', scope as never)) as T;
}

export const TRANSCRIPTS_PER_PAGE = 50;
export const transcriptFilterSchema = z.object({
  q: z.string().trim().max(200).catch(''),
  evaluation: z.enum(['', 'good', 'bad', 'none']).catch(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type TranscriptFilter = z.infer<typeof transcriptFilterSchema>;

export interface TranscriptSummary {
  id: number;
  visitorName: string;
  visitorEmail: string;
  operatorName: string;
  evaluation: '' | 'good' | 'bad';
  messages: number;
  createdAt: string;
  closedAt: string | null;
}

/** Closed conversations, newest first, by visitor name or e-mail and by evaluation. */
export async function listTranscripts(db: DB, scope: VendorScope, filter: TranscriptFilter): Promise<{ rows: TranscriptSummary[]; total: number }> {
  let q = db.selectFrom('chat_conversations').where('status', '=', 'closed');
  q = scoped(q, 'chat_conversations', scope);
  if (filter.q) {
    const text = filter.q;
    // % and _ typed in the search are matched as themselves.
    q = q.where((eb) => eb.or([contains(sql`visitor_name`, text), contains(sql`visitor_email`, text)]));
  }
  if (filter.evaluation === 'good' || filter.evaluation === 'bad') q = q.where('evaluation', '=', filter.evaluation);
  else if (filter.evaluation === 'none') q = q.where('evaluation', '=', '');
  const [{ n }] = await q.select((eb) => eb.fn.countAll<number>().as('n')).execute();
  const rows = await q
    .select(['id', 'visitor_name', 'visitor_email', 'operator_name', 'evaluation', 'last_seq', 'created_at', 'closed_at'])
    .orderBy('id', 'desc')
    .limit(TRANSCRIPTS_PER_PAGE)
    .offset((filter.page - 1) * TRANSCRIPTS_PER_PAGE)
    .execute();
  return {
    total: Number(n),
    rows: rows.map((r) => ({
      id: r.id,
      visitorName: r.visitor_name,
      visitorEmail: r.visitor_email,
      operatorName: r.operator_name,
      evaluation: r.evaluation,
      messages: r.last_seq,
      createdAt: r.created_at,
      closedAt: r.closed_at,
    })),
  };
}

/** One closed conversation with its messages, or undefined (not closed, not in scope, no such id). */
export async function getTranscript(db: DB, scope: VendorScope, id: number) {
  let q = db.selectFrom('chat_conversations').selectAll().where('id', '=', id).where('status', '=', 'closed');
  q = scoped(q, 'chat_conversations', scope);
  const c = await q.executeTakeFirst();
  if (!c) return undefined;
  const messages = await db
    .selectFrom('chat_messages')
    .select(['seq', 'sender_type', 'user_name', 'body', 'created_at'])
    .where('conversation_id', '=', c.id)
    .orderBy('seq')
    .execute();
  const durationS = c.closed_at ? Math.max(0, Math.round((Date.parse(c.closed_at) - Date.parse(c.created_at)) / 1000)) : null;
  return {
    id: c.id,
    visitorName: c.visitor_name,
    visitorEmail: c.visitor_email,
    operatorName: c.operator_name,
    evaluation: c.evaluation,
    createdAt: c.created_at,
    closedAt: c.closed_at,
    durationS,
    messages: messages.map((m) => ({ seq: m.seq, senderType: m.sender_type, name: m.user_name, text: m.body, at: m.created_at })),
  };
}

/** Offline messages (the widget's contact form), newest first. */
export async function listOfflineMessages(db: DB, scope: VendorScope, limit = 200) {
  let q = db.selectFrom('chat_offline_messages').select(['id', 'name', 'email', 'message', 'current_page', 'mail_sent', 'created_at']);
  q = scoped(q, 'chat_offline_messages', scope);
  const rows = await q.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, message: r.message, currentPage: r.current_page, mailed: r.mail_sent === 1, createdAt: r.created_at }));
}

/**
 * Deletes a closed conversation and everything of it (messages, rating), in one transaction:
 * the GDPR erasure of a transcript. False when it is not closed, not in scope, or unknown.
 */
export async function deleteTranscript(db: DB, scope: VendorScope, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    let q = trx.selectFrom('chat_conversations').select('id').where('id', '=', id).where('status', '=', 'closed');
    if (scope !== null) q = q.where('vendor_id', '=', scope);
    if (!(await q.executeTakeFirst())) return false;
    await trx.deleteFrom('chat_messages').where('conversation_id', '=', id).execute();
    await trx.deleteFrom('chat_evaluations').where('conversation_id', '=', id).execute();
    await trx.updateTable('chat_users').set({ conversation_id: null }).where('conversation_id', '=', id).execute();
    await trx.deleteFrom('chat_conversations').where('id', '=', id).execute();
    return true;
  });
}
