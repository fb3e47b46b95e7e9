import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';
import { createUser } from '../../app/features/account/account.server.ts';
import type { Services } from '../../app/lib/services.server.ts';
import { issueChatToken } from '../../app/features/chat/chat-token.server.ts';
import { saveChatSettings } from '../../app/features/chat/chat-settings.server.ts';
import { freePort, startChild, type Child } from '../lib/children.ts';
import { waitForIdle } from '../lib/cpu.ts';
import { latencySummary } from '../lib/stats.ts';
import type { BenchContext, CustomScenario, Measurement } from '../lib/types.ts';

/*
 * Live chat (issue: idle sockets ≤ 30 KB each at 5,000 connections; visitor → operator relay
 * p99 ≤ 50 ms at 500 conversations sending one message a second, on SQLite). Each beside a bare
 * Socket.IO server (bench/baselines/socketio-echo.ts) loaded the same way in the same run.
 * Tokens are signed in the runner with the server's secret (the same code POST /api/chat/token
 * runs), so the figures are the sockets', not the token calls'.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function connect(url: string, auth: Record<string, unknown>, ready: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth });
    const timer = setTimeout(() => reject(new Error('no answer to a chat connection within 30 s')), 30_000);
    socket.once(ready, () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** Opens `n` sockets, `batch` at a time. */
async function openMany(n: number, open: (i: number) => Promise<Socket>, batch = 100): Promise<Socket[]> {
  const out: Socket[] = [];
  for (let i = 0; i < n; i += batch) out.push(...(await Promise.all(Array.from({ length: Math.min(batch, n - i) }, (_, k) => open(i + k)))));
  return out;
}

async function echoServer(ctx: BenchContext): Promise<{ child: Child; url: string }> {
  const port = await freePort();
  const child = startChild('Socket.IO echo baseline', process.execPath, ['--import', 'tsx', path.join(here, '..', 'baselines', 'socketio-echo.ts')], {
    env: { ...ctx.serverEnv, PORT: String(port) },
    ipc: true,
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      (await connect(url, {}, 'hello')).disconnect();
      return { child, url };
    } catch (err) {
      if (i > 100) throw err;
      await sleep(200);
    }
  }
}

const secret = (ctx: BenchContext) => {
  const s = ctx.serverEnv.SESSION_SECRET;
  if (!s) throw new Error('the bench server has no SESSION_SECRET');
  return s;
};

/**
 * Memory a process gains per idle connection. A fifth of the sockets are opened first, so the
 * process's one-time growth (the young generation growing to its size, caches, pools) is
 * behind it; then RSS is read, the other four fifths opened, the process left to settle, and
 * RSS read again: the difference over those sockets is the cost of one more connection.
 */
async function idleMemory(pid: number, n: number, open: (i: number) => Promise<Socket>): Promise<Measurement> {
  const warm = Math.round(n / 5);
  const sockets = await openMany(warm, open);
  await waitForIdle(pid);
  await sleep(1000);
  const before = rssKb(pid);
  const started = performance.now();
  sockets.push(...(await openMany(n - warm, (i) => open(warm + i))));
  const seconds = (performance.now() - started) / 1000;
  await waitForIdle(pid);
  await sleep(2000);
  const after = rssKb(pid);
  for (const s of sockets) s.disconnect();
  const perConnection = (after - before) / (n - warm);
  return {
    throughput: perConnection,
    unit: 'KB/conn',
    count: n,
    note: `RSS ${Math.round(before / 1024)} MB with ${warm} idle sockets → ${Math.round(after / 1024)} MB with ${n}; connected at ${Math.round((n - warm) / seconds)}/s`,
    details: { rssBeforeKb: before, rssAfterKb: after, connectSeconds: seconds },
  };
}

const idle: CustomScenario = {
  name: 'chat: idle visitor sockets, memory per connection',
  async run(ctx) {
    const n = ctx.quick ? 1000 : 5000;
    const key = Date.now().toString(36);
    // Every bench visitor comes from the one loopback address: no per-address connection limits.
    await saveChatSettings(ctx.db, { connectionsPerClient: 0, openSocketsPerClient: 0 });
    const result = await idleMemory(ctx.serverPid!, n, (i) =>
      connect(ctx.baseUrl, { token: issueChatToken(secret(ctx), { role: 'visitor', visitorKey: `bench-idle-${key}-${i}`, userId: null, vendorId: 0 }).token }, 'chat:hello'),
    );
    result.note += ' (target ≤ 30 KB)';
    const echo = await echoServer(ctx);
    try {
      const baseline = await idleMemory(echo.child.process.pid!, n, () => connect(echo.url, {}, 'hello'));
      return { result, baseline: { name: 'bare Socket.IO server, same sockets', result: baseline } };
    } finally {
      await echo.child.stop();
    }
  },
};

/**
 * `conversations` visitors each send one message a second for the run's duration; one
 * receiver gets them all. Latency: from the visitor's emit to the receiver's event, on the
 * runner's clock (both ends are in this process).
 */
async function relay(ctx: BenchContext, senders: Socket[], receiver: Socket, receiveEvent: string, emit: (s: Socket, i: number, n: number, sentAt: number) => void): Promise<Measurement> {
  const samples: number[] = [];
  let measuring = false;
  let received = 0;
  receiver.on(receiveEvent, (m: { text?: string; t?: number }) => {
    const sentAt = Number(m.text?.split(' ')[1] ?? m.t);
    if (!measuring || !Number.isFinite(sentAt)) return;
    received++;
    samples.push(performance.now() - sentAt);
  });
  const timers: NodeJS.Timeout[] = [];
  let count = 0;
  const start = (s: Socket, i: number) => {
    // Spread over the second, as real visitors would be.
    timers.push(
      setTimeout(() => {
        timers.push(setInterval(() => emit(s, i, count++, performance.now()), 1000));
      }, (i * 1000) / senders.length),
    );
  };
  senders.forEach(start);
  await sleep(ctx.warmupS * 1000 + 1000);
  measuring = true;
  const cpuStart = Date.now();
  await sleep(ctx.durationS * 1000);
  measuring = false;
  for (const t of timers) clearInterval(t);
  await sleep(500);
  const seconds = (Date.now() - cpuStart) / 1000;
  return { throughput: received / seconds, unit: 'msg/s', count: received, ...latencySummary(samples), note: `${senders.length} senders at 1 msg/s each, one receiver` };
}

/** The same load on the bare Socket.IO server: `n` senders and one receiver in the relay's room. */
async function onEchoServer(ctx: BenchContext, n: number, measure: (senders: Socket[], receiver: Socket) => Promise<Measurement>): Promise<Measurement> {
  const echo = await echoServer(ctx);
  try {
    const receiver = await connect(echo.url, { room: 'all' }, 'hello');
    const senders = await openMany(n, () => connect(echo.url, {}, 'hello'));
    const baseline = await measure(senders, receiver);
    for (const s of [receiver, ...senders]) s.disconnect();
    return baseline;
  } finally {
    await echo.child.stop();
  }
}

/**
 * `n` visitors, each logged in with a conversation one operator has accepted; the server then
 * left to go idle. The operator takes every conversation: no per-socket limit in the way.
 */
async function acceptedConversations(ctx: BenchContext, n: number, key: string): Promise<{ operator: Socket; visitors: Socket[]; conversations: number[] }> {
  const staff = await createUser({ db: ctx.db } as Services, { email: `bench-operator-${key}@bench.example`, password: 'bench-operator-password', name: 'Bench operator', role: 'operator' });
  await saveChatSettings(ctx.db, { guestLimit: 0, rateBurst: 100_000, ratePerSecond: 100_000, connectionsPerClient: 0, loginsPerClient: 0, openSocketsPerClient: 0 });
  const operator = await connect(ctx.baseUrl, { token: issueChatToken(secret(ctx), { role: 'operator', userId: staff.id }).token }, 'chat:hello');
  const visitors = await openMany(n, (i) =>
    connect(ctx.baseUrl, { token: issueChatToken(secret(ctx), { role: 'visitor', visitorKey: `bench-${key}-${i}`, userId: null, vendorId: 0 }).token }, 'chat:hello'),
  );
  const conversations: number[] = [];
  for (const [i, v] of visitors.entries()) {
    const login = (await v.timeout(30_000).emitWithAck('chat:login', { name: `Visitor ${i}`, email: `bench-${key}-${i}@bench.example` })) as { ok: boolean; conversation: { id: number } };
    if (!login.ok) throw new Error(`chat login failed: ${JSON.stringify(login)}`);
    conversations.push(login.conversation.id);
    const accepted = (await operator.timeout(30_000).emitWithAck('op:accept', { conversationId: login.conversation.id })) as { ok: boolean };
    if (!accepted.ok) throw new Error(`accept failed: ${JSON.stringify(accepted)}`);
  }
  await waitForIdle(ctx.serverPid);
  return { operator, visitors, conversations };
}

const relayScenario: CustomScenario = {
  name: 'chat: relay visitor → operator',
  async run(ctx) {
    const n = ctx.quick ? 100 : 500;
    const { operator, visitors, conversations } = await acceptedConversations(ctx, n, `relay-${Date.now().toString(36)}`);
    let result: Measurement;
    let failed = 0;
    try {
      result = await relay(ctx, visitors, operator, 'chat:message', (s, i, count, sentAt) => {
        const conversationId = conversations[visitors.indexOf(s)];
        s.emit('chat:send', { conversationId, clientId: `b${count}`, text: `m ${sentAt}` }, (ack: { ok: boolean }) => {
          if (!ack.ok) failed++;
        });
      });
      result.note += ' (target p99 ≤ 50 ms on SQLite); stored, numbered and acknowledged';
      result.errors = failed;
    } finally {
      for (const s of [operator, ...visitors]) s.disconnect();
    }
    const baseline = await onEchoServer(ctx, n, (senders, receiver) => relay(ctx, senders, receiver, 'relayed', (s, _i, _count, sentAt) => s.emit('relay', { t: sentAt })));
    return { result, baseline: { name: 'bare Socket.IO relay, same load', result: baseline } };
  },
};

/**
 * Messages per second at saturation: `n` senders, each sending its next message as soon as the
 * previous one is acknowledged (for us: stored, numbered, relayed), for the run's duration; the
 * rate is what the one receiver got. Latency: emit → receiver, as above.
 */
async function saturate(ctx: BenchContext, senders: Socket[], receiver: Socket, receiveEvent: string, emit: (s: Socket, i: number, n: number, sentAt: number) => Promise<unknown>): Promise<Measurement> {
  const samples: number[] = [];
  let measuring = false;
  let received = 0;
  let running = true;
  receiver.on(receiveEvent, (m: { text?: string; t?: number }) => {
    const sentAt = Number(m.text?.split(' ')[1] ?? m.t);
    if (!measuring || !Number.isFinite(sentAt)) return;
    received++;
    samples.push(performance.now() - sentAt);
  });
  let count = 0;
  let errors = 0;
  const loops = senders.map(async (s, i) => {
    while (running) await emit(s, i, count++, performance.now()).catch(() => errors++);
  });
  await sleep(ctx.warmupS * 1000);
  measuring = true;
  const started = Date.now();
  await sleep(ctx.durationS * 1000);
  measuring = false;
  const seconds = (Date.now() - started) / 1000;
  running = false;
  await Promise.all(loops);
  return { throughput: received / seconds, unit: 'msg/s', count: received, errors, ...latencySummary(samples), note: `${senders.length} senders, each sending again on the acknowledgement, one receiver` };
}

const saturation: CustomScenario = {
  name: 'chat: messages at saturation',
  async run(ctx) {
    const n = ctx.quick ? 20 : 50;
    const { operator, visitors, conversations } = await acceptedConversations(ctx, n, `sat-${Date.now().toString(36)}`);
    let result: Measurement;
    try {
      result = await saturate(ctx, visitors, operator, 'chat:message', async (s, i, count, sentAt) => {
        const ack = (await s.timeout(10_000).emitWithAck('chat:send', { conversationId: conversations[i], clientId: `s${count}`, text: `m ${sentAt}` })) as { ok: boolean };
        if (!ack.ok) throw new Error('refused');
      });
      result.note += '; stored, numbered and acknowledged';
    } finally {
      for (const s of [operator, ...visitors]) s.disconnect();
    }
    const baseline = await onEchoServer(ctx, n, (senders, receiver) => saturate(ctx, senders, receiver, 'relayed', (s, _i, _count, sentAt) => s.timeout(10_000).emitWithAck('relay', { t: sentAt })));
    return { result, baseline: { name: 'bare Socket.IO relay, same senders', result: baseline } };
  },
};

export default [idle, relayScenario, saturation];
