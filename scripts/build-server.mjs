// Compiles the server and the `vitrine` CLI (TypeScript) to plain JavaScript under
// build/node/ with esbuild: `npm start` and bin/vitrine.mjs then run without a TypeScript
// loader. npm packages stay imports (node_modules), our own code is bundled, split into
// shared chunks. `--if-stale` (npm's prestart) compiles only when a source file is newer
// than the last compile (scripts/server-build-state.mjs).
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NODE_BUILD, ROOT, serverBuildStale } from './server-build-state.mjs';

if (process.argv.includes('--if-stale')) {
  const why = serverBuildStale();
  if (!why) process.exit(0);
  console.log(`Compiling the server (${why})…`);
}

const { build } = await import('esbuild');
const started = Date.now();
// Into a fresh directory first: a server starting meanwhile never sees half a build.
const next = `${NODE_BUILD}.next-${process.pid}`;
rmSync(next, { recursive: true, force: true });
const result = await build({
  absWorkingDir: ROOT,
  entryPoints: { server: 'server/index.ts', cli: 'cli/index.ts' },
  outdir: next,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  metafile: true,
  logLevel: 'warning',
  // Bundled code that calls require() (CommonJS interop) gets a real one.
  banner: { js: "import { createRequire as __vitrineRequire } from 'node:module'; const require = __vitrineRequire(import.meta.url);" },
});
const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/'));
writeFileSync(path.join(next, 'inputs.json'), JSON.stringify(inputs));
mkdirSync(path.dirname(NODE_BUILD), { recursive: true });
rmSync(NODE_BUILD, { recursive: true, force: true });
renameSync(next, NODE_BUILD);
console.log(`Compiled the server to ${path.relative(ROOT, NODE_BUILD)}/ (${inputs.length} files, ${Date.now() - started} ms).`);
