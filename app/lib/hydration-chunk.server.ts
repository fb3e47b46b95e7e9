import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The address of the browser build's "hydration" chunk (React DOM's client and React
 * Router's browser router, see vite.config.ts), which pages that start React at load preload
 * beside their other scripts. Found once in the build's assets; null in development (Vite
 * serves the modules one by one) or without a build.
 */
let chunk: string | null | undefined;

export function hydrationChunk(): string | null {
  if (chunk !== undefined) return chunk;
  if (import.meta.env?.DEV) return (chunk = null);
  try {
    const file = readdirSync(path.resolve('build', 'client', 'assets')).find((f) => /^hydration-[\w-]+\.js$/.test(f));
    chunk = file ? `/assets/${file}` : null;
  } catch {
    chunk = null;
  }
  return chunk;
}
