import { readdirSync, readFileSync } from 'node:fs';

/** Linux reports process times in USER_HZ ticks, which is 100 on every mainstream platform. */
const TICK_MS = 10;

function ownCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** Direct children of a process (the server's workers when it runs several). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(entry));
    } catch {
      // Gone while we looked.
    }
  }
  return out;
}

/**
 * CPU time (user + system, all threads) a process and its direct children (server workers)
 * have used so far, in ms, or undefined where /proc is unavailable. CPU per request is far
 * steadier than req/s on a shared, busy machine: it does not change when other processes
 * take the cores.
 */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  const own = ownCpuMs(pid);
  if (own === undefined) return undefined;
  return childrenOf(pid).reduce((sum, child) => sum + (ownCpuMs(child) ?? 0), own);
}

/** Starts a measurement; call the result with the operation count to get CPU ms per op. */
export function cpuMeter(pid: number | undefined): (ops: number) => number | undefined {
  const start = processCpuMs(pid);
  return (ops) => {
    const end = processCpuMs(pid);
    return start === undefined || end === undefined || ops === 0 ? undefined : (end - start) / ops;
  };
}

/**
 * Waits until the process has been idle (at most one 10 ms tick of CPU per 250 ms, twice in
 * a row) or `maxMs` has passed; returns the ms waited. A load run that ends with requests
 * timed out leaves the server working on them after autocannon gave up: whatever runs
 * next (a baseline, an in-process loop, the next load run) would share the cores with it.
 */
export async function waitForIdle(pid: number | undefined, maxMs = 30_000): Promise<number> {
  const started = Date.now();
  let last = processCpuMs(pid);
  if (last === undefined) return 0;
  let calm = 0;
  while (calm < 2 && Date.now() - started < maxMs) {
    await new Promise((r) => setTimeout(r, 250));
    const now = processCpuMs(pid);
    if (now === undefined) break;
    calm = now - last <= TICK_MS ? calm + 1 : 0;
    last = now;
  }
  return Date.now() - started;
}
