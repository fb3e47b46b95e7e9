import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT, runChild } from './children.ts';
import { onCleanup } from './cleanup.ts';
// @ts-expect-error a plain JavaScript module without declarations
import { serverBuildStale } from '../../scripts/server-build-state.mjs';

/*
 * The server reads its production build from `<cwd>/build` (server/pages.ts). Others may
 * run `npm run build` in this checkout while a bench runs, which empties build/ for a
 * while; so the run serves a private copy: a temporary directory holding a copy of build/
 * and links to node_modules, package.json and tsconfig.json, used as the working
 * directory of the server and of the renderToString baseline.
 */
const BUILD = path.join(REPO_ROOT, 'build');
const ENTRY = path.join('server', 'index.js');
const log = (msg: string) => process.stderr.write(`bench: ${msg}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The entry and every chunk it imports directly are there. */
function complete(buildDir: string): boolean {
  const entry = path.join(buildDir, ENTRY);
  if (!existsSync(entry) || !existsSync(path.join(buildDir, 'client'))) return false;
  const chunks = [...readFileSync(entry, 'utf8').matchAll(/from\s+["'](\.\/[^"']+)["']/g)].map((m) => m[1]);
  return chunks.every((c) => existsSync(path.join(buildDir, 'server', c)));
}

/** Waits (up to `ms`) for a build someone else is running to finish. */
async function settled(ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (complete(BUILD)) {
      // Still complete a moment later: not caught between two steps of a build.
      await sleep(2000);
      if (complete(BUILD)) return true;
    }
    await sleep(1000);
  }
  return false;
}

/** Builds when asked or when no build appears, then copies it; returns the directory to run the server in. */
export async function snapshotBuild(rebuild: boolean): Promise<string> {
  if (rebuild) {
    log('rebuilding (--build): npm run build');
    await runChild('npm run build', 'npm', ['run', 'build'], 10 * 60_000);
  } else if (!complete(BUILD)) {
    log('no complete production build: waiting a little in case a build is running…');
    if (!(await settled(90_000))) {
      log('still none: running npm run build');
      await runChild('npm run build', 'npm', ['run', 'build'], 10 * 60_000);
    }
  }
  // The compiled server (build/node, what `npm start` runs) as current as the sources.
  const stale = serverBuildStale();
  if (stale) {
    log(`compiling the server (${stale})`);
    await runChild('compile the server', process.execPath, [path.join(REPO_ROOT, 'scripts', 'build-server.mjs')], 120_000);
  }
  const root = mkdtempSync(path.join(tmpdir(), 'vitrine-bench-app-'));
  onCleanup('remove build copy', () => rmSync(root, { recursive: true, force: true }), () => rmSync(root, { recursive: true, force: true }));
  for (let attempt = 1; ; attempt++) {
    rmSync(path.join(root, 'build'), { recursive: true, force: true });
    try {
      cpSync(BUILD, path.join(root, 'build'), { recursive: true });
      if (complete(path.join(root, 'build')) && existsSync(path.join(root, 'build', 'node', 'server.js'))) break;
    } catch {
      // Files vanished while copying: a build started meanwhile.
    }
    if (attempt === 3) throw new Error('could not copy a complete production build (is `npm run build` running in a loop?)');
    log('the build changed while being copied; waiting for it to settle…');
    await settled(90_000);
  }
  for (const name of ['node_modules', 'package.json', 'tsconfig.json']) {
    if (existsSync(path.join(REPO_ROOT, name))) symlinkSync(path.join(REPO_ROOT, name), path.join(root, name));
  }
  return root;
}
