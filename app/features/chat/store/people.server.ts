import { sql, type Transaction } from 'kysely';
import type { DB } from '../../../../db/client.ts';
import type { Database } from '../../../../db/schema.ts';
import { nowIso } from '../../../lib/time.ts';
import { gravatarOf } from '../chat-token.server.ts';
import type { ChatUserRow } from './rows.server.ts';

/*
 * The chat's people and their presence: visitor and operator records, status, the page they
 * are on, who is online for whom, and the cleanup of stale visitors (spec §4).
 */

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
