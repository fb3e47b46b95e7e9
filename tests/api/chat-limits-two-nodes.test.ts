import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { createClient } from 'redis';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../app/config/app-config.ts';
import { CHAT_LIMITS } from '../../app/config/constants.ts';
import { changeRole } from '../../app/features/customers/customer-actions.server.ts';
import { saveChatSettings } from '../../app/features/chat/chat-settings.server.ts';
import type { ConversationView } from '../../app/features/chat/chat.schema.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { ask, listen, next, operator, rawSocket, visitor } from '../helpers/chat.ts';

/*
 * Two shop servers in this process on one PostgreSQL database and the local Redis (a key
 * prefix of this run's own), as two nodes behind a balancer would be: a visitor's sockets on
 * both share one message allowance and one count of sockets open at once, a settings save on
 * one reaches sockets on the other, and a role change on one closes the account's socket on
 * the other.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const c = createClient({ url: REDIS_URL, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  c.on('error', () => {});
  try {
    await c.connect();
    await c.ping();
    await c.quit();
    return true;
  } catch {
    return false;
  }
}

const runs = (await dialects()).includes('postgres') && (await redisReachable());

describe.runIf(runs)('chat limits, settings and role changes across two nodes through Redis (postgres)', () => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  const urls: string[] = [];
  const open: Socket[] = [];
  const prefix = `vt-test-${randomBytes(6).toString('hex')}`;
  const connect = async (node: number, token: string) => {
    const r = await rawSocket(urls[node], token);
    open.push(r.socket);
    return r;
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    for (const name of ['a', 'b']) {
      const config = loadConfig(
        { NODE_ENV: 'test', LOG_LEVEL: 'warn' },
        { databaseUrl: database.url, dataDir: `${database.dataDir}/${name}`, sessionSecret: 'two-nodes-secret-that-is-at-least-32-characters', seedDemo: false, redisUrl: REDIS_URL, redisPrefix: prefix },
      );
      const app = await buildApp(config, { pages: false, db: database.db });
      await app.ready();
      apps.push(app);
      urls.push(await listen(app));
    }
    // Two whole apps start in this process: on a busy machine that takes a while.
  }, 90_000);
  afterAll(async () => {
    for (const s of open) s.disconnect();
    for (const app of apps) await app.close();
    await database?.cleanup();
  });

  it('stores no more of one visitor’s messages than one allowance, whichever node their sockets are on', async () => {
    const v = await visitor(apps[0]);
    const token = await v.token();
    const first = await connect(0, token);
    const login = await ask<{ conversation: ConversationView }>(first.socket, 'chat:login', { name: 'Nodes', email: 'nodes@mail.example' });
    expect(login.ok, JSON.stringify(login)).toBe(true);
    const id = login.conversation.id;
    const sockets = await Promise.all(Array.from({ length: 20 }, (_, i) => connect(i % 2, token)));
    // 160 messages, each of the 20 sockets (10 on each node) sending one at a time.
    const started = Date.now();
    const rounds: Awaited<ReturnType<typeof ask>>[][] = [];
    for (let k = 0; k < 8; k++) rounds.push(await Promise.all(sockets.map((s, i) => ask(s.socket, 'chat:send', { conversationId: id, clientId: `n${i}-${k}`, text: `m ${i}-${k}` }))));
    const windows = Math.floor((Date.now() - started) / CHAT_LIMITS.messageWindowMs) + 1;
    const stored = await database.db.selectFrom('chat_messages').select('id').where('conversation_id', '=', id).execute();
    const allowance = 30 + (5 * CHAT_LIMITS.messageWindowMs) / 1000; // the default settings' burst and refill
    expect(stored.length).toBeLessThanOrEqual(allowance * windows);
    expect(stored.length).toBeLessThan(160);
    expect(rounds.flat().filter((a) => a.ok).length).toBe(stored.length);
    // Sockets on both nodes were refused: the count is one, not one per node.
    const refusedOn = (node: number) => rounds.flatMap((r) => r.filter((a, i) => i % 2 === node && !a.ok && a.error?.code === 'rate_limited')).length;
    expect(refusedOn(0)).toBeGreaterThan(0);
    expect(refusedOn(1)).toBeGreaterThan(0);
    for (const s of sockets) s.socket.disconnect();
  }, 40_000);

  it('caps the sockets one visitor holds open at once over both nodes; closing one on one node frees a place on the other', async () => {
    const token = await (await visitor(apps[0])).token();
    const held = [];
    for (let i = 0; i < CHAT_LIMITS.openSocketsPerVisitor; i++) held.push(await connect(i % 2, token));
    const attempt = (node: number) =>
      rawSocket(urls[node]!, token).then(
        (r) => (open.push(r.socket), null),
        (err: Error & { data?: { code: string } }) => err.data?.code ?? err.message,
      );
    // Full on both nodes: one count, not one per node.
    expect(await attempt(0)).toBe('too_many_sockets');
    expect(await attempt(1)).toBe('too_many_sockets');
    expect(held.every((h) => h.socket.connected)).toBe(true);
    held[0]!.socket.disconnect(); // on node A
    let again: string | null = 'not tried';
    const deadline = Date.now() + 10_000;
    while ((again = await attempt(1)) === 'too_many_sockets' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(again).toBeNull();
    expect(await attempt(0)).toBe('too_many_sockets');
    for (const h of held) h.socket.disconnect();
  }, 40_000);

  it('takes a settings save on one node to the sockets on the other, and closes a demoted operator’s socket there', async () => {
    const op = await operator(apps[0]);
    const o = await connect(1, await op.token());
    expect((await ask(o.socket, 'op:status', { status: 'online' })).ok).toBe(true);
    const v = await connect(1, await (await visitor(apps[0])).token());
    expect(v.hello.mode).toBe('login');
    const heard = next<{ mode: string; settings?: { displayLogin: boolean } }>(v.socket, 'chat:availability', (p) => p.mode === 'online');
    await saveChatSettings(apps[0].services.db, { displayLogin: false }, apps[0].services.chat);
    expect((await heard).settings).toMatchObject({ displayLogin: false });

    const admin = await operator(apps[0], 'admin');
    const gone = new Promise<void>((r) => o.socket.once('disconnect', () => r()));
    await changeRole(apps[0].services, { id: admin.user.id, email: admin.user.email, name: admin.user.name, role: 'admin' }, op.user.id, { role: 'customer' });
    await gone;
  }, 30_000);
});
