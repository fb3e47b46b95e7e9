import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'redis';
import { createUser } from '../../app/features/account/account.server.ts';
import type { Services } from '../../app/lib/services.server.ts';
import type { ConversationView } from '../../app/features/chat/chat.schema.ts';
import { saveChatSettings } from '../../app/features/chat/chat-settings.server.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { connection, expectExactlyOnceInOrder, until } from '../helpers/chat.ts';

/*
 * Two server processes sharing one PostgreSQL database and the local Redis (a key prefix of
 * this run's own). The visitor reaches them through a small TCP balancer; the operator talks
 * to the second one directly. Mid-conversation the visitor's process is killed (SIGKILL):
 * the balancer sends the visitor's reconnect to the other process, and nothing is lost.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRET = 'two-nodes-secret-that-is-at-least-32-characters';
const N = 200;

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

/** A shop process on a free port; resolves once it listens. */
function startNode(database: TestDatabase, prefix: string, name: string): Promise<{ proc: ChildProcess; port: number }> {
  const dataDir = path.join(database.dataDir, name);
  mkdirSync(dataDir, { recursive: true });
  const proc = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/chat-node.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: SECRET,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      WORKERS: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${out}`)), 45_000);
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /LISTENING (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ proc, port: Number(m[1]) });
      }
    });
    proc.once('exit', (code) => reject(new Error(`${name} exited (${code}): ${out}`)));
  });
}

/** A TCP balancer on a free port forwarding to whichever port `target` holds now. */
async function balancer() {
  let target = 0;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    for (const s of [client, upstream]) {
      // No Nagle delay: a balancer must not add 40 ms to each small frame.
      s.setNoDelay(true);
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    route(port: number) {
      target = port;
    },
    close: () => {
      for (const s of open) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** A browser over real HTTP: cookie jar and CSRF token. */
class Browser {
  cookies = new Map<string, string>();
  csrf = '';
  constructor(private base: string) {}
  async call(method: string, url: string, body?: unknown) {
    const res = await fetch(this.base + url, {
      method,
      headers: {
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(method !== 'GET' && this.csrf ? { 'x-csrf-token': this.csrf } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  }
  async start() {
    this.csrf = (await this.call('GET', '/api/session')).json.csrfToken as string;
    return this;
  }
  async token(as: 'visitor' | 'operator' = 'visitor') {
    const res = await this.call('POST', '/api/chat/token', { as });
    if (res.status !== 200) throw new Error(`token ${res.status} ${JSON.stringify(res.json)}`);
    return res.json.token as string;
  }
}

const runs = (await dialects()).includes('postgres') && (await redisReachable());

describe.runIf(runs)('chat across two server processes through Redis (postgres)', () => {
  let database: TestDatabase;
  const nodes: ChildProcess[] = [];
  let lb: Awaited<ReturnType<typeof balancer>>;
  const prefix = `vt-test-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await saveChatSettings(database.db, { rateBurst: 100_000, ratePerSecond: 100_000 });
    await createUser({ db: database.db } as Services, { email: 'op@shop.example', password: 'operator-password-1', name: 'Olga', role: 'operator' });
    lb = await balancer();
  }, 90_000);
  afterAll(async () => {
    for (const p of nodes) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    await lb?.close();
    await database?.cleanup();
  });

  it('loses nothing when the visitor’s process dies mid-conversation', async () => {
    const [a, b] = await Promise.all([startNode(database, prefix, 'a'), startNode(database, prefix, 'b')]);
    nodes.push(a.proc, b.proc);
    lb.route(a.port);
    const viaBalancer = `http://127.0.0.1:${lb.port}`;
    const nodeB = `http://127.0.0.1:${b.port}`;

    const visitorBrowser = await new Browser(viaBalancer).start();
    const staff = await new Browser(nodeB).start();
    const login = await staff.call('POST', '/api/account/login', { email: 'op@shop.example', password: 'operator-password-1' });
    expect(login.status).toBe(200);
    staff.csrf = (await staff.call('GET', '/api/session')).json.csrfToken as string;

    const vc = connection(viaBalancer, () => visitorBrowser.token());
    const oc = connection(nodeB, () => staff.token('operator'));
    await Promise.all([vc.firstHello, oc.firstHello]);
    const started = await vc.conn.request<{ conversation: ConversationView }>('chat:login', { name: 'Quinn', email: 'quinn@mail.example' });
    if (!started.ok) throw new Error(JSON.stringify(started));
    const id = started.conversation.id;
    expect((await oc.conn.request('op:accept', { conversationId: id })).ok).toBe(true);
    vc.conn.follow(id);
    oc.conn.follow(id);

    let visitorAcked = 0;
    const acks: Promise<unknown>[] = [];
    for (let i = 0; i < N; i++) {
      acks.push(vc.conn.send(id, `v-${i}`).stored.then(() => visitorAcked++));
      acks.push(oc.conn.send(id, `o-${i}`).stored);
    }
    // Messages cross between the processes through Redis before anything breaks…
    await until(() => visitorAcked >= N / 3 && oc.received.some((m) => m.text.startsWith('v-')) && vc.received.some((m) => m.text.startsWith('o-')), 'a third delivered', 20_000);
    // …then the visitor's process dies at once, and the balancer sends new connections to the other.
    a.proc.kill('SIGKILL');
    lb.route(b.port);
    await Promise.all(acks);
    await until(() => vc.received.length >= 2 * N && oc.received.length >= 2 * N, 'everything delivered', 20_000);

    expect(a.proc.signalCode).toBe('SIGKILL');
    expectExactlyOnceInOrder(vc.received, 2 * N, { v: N, o: N });
    expectExactlyOnceInOrder(oc.received, 2 * N, { v: N, o: N });
    const stored = await database.db.selectFrom('chat_messages').select('seq').where('conversation_id', '=', id).orderBy('seq').execute();
    expect(stored.map((r) => r.seq)).toEqual(Array.from({ length: 2 * N }, (_, i) => i + 1));
    vc.conn.close();
    oc.conn.close();
  }, 120_000);
});
