import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { z } from 'zod';
import type { Services } from '../../lib/services.server.ts';
import { inBackground } from '../../lib/background.server.ts';
import { isStaff } from '../account/roles.ts';
import type { Role } from '../account/roles.ts';
import { t } from '../../i18n/t-chat.ts';
import { getChatSettings, type ChatSettings } from './chat-settings.server.ts';
import { mailTranscript } from './chat-mail.server.ts';
import { verifyChatToken } from './chat-token.server.ts';
import {
  ChatError,
  acceptConversation,
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
  vendorId: number;
  /** The visitor is signed in with a staff account (same-e-mail bypass), or the operator's account. */
  staffAccount: boolean;
  settings: ChatSettings;
  /** Conversations this socket said it is typing in. */
  typing: Set<number>;
  bucket: { tokens: number; last: number };
  rate: { burst: number; perSecond: number };
  /** The record as the handshake found it, for the hello (dropped once sent). */
  initial?: ChatUserRow;
}

const OPERATOR_RATE_FACTOR = 10;

type ChatSocket = Socket & { data: SocketData };

export interface ChatRealtime {
  io: Server;
  /** Chat record ids with a socket open in any process. */
  connectedUsers(): Promise<Set<number>>;
  /** Disconnects every socket of this process and closes the adapter's connections. */
  close(): Promise<void>;
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
  visitors: (vendorId: number) => `visitors:${vendorId}`,
  ops: (vendorId: number) => `ops:${vendorId}`,
};

/** The operator rooms that hear about a conversation of `vendorId` (spec §6 vendor matching). */
const opsRooms = (vendorId: number, settings: ChatSettings) =>
  vendorId === 0 || settings.vendorOnlyChat ? [room.ops(vendorId)] : [room.ops(vendorId), room.ops(0)];

const modeFor = (online: number, settings: ChatSettings): WidgetMode => (online === 0 ? 'offline' : settings.displayLogin ? 'login' : 'online');

function clientIp(socket: Socket, trustProxy: boolean): string {
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string' && forwarded) return forwarded.split(',')[0].trim();
  return socket.handshake.address;
}

export async function attachChat(httpServer: HttpServer, services: Services, options: ChatRealtimeOptions = {}): Promise<ChatRealtime> {
  const { db, config, log } = services;
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
    for (const c of [pub, sub]) c.on('error', (err: unknown) => log.warn({ err }, 'chat Redis connection error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub, { key: `${options.redisPrefix ?? 'vitrine'}:socket.io`, requestsTimeout: 3000 }));
    closers.push(() => Promise.allSettled([pub.quit(), sub.quit()]));
  } else if (options.cluster) {
    const { createAdapter } = await import('@socket.io/cluster-adapter');
    io.adapter(createAdapter());
  }

  // ---- authentication: the token says who the socket is; nothing it sends later can change that ----
  io.use(async (socket, next) => {
    try {
      const claims = verifyChatToken(config.sessionSecret, (socket.handshake.auth as { token?: unknown } | undefined)?.token);
      if (!claims) return next(Object.assign(new Error('unauthorized'), { data: { code: 'unauthorized', message: t('chat.unauthorized') } }));
      const ip = clientIp(socket, config.trustProxy);
      const settings = await getChatSettings(db);
      let me: ChatUserRow;
      let staffAccount = false;
      if (claims.role === 'operator') {
        const user = await db.selectFrom('users').select(['id', 'name', 'email', 'role']).where('id', '=', claims.userId).executeTakeFirst();
        if (!user || !isStaff(user.role as Role)) return next(Object.assign(new Error('unauthorized'), { data: { code: 'unauthorized', message: t('chat.operatorsOnly') } }));
        me = await ensureOperator(db, user, ip);
        staffAccount = true;
      } else {
        if (claims.userId !== null) {
          const user = await db.selectFrom('users').select('role').where('id', '=', claims.userId).executeTakeFirst();
          staffAccount = !!user && isStaff(user.role as Role);
        }
        me = await ensureVisitor(db, { visitorKey: claims.visitorKey, userId: claims.userId, vendorId: claims.vendorId, ip });
      }
      const data = socket.data as SocketData;
      data.role = claims.role;
      data.chatUserId = me.id;
      data.initial = me;
      data.vendorId = me.vendor_id;
      data.staffAccount = staffAccount;
      data.settings = settings;
      data.typing = new Set();
      // Staff answer many conversations at once: ten times a visitor's allowance.
      const scale = claims.role === 'operator' ? OPERATOR_RATE_FACTOR : 1;
      data.rate = { burst: settings.rateBurst * scale, perSecond: settings.ratePerSecond * scale };
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

  const emitPresence = (me: ChatUserRow, settings: ChatSettings) => {
    const payload = { userId: me.id, kind: me.kind, status: me.status, lastOnline: me.last_online, currentPage: me.current_page, isMobile: me.is_mobile === 1 };
    const rooms = me.kind === 'visitor' ? opsRooms(me.vendor_id, settings) : [room.ops(me.vendor_id)];
    if (me.conversation_id) rooms.push(room.conv(me.conversation_id));
    io.to(rooms).emit(SERVER_EVENTS.presence, payload);
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

  io.on('connection', (raw) => {
    const socket = raw as unknown as ChatSocket;
    const data = socket.data;
    const settings = data.settings;

    /** The caller's own record, fresh (another tab may have changed it); gone: a logout (spec §4). */
    let meCache: { row: ChatUserRow; at: number } | null = null;
    /** `maxAgeMs` > 0: a copy read that recently will do (kept only for sockets that send). */
    const me = async (maxAgeMs = 0): Promise<ChatUserRow> => {
      if (maxAgeMs > 0 && meCache && Date.now() - meCache.at < maxAgeMs) return meCache.row;
      const row = await getChatUser(db, data.chatUserId);
      meCache = row && maxAgeMs > 0 ? { row, at: Date.now() } : null;
      if (!row) {
        socket.emit(SERVER_EVENTS.presence, { userId: data.chatUserId, kind: data.role, status: 'offline', removed: true });
        throw new ChatError('not_logged_in', t('chat.notLoggedIn'), 401);
      }
      return row;
    };

    const refuse = (event: string, err: ChatErrorBody, ack?: (a: unknown) => void) => {
      const body = { ...err, event };
      socket.emit(SERVER_EVENTS.error, body);
      ack?.({ ok: false, error: body });
    };

    /** One handler per event: rate limit, zod, then the work; every failure is an error event and a failed ack, never a crash. */
    function on<S extends z.ZodType>(event: string, schema: S, handler: (input: z.infer<S>) => Promise<Record<string, unknown> | void>) {
      socket.on(event as never, (async (...args: unknown[]) => {
        const ack = typeof args[args.length - 1] === 'function' ? (args.pop() as (a: unknown) => void) : undefined;
        const b = data.bucket;
        const now = Date.now();
        b.tokens = Math.min(data.rate.burst, b.tokens + ((now - b.last) / 1000) * data.rate.perSecond);
        b.last = now;
        if (b.tokens < 1) {
          const retryAfterMs = Math.ceil(((1 - b.tokens) / Math.max(data.rate.perSecond, 0.001)) * 1000);
          return refuse(event, { code: 'rate_limited', message: t('chat.rateLimited'), retryAfterMs }, ack);
        }
        b.tokens -= 1;
        const parsed = schema.safeParse(args[0]);
        if (!parsed.success) {
          const fields: Record<string, string> = {};
          for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
          const tooLong = Object.values(fields).includes('too_long');
          return refuse(event, { code: tooLong ? 'too_long' : 'invalid', message: tooLong ? t('chat.tooLong', { max: MESSAGE_MAX }) : t('chat.invalid'), fields }, ack);
        }
        try {
          const result = await handler(parsed.data);
          ack?.({ ok: true, ...(result ?? {}) });
        } catch (err) {
          if (err instanceof ChatError) return refuse(event, { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) }, ack);
          log.error({ err, event }, 'chat event failed');
          refuse(event, { code: 'server_error', message: 'Server error' }, ack);
        }
      }) as never);
    }

    const requireOperator = () => {
      if (data.role !== 'operator') throw new ChatError('forbidden', t('chat.operatorsOnly'), 403);
    };
    const requireVisitor = () => {
      if (data.role !== 'visitor') throw new ChatError('forbidden', t('chat.invalid'), 403);
    };
    /** The conversation, if this socket may see it (a foreign one reads as "no such"). */
    const conversationFor = async (who: ChatUserRow, id: number) => accessibleConversation(db, who, id, settings);
    /** Where this socket has sent before, recently: no access check per message (the store still refuses a closed one). */
    const mayWrite = new Map<number, { c: ConversationRow; at: number }>();

    const stopTyping = (conversationId: number, who: { id: number; name: string }) => {
      if (!data.typing.delete(conversationId)) return;
      socket.to(room.conv(conversationId)).emit(SERVER_EVENTS.typing, { conversationId, userId: who.id, name: who.name, typing: false });
    };

    // ---- events ----

    on(CLIENT_EVENTS.login, loginSchema, async (input) => {
      requireVisitor();
      const visitor = await me();
      const { visitor: updated, conversation } = await loginVisitor(db, visitor, input, settings, data.staffAccount);
      meCache = { row: updated, at: Date.now() };
      await io.in(room.user(updated.id)).socketsJoin(room.conv(conversation.id));
      socket.join(room.conv(conversation.id));
      emitConversation(conversation, settings);
      emitPresence(updated, settings);
      return { me: userView(updated), conversation: conversationView(conversation) };
    });

    on(CLIENT_EVENTS.send, sendSchema, async (input) => {
      const who = await me(2000);
      if (input.text.trim() === '') throw new ChatError('empty', t('chat.empty'));
      const known = mayWrite.get(input.conversationId);
      let c = known && Date.now() - known.at < 10_000 ? known.c : await conversationFor(who, input.conversationId);
      if (who.kind === 'operator' && c.operator_id === null && c.status === 'open') c = await acceptConversation(db, who, c.id, settings).catch(() => c);
      if (c !== known?.c) mayWrite.set(c.id, { c, at: Date.now() });
      const { message, duplicate } = await appendMessage(db, { conversationId: c.id, sender: who, senderType: who.kind, clientId: input.clientId, text: input.text });
      if (!socket.rooms.has(room.conv(c.id))) socket.join(room.conv(c.id));
      stopTyping(c.id, who);
      // Also for a duplicate: its first broadcast may have been lost with a process; receivers drop what they have.
      io.to(room.conv(c.id)).emit(SERVER_EVENTS.message, messageView(message));
      return { seq: message.seq, id: message.id, at: message.created_at, duplicate };
    });

    on(CLIENT_EVENTS.join, joinSchema, async (input) => {
      const who = await me();
      const c = await conversationFor(who, input.conversationId);
      // Join first, then read: a message stored in between arrives by broadcast, one stored before is in the answer.
      socket.join(room.conv(c.id));
      const messages = await messagesSince(db, c.id, input.after);
      return { conversation: conversationView(c), messages: messages.map(messageView), more: messages.length === SINCE_PAGE };
    });

    on(CLIENT_EVENTS.since, sinceSchema, async (input) => {
      const who = await me();
      const c = await conversationFor(who, input.conversationId);
      const messages = await messagesSince(db, c.id, input.after);
      return { lastSeq: c.last_seq, messages: messages.map(messageView), more: messages.length === SINCE_PAGE };
    });

    on(CLIENT_EVENTS.typing, typingSchema, async (input) => {
      // Only where this socket has joined (no database read per key press).
      if (!socket.rooms.has(room.conv(input.conversationId))) throw new ChatError('not_found', t('chat.notFound'), 404);
      const who = await me(2000);
      if (input.typing) {
        data.typing.add(input.conversationId);
        socket.to(room.conv(input.conversationId)).emit(SERVER_EVENTS.typing, { conversationId: input.conversationId, userId: who.id, name: who.name, typing: true });
      } else {
        data.typing.add(input.conversationId);
        stopTyping(input.conversationId, who);
      }
    });

    on(CLIENT_EVENTS.read, readSchema, async (input) => {
      const who = await me();
      const c = await conversationFor(who, input.conversationId);
      if (await markRead(db, who, c.id, input.upTo)) {
        io.to(room.conv(c.id)).emit(SERVER_EVENTS.read, { conversationId: c.id, upTo: input.upTo, by: who.kind, userId: who.id });
      }
    });

    on(CLIENT_EVENTS.page, pageSchema, async (input) => {
      const updated = await setPage(db, data.chatUserId, input.currentPage, input.isMobile);
      meCache = null;
      if (updated) emitPresence(updated, settings);
    });

    on(CLIENT_EVENTS.end, endSchema, async (input) => {
      const who = await me();
      const c = await conversationFor(who, input.conversationId);
      const { conversation, closing } = await endConversation(db, who, c);
      if (closing) io.to(room.conv(c.id)).emit(SERVER_EVENTS.message, messageView(closing));
      stopTyping(c.id, who);
      emitConversation(conversation, settings);
      return { conversation: conversationView(conversation) };
    });

    on(CLIENT_EVENTS.evaluate, evaluateSchema, async (input) => {
      requireVisitor();
      const who = await me();
      const c = await evaluateConversation(db, who, input);
      if (input.receiveCopy) inBackground(services, 'chat transcript mail', () => mailTranscript(services, c.id));
      emitConversation(c, settings);
      return { conversation: conversationView(c) };
    });

    on(CLIENT_EVENTS.availability, emptySchema, async () => {
      const online = await operatorsOnline(db, data.vendorId, settings.vendorOnlyChat);
      return { mode: modeFor(online, settings), operatorsOnline: online };
    });

    on(CLIENT_EVENTS.status, statusSchema, async (input) => {
      requireOperator();
      const updated = await setStatus(db, data.chatUserId, input.status);
      if (updated) {
        emitPresence(updated, settings);
        await announceAvailability(updated.vendor_id, settings);
      }
      return { me: updated ? userView(updated) : null };
    });

    on(CLIENT_EVENTS.accept, acceptSchema, async (input) => {
      requireOperator();
      const who = await me();
      const c = await acceptConversation(db, who, input.conversationId, settings);
      await io.in(room.user(who.id)).socketsJoin(room.conv(c.id));
      socket.join(room.conv(c.id));
      emitConversation(c, settings);
      return { conversation: conversationView(c) };
    });

    on(CLIENT_EVENTS.queue, emptySchema, async () => {
      requireOperator();
      const who = await me();
      return { queue: (await queueFor(db, who, settings)).map(conversationView) };
    });

    socket.onAny((event: string) => {
      if (!Object.values(CLIENT_EVENTS).includes(event as never)) refuse(event, { code: 'unknown_event', message: t('chat.invalid') });
    });

    socket.on('disconnect', () => {
      if (closing) return;
      track((async () => {
        const who = await getChatUser(db, data.chatUserId);
        for (const id of [...data.typing]) stopTyping(id, { id: data.chatUserId, name: who?.name ?? '' });
        if (!who) return;
        const remaining = await sockets(who.id);
        if (remaining > 0) {
          await db.updateTable('chat_users').set({ connections: remaining }).where('id', '=', who.id).execute();
          return;
        }
        // The last socket of this person: offline, last seen now (spec §4 disconnect hook).
        const updated = await setStatus(db, who.id, who.status === 'wait' ? 'wait' : 'offline', 0);
        if (!updated) return;
        emitPresence(updated, settings);
        if (updated.kind === 'operator' && who.status === 'online') await announceAvailability(updated.vendor_id, settings);
      })().catch((err: unknown) => log.error({ err }, 'chat disconnect hook failed')));
    });

    // ---- on connect: rooms, presence, hello ----
    track((async () => {
      const who = data.initial ?? (await me());
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
      const count = await sockets(who.id);
      const back = who.kind === 'visitor' && conversation && who.status === 'offline';
      const updated = back ? await setStatus(db, who.id, 'online', count) : who;
      if (back && updated) emitPresence(updated, settings);
      const online = await operatorsOnline(db, who.vendor_id, settings.vendorOnlyChat);
      const hello: Hello = {
        role: who.kind,
        me: userView(updated ?? who),
        conversation: conversation ? conversationView(conversation) : null,
        mode: modeFor(online, settings),
        operatorsOnline: online,
        settings: { gdpr: settings.gdpr, displayLogin: settings.displayLogin, offlineForm: settings.offlineForm },
        ...(who.kind === 'operator' ? { queue: (await queueFor(db, who, settings)).map(conversationView) } : {}),
      };
      socket.emit(SERVER_EVENTS.hello, hello);
    })().catch((err: unknown) => {
      log.error({ err }, 'chat connect failed');
      socket.disconnect(true);
    }));
  });

  return {
    io,
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
