import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The Node options of `npm start` (package.json), so the servers run exactly as it does. */
const START_NODE_OPTIONS = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
  .split(/\s+/)
  .filter((arg) => arg.startsWith('--'));
/**
 * Set by global-setup.ts: a folder holding a copy of build/, which the servers run from (the
 * server finds build/ in its working directory). A rebuild while the suite runs — a developer
 * or another checkout step running `npm run build` — then cannot swap the pages mid-run.
 */
export const RUN_ROOT_ENV = 'VITRINE_E2E_RUN_ROOT';
/** First start migrates and seeds the demo catalog (with generated images): give it time. */
const START_TIMEOUT_MS = 120_000;
/**
 * Where global-setup.ts leaves a data directory (SQLite file + media) already migrated and
 * seeded: each server starts on a copy of it instead of seeding its own (10–25 s on CI).
 */
export const TEMPLATE_ENV = 'VITRINE_E2E_TEMPLATE';

export interface ShopServer {
  baseURL: string;
  dataDir: string;
  /** The server process (the supervisor when it runs workers). */
  pid: number;
  /** What the server printed lately (stdout and stderr). */
  output(): string;
  /** `keepData`: leave the data directory in place (the template server). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

interface StartOptions {
  /** Where the shop sends mail; without it, mail is written as .eml files in the data dir. */
  smtpUrl?: string;
  name: string;
  /** A seeded data directory to start from; defaults to the run's template, if any. */
  template?: string;
  /** More environment for the server (e.g. WORKERS). */
  env?: Record<string, string>;
}

/**
 * Copies build/ into `dir` so servers can run from there, with the package manifest (ES module
 * scope) and a link to node_modules for the bundle's imports.
 */
export async function snapshotBuild(dir: string): Promise<void> {
  if (!existsSync(path.join(ROOT, 'build', 'server', 'index.js'))) {
    throw new Error('No production build: run `npx react-router build` before the end-to-end tests.');
  }
  await cp(path.join(ROOT, 'build'), path.join(dir, 'build'), { recursive: true });
  await cp(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
}

/** Data directories of the servers this process started, by base URL. */
const dataDirs = new Map<string, string>();

/**
 * The one-time setup code a server printed at start (kept in its database), as the shop's
 * owner would copy it from the log or from `npx vitrine setup-code`.
 */
export function setupCodeOf(baseURL: string): string {
  const dir = dataDirs.get(new URL(baseURL).origin);
  if (!dir) throw new Error(`No shop server started here at ${baseURL}`);
  const db = new SQLite(path.join(dir, 'e2e.sqlite'), { readonly: true });
  try {
    const row = db.prepare("select value from settings where key = 'setup.code'").get() as { value: string } | undefined;
    if (!row) throw new Error(`The shop at ${baseURL} has no setup code`);
    return JSON.parse(row.value) as string;
  } finally {
    db.close();
  }
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
 * Starts the production server exactly as `npm start` does, on its own SQLite file and data
 * directory (a copy of the template when there is one, else empty: the first start seeds it),
 * and waits until /api/health answers. Mail goes to `smtpUrl`.
 */
export async function startShopServer({ smtpUrl, name, template = process.env[TEMPLATE_ENV], env = {} }: StartOptions): Promise<ShopServer> {
  const cwd = process.env[RUN_ROOT_ENV] || ROOT;
  if (!existsSync(path.join(cwd, 'build', 'server', 'index.js')) || !existsSync(path.join(cwd, 'build', 'node', 'server.js'))) {
    // server/index.ts would build on its own, but silently and inside a test timeout.
    throw new Error('No production build: run `npx react-router build` before the end-to-end tests.');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), `vitrine-e2e-${name.replace(/[^a-z0-9-]/gi, '')}-`));
  // The template was closed cleanly (its WAL checkpointed), so a plain copy is a consistent database.
  if (template) await cp(template, dataDir, { recursive: true });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, [...START_NODE_OPTIONS, path.join(cwd, 'build', 'node', 'server.js')], {
    cwd,
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
      ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
      MAIL_FROM: 'Vitrine e2e <shop@example.test>',
      SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
      // The shop's public address, as a deployment sets it: e-mailed links and sitemaps need a
      // trusted origin. A spec that tests setting it in the admin passes PUBLIC_URL: ''.
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      ...env,
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

  const stop = async ({ keepData = false } = {}) => {
    stopping = true;
    await terminate(child);
    dataDirs.delete(baseURL);
    if (!keepData) await rm(dataDir, { recursive: true, force: true });
  };

  dataDirs.set(baseURL, dataDir);
  try {
    await waitForHealth(baseURL, child, output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseURL, dataDir, pid: child.pid!, output: () => output.join(''), stop };
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
