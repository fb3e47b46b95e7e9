import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './children.ts';

/** How the server under test is started: as `npm start` does (compiled), or the TypeScript source through tsx (as before the compiled server). */
export type ServerKind = 'compiled' | 'tsx';

/** The Node options `npm start` gives the server (package.json), so the bench runs it the same way. */
export function startNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start.split(/\s+/).filter((arg) => /^--(max|min)-semi-space-size=\d+$|^--max-old-space-size=\d+$/.test(arg));
}

/**
 * Node's arguments for the production server run from `appDir` (the bench's copy of build/):
 * the compiled server of that copy (build/node/server.js, what `npm start` runs), or
 * server/index.ts through tsx.
 */
export function serverArgs(appDir: string, kind: ServerKind): string[] {
  // BENCH_CPU_PROF=<dir>: each server process writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  return kind === 'compiled'
    ? [...startNodeFlags(), ...profile, path.join(appDir, 'build', 'node', 'server.js')]
    : [...startNodeFlags(), ...profile, '--import', 'tsx', path.join(REPO_ROOT, 'server', 'index.ts')];
}
