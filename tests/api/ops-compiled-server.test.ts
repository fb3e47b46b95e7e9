import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * `npm start` as an operator runs it: npm's prestart (locked install check, compile the
 * server when a source is newer), then plain JavaScript from build/node/ — no TypeScript
 * loader in the serving process. Needs `npm run build` (the pages).
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Every process below `pid` (npm → sh → node). */
function descendants(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone meanwhile.
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const [child, parent] of parentOf) {
      if (parent !== p) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(pid);
  return out;
}

describe('npm start runs the compiled server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ops-server-start-'));
  let pid: number | undefined;
  afterAll(() => {
    if (pid) {
      try {
        process.kill(-pid, 'SIGTERM');
      } catch {
        // Already stopped.
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts from build/node/server.js without tsx, prints its ready line and serves the home page', async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    const child = spawn('npm', ['start'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${path.join(dataDir, 'shop.sqlite')}`,
        DATA_DIR: dataDir,
        SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long',
        LOG_LEVEL: 'warn',
      },
    });
    pid = child.pid;
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    // A server that stops before its ready line fails the test at once, with what it printed.
    let exited = false;
    child.on('exit', () => (exited = true));
    await expect
      .poll(() => (exited ? `exited before ready:\n${output}` : output), { timeout: 110_000, interval: 200 })
      .toMatch(/Vitrine is ready at http:\/\/127\.0\.0\.1:\d+\/|exited before ready/);
    expect(output).toMatch(/Vitrine is ready at http:\/\/127\.0\.0\.1:\d+\//);

    // The serving process runs the compiled JavaScript, with no TypeScript loader.
    const commands = descendants(pid!).map((p) => {
      try {
        return readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').join(' ');
      } catch {
        return '';
      }
    });
    // (npm runs the script through a shell: its `sh -c` line names the file too.)
    const server = commands.filter((c) => /^\S*node /.test(c) && c.includes('build/node/server.js'));
    expect(server).toHaveLength(1);
    expect(server[0]).not.toMatch(/tsx/);

    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/text\/html/);
    expect(await home.text()).toMatch(/<html/);
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
    expect(await ready.json()).toMatchObject({ status: 'ok', checks: { db: 'ok' } });
  }, 120_000);
});
