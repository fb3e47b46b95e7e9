import type { Transaction } from 'kysely';
import type { DB } from '../../../../db/client.ts';
import type { Database } from '../../../../db/schema.ts';
import { nowIso } from '../../../lib/time.ts';
import { t } from '../../../i18n/t-chat.ts';
import type { ChatSettings } from '../chat-settings.server.ts';
import { gravatarOf } from '../chat-token.server.ts';
import { guestName } from '../chat.schema.ts';
import { ChatError, notFound, type ChatUserRow, type ConversationRow, type MessageRow } from './rows.server.ts';
import { getChatUser, servesVendor } from './people.server.ts';
import { appendMessage } from './messages.server.ts';

/*
 * A conversation's life: who may see it, the visitor starting or resuming it, operators taking
 * and handing it on, its end and the visitor's rating.
 */

export const getConversation = (db: DB | Transaction<Database>, id: number) =>
  db.selectFrom('chat_conversations').selectAll().where('id', '=', id).executeTakeFirst();

/** Who may see a conversation: its visitor, or an operator serving its vendor. Anything else reads as "no such". */
export function mayAccess(who: ChatUserRow, c: ConversationRow, settings: ChatSettings): boolean {
  if (who.kind === 'visitor') return c.visitor_id === who.id;
  return servesVendor(who.vendor_id, c.vendor_id, settings.vendorOnlyChat);
}

export async function accessibleConversation(db: DB, who: ChatUserRow, id: number, settings: ChatSettings): Promise<ConversationRow> {
  const c = await getConversation(db, id);
  if (!c || !mayAccess(who, c, settings)) throw notFound();
  return c;
}

/**
 * A visitor starts chatting (the login form): name and e-mail are checked, the guest limit
 * and the same-e-mail rule applied, and the visitor's open conversation resumed or a new one
 * made. Resuming is by the visitor's own cookie only, never by e-mail address.
 */
export async function loginVisitor(
  db: DB,
  visitor: ChatUserRow,
  given: { name?: string; email?: string; gdpr?: boolean; currentPage?: string; isMobile?: boolean },
  settings: ChatSettings,
  staffAccount: boolean,
): Promise<{ visitor: ChatUserRow; conversation: ConversationRow; created: boolean }> {
  // The login form (and its GDPR box) is shown: every field is required (spec §5). Without it
  // the widget starts at once, under the account's name or a made-up one (spec §3).
  if (settings.displayLogin) {
    const missing = Object.fromEntries(
      [['name', !given.name], ['email', !given.email], ['gdpr', settings.gdpr && !given.gdpr]].filter(([, m]) => m).map(([k]) => [k, k === 'gdpr' ? t('chat.gdpr') : 'field_empty']),
    ) as Record<string, string>;
    if (Object.keys(missing).length) throw new ChatError('field_empty', missing.gdpr ?? t('chat.fieldEmpty'), 400, missing);
  }
  const email = given.email ?? '';
  const input = { ...given, email, name: given.name ?? guestName(email) };
  // "Already chatting" only for the signed-in owner of the address: told to anyone who types an
  // address, it would say whether that person is online now. Anyone else simply gets a
  // conversation of their own (never resumed by address: see above).
  const owner = email && visitor.user_id !== null ? await db.selectFrom('users').select('email').where('id', '=', visitor.user_id).executeTakeFirst() : undefined;
  const ownAddress = !!owner && owner.email.toLowerCase() === email.toLowerCase();
  if (ownAddress && !(staffAccount && settings.operatorBypassSameEmail)) {
    const other = await db
      .selectFrom('chat_users')
      .select('id')
      .where('kind', '=', 'visitor')
      .where('email', '=', input.email)
      .where('status', '=', 'online')
      .where('id', '<>', visitor.id)
      .executeTakeFirst();
    if (other) throw new ChatError('already_logged', t('chat.alreadyLogged'), 409);
  }
  const current = visitor.conversation_id ? await getConversation(db, visitor.conversation_id) : undefined;
  const resuming = current?.status === 'open';
  if (!resuming && settings.guestLimit > 0) {
    const { n } = await db
      .selectFrom('chat_users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'visitor')
      .where('status', '=', 'online')
      .where('id', '<>', visitor.id)
      .executeTakeFirstOrThrow();
    if (Number(n) >= settings.guestLimit) {
      await db.updateTable('chat_users').set({ status: 'wait', name: input.name, email: input.email, gravatar: gravatarOf(input.email) }).where('id', '=', visitor.id).execute();
      throw new ChatError('guest_limit', t('chat.guestLimit'), 429);
    }
  }
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    let conversation = resuming ? current! : undefined;
    let created = false;
    if (!conversation) {
      conversation = await trx
        .insertInto('chat_conversations')
        .values({ visitor_id: visitor.id, vendor_id: visitor.vendor_id, visitor_name: input.name, visitor_email: input.email, created_at: now, accepted_at: null, closed_at: null, operator_id: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      created = true;
    } else if (conversation.visitor_name !== input.name || conversation.visitor_email !== input.email) {
      conversation = await trx
        .updateTable('chat_conversations')
        .set({ visitor_name: input.name, visitor_email: input.email })
        .where('id', '=', conversation.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const updated = await trx
      .updateTable('chat_users')
      .set({
        name: input.name,
        email: input.email,
        gravatar: gravatarOf(input.email),
        status: 'online',
        last_online: now,
        conversation_id: conversation.id,
        chat_with: conversation.operator_id ? String(conversation.operator_id) : 'free',
        ...(input.currentPage !== undefined ? { current_page: input.currentPage } : {}),
        ...(input.isMobile !== undefined ? { is_mobile: input.isMobile ? 1 : 0 } : {}),
      })
      .where('id', '=', visitor.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { visitor: updated, conversation, created };
  });
}

/** Open conversations an operator may take or is in, oldest first. */
export async function queueFor(db: DB, operator: ChatUserRow, settings: ChatSettings): Promise<ConversationRow[]> {
  let q = db.selectFrom('chat_conversations').selectAll().where('status', '=', 'open');
  if (operator.vendor_id !== 0 || settings.vendorOnlyChat) q = q.where('vendor_id', '=', operator.vendor_id);
  return q.orderBy('id').limit(200).execute();
}

/** An operator takes a conversation; refused when another operator has it already. */
export async function acceptConversation(db: DB, operator: ChatUserRow, id: number, settings: ChatSettings): Promise<ConversationRow> {
  const c = await accessibleConversation(db, operator, id, settings);
  if (c.status !== 'open') throw new ChatError('closed', t('chat.closed'), 409);
  if (c.operator_id === operator.id) return c;
  if (c.operator_id !== null) throw new ChatError('taken', t('chat.taken'), 409);
  const taken = await db
    .updateTable('chat_conversations')
    .set({ operator_id: operator.id, operator_name: operator.name, accepted_at: nowIso() })
    .where('id', '=', id)
    .where('operator_id', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!taken) throw new ChatError('taken', t('chat.taken'), 409);
  if (taken.visitor_id !== null) await db.updateTable('chat_users').set({ chat_with: String(operator.id) }).where('id', '=', taken.visitor_id).execute();
  return taken;
}

/** Online operators, other than `except`, who serve a conversation of `vendorId` (transfer targets). */
export async function transferTargets(db: DB, vendorId: number, except: number, settings: ChatSettings): Promise<ChatUserRow[]> {
  const rows = await db.selectFrom('chat_users').selectAll().where('kind', '=', 'operator').where('status', '=', 'online').where('id', '<>', except).orderBy('name').limit(200).execute();
  return rows.filter((o) => servesVendor(o.vendor_id, vendorId, settings.vendorOnlyChat));
}

/**
 * The operator of an open conversation hands it to another online operator who serves its
 * vendor: one transaction moves it (only if `from` still has it) and tells the visitor's
 * record; a system message says so.
 */
export async function transferConversation(db: DB, from: ChatUserRow, id: number, toId: number, settings: ChatSettings): Promise<{ conversation: ConversationRow; to: ChatUserRow; notice: MessageRow }> {
  const c = await accessibleConversation(db, from, id, settings);
  if (c.status !== 'open') throw new ChatError('closed', t('chat.closed'), 409);
  if (c.operator_id !== from.id) throw new ChatError('not_yours', t('chat.notYours'), 409);
  const to = toId === from.id ? undefined : await getChatUser(db, toId);
  if (!to || to.kind !== 'operator' || to.status !== 'online' || !servesVendor(to.vendor_id, c.vendor_id, settings.vendorOnlyChat)) {
    throw new ChatError('no_target', t('chat.noTarget'), 409);
  }
  const conversation = await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('chat_conversations')
      .set({ operator_id: to.id, operator_name: to.name })
      .where('id', '=', c.id)
      .where('operator_id', '=', from.id)
      .where('status', '=', 'open')
      .returningAll()
      .executeTakeFirst();
    if (!moved) throw new ChatError('not_yours', t('chat.notYours'), 409);
    if (moved.visitor_id !== null) await trx.updateTable('chat_users').set({ chat_with: String(to.id) }).where('id', '=', moved.visitor_id).execute();
    return moved;
  });
  const { message } = await appendMessage(db, { conversationId: c.id, sender: null, senderType: 'system', clientId: null, text: t('chat.transferred', { from: from.name, to: to.name }) });
  return { conversation, to, notice: message };
}

/**
 * Ends a conversation (spec §4): a closing message is posted, the status set to closed, and
 * the visitor is between conversations again, offline. Ending one already closed changes nothing.
 */
export async function endConversation(db: DB, who: ChatUserRow, c: ConversationRow): Promise<{ conversation: ConversationRow; closing: MessageRow | null }> {
  if (c.status === 'closed') return { conversation: c, closing: null };
  const { message } = await appendMessage(db, {
    conversationId: c.id,
    sender: null,
    senderType: 'system',
    clientId: null,
    text: t('chat.closingMessage', { name: who.name || who.email || who.kind }),
  });
  const conversation = await db.transaction().execute(async (trx) => {
    const closed = await trx
      .updateTable('chat_conversations')
      .set({ status: 'closed', closed_at: nowIso() })
      .where('id', '=', c.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (c.visitor_id !== null) {
      // The visitor leaves with the chat (spec §4 logout: offline, last seen now), so its guest slot frees at once.
      await trx
        .updateTable('chat_users')
        .set({ conversation_id: null, chat_with: 'free', status: 'offline', last_online: nowIso() })
        .where('id', '=', c.visitor_id)
        .where('conversation_id', '=', c.id)
        .execute();
    }
    return closed;
  });
  return { conversation, closing: message };
}

/** The visitor's rating of a conversation and whether they want a copy (spec §7 chat_evaluation). */
export async function evaluateConversation(
  db: DB,
  visitor: ChatUserRow,
  input: { conversationId: number; evaluation: '' | 'good' | 'bad'; receiveCopy: boolean },
): Promise<ConversationRow> {
  const c = await getConversation(db, input.conversationId);
  if (!c || c.visitor_id !== visitor.id) throw notFound();
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    const row = {
      conversation_id: c.id,
      evaluation: input.evaluation,
      receive_copy: input.receiveCopy ? (1 as const) : (0 as const),
      email: c.visitor_email,
      chat_with: c.operator_name,
      created_at: now,
    };
    await trx
      .insertInto('chat_evaluations')
      .values(row)
      .onConflict((oc) => oc.column('conversation_id').doUpdateSet({ evaluation: row.evaluation, receive_copy: row.receive_copy, created_at: now }))
      .execute();
    return trx
      .updateTable('chat_conversations')
      .set({ evaluation: input.evaluation, receive_copy: row.receive_copy })
      .where('id', '=', c.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
