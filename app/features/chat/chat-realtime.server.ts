import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import type { Services } from '../../lib/services.server.ts';
import { outageLog } from '../../lib/redis-shared.server.ts';
import { t } from '../../i18n/t-chat.ts';
import { getChatSettings, type ChatSettings } from './chat-settings.server.ts';
import { requestTranscriptCopy } from './chat-mail.server.ts';
import { verifyChatToken } from './chat-token.server.ts';
import { CHAT_CONSOLE_ROLES } from './chat-roles.ts';
import { chatLimits, OPERATOR_RATE_FACTOR } from './chat-limits.server.ts';
import {
  ChatError,
  acceptConversation,
  transferConversation,
  transferTargets,
  cannedReplies,
  accessibleConversation,
  appendMessage,
  conversationView,
  endConversation,
  ensureOperator,
  ensureVisitor,
  evaluateConversation,
  getChatUser,
  getConversation,
  loginVisitor,
  markRead,
  messageView,
  messagesSince,
  operatorsOnline,
  queueFor,
  setPage,
  setStatus,
  userView,
  type ChatUserRow,
  type ConversationRow,
} from './chat-store.server.ts';
import {
  CLIENT_EVENTS,
  MESSAGE_MAX,
  SERVER_EVENTS,
  SINCE_PAGE,
  acceptSchema,
  transferSchema,
  emptySchema,
  endSchema,
  evaluateSchema,
  joinSchema,
  loginSchema,
  pageSchema,
  readSchema,
  sendSchema,
  sinceSchema,
  statusSchema,
  typingSchema,
  type ChatErrorBody,
  type Hello,
  type WidgetMode,
} from './chat.schema.ts';

/*
 * The chat's realtime side: Socket.IO on the shop's own HTTP server at /socket.io,
 * WebSocket transport only (no long-polling, so no sticky sessions are needed behind a
 * balancer or with WORKERS > 1). With REDIS_URL the official Redis adapter carries room
 * broadcasts between server processes; with several workers and no Redis, the cluster
 * adapter does it through the primary process.
 *
 * Delivery: a message is stored first (chat-store.server.ts appendMessage gives it the next
 * sequence number), then acknowledged to its sender with that number and broadcast to the
 * conversation's room. Senders resend what was not acknowledged (the same client id answers
 * the same number); receivers ask for everything after their last number on every
 * (re)connect and when they see a gap. Nothing depends on a broadcast arriving.
 */

interface SocketData {
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

type ChatSocket = Socket & { data: SocketData };

export interface ChatRealtime {
  io: Server;
  /** Chat record ids with a socket open in any process. */
  connectedUsers(): Promise<Set<number>>;
  /** Disconnects every socket of this process and closes the adapter's connections. */
  close(): Promise<void>;
  /** Closes a chat record's sockets on every node (its browser no longer owns it). */
  disconnectUser(chatUserId: number): Promise<void>;
  /** Closes every socket of a shop account on every node (its role changed: it reconnects with what it may do now). */
  disconnectAccount(accountId: number): Promise<void>;
  /** The chat settings were saved: every node's sockets take them at once, and visitors hear the mode they make. */
  settingsChanged(): Promise<void>;
  /** A shop account's operator vendor changed: its open sockets on every node serve the new vendor at once. */
  operatorVendorChanged(accountId: number): Promise<void>;
}

export interface ChatRealtimeOptions {
  redisUrl?: string;
  /** Prefix of the Redis channels (one shop, or one test run, per prefix). */
  redisPrefix?: string;
  /** Several processes share the port without Redis: the cluster adapter through the primary. */
  cluster?: boolean;
}

const room = {
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
const widgetSettings = (s: ChatSettings) => ({ gdpr: s.gdpr, displayLogin: s.displayLogin, offlineForm: s.offlineForm });

/** Events sent by the hundred (see stillOperator). */
const FREQUENT = new Set<string>([CLIENT_EVENTS.send, CLIENT_EVENTS.typing]);
const ROLE_RECHECK_MS = 1000;
const SETTINGS_RECHECK_MS = 1000;

/** The name of the adapter-wide event a settings save sends to every node. */
const SETTINGS_CHANGED = 'chat:settings-changed';
/** The same for an operator's new vendor (the account id goes with it). */
const OPERATOR_VENDOR_CHANGED = 'chat:operator-vendor-changed';
/**
 * How often a node compares its operator sockets' vendor with their records: a change made
 * where no chat runs (`vitrine chat-operator`, another process) reaches open consoles this soon.
 */
const OPERATOR_VENDOR_RECHECK_MS = 2000;

/** Whether an account may act as an operator now (the console's roles, read at the moment of asking). */
const mayOperate = (role: string | undefined) => !!role && (CHAT_CONSOLE_ROLES as readonly string[]).includes(role);

const modeFor = (online: number, settings: ChatSettings): WidgetMode => (online === 0 ? 'offline' : settings.displayLogin ? 'login' : 'online');

function clientIp(socket: Socket, trustProxy: boolean): string {
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string' && forwarded) return forwarded.split(',')[0].trim();
  return socket.handshake.address;
}

export async function attachChat(httpServer: HttpServer, services: Services, options: ChatRealtimeOptions = {}): Promise<ChatRealtime> {
  const { db, config, log } = services;
  const limits = chatLimits(services);
  const io = new Server(httpServer, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    // A 5,000-character message is at most 20 kB of UTF-8; anything far bigger is refused by closing.
    maxHttpBufferSize: 64 * 1024,
    connectTimeout: 10_000,
  });
  const closers: (() => Promise<unknown>)[] = [];
  // Connect and disconnect work under way: closing waits for it (the database closes next).
  let closing = false;
  const pending = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };
  if (options.redisUrl) {
    const [{ createClient }, { createAdapter }] = await Promise.all([import('redis'), import('@socket.io/redis-adapter')]);
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    // Reconnect errors come several a second while Redis is away: logged once per outage, with
    // the rest of this process's Redis clients when there is a shared state (services.shared).
    const outage = services.shared ? undefined : outageLog(log, 'chat: Redis unreachable, messages reach this node only until it returns', 'chat: Redis reachable again');
    for (const c of [pub, sub]) (services.shared ?? outage!).watch(c);
    closers.push(async () => outage?.close());
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: `${options.redisPrefix ?? 'vitrine'}:socket.io`, requestsTimeout: 3000 }));
    closers.push(async () => {
      // Stop hearing the other nodes first, let an answer to a request already heard go out,
      // then close the publishing client (publishing on a closed client rejects unhandled).
      await Promise.allSettled([Promise.resolve((io.of('/').adapter as { close?: () => unknown }).close?.()), sub.quit()]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await pub.quit().catch(() => undefined);
    });
  } else if (options.cluster) {
    const { createAdapter } = await import('@socket.io/cluster-adapter');
    io.adapter(createAdapter());
  }

  // One read of the settings a second for the whole node, whatever the number of events; a
  // connection's own fresh read (below) and a save (applySettings) renew it.
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

  /** A socket's copy of the settings and the per-socket allowance they give (staff: ten times a visitor's). */
  function takeSettings(data: SocketData, settings: ChatSettings) {
    data.settings = settings;
    const scale = data.role === 'operator' ? OPERATOR_RATE_FACTOR : 1;
    data.rate = { burst: settings.rateBurst * scale, perSecond: settings.ratePerSecond * scale };
  }

  // ---- authentication: the token says who the socket is; nothing it sends later can change that ----
  io.use(async (socket, next) => {
    try {
      const claims = verifyChatToken(config.sessionSecret, (socket.handshake.auth as { token?: unknown } | undefined)?.token);
      if (!claims) return next(Object.assign(new Error('unauthorized'), { data: { code: 'unauthorized', message: t('chat.unauthorized') } }));
      const ip = clientIp(socket, config.trustProxy);
      const settings = await getChatSettings(db);
      settingsRead = { at: Date.now(), value: Promise.resolve(settings) };
      // Connections per person and per client address, across sockets and nodes.
      const wait = await limits.connection(claims.role === 'operator' ? String(claims.userId) : claims.visitorKey, ip, claims.role === 'operator', settings);
      if (wait > 0) return next(Object.assign(new Error('rate_limited'), { data: { code: 'rate_limited', message: t('chat.rateLimited'), retryAfterMs: wait * 1000 } }));
      let me: ChatUserRow;
      let staffAccount = false;
      if (claims.role === 'operator') {
        // The account's role now, not when the token was issued: only the console's roles operate.
        const user = await db.selectFrom('users').select(['id', 'name', 'email', 'role']).where('id', '=', claims.userId).executeTakeFirst();
        if (!user || !mayOperate(user.role)) return next(Object.assign(new Error('unauthorized'), { data: { code: 'unauthorized', message: t('chat.operatorsOnly') } }));
        me = await ensureOperator(db, user, ip);
        staffAccount = true;
      } else {
        if (claims.userId !== null) {
          // The same-address bypass is for the console's staff (the access table), not every staff role.
          const user = await db.selectFrom('users').select('role').where('id', '=', claims.userId).executeTakeFirst();
          staffAccount = mayOperate(user?.role);
        }
        me = await ensureVisitor(db, { visitorKey: claims.visitorKey, userId: claims.userId, vendorId: claims.vendorId, ip });
      }
      // Sockets open at once per person and per client address, across nodes: the places are
      // taken last (nothing refused after them) and given back when the connection goes, even
      // one that closes before it is welcomed (the engine's close event).
      const identity = claims.role === 'operator' ? String(claims.userId) : claims.visitorKey;
      const full = await limits.opened(socket.id, identity, ip, claims.role === 'operator', settings);
      if (full) {
        return next(Object.assign(new Error('too_many_sockets'), { data: { code: 'too_many_sockets', message: t('chat.tooManySockets'), scope: full } }));
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        track(limits.closed(socket.id, identity, ip, claims.role === 'operator').catch((err: unknown) => log.warn({ err }, 'chat: giving back an open socket place failed')));
      };
      socket.once('disconnect', release);
      socket.conn.once('close', release);
      if (socket.conn.readyState !== 'open') release();
      const data = socket.data as SocketData;
      data.role = claims.role;
      data.chatUserId = me.id;
      data.accountId = claims.userId;
      data.ip = ip;
      data.initial = me;
      data.vendorId = me.vendor_id;
      data.staffAccount = staffAccount;
      data.typing = new Set();
      takeSettings(data, settings);
      data.bucket = { tokens: data.rate.burst, last: Date.now() };
      next();
    } catch (err) {
      log.error({ err }, 'chat connection setup failed');
      next(Object.assign(new Error('server_error'), { data: { code: 'server_error', message: 'Server error' } }));
    }
  });

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

  // ---- per-socket helpers (one copy for every socket: a socket costs only its own data) ----

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

  // ---- events: one table, one dispatcher ----

  type Handler = { schema: z.ZodType; run(socket: ChatSocket, input: never): Promise<Record<string, unknown> | void> };
  const handler = <S extends z.ZodType>(schema: S, run: (socket: ChatSocket, input: z.infer<S>) => Promise<Record<string, unknown> | void>): Handler => ({
    schema,
    run: run as Handler['run'],
  });

  const handlers: Record<string, Handler> = {
    [CLIENT_EVENTS.login]: handler(loginSchema, async (socket, input) => {
      requireVisitor(socket);
      const data = socket.data;
      const visitor = await me(socket);
      await withinLimit(limits.login(visitor.id, data.ip, data.settings));
      const { visitor: updated, conversation } = await loginVisitor(db, visitor, input, data.settings, data.staffAccount);
      data.meCache = { row: updated, at: Date.now() };
      await io.in(room.user(updated.id)).socketsJoin(room.conv(conversation.id));
      socket.join(room.conv(conversation.id));
      emitConversation(conversation, data.settings);
      emitPresence(updated, data.settings);
      return { me: userView(updated), conversation: conversationView(conversation) };
    }),

    [CLIENT_EVENTS.send]: handler(sendSchema, async (socket, input) => {
      const data = socket.data;
      const who = await me(socket, 2000);
      if (input.text.trim() === '') throw new ChatError('empty', t('chat.empty'));
      // Where this socket has sent recently: no access check per message (the store still refuses a closed one).
      const known = data.mayWrite?.get(input.conversationId);
      let c = known && Date.now() - known.at < 10_000 ? known.c : await conversationFor(socket, who, input.conversationId);
      if (who.kind === 'operator' && c.operator_id === null && c.status === 'open') c = await acceptConversation(db, who, c.id, data.settings).catch(() => c);
      if (c !== known?.c) (data.mayWrite ??= new Map()).set(c.id, { c, at: Date.now() });
      // One allowance for all of the person's sockets on every node (a resend counts too: it is rare).
      await withinLimit(limits.message(who, data.ip, data.settings));
      const { message, duplicate } = await appendMessage(db, { conversationId: c.id, sender: who, senderType: who.kind, clientId: input.clientId, text: input.text });
      if (!socket.rooms.has(room.conv(c.id))) socket.join(room.conv(c.id));
      stopTyping(socket, c.id, who);
      // Also for a duplicate: its first broadcast may have been lost with a process; receivers drop what they have.
      io.to(room.conv(c.id)).emit(SERVER_EVENTS.message, messageView(message));
      return { seq: message.seq, id: message.id, at: message.created_at, duplicate };
    }),

    [CLIENT_EVENTS.join]: handler(joinSchema, async (socket, input) => {
      const who = await me(socket);
      const c = await conversationFor(socket, who, input.conversationId);
      // Join first, then read: a message stored in between arrives by broadcast, one stored before is in the answer.
      socket.join(room.conv(c.id));
      const messages = await messagesSince(db, c.id, input.after);
      // An operator opening a conversation sees its visitor's details at once (then as they change).
      if (who.kind === 'operator' && c.visitor_id !== null) {
        const v = await getChatUser(db, c.visitor_id);
        if (v) socket.emit(SERVER_EVENTS.presence, presenceOf(v, true));
      }
      return { conversation: conversationView(c), messages: messages.map(messageView), more: messages.length === SINCE_PAGE };
    }),

    [CLIENT_EVENTS.since]: handler(sinceSchema, async (socket, input) => {
      const who = await me(socket);
      const c = await conversationFor(socket, who, input.conversationId);
      const messages = await messagesSince(db, c.id, input.after);
      return { lastSeq: c.last_seq, messages: messages.map(messageView), more: messages.length === SINCE_PAGE };
    }),

    [CLIENT_EVENTS.typing]: handler(typingSchema, async (socket, input) => {
      // Only where this socket has joined (no database read per key press).
      if (!socket.rooms.has(room.conv(input.conversationId))) throw new ChatError('not_found', t('chat.notFound'), 404);
      const who = await me(socket, 2000);
      socket.data.typing.add(input.conversationId);
      if (input.typing) {
        socket.to(room.conv(input.conversationId)).emit(SERVER_EVENTS.typing, { conversationId: input.conversationId, userId: who.id, name: who.name, typing: true });
      } else {
        stopTyping(socket, input.conversationId, who);
      }
    }),

    [CLIENT_EVENTS.read]: handler(readSchema, async (socket, input) => {
      const who = await me(socket);
      const c = await conversationFor(socket, who, input.conversationId);
      if (await markRead(db, who, c.id, input.upTo)) {
        io.to(room.conv(c.id)).emit(SERVER_EVENTS.read, { conversationId: c.id, upTo: input.upTo, by: who.kind, userId: who.id });
      }
    }),

    [CLIENT_EVENTS.page]: handler(pageSchema, async (socket, input) => {
      const updated = await setPage(db, socket.data.chatUserId, input.currentPage, input.isMobile);
      socket.data.meCache = undefined;
      if (updated) emitPresence(updated, socket.data.settings);
    }),

    [CLIENT_EVENTS.end]: handler(endSchema, async (socket, input) => {
      const who = await me(socket);
      const c = await conversationFor(socket, who, input.conversationId);
      const { conversation, closing } = await endConversation(db, who, c);
      if (closing) io.to(room.conv(c.id)).emit(SERVER_EVENTS.message, messageView(closing));
      stopTyping(socket, c.id, who);
      emitConversation(conversation, socket.data.settings);
      return { conversation: conversationView(conversation) };
    }),

    [CLIENT_EVENTS.evaluate]: handler(evaluateSchema, async (socket, input) => {
      requireVisitor(socket);
      const who = await me(socket);
      const c = await evaluateConversation(db, who, input);
      // The copy only to an address the visitor has proved (else a confirmation link first), within the day's allowance.
      const copy = input.receiveCopy ? await requestTranscriptCopy(services, c.id, { ip: socket.data.ip }) : 'none';
      emitConversation(c, socket.data.settings);
      return { conversation: conversationView(c), copy };
    }),

    [CLIENT_EVENTS.availability]: handler(emptySchema, async (socket) => {
      const { settings, vendorId } = socket.data;
      const online = await operatorsOnline(db, vendorId, settings.vendorOnlyChat);
      return { mode: modeFor(online, settings), operatorsOnline: online };
    }),

    [CLIENT_EVENTS.visitorStatus]: handler(statusSchema, async (socket, input) => {
      requireVisitor(socket);
      const who = await me(socket);
      // Waiting for a slot (guest limit) stays waiting; online only with a conversation to go back to.
      if (who.status === 'wait' || who.status === input.status || (input.status === 'online' && who.conversation_id === null)) return { me: userView(who) };
      const updated = await setStatus(db, who.id, input.status);
      socket.data.meCache = undefined;
      if (updated) emitPresence(updated, socket.data.settings);
      return { me: updated ? userView(updated) : null };
    }),

    [CLIENT_EVENTS.status]: handler(statusSchema, async (socket, input) => {
      requireOperator(socket);
      const updated = await setStatus(db, socket.data.chatUserId, input.status);
      if (updated) {
        emitPresence(updated, socket.data.settings);
        await announceAvailability(updated.vendor_id, socket.data.settings);
      }
      return { me: updated ? userView(updated) : null };
    }),

    [CLIENT_EVENTS.accept]: handler(acceptSchema, async (socket, input) => {
      requireOperator(socket);
      const who = await me(socket);
      const c = await acceptConversation(db, who, input.conversationId, socket.data.settings);
      await io.in(room.user(who.id)).socketsJoin(room.conv(c.id));
      socket.join(room.conv(c.id));
      emitConversation(c, socket.data.settings);
      return { conversation: conversationView(c) };
    }),

    [CLIENT_EVENTS.operators]: handler(acceptSchema, async (socket, input) => {
      requireOperator(socket);
      const who = await me(socket);
      const c = await conversationFor(socket, who, input.conversationId);
      const targets = await transferTargets(db, c.vendor_id, who.id, socket.data.settings);
      return { operators: targets.map((o) => ({ id: o.id, name: o.name })) };
    }),

    [CLIENT_EVENTS.transfer]: handler(transferSchema, async (socket, input) => {
      requireOperator(socket);
      const who = await me(socket);
      const { conversation, to, notice } = await transferConversation(db, who, input.conversationId, input.operatorId, socket.data.settings);
      // The new operator's sockets join; the old one's leave after hearing of the handover.
      await io.in(room.user(to.id)).socketsJoin(room.conv(conversation.id));
      io.to(room.conv(conversation.id)).emit(SERVER_EVENTS.message, messageView(notice));
      emitConversation(conversation, socket.data.settings);
      await io.in(room.user(who.id)).socketsLeave(room.conv(conversation.id));
      return { conversation: conversationView(conversation) };
    }),

    [CLIENT_EVENTS.canned]: handler(emptySchema, async (socket) => {
      requireOperator(socket);
      const who = await me(socket);
      return { replies: (await cannedReplies(db, who.vendor_id)).map((r) => ({ id: r.id, vendorId: r.vendor_id, title: r.title, text: r.body })) };
    }),

    [CLIENT_EVENTS.queue]: handler(emptySchema, async (socket) => {
      requireOperator(socket);
      const who = await me(socket);
      return { queue: (await queueFor(db, who, socket.data.settings)).map(conversationView) };
    }),
  };

  /**
   * Whether the operator's account holds a console role now. Messages and typing, sent by the
   * hundred, may use an answer up to ROLE_RECHECK_MS old; every other event reads it. (A role
   * changed through the back office closes the sockets at once anyway: disconnectAccount.)
   */
  const stillOperator = async (data: SocketData, frequent: boolean) => {
    if (data.accountId === null) return false;
    if (frequent && data.roleCheckedAt !== undefined && Date.now() - data.roleCheckedAt < ROLE_RECHECK_MS) return true;
    const user = await db.selectFrom('users').select('role').where('id', '=', data.accountId).executeTakeFirst();
    const ok = mayOperate(user?.role);
    data.roleCheckedAt = ok ? Date.now() : undefined;
    return ok;
  };


  /**
   * Every event of every socket (Socket.IO calls it with the socket as `this`): rate limit,
   * zod, then the handler; every failure is an error event and a failed ack, never a crash.
   */
  function dispatch(this: ChatSocket, event: string, ...args: unknown[]) {
    handle(this, event, args).catch((err: unknown) => log.error({ err, event }, 'chat event failed'));
  }
  async function handle(socket: ChatSocket, event: string, args: unknown[]) {
    const data = socket.data;
    const ack = typeof args[args.length - 1] === 'function' ? (args.pop() as (a: unknown) => void) : undefined;
    const h = Object.hasOwn(handlers, event) ? handlers[event] : undefined;
    if (!h) return refuse(socket, event, { code: 'unknown_event', message: t('chat.invalid') }, ack);
    const b = data.bucket;
    const now = Date.now();
    b.tokens = Math.min(data.rate.burst, b.tokens + ((now - b.last) / 1000) * data.rate.perSecond);
    b.last = now;
    if (b.tokens < 1) {
      const retryAfterMs = Math.ceil(((1 - b.tokens) / Math.max(data.rate.perSecond, 0.001)) * 1000);
      return refuse(socket, event, { code: 'rate_limited', message: t('chat.rateLimited'), retryAfterMs }, ack);
    }
    b.tokens -= 1;
    try {
      // The settings as saved (read again at most once a second per node): a change reaches open sockets by their next event.
      takeSettings(data, await currentSettings());
      // An operator socket acts only while its account holds a console role now (a demotion, or a token
      // issued to a role that never had the console): refused, and the socket closed.
      if (data.role === 'operator' && !(await stillOperator(data, FREQUENT.has(event)))) {
        refuse(socket, event, { code: 'forbidden', message: t('chat.operatorsOnly') }, ack);
        socket.disconnect(true);
        return;
      }
    } catch (err) {
      log.error({ err, event }, 'chat event check failed');
      return refuse(socket, event, { code: 'server_error', message: 'Server error' }, ack);
    }
    const parsed = h.schema.safeParse(args[0]);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
      const tooLong = Object.values(fields).includes('too_long');
      return refuse(socket, event, { code: tooLong ? 'too_long' : 'invalid', message: tooLong ? t('chat.tooLong', { max: MESSAGE_MAX }) : t('chat.invalid'), fields }, ack);
    }
    try {
      const result = await h.run(socket, parsed.data as never);
      ack?.({ ok: true, ...(result ?? {}) });
    } catch (err) {
      if (err instanceof ChatError) {
        const retryAfterMs = (err as ChatError & { retryAfterMs?: number }).retryAfterMs;
        return refuse(socket, event, { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}), ...(retryAfterMs ? { retryAfterMs } : {}) }, ack);
      }
      log.error({ err, event }, 'chat event failed');
      refuse(socket, event, { code: 'server_error', message: 'Server error' }, ack);
    }
  }

  /** The last socket of a person gone: offline, last seen now, typing cleared (spec §4 disconnect hook). */
  function onDisconnect(this: ChatSocket) {
    disconnected(this);
  }
  function disconnected(socket: ChatSocket) {
    const data = socket.data;
    if (closing) return;
    track(
      (async () => {
        const who = await getChatUser(db, data.chatUserId);
        for (const id of [...data.typing]) stopTyping(socket, id, { id: data.chatUserId, name: who?.name ?? '' });
        if (!who) return;
        const remaining = await sockets(who.id);
        if (remaining > 0) {
          await db.updateTable('chat_users').set({ connections: remaining }).where('id', '=', who.id).execute();
          return;
        }
        const updated = await setStatus(db, who.id, who.status === 'wait' ? 'wait' : 'offline', 0);
        if (!updated) return;
        emitPresence(updated, data.settings);
        if (updated.kind === 'operator' && who.status === 'online') await announceAvailability(updated.vendor_id, data.settings);
      })().catch((err: unknown) => log.error({ err }, 'chat disconnect hook failed')),
    );
  }

  /** On connect: rooms, presence, hello. */
  async function welcome(socket: ChatSocket) {
    const data = socket.data;
    // Before anything awaits: a role change from now on reaches this socket (disconnectAccount).
    if (data.accountId !== null) socket.join(room.account(data.accountId));
    const settings = data.settings;
    const who = data.initial ?? (await me(socket));
    data.initial = undefined;
    socket.join(room.user(who.id));
    let conversation: ConversationRow | undefined;
    if (who.kind === 'visitor') {
      socket.join(room.visitors(who.vendor_id));
      if (who.conversation_id) conversation = await getConversation(db, who.conversation_id);
      if (conversation?.status === 'open') socket.join(room.conv(conversation.id));
      else conversation = undefined;
    } else {
      socket.join(room.ops(who.vendor_id));
    }
    const back = who.kind === 'visitor' && conversation && who.status === 'offline';
    const updated = back ? await setStatus(db, who.id, 'online', await sockets(who.id)) : who;
    if (back && updated) emitPresence(updated, settings);
    const online = await operatorsOnline(db, who.vendor_id, settings.vendorOnlyChat);
    const hello: Hello = {
      role: who.kind,
      me: userView(updated ?? who),
      conversation: conversation ? conversationView(conversation) : null,
      mode: modeFor(online, settings),
      operatorsOnline: online,
      settings: widgetSettings(settings),
      ...(who.kind === 'operator' ? { queue: (await queueFor(db, who, settings)).map(conversationView) } : {}),
    };
    socket.emit(SERVER_EVENTS.hello, hello);
  }

  /** This node's part of a settings save: its sockets take the new settings, its visitors hear the mode. */
  async function applySettings() {
    settingsRead = undefined;
    const settings = await currentSettings();
    const vendors = new Set<number>();
    for (const raw of io.of('/').sockets.values()) {
      const data = (raw as unknown as ChatSocket).data;
      if (!data.role) continue; // still in the handshake
      takeSettings(data, settings);
      if (data.role === 'visitor') vendors.add(data.vendorId);
    }
    for (const v of vendors) {
      const online = await operatorsOnline(db, v, settings.vendorOnlyChat);
      io.local.to(room.visitors(v)).emit(SERVER_EVENTS.availability, { vendorId: v, mode: modeFor(online, settings), operatorsOnline: online, settings: widgetSettings(settings) });
    }
  }
  // Another node saved the settings (through the Redis or cluster adapter).
  io.on(SETTINGS_CHANGED, () => {
    track(applySettings().catch((err: unknown) => log.error({ err }, 'chat settings change failed')));
  });

  /** This node's operator sockets, or one account's. */
  const operatorSockets = (accountId?: number) =>
    [...io.of('/').sockets.values()].map((raw) => raw as unknown as ChatSocket).filter((s) => s.data.role === 'operator' && (accountId === undefined || s.data.accountId === accountId));

  /**
   * This node's part of an operator's new vendor: their sockets leave the old vendor's room
   * for the new one's (spec §6 vendor matching: what they are told and may open follows) and
   * hear a hello again, with the new vendor's queue; visitors of both vendors hear who can answer.
   */
  async function applyOperatorVendor(accountId: number) {
    const mine = operatorSockets(accountId);
    if (mine.length === 0) return;
    const row = await getChatUser(db, mine[0].data.chatUserId);
    if (!row) return;
    const moved = mine.filter((s) => s.data.vendorId !== row.vendor_id);
    if (moved.length === 0) return;
    const settings = await currentSettings();
    const old = new Set(moved.map((s) => s.data.vendorId));
    const online = await operatorsOnline(db, row.vendor_id, settings.vendorOnlyChat);
    const queue = (await queueFor(db, row, settings)).map(conversationView);
    const hello: Hello = { role: 'operator', me: userView(row), conversation: null, mode: modeFor(online, settings), operatorsOnline: online, settings: widgetSettings(settings), queue };
    for (const s of moved) {
      s.leave(room.ops(s.data.vendorId));
      s.join(room.ops(row.vendor_id));
      s.data.vendorId = row.vendor_id;
      s.data.meCache = undefined;
      s.data.mayWrite = undefined;
      s.emit(SERVER_EVENTS.hello, hello);
    }
    if (row.status === 'online') for (const v of new Set([...old, row.vendor_id])) await announceAvailability(v, settings);
  }
  io.on(OPERATOR_VENDOR_CHANGED, (accountId: number) => {
    track(applyOperatorVendor(accountId).catch((err: unknown) => log.error({ err }, 'chat operator vendor change failed')));
  });

  // Changes made without this process hearing of them (the CLI): compared every few seconds,
  // one query for all of this node's operator sockets, none while there are none.
  let recheckRunning = false;
  const vendorRecheck = setInterval(() => {
    const ops = operatorSockets();
    if (closing || recheckRunning || ops.length === 0) return;
    recheckRunning = true;
    track(
      (async () => {
        const ids = [...new Set(ops.map((s) => s.data.chatUserId))];
        const rows = await db.selectFrom('chat_users').select(['id', 'vendor_id']).where('id', 'in', ids).execute();
        const vendorOf = new Map(rows.map((r) => [r.id, r.vendor_id]));
        const accounts = new Set(ops.filter((s) => s.data.accountId !== null && vendorOf.has(s.data.chatUserId) && vendorOf.get(s.data.chatUserId) !== s.data.vendorId).map((s) => s.data.accountId!));
        for (const a of accounts) await applyOperatorVendor(a);
      })()
        .catch((err: unknown) => log.error({ err }, 'chat operator vendor recheck failed'))
        .finally(() => (recheckRunning = false)),
    );
  }, OPERATOR_VENDOR_RECHECK_MS);
  vendorRecheck.unref();
  closers.push(async () => clearInterval(vendorRecheck));

  io.on('connection', (raw) => {
    const socket = raw as unknown as ChatSocket;
    socket.onAny(dispatch as (...args: unknown[]) => void);
    socket.on('disconnect', onDisconnect);
    track(
      welcome(socket).catch((err: unknown) => {
        log.error({ err }, 'chat connect failed');
        socket.disconnect(true);
      }),
    );
  });

  return {
    io,
    async disconnectUser(chatUserId: number) {
      io.in(room.user(chatUserId)).disconnectSockets(true);
    },
    async disconnectAccount(accountId: number) {
      io.in(room.account(accountId)).disconnectSockets(true);
    },
    async settingsChanged() {
      // The other nodes hear it through the adapter; without one there are none.
      try {
        if (options.redisUrl || options.cluster) io.serverSideEmit(SETTINGS_CHANGED);
      } catch (err) {
        log.warn({ err }, 'chat settings change not sent to the other nodes (they read it at their sockets’ next event)');
      }
      await applySettings();
    },
    async operatorVendorChanged(accountId: number) {
      try {
        if (options.redisUrl || options.cluster) io.serverSideEmit(OPERATOR_VENDOR_CHANGED, accountId);
      } catch (err) {
        log.warn({ err }, 'chat operator vendor change not sent to the other nodes (their recheck finds it)');
      }
      await applyOperatorVendor(accountId);
    },
    async connectedUsers() {
      const all = await io.fetchSockets();
      return new Set(all.map((s) => (s.data as SocketData).chatUserId));
    },
    async close() {
      closing = true;
      io.local.disconnectSockets(true);
      while (pending.size) await Promise.allSettled([...pending]);
      io.engine.close();
      for (const c of closers) await c();
    },
  };
}

export type { ChatSocket };
