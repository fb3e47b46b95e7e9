import { readFileSync } from 'node:fs';

/** Linux reports process times in USER_HZ ticks, which is 100 on every mainstream platform. */
const TICK_MS = 10;

/**
 * CPU time (user + system, all threads) a process has used so far, in ms, or undefined
 * where /proc is unavailable. CPU per request is far steadier than req/s on a shared,
 * busy machine: it does not change when other processes take the cores.
 */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** Starts a measurement; call the result with the operation count to get CPU ms per op. */
export function cpuMeter(pid: number | undefined): (ops: number) => number | undefined {
  const start = processCpuMs(pid);
  return (ops) => {
    const end = processCpuMs(pid);
    return start === undefined || end === undefined || ops === 0 ? undefined : (end - start) / ops;
  };
}
