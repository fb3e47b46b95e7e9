import { execFileSync } from 'node:child_process';
import os from 'node:os';
import type { BenchOptions } from './options.ts';

/** What the figures depend on, recorded beside them in latest.json. */
export function machineInfo(opts: BenchOptions, extra: Record<string, unknown>): Record<string, unknown> {
  let commit: string | null = null;
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { timeout: 5000, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // Not a git checkout: leave it out.
  }
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? null,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    commit,
    dialect: opts.dialect,
    products: opts.products,
    quick: opts.quick,
    connections: opts.connections,
    workers: opts.workers,
    durationS: opts.durationS,
    warmupS: opts.warmupS,
    ...extra,
  };
}
