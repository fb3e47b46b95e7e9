import { performance } from 'node:perf_hooks';
import type { Measurement } from './types.ts';

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export function latencySummary(samples: number[]): Pick<Measurement, 'p50' | 'p95' | 'p99'> {
  const sorted = Float64Array.from(samples).sort();
  const arr = Array.from(sorted);
  return { p50: percentile(arr, 50), p95: percentile(arr, 95), p99: percentile(arr, 99) };
}

/**
 * Calls `fn` back to back (awaiting it when it returns a promise) for `warmupMs`, then
 * for `durationMs` while timing each call.
 */
export async function measureLoop(fn: () => unknown, durationMs: number, warmupMs: number, unit: string): Promise<Measurement> {
  const warmEnd = performance.now() + warmupMs;
  while (performance.now() < warmEnd) await fn();
  const times: number[] = [];
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const end = start + durationMs;
  let now = start;
  while (now < end) {
    const t0 = now;
    const r = fn();
    if (r instanceof Promise) await r;
    now = performance.now();
    times.push(now - t0);
  }
  const elapsedS = (now - start) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000 / times.length;
  return { throughput: times.length / elapsedS, unit, count: times.length, cpuMs, ...latencySummary(times) };
}
