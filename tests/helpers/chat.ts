import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import type { Role } from '../../app/lib/roles.ts';
import { ChatConnection, type ChatConnectionOptions } from '../../app/features/chat/client/chat-connection.ts';
import type { ChatMessageView, Hello } from '../../app/features/chat/chat.schema.ts';
import { Client } from './app.ts';

/** The address a listening test app answers on (loopback, a free port). */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A browser-like visitor: its cookies (chat cookie included) and a way to get chat tokens. */
export async function visitor(app: FastifyInstance, vendorId = 0) {
  const client = await Client.start(app);
  const token = async () => {
    const res = await client.request('POST', '/api/chat/token', { vendorId });
    if (res.statusCode !== 200) throw new Error(`token: ${res.statusCode} ${res.body}`);
    return res.json().token as string;
  };
  return { client, token };
}

let staffCount = 0;
/** A signed-in staff member and their operator tokens. */
export async function operator(app: FastifyInstance, role: Role = 'operator') {
  const email = `op${++staffCount}-${Date.now()}@shop.example`;
  const user = await createUser(app.services, { email, password: 'operator-password-1', name: `Operator ${staffCount}`, role });
  const client = await Client.start(app);
  const login = await client.request('POST', '/api/account/login', { email, password: 'operator-password-1' });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  client.csrf = (await client.request('GET', '/api/session')).json().csrfToken;
  const token = async () => {
    const res = await client.request('POST', '/api/chat/token', { as: 'operator' });
    if (res.statusCode !== 200) throw new Error(`token: ${res.statusCode} ${res.body}`);
    return res.json().token as string;
  };
  return { client, token, user };
}

/** A plain socket.io-client socket with a token; resolves once the server said hello (or refused). */
export async function rawSocket(url: string, token: string, extraHeaders?: Record<string, string>): Promise<{ socket: Socket; hello: Hello }> {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: { token }, ...(extraHeaders ? { extraHeaders } : {}) });
  const hello = await new Promise<Hello>((resolve, reject) => {
    socket.once('chat:hello', resolve);
    socket.once('connect_error', (err) => reject(Object.assign(err, { data: (err as Error & { data?: unknown }).data })));
    setTimeout(() => reject(new Error('no hello')), 5000);
  });
  return { socket, hello };
}

/** Emits with an acknowledgement. */
export function ask<T = Record<string, unknown>>(socket: Socket, event: string, payload?: unknown): Promise<{ ok: boolean; error?: { code: string; message: string } } & T> {
  return socket.timeout(5000).emitWithAck(event, payload);
}

/** The next time `event` arrives on `socket` (optionally one that matches). */
export function next<T = unknown>(socket: Socket, event: string, match: (p: T) => boolean = () => true, timeoutMs = 5000): Promise<T> {
  const seen: T[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no ${event} within ${timeoutMs} ms (saw ${JSON.stringify(seen)})`));
    }, timeoutMs);
    const handler = (p: T) => {
      seen.push(p);
      if (!match(p)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(p);
    };
    socket.on(event, handler);
  });
}

/** A ChatConnection collecting what it delivers, with a fast backoff for tests. */
export function connection(url: string, getToken: () => Promise<string>, extra: Partial<ChatConnectionOptions> = {}) {
  const received: ChatMessageView[] = [];
  const events: { event: string; payload: unknown }[] = [];
  let helloResolve: ((h: Hello) => void) | null = null;
  const firstHello = new Promise<Hello>((r) => (helloResolve = r));
  const conn = new ChatConnection({
    url,
    getToken,
    onMessage: (m) => received.push(m),
    onEvent: (event, payload) => events.push({ event, payload }),
    onHello: (h) => helloResolve?.(h),
    reconnect: { firstMs: 20, factor: 1.3, maxMs: 300 },
    ackTimeoutMs: 3000,
    socketOptions: { forceNew: true },
    ...extra,
  });
  conn.connect();
  return { conn, received, events, firstHello };
}

/** Waits until `check` holds (polling), or fails with `what`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Every message of the conversation exactly once, in sequence order, each side's own in the order written. */
export function expectExactlyOnceInOrder(received: ChatMessageView[], total: number, perSide: Record<string, number>) {
  expect(received.map((m) => m.seq)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
  for (const [prefix, count] of Object.entries(perSide)) {
    const texts = received.filter((m) => m.text.startsWith(`${prefix}-`)).map((m) => m.text);
    expect(texts).toEqual(Array.from({ length: count }, (_, i) => `${prefix}-${i}`));
  }
}

