import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Services } from '../../lib/services.server.ts';
import { attachAdapter } from './realtime/adapter.server.ts';
import { createHub, room, type ChatSocket, type SocketData } from './realtime/hub.server.ts';
import { authenticate } from './realtime/handshake.server.ts';
import { conversationEvents } from './realtime/conversation-events.server.ts';
import { visitorEvents } from './realtime/visitor-events.server.ts';
import { operatorEvents } from './realtime/operator-events.server.ts';
import { dispatcher } from './realtime/dispatch.server.ts';
import { lifecycle } from './realtime/lifecycle.server.ts';
import { nodeSync, OPERATOR_VENDOR_CHANGED, SETTINGS_CHANGED } from './realtime/node-sync.server.ts';

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
 *
 * The parts, under realtime/: the adapter between nodes, the shared hub (rooms, settings,
 * helpers), the handshake, the events of a conversation, of visitors and of operators, the
 * dispatcher that checks every event, a socket's arrival and leaving, and what nodes hear of
 * each other's changes.
 */

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

export async function attachChat(httpServer: HttpServer, services: Services, options: ChatRealtimeOptions = {}): Promise<ChatRealtime> {
  const { log } = services;
  const io = new Server(httpServer, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    // A 5,000-character message is at most 20 kB of UTF-8; anything far bigger is refused by closing.
    maxHttpBufferSize: 64 * 1024,
    connectTimeout: 10_000,
  });
  const hub = createHub(io, services);
  const closers = await attachAdapter(io, services, options);
  authenticate(hub);
  // ---- events: one table, one dispatcher ----
  const dispatch = dispatcher(hub, { ...visitorEvents(hub), ...conversationEvents(hub), ...operatorEvents(hub) });
  const { welcome, onDisconnect } = lifecycle(hub);
  const sync = nodeSync(hub);
  const { applySettings, applyOperatorVendor } = sync;
  const { track } = hub;

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
      hub.state.closing = true;
      io.local.disconnectSockets(true);
      while (hub.pending.size) await Promise.allSettled([...hub.pending]);
      io.engine.close();
      for (const c of closers) await c();
      sync.stop();
    },
  };
}

export type { ChatSocket };
