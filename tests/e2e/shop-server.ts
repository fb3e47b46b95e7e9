import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_BUILD = path.join(ROOT, 'build', 'server', 'index.js');
/** First start migrates and seeds the demo catalog (with generated images): give it time. */
const START_TIMEOUT_MS = 120_000;

export interface ShopServer {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A port nobody is listening on right now (the OS picks it). */
async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/**
 * Starts the production server exactly as `npm start` does, on a fresh SQLite file in a fresh
 * data directory, and waits until /api/health answers. Mail goes to `smtpUrl`.
 */
export async function startShopServer({ smtpUrl, name }: { smtpUrl: string; name: string }): Promise<ShopServer> {
  if (!existsSync(SERVER_BUILD)) {
    // server/index.ts would build on its own, but silently and inside a test timeout.
    throw new Error('No production build: run `npx react-router build` before the end-to-end tests.');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), `vitrine-e2e-${name.replace(/[^a-z0-9-]/gi, '')}-`));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    // A clean environment: a developer's PUBLIC_URL, REDIS_URL or DATABASE_URL must not leak in.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dataDir, 'e2e.sqlite')}`,
      DATA_DIR: dataDir,
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'Vitrine e2e <shop@example.test>',
      SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', (chunk: Buffer) => {
    keep(chunk);
    // Server warnings and errors belong in the test log: they explain failures.
    process.stderr.write(`[shop] ${chunk.toString()}`);
  });

  let stopping = false;
  child.once('exit', (code, signal) => {
    // A server dying mid-run shows up in tests as "connection refused": say why, loudly.
    if (!stopping) process.stderr.write(`[shop] exited unexpectedly (${code ?? signal}); last output:\n${output.join('')}\n`);
  });

  const stop = async () => {
    stopping = true;
    await terminate(child);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseURL, child, output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseURL, dataDir, stop };
}

async function waitForHealth(baseURL: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Shop server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output.join('')}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) return;
    } catch {
      // Not listening yet (migrating and seeding): try again shortly.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Shop server did not answer /api/health within ${START_TIMEOUT_MS} ms:\n${output.join('')}`);
}

/** SIGTERM (graceful shutdown closes the database), SIGKILL if it hangs. */
async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
