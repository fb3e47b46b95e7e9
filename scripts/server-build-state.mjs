// Whether the compiled server (build/node/, made by scripts/build-server.mjs) is there and
// newer than every source file it was compiled from. Node built-ins only: `npm start` asks
// before anything may be installed, and bin/vitrine.mjs asks on every command.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const NODE_BUILD = path.join(ROOT, 'build', 'node');
/** What esbuild read (its metafile's inputs), written next to the output. */
export const INPUTS_FILE = path.join(NODE_BUILD, 'inputs.json');

/**
 * `null` when build/node is current; otherwise why not (missing, or the first source file
 * changed since). Files the compile read that have since gone also make it stale.
 */
export function serverBuildStale() {
  if (!existsSync(INPUTS_FILE)) return 'no compiled server yet';
  let built;
  let inputs;
  try {
    built = statSync(INPUTS_FILE).mtimeMs;
    inputs = JSON.parse(readFileSync(INPUTS_FILE, 'utf8'));
  } catch {
    return 'the compiled server is incomplete';
  }
  for (const file of [...inputs, 'package.json', 'package-lock.json', 'tsconfig.json']) {
    let changed;
    try {
      changed = statSync(path.join(ROOT, file)).mtimeMs;
    } catch {
      return `${file} is gone`;
    }
    if (changed > built) return `${file} changed`;
  }
  return null;
}
