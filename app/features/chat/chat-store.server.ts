import { sql, type Selectable, type Transaction } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { isPostgres } from '../../../db/dialect.ts';
import type { ChatConversationsTable, ChatMessagesTable, ChatUsersTable, Database } from '../../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import { t } from '../../i18n/t-chat.ts';
import type { ChatSettings } from './chat-settings.server.ts';
import { gravatarOf } from './chat-token.server.ts';
import { guestName, MESSAGE_MAX, SINCE_PAGE, type ChatMessageView, type ChatUserView, type ConversationView } from './chat.schema.ts';

/*
 * The chat's data (both dialects): people, conversations and their numbered messages. Every
 * function here is called by the socket layer (chat-realtime.server.ts) or the HTTP calls
 * (server/api/chat.ts) after they have checked who is asking.
 */

export type ChatUserRow = Selectable<ChatUsersTable>;
export type ConversationRow = Selectable<ChatConversationsTable>;
export type MessageRow = Selectable<ChatMessagesTable>;

/** A refusal the client can act on: a stable code, a message, an HTTP status for the HTTP calls. */
export class ChatError extends Error {
  constructor(
    public code: string,
    message: string,
    public status = 400,
    public fields?: Record<string, string>,
  ) {
    super(message);
  }
  override name = 'ChatError';
}

export const notFound = () => new ChatError('not_found', t('chat.notFound'), 404);

// ---- views ----

export const userView = (r: ChatUserRow): ChatUserView => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  email: r.email,
  gravatar: r.gravatar,
  avatarType: r.avatar_type,
  avatarImage: r.avatar_image,
  status: r.status,
  lastOnline: r.last_online,
  currentPage: r.current_page,
  ip: r.ip,
  isMobile: r.is_mobile === 1,
  vendorId: r.vendor_id,
  conversationId: r.conversation_id,
  chatWith: r.chat_with,
});

export const conversationView = (r: ConversationRow): ConversationView => ({
  id: r.id,
  vendorId: r.vendor_id,
  status: r.status,
  visitorId: r.visitor_id,
  visitorName: r.visitor_name,
  visitorEmail: r.visitor_email,
  operatorId: r.operator_id,
  operatorName: r.operator_name,
  evaluation: r.evaluation,
  lastSeq: r.last_seq,
  createdAt: r.created_at,
  acceptedAt: r.accepted_at,
  closedAt: r.closed_at,
});

export const messageView = (r: MessageRow): ChatMessageView => ({
  conversationId: r.conversation_id,
  seq: r.seq,
  id: r.id,
  clientId: r.client_id,
  senderId: r.sender_id,
  senderType: r.sender_type,
  userName: r.user_name,
  gravatar: r.gravatar,
  avatarType: r.avatar_type,
  avatarImage: r.avatar_image,
  text: r.body,
  read: r.read === 1,
  at: r.created_at,
});

// ---- people ----

/**
 * The visitor record of a chat cookie, made on first use. A signed-in shopper is one visitor
 * on every device: their account's record (the one with an open conversation first, else the
 * newest) is used whatever the cookie, so a conversation started on the phone continues on
 * the laptop. Only the account's session reaches it (the token carries the account) — never
 * an e-mail address typed into the widget.
 */
export async function ensureVisitor(db: DB, v: { visitorKey: string; userId: number | null; vendorId: number; ip: string }): Promise<ChatUserRow> {
  const byAccount =
    v.userId === null
      ? undefined
      : await db
          .selectFrom('chat_users')
          .selectAll()
          .where('kind', '=', 'visitor')
          .where('user_id', '=', v.userId)
          .orderBy(sql`case when conversation_id is null then 1 else 0 end`)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
  const found = byAccount ?? (await db.selectFrom('chat_users').selectAll().where('visitor_key', '=', v.visitorKey).executeTakeFirst());
  if (found) {
    if (found.ip !== v.ip || found.vendor_id !== v.vendorId || (v.userId !== null && found.user_id !== v.userId)) {
      return db
        .updateTable('chat_users')
        .set({ ip: v.ip, vendor_id: v.vendorId, ...(v.userId !== null ? { user_id: v.userId } : {}) })
        .where('id', '=', found.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    return found;
  }
  let account: { name: string; email: string } | undefined;
  if (v.userId !== null) account = await db.selectFrom('users').select(['name', 'email']).where('id', '=', v.userId).executeTakeFirst();
  const made = await db
    .insertInto('chat_users')
    .values({
      kind: 'visitor',
      visitor_key: v.visitorKey,
      user_id: v.userId,
      operator_user: null,
      conversation_id: null,
      // A signed-in shopper's name and e-mail are prefilled (spec §2).
      name: account?.name ?? '',
      email: account?.email ?? '',
      gravatar: gravatarOf(account?.email ?? ''),
      ip: v.ip,
      vendor_id: v.vendorId,
      last_online: null,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column('visitor_key').doNothing())
    .returningAll()
    .executeTakeFirst();
  // Nothing returned: another connection of the same visitor made it meanwhile.
  return made ?? db.selectFrom('chat_users').selectAll().where('visitor_key', '=', v.visitorKey).executeTakeFirstOrThrow();
}

/** The operator record of a staff account, made on first use (vendor 0 until set). */
export async function ensureOperator(db: DB, user: { id: number; name: string; email: string }, ip: string): Promise<ChatUserRow> {
  const found = await db.selectFrom('chat_users').selectAll().where('operator_user', '=', user.id).executeTakeFirst();
  const name = user.name || user.email.split('@')[0];
  if (found) {
    if (found.name === name && found.email === user.email && found.ip === ip) return found;
    return db
      .updateTable('chat_users')
      .set({ name, email: user.email, gravatar: gravatarOf(user.email), ip })
      .where('id', '=', found.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  // A new record (first sign-in, or after the cleanup removed the last one) takes the account's profile.
  const profile = await db.selectFrom('chat_operator_profiles').selectAll().where('user_id', '=', user.id).executeTakeFirst();
  await db
    .insertInto('chat_users')
    .values({
      kind: 'operator',
      // Initials until they choose a picture (setOperatorAvatar).
      avatar_type: profile?.avatar_type ?? 'other',
      avatar_image: profile?.avatar_image ?? '',
      vendor_id: profile?.vendor_id ?? 0,
      vendor_name: profile?.vendor_name ?? '',
      visitor_key: null,
      user_id: user.id,
      operator_user: user.id,
      conversation_id: null,
      name,
      email: user.email,
      gravatar: gravatarOf(user.email),
      ip,
      last_online: null,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column('operator_user').doNothing())
    .execute();
  return db.selectFrom('chat_users').selectAll().where('operator_user', '=', user.id).executeTakeFirstOrThrow();
}

/** An operator's picture in the chat (checked with operatorAvatarSchema by the caller); their next messages carry it. */
export async function setOperatorAvatar(db: DB, user: { id: number; name: string; email: string }, avatar: { avatarType: 'other' | 'gravatar' | 'image'; avatarImage: string }): Promise<ChatUserRow> {
  const op = (await db.selectFrom('chat_users').select('id').where('operator_user', '=', user.id).executeTakeFirst()) ?? (await ensureOperator(db, user, ''));
  const set = { avatar_type: avatar.avatarType, avatar_image: avatar.avatarType === 'image' ? avatar.avatarImage : '' };
  return db.transaction().execute(async (trx) => {
    await saveProfile(trx, user.id, set);
    return trx.updateTable('chat_users').set(set).where('id', '=', op.id).returningAll().executeTakeFirstOrThrow();
  });
}

/** Assigns a staff account to a vendor's chat (0: the shop itself). */
export async function setOperatorVendor(db: DB, user: { id: number; name: string; email: string }, vendorId: number, vendorName = ''): Promise<ChatUserRow> {
  const op = await ensureOperator(db, user, '');
  const set = { vendor_id: vendorId, vendor_name: vendorName };
  return db.transaction().execute(async (trx) => {
    await saveProfile(trx, user.id, set);
    return trx.updateTable('chat_users').set(set).where('id', '=', op.id).returningAll().executeTakeFirstOrThrow();
  });
}

/** The account's lasting copy of what its operator record carries (chat_operator_profiles). */
async function saveProfile(trx: Transaction<Database>, userId: number, set: { vendor_id?: number; vendor_name?: string; avatar_type?: string; avatar_image?: string }) {
  await trx
    .insertInto('chat_operator_profiles')
    .values({ user_id: userId, ...set })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(set))
    .execute();
}

export const getChatUser = (db: DB, id: number) => db.selectFrom('chat_users').selectAll().where('id', '=', id).executeTakeFirst();

/** Online/offline/wait; going offline stamps last_online (spec §4). */
export async function setStatus(db: DB, userId: number, status: ChatUserRow['status'], connections?: number): Promise<ChatUserRow | undefined> {
  return db
    .updateTable('chat_users')
    .set({ status, last_online: nowIso(), ...(connections !== undefined ? { connections } : {}) })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

export async function setPage(db: DB, userId: number, currentPage: string, isMobile?: boolean): Promise<ChatUserRow | undefined> {
  return db
    .updateTable('chat_users')
    .set({ current_page: currentPage, ...(isMobile !== undefined ? { is_mobile: isMobile ? 1 : 0 } : {}) })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
}

/** Whether an operator of `operatorVendor` serves visitors of `vendorId` (spec §6). */
export const servesVendor = (operatorVendor: number, vendorId: number, vendorOnlyChat: boolean) =>
  operatorVendor === vendorId || (operatorVendor === 0 && !vendorOnlyChat);

/** Operators online for a vendor's visitors. */
export async function operatorsOnline(db: DB, vendorId: number, vendorOnlyChat: boolean): Promise<number> {
  let q = db.selectFrom('chat_users').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'operator').where('status', '=', 'online');
  q = vendorOnlyChat ? q.where('vendor_id', '=', vendorId) : q.where('vendor_id', 'in', [vendorId, 0]);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

// ---- conversations ----

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

// ---- messages ----

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

// ---- canned replies ----

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

// ---- cleanup (spec §4) ----

/**
 * Removes stale visitor records: visitors offline for `thresholdS` seconds, visitors waiting for
 * twice that (or at once when they were never online), closing their open conversations.
 * Transcripts (conversations and messages) stay. `thresholdS` 0 is the spec's "forced" run.
 * Operators: chat-cleanup.server.ts.
 */
export async function cleanupChat(
  db: DB,
  now = new Date(),
  thresholdS = 3600,
  /** People with a socket open right now (any process): never removed, whatever their stamps say. */
  connected: ReadonlySet<number> = new Set(),
): Promise<{ visitors: number }> {
  const before = new Date(now.getTime() - thresholdS * 1000).toISOString();
  const before2 = new Date(now.getTime() - 2 * thresholdS * 1000).toISOString();
  const stale = await db
    .selectFrom('chat_users')
    .select('id')
    .where('kind', '=', 'visitor')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'offline'), eb(eb.fn.coalesce('last_online', 'created_at'), '<=', before)]),
        eb.and([eb('status', '=', 'wait'), eb.or([eb('last_online', 'is', null), eb('last_online', '<=', before2)])]),
      ]),
    )
    .limit(1000)
    .execute();
  const ids = stale.map((r) => r.id).filter((id) => !connected.has(id));
  const stamp = now.toISOString();
  if (ids.length) {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('chat_conversations').set({ status: 'closed', closed_at: stamp }).where('visitor_id', 'in', ids).where('status', '=', 'open').execute();
      await trx.deleteFrom('chat_users').where('id', 'in', ids).execute();
    });
  }
  return { visitors: ids.length };
}
