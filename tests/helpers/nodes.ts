import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { until } from './chat.ts';

/*
 * Real shop processes for the several-nodes tests: nodes (tests/helpers/shop-node.ts) on one
 * database and Redis, behind HAProxy with the shipped configuration (deploy/haproxy.cfg).
 */

export const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export interface Proc {
  proc: ChildProcess;
  logs: string[];
}

/** A child process whose output lines are kept in `logs`. */
export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Proc {
  const proc = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: string[] = [];
  let buf = '';
  const take = (d: Buffer) => {
    buf += d.toString();
    const lines = buf.split('\n');
    buf = lines.pop()!;
    logs.push(...lines);
  };
  proc.stdout!.on('data', take);
  proc.stderr!.on('data', take);
  return { proc, logs };
}

export async function stop(p: Proc | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!p || p.proc.exitCode !== null || p.proc.signalCode !== null) return;
  const gone = new Promise((r) => p.proc.once('exit', r));
  // A process stopped (SIGSTOP) by a test gets the signal once it runs again.
  p.proc.kill('SIGCONT');
  p.proc.kill(signal);
  await gone;
}

/** Whether the Redis at REDIS_URL answers. */
export async function redisUp(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const s = net.connect(Number(port || 6379), hostname, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

export interface Cluster {
  nodes: { name: string; url: string; p: Proc }[];
  proxyUrl: string;
  close(): Promise<void>;
}

/**
 * Two shop nodes on `databaseUrl` and the shared Redis (under a prefix of their own), each
 * with its own data folder under `dataDir`, and HAProxy in front; resolves once the proxy
 * answers /api/health. `env` adds to (or overrides) each node's environment.
 */
export async function startCluster(opts: { databaseUrl: string; dataDir: string; secret: string; env?: NodeJS.ProcessEnv }): Promise<Cluster> {
  const nodes: Cluster['nodes'] = [];
  let proxy: Proc | undefined;
  const close = async () => {
    await stop(proxy);
    for (const n of nodes) await stop(n.p);
  };
  try {
    const prefix = `vt-nodes-${process.pid}-${Date.now()}`;
    for (const name of ['a', 'b']) {
      const port = await freePort();
      const dataDir = path.join(opts.dataDir, name);
      mkdirSync(dataDir, { recursive: true });
      const p = run(process.execPath, ['--import', 'tsx', 'tests/helpers/shop-node.ts'], {
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        PORT: String(port),
        DATABASE_URL: opts.databaseUrl,
        DATA_DIR: dataDir,
        SESSION_SECRET: opts.secret,
        REDIS_URL,
        REDIS_PREFIX: prefix,
        TRUST_PROXY: '1',
        WORKERS: '1',
        ...opts.env,
      });
      nodes.push({ name, url: `http://127.0.0.1:${port}`, p });
    }
    await Promise.all(nodes.map((n) => until(() => n.p.logs.some((l) => l.startsWith('LISTENING')), `node ${n.name} listening`, 90_000)));
    const proxyPort = await freePort();
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    proxy = run(HAPROXY!, ['-f', 'deploy/haproxy.cfg', '-db'], {
      VITRINE_LISTEN: `127.0.0.1:${proxyPort}`,
      VITRINE_NODE_1: nodes[0]!.url.slice('http://'.length),
      VITRINE_NODE_2: nodes[1]!.url.slice('http://'.length),
    });
    const deadline = Date.now() + 15_000;
    while (!(await fetch(`${proxyUrl}/api/health`).then((r) => r.ok, () => false))) {
      if (Date.now() > deadline) throw new Error(`haproxy did not start: ${proxy.logs.join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return { nodes, proxyUrl, close };
  } catch (err) {
    await close();
    throw err;
  }
}
