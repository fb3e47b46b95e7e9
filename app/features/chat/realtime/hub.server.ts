import type { Server, Socket } from 'socket.io';
import type { z } from 'zod';
import type { Services } from '../../../lib/services.server.ts';
import { t } from '../../../i18n/t-chat.ts';
import { getChatSettings, type ChatSettings } from '../chat-settings.server.ts';
import { CHAT_CONSOLE_ROLES } from '../chat-roles.ts';
import { chatLimits, OPERATOR_RATE_FACTOR } from '../chat-limits.server.ts';
import { ChatError, accessibleConversation, conversationView, getChatUser, operatorsOnline, type ChatUserRow, type ConversationRow } from '../chat-store.server.ts';
import { SERVER_EVENTS, type ChatErrorBody, type Hello, type WidgetMode } from '../chat.schema.ts';
import { getSettings } from '../../settings/settings.server.ts';

/*
 * What every part of the realtime side shares: a socket's own data, the rooms, the node's
 * read of the settings, and the helpers the event handlers use (one copy for every socket: a
 * socket costs only its own data). attachChat (chat-realtime.server.ts) makes one per server.
 */

export interface SocketData {
  role: 'visitor' | 'operator';
  chatUserId: number;
  /** The shop account behind the socket (the operator's, or a signed-in visitor's), else null. */
  accountId: number | null;
  ip: string;
  /** When the operator's account last showed a console role (see stillOperator). */
  roleCheckedAt?: number;
  vendorId: number;
  /** The visitor is signed in with an account of the console's roles (same-e-mail bypass), or the operator's account. */
  staffAccount: boolean;
  settings: ChatSettings;
  /** Conversations this socket said it is typing in. */
  typing: Set<number>;
  bucket: { tokens: number; last: number };
  rate: { burst: number; perSecond: number };
  /** The record as the handshake found it, for the hello (dropped once sent). */
  initial?: ChatUserRow;
  /** The caller's record as last read, for events that may use a copy a moment old. */
  meCache?: { row: ChatUserRow; at: number };
  /** Conversations this socket sent to lately, with when their access was checked. */
  mayWrite?: Map<number, { c: ConversationRow; at: number }>;
}

export type ChatSocket = Socket & { data: SocketData };

export const room = {
  conv: (id: number) => `conv:${id}`,
  user: (id: number) => `user:${id}`,
  account: (id: number) => `account:${id}`,
  visitors: (vendorId: number) => `visitors:${vendorId}`,
  ops: (vendorId: number) => `ops:${vendorId}`,
};

/** The operator rooms that hear about a conversation of `vendorId` (spec §6 vendor matching). */
const opsRooms = (vendorId: number, settings: ChatSettings) =>
  vendorId === 0 || settings.vendorOnlyChat ? [room.ops(vendorId)] : [room.ops(vendorId), room.ops(0)];

/** What the widget needs of the settings (in the hello, and again when they change). */
/** What the widget is told of the settings; `transcriptCopy`: the chat transcript e-mail is on (/admin/settings/emails), so the end panel offers a copy. */
export async function widgetSettings(db: Services['db'], s: ChatSettings): Promise<Hello['settings']> {
  const transcriptCopy = (await getSettings(db)).emails.chat_transcript.enabled;
  return { gdpr: s.gdpr, displayLogin: s.displayLogin, offlineForm: s.offlineForm, transcriptCopy };
}

const SETTINGS_RECHECK_MS = 1000;

/** Whether an account may act as an operator now (the console's roles, read at the moment of asking). */
export const mayOperate = (role: string | undefined) => !!role && (CHAT_CONSOLE_ROLES as readonly string[]).includes(role);

export const modeFor = (online: number, settings: ChatSettings): WidgetMode => (online === 0 ? 'offline' : settings.displayLogin ? 'login' : 'online');

/** One client event: its input schema and what it does (the dispatcher checks and calls it). */
export type Handler = { schema: z.ZodType; run(socket: ChatSocket, input: never): Promise<Record<string, unknown> | void> };
export const handler = <S extends z.ZodType>(schema: S, run: (socket: ChatSocket, input: z.infer<S>) => Promise<Record<string, unknown> | void>): Handler => ({
  schema,
  run: run as Handler['run'],
});

export type ChatHub = ReturnType<typeof createHub>;

export function createHub(io: Server, services: Services) {
  const { db } = services;
  const limits = chatLimits(services);
  // Connect and disconnect work under way: closing waits for it (the database closes next).
  const state = { closing: false };
  const pending = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };

  // One read of the settings a second for the whole node, whatever the number of events; a
  // connection's own fresh read (the handshake) and a save (applySettings) renew it.
  let settingsRead: { at: number; value: Promise<ChatSettings> } | undefined;
  const currentSettings = (): Promise<ChatSettings> => {
    if (!settingsRead || Date.now() - settingsRead.at >= SETTINGS_RECHECK_MS) {
      const value = getChatSettings(db);
      const read = { at: Date.now(), value };
      settingsRead = read;
      value.catch(() => {
        if (settingsRead === read) settingsRead = undefined;
      });
    }
    return settingsRead.value;
  };
  const settingsReadNow = (settings: ChatSettings | undefined) => {
    settingsRead = settings ? { at: Date.now(), value: Promise.resolve(settings) } : undefined;
  };

  /** A socket's copy of the settings and the per-socket allowance they give (staff: ten times a visitor's). */
  function takeSettings(data: SocketData, settings: ChatSettings) {
    data.settings = settings;
    const scale = data.role === 'operator' ? OPERATOR_RATE_FACTOR : 1;
    data.rate = { burst: settings.rateBurst * scale, perSecond: settings.ratePerSecond * scale };
  }

  const emitConversation = (c: ConversationRow, settings: ChatSettings) => {
    const view = conversationView(c);
    io.to([room.conv(c.id), ...opsRooms(c.vendor_id, settings)]).emit(SERVER_EVENTS.conversation, view);
  };

  /** Where someone is and how they are; the client address only for staff (`withIp`). */
  const presenceOf = (u: ChatUserRow, withIp: boolean) => ({
    userId: u.id,
    kind: u.kind,
    status: u.status,
    lastOnline: u.last_online,
    currentPage: u.current_page,
    isMobile: u.is_mobile === 1,
    ...(withIp ? { ip: u.ip } : {}),
  });
  const emitPresence = (me: ChatUserRow, settings: ChatSettings) => {
    const staff = me.kind === 'visitor' ? opsRooms(me.vendor_id, settings) : [room.ops(me.vendor_id)];
    io.to(staff).emit(SERVER_EVENTS.presence, presenceOf(me, true));
    if (me.conversation_id) io.to(room.conv(me.conversation_id)).except(staff).emit(SERVER_EVENTS.presence, presenceOf(me, false));
  };

  /** Tells visitors whose operators changed whether anyone can answer them now. */
  const announceAvailability = async (operatorVendor: number, settings: ChatSettings) => {
    const vendors =
      operatorVendor === 0 && !settings.vendorOnlyChat
        ? (await db.selectFrom('chat_users').select('vendor_id').distinct().where('kind', '=', 'visitor').where('vendor_id', '<>', 0).limit(1000).execute()).map((r) => r.vendor_id).concat(0)
        : [operatorVendor];
    for (const v of vendors) {
      const online = await operatorsOnline(db, v, settings.vendorOnlyChat);
      io.to(room.visitors(v)).emit(SERVER_EVENTS.availability, { vendorId: v, mode: modeFor(online, settings), operatorsOnline: online });
    }
  };

  const sockets = async (userId: number) => {
    try {
      return (await io.in(room.user(userId)).fetchSockets()).length;
    } catch {
      return 0; // another process did not answer in time: counted as none
    }
  };

  /** The caller's own record, fresh (another tab may have changed it); gone: a logout (spec §4). `maxAgeMs` > 0: a copy that recent will do (kept only for sockets that send). */
  const me = async (socket: ChatSocket, maxAgeMs = 0): Promise<ChatUserRow> => {
    const data = socket.data;
    if (maxAgeMs > 0 && data.meCache && Date.now() - data.meCache.at < maxAgeMs) return data.meCache.row;
    const row = await getChatUser(db, data.chatUserId);
    data.meCache = row && maxAgeMs > 0 ? { row, at: Date.now() } : undefined;
    if (!row) {
      socket.emit(SERVER_EVENTS.presence, { userId: data.chatUserId, kind: data.role, status: 'offline', removed: true });
      throw new ChatError('not_logged_in', t('chat.notLoggedIn'), 401);
    }
    return row;
  };

  const refuse = (socket: ChatSocket, event: string, err: ChatErrorBody, ack?: (a: unknown) => void) => {
    const body = { ...err, event };
    socket.emit(SERVER_EVENTS.error, body);
    ack?.({ ok: false, error: body });
  };

  /** Refuses with `rate_limited` (and when to try again) when a shared allowance is spent. */
  const withinLimit = async (wait: Promise<number>) => {
    const seconds = await wait;
    if (seconds > 0) throw Object.assign(new ChatError('rate_limited', t('chat.rateLimited'), 429), { retryAfterMs: seconds * 1000 });
  };

  const requireOperator = (socket: ChatSocket) => {
    if (socket.data.role !== 'operator') throw new ChatError('forbidden', t('chat.operatorsOnly'), 403);
  };
  const requireVisitor = (socket: ChatSocket) => {
    if (socket.data.role !== 'visitor') throw new ChatError('forbidden', t('chat.invalid'), 403);
  };
  /** The conversation, if this socket may see it (a foreign one reads as "no such"). */
  const conversationFor = (socket: ChatSocket, who: ChatUserRow, id: number) => accessibleConversation(db, who, id, socket.data.settings);

  const stopTyping = (socket: ChatSocket, conversationId: number, who: { id: number; name: string }) => {
    if (!socket.data.typing.delete(conversationId)) return;
    socket.to(room.conv(conversationId)).emit(SERVER_EVENTS.typing, { conversationId, userId: who.id, name: who.name, typing: false });
  };

  return {
    io,
    services,
    db,
    log: services.log,
    limits,
    state,
    pending,
    track,
    currentSettings,
    settingsReadNow,
    takeSettings,
    emitConversation,
    presenceOf,
    emitPresence,
    announceAvailability,
    sockets,
    me,
    refuse,
    withinLimit,
    requireOperator,
    requireVisitor,
    conversationFor,
    stopTyping,
  };
}
