import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Scenario } from './types.ts';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'scenarios');

export interface LoadedScenario {
  file: string;
  scenario: Scenario;
}

/**
 * Every file in bench/scenarios/, in file-name order; each default-exports one scenario
 * or an array of them. Adding a benchmark means adding a file there, nothing else.
 */
export async function loadScenarios(only: string[]): Promise<LoadedScenario[]> {
  const files = readdirSync(dir)
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .sort();
  const all: LoadedScenario[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default?: Scenario | Scenario[] };
    if (!mod.default) throw new Error(`bench/scenarios/${file} has no default export`);
    for (const scenario of Array.isArray(mod.default) ? mod.default : [mod.default]) all.push({ file, scenario });
  }
  if (only.length === 0) return all;
  return all.filter(({ file, scenario }) => only.some((o) => file.toLowerCase().includes(o) || scenario.name.toLowerCase().includes(o)));
}
