import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onCleanup, stopping } from './cleanup.ts';

/** Children run from the repository root, where the server expects build/ and node_modules/. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Child {
  name: string;
  process: ChildProcess;
  /** The last lines the child printed, for error messages. */
  output(): string;
  /** Resolves with the exit code once the child has exited. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * Starts a child in its own process group, so stopping it also stops anything it spawned
 * (npm → react-router build). Output is kept, and echoed when `echo` is set.
 */
export function startChild(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; echo?: boolean; ipc?: boolean; cwd?: string } = {},
): Child {
  if (stopping()) throw new Error(`not starting ${name}: the run is stopping`);
  const child = spawn(command, args, {
    env: options.env ?? process.env,
    cwd: options.cwd ?? REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe', ...(options.ipc ? (['ipc'] as const) : [])],
    detached: true,
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
    if (options.echo) process.stderr.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null)));
    child.once('error', (err) => {
      tail += `\n${err.message}`;
      resolve(-1);
    });
  });
  const killGroup = (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  const stop = async () => {
    killGroup('SIGTERM');
    const timer = setTimeout(() => killGroup('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  const forget = onCleanup(`stop ${name}`, stop, () => killGroup('SIGKILL'));
  void exited.then(forget);
  return { name, process: child, output: () => tail, exited, stop };
}

/** Runs a child to completion within `timeoutMs`; rejects with its output on failure. */
export async function runChild(name: string, command: string, args: string[], timeoutMs: number, env?: NodeJS.ProcessEnv) {
  const child = startChild(name, command, args, { env, echo: true });
  const timer = setTimeout(() => void child.stop(), timeoutMs);
  const code = await child.exited;
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${name} failed (exit ${code})`);
}

/** A free loopback port (the tiny race before the child binds it is harmless here). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 2xx; fails early when the child exits, or after `timeoutMs`. */
export async function waitForHttp(url: string, child: Child, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void child.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${child.name} exited before answering ${url}:\n${child.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${child.output()}`);
}
