import { io, type Socket } from 'socket.io-client';
import { CLIENT_EVENTS, RECONNECT, SERVER_EVENTS, type Ack, type ChatErrorBody, type ChatMessageView, type Hello } from '../chat.schema.ts';

/*
 * The browser side of the chat's delivery guarantees, shared by the widget and the operator
 * console (and usable from Node: the tests drive it against the real server).
 *
 * - Connects over WebSocket with a fresh token from `getToken` on every attempt; reconnects
 *   after any loss with the spec's backoff (1 s, ×1.3 per attempt, at most 5 minutes).
 * - Outgoing messages wait in an outbox with a client id each and are sent one at a time;
 *   one is done only when the server acknowledges it with its sequence number, so whatever
 *   a lost connection swallowed is sent again after the reconnect (the server answers a known
 *   client id with the number it already gave).
 * - Incoming messages are handed to `onMessage` exactly once per conversation, in sequence
 *   order: duplicates are dropped, early ones held back, and a gap — or any reconnect — asks
 *   the server for everything after the last number delivered.
 */

export type ConnectionState = 'connecting' | 'connected' | 'disconnected' | 'closed';

export interface ChatConnectionOptions {
  /** The shop's origin; default the page's own. */
  url?: string;
  /** A fresh token (POST /api/chat/token), asked for before every connection attempt. */
  getToken(): Promise<string>;
  /** Every message of every followed conversation, once, in order. */
  onMessage(message: ChatMessageView): void;
  onHello?(hello: Hello): void;
  /** Typing, presence, conversation, availability, read and error events as the server sends them. */
  onEvent?(event: string, payload: unknown): void;
  onState?(state: ConnectionState): void;
  /** Backoff; tests shorten it. */
  reconnect?: { firstMs: number; factor: number; maxMs: number };
  /** How long to wait for an acknowledgement before sending again (the connection may be half dead). */
  ackTimeoutMs?: number;
  /** Passed to socket.io-client (tests add a per-connection option or two). */
  socketOptions?: Record<string, unknown>;
}

/** The wait before reconnect attempt `attempt` (0-based): first × factor^attempt, capped. */
export function backoffDelay(attempt: number, r: { firstMs: number; factor: number; maxMs: number } = RECONNECT): number {
  return Math.min(r.maxMs, Math.round(r.firstMs * Math.pow(r.factor, attempt)));
}

interface Pending {
  conversationId: number;
  clientId: string;
  text: string;
  resolve(ack: { seq: number; id: number; at: string }): void;
  reject(error: ChatErrorBody): void;
  done?: boolean;
}

interface Followed {
  lastSeq: number;
  early: Map<number, ChatMessageView>;
  catchingUp: boolean;
}

let counter = 0;
/** A client id unique to this page load: random prefix, then a counter. */
export function newClientId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  return `${random}:${++counter}`;
}

export class ChatConnection {
  readonly socket: Socket;
  state: ConnectionState = 'connecting';
  hello: Hello | null = null;
  private outbox: Pending[] = [];
  private sending: Pending | null = null;
  private sendAttempt: object | null = null;
  private followed = new Map<number, Followed>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly backoff: { firstMs: number; factor: number; maxMs: number };

  constructor(private options: ChatConnectionOptions) {
    this.backoff = options.reconnect ?? RECONNECT;
    const opts = {
      path: '/socket.io',
      transports: ['websocket'],
      // Our own backoff (socket.io's grows by 2 with jitter; the spec says 1.3).
      reconnection: false,
      autoConnect: false,
      auth: (cb: (data: { token: string }) => void) => {
        options.getToken().then(
          (token) => cb({ token }),
          () => cb({ token: '' }),
        );
      },
      ...options.socketOptions,
    };
    this.socket = options.url ? io(options.url, opts) : io(opts);
    this.socket.on('connect', () => {
      this.attempt = 0;
    });
    this.socket.on(SERVER_EVENTS.hello, (hello: Hello) => {
      this.hello = hello;
      this.setState('connected');
      options.onHello?.(hello);
      for (const id of this.followed.keys()) this.rejoin(id);
      this.pump();
    });
    this.socket.on(SERVER_EVENTS.message, (m: ChatMessageView) => this.receive(m));
    for (const event of [SERVER_EVENTS.typing, SERVER_EVENTS.presence, SERVER_EVENTS.conversation, SERVER_EVENTS.availability, SERVER_EVENTS.read, SERVER_EVENTS.error, SERVER_EVENTS.queue]) {
      this.socket.on(event, (payload: unknown) => options.onEvent?.(event, payload));
    }
    this.socket.on('disconnect', () => this.lost());
    this.socket.on('connect_error', () => this.lost());
  }

  /** Opens the connection (again after close() is not supported: make a new one). */
  connect(): this {
    if (this.state === 'closed') throw new Error('closed');
    this.setState('connecting');
    this.socket.connect();
    return this;
  }

  close(): void {
    this.setState('closed');
    if (this.timer) clearTimeout(this.timer);
    this.socket.disconnect();
  }

  /** Queues a message; resolves with its sequence number once the server has stored it. */
  send(conversationId: number, text: string, clientId = newClientId()): { clientId: string; stored: Promise<{ seq: number; id: number; at: string }> } {
    let resolve!: Pending['resolve'];
    let reject!: Pending['reject'];
    const stored = new Promise<{ seq: number; id: number; at: string }>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.outbox.push({ conversationId, clientId, text, resolve, reject });
    this.pump();
    return { clientId, stored };
  }

  /** Messages still waiting for their acknowledgement. */
  get unacknowledged(): number {
    return this.outbox.length + (this.sending ? 1 : 0);
  }

  /** Receives a conversation's messages after `lastSeq` now and after every reconnect. */
  follow(conversationId: number, lastSeq = 0): void {
    if (!this.followed.has(conversationId)) this.followed.set(conversationId, { lastSeq, early: new Map(), catchingUp: false });
    if (this.state === 'connected') this.rejoin(conversationId);
  }

  unfollow(conversationId: number): void {
    this.followed.delete(conversationId);
  }

  lastSeq(conversationId: number): number {
    return this.followed.get(conversationId)?.lastSeq ?? 0;
  }

  /** Any other event with its acknowledgement (login, end, evaluate, typing, op:status…). */
  request<T = Record<string, unknown>>(event: string, payload?: unknown, timeoutMs = this.options.ackTimeoutMs ?? 10_000): Promise<Ack<T>> {
    return new Promise((resolve) => {
      this.socket.timeout(timeoutMs).emit(event, payload ?? {}, (err: Error | null, ack: Ack<T>) => {
        resolve(err ? { ok: false, error: { code: 'timeout', message: err.message, event } } : ack);
      });
    });
  }

  typing(conversationId: number, typing: boolean): void {
    if (this.state === 'connected') this.socket.emit(CLIENT_EVENTS.typing, { conversationId, typing });
  }

  // ---- internals ----

  private setState(state: ConnectionState) {
    if (this.state === 'closed' && state !== 'closed') return;
    if (this.state === state) return;
    this.state = state;
    this.options.onState?.(state);
  }

  private lost() {
    if (this.state === 'closed') return;
    this.hello = null;
    // What was in flight goes again, first, after the reconnect.
    if (this.sending) {
      this.outbox.unshift(this.sending);
      this.sending = null;
    }
    for (const f of this.followed.values()) f.catchingUp = false;
    this.setState('disconnected');
    if (this.timer) return;
    const delay = backoffDelay(this.attempt++, this.backoff);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.state === 'closed' || this.socket.connected) return;
      this.setState('connecting');
      this.socket.connect();
    }, delay);
  }

  /** Sends the first message of the outbox, one at a time so the server numbers them in the order written. */
  private pump() {
    if (this.sending || this.state !== 'connected' || this.outbox.length === 0) return;
    const item = this.outbox.shift()!;
    this.sending = item;
    const attempt = (this.sendAttempt = {});
    this.socket
      .timeout(this.options.ackTimeoutMs ?? 10_000)
      .emit(CLIENT_EVENTS.send, { conversationId: item.conversationId, clientId: item.clientId, text: item.text }, (err: Error | null, ack: Ack<{ seq: number; id: number; at: string }>) => {
        if (item.done) return;
        if (!err && ack.ok) {
          // Stored (even if this answer comes from an earlier attempt): done, wherever it waits now.
          item.done = true;
          const i = this.outbox.indexOf(item);
          if (i >= 0) this.outbox.splice(i, 1);
          if (this.sending === item) this.sending = null;
          item.resolve({ seq: ack.seq, id: ack.id, at: ack.at });
          this.pump();
          return;
        }
        if (this.sendAttempt !== attempt || this.sending !== item) return; // a later attempt is under way
        this.sending = null;
        if (!err && !ack.ok && ack.error.code !== 'rate_limited' && ack.error.code !== 'server_error') {
          item.done = true;
          item.reject(ack.error);
          this.pump();
          return;
        }
        // No answer, too fast or a server hiccup: the same message again (its client id makes a duplicate harmless).
        this.outbox.unshift(item);
        setTimeout(() => this.pump(), err ? 0 : !ack.ok ? (ack.error.retryAfterMs ?? 1000) : 0);
      });
  }

  private rejoin(conversationId: number) {
    const f = this.followed.get(conversationId);
    if (!f || f.catchingUp) return;
    f.catchingUp = true;
    void this.request<{ messages: ChatMessageView[]; more: boolean }>(CLIENT_EVENTS.join, { conversationId, after: f.lastSeq }).then((ack) => this.caughtUp(conversationId, f, ack));
  }

  private catchUp(conversationId: number) {
    const f = this.followed.get(conversationId);
    if (!f || f.catchingUp || this.state !== 'connected') return;
    f.catchingUp = true;
    void this.request<{ messages: ChatMessageView[]; more: boolean }>(CLIENT_EVENTS.since, { conversationId, after: f.lastSeq }).then((ack) => this.caughtUp(conversationId, f, ack));
  }

  private caughtUp(conversationId: number, f: Followed, ack: Ack<{ messages: ChatMessageView[]; more: boolean }>) {
    if (this.followed.get(conversationId) !== f) return;
    f.catchingUp = false;
    if (!ack.ok) {
      if (ack.error.code === 'not_found') this.followed.delete(conversationId);
      return; // a timeout or a lost connection: the next connect asks again
    }
    for (const m of ack.messages) this.receive(m);
    if (ack.more || (f.early.size > 0 && !f.early.has(f.lastSeq + 1))) this.catchUp(conversationId);
  }

  private receive(m: ChatMessageView) {
    const f = this.followed.get(m.conversationId);
    if (!f || m.seq <= f.lastSeq) return;
    f.early.set(m.seq, m);
    let next = f.early.get(f.lastSeq + 1);
    while (next) {
      f.early.delete(next.seq);
      f.lastSeq = next.seq;
      this.options.onMessage(next);
      next = f.early.get(f.lastSeq + 1);
    }
    // Something is missing before what arrived: fetch it.
    if (f.early.size > 0) this.catchUp(m.conversationId);
  }
}
