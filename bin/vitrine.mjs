#!/usr/bin/env node
// The `vitrine` command: the compiled CLI (build/node/cli.js, from `npm run build`) when it is
// current, otherwise the TypeScript source through tsx (a checkout being edited, no build yet).
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { NODE_BUILD, serverBuildStale } from '../scripts/server-build-state.mjs';

let cli;
if (serverBuildStale() === null) {
  cli = await import(pathToFileURL(path.join(NODE_BUILD, 'cli.js')).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('../cli/index.ts');
}
process.exitCode = await cli.run(process.argv.slice(2));
