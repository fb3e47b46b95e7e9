import { freePort, startChild } from '../lib/children.ts';
import { processCpuMs } from '../lib/cpu.ts';
import { serverArgs, type ServerKind } from '../lib/server-command.ts';
import { latencySummary } from '../lib/stats.ts';
import type { BenchContext, CustomScenario, Measurement } from '../lib/types.ts';

/*
 * Start-up: from spawning the production server to its ready line ("Vitrine is ready at …"),
 * on the run's database (migrated and seeded: nothing to do but open it), one process, for
 * the compiled server (`npm start`: build/node/server.js) and, as the baseline, the same
 * code through tsx (what `npm start` ran before). The two alternate, a few starts each; the
 * rate column holds the median milliseconds to ready (lower is better, so `rate ×` below 1
 * means the compiled server is ready sooner), cpu ms the CPU the process spent until then.
 */

const READY = /is ready at/;

async function startOnce(ctx: BenchContext, kind: ServerKind): Promise<{ ms: number; cpuMs?: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = startChild(`start-up (${kind})`, process.execPath, serverArgs(ctx.appDir, kind), {
    env: { ...ctx.serverEnv, PORT: String(port), WORKERS: '1' },
    cwd: ctx.appDir,
  });
  try {
    const ms = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the ${kind} server was not ready within 120 s:\n${child.output()}`)), 120_000);
      let seen = '';
      child.process.stdout!.on('data', (chunk: Buffer) => {
        seen = (seen + chunk.toString()).slice(-2000);
        if (READY.test(seen)) {
          clearTimeout(timer);
          resolve(performance.now() - started);
        }
      });
      void child.exited.then((code) => reject(new Error(`the ${kind} server exited (${code}) before its ready line:\n${child.output()}`)));
    });
    return { ms, cpuMs: processCpuMs(child.process.pid) };
  } finally {
    await child.stop();
  }
}

function summary(runs: { ms: number; cpuMs?: number }[], kind: ServerKind): Measurement {
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  const cpu = runs.map((r) => r.cpuMs).filter((c): c is number => c !== undefined);
  return {
    throughput: ms[Math.floor(ms.length / 2)]!,
    unit: 'ms to ready',
    ...latencySummary(ms),
    cpuMs: cpu.length ? cpu.reduce((a, b) => a + b, 0) / cpu.length : undefined,
    count: runs.length,
    note: `${kind}: ${ms.map((m) => Math.round(m)).join(', ')} ms`,
  };
}

const scenario: CustomScenario = {
  name: 'server start-up (process start to ready line)',
  async run(ctx) {
    const rounds = ctx.quick ? 3 : 5;
    const compiled: { ms: number; cpuMs?: number }[] = [];
    const tsx: { ms: number; cpuMs?: number }[] = [];
    for (let i = 0; i < rounds; i++) {
      compiled.push(await startOnce(ctx, 'compiled'));
      tsx.push(await startOnce(ctx, 'tsx'));
    }
    return { result: summary(compiled, 'compiled'), baseline: { name: 'the same through tsx', result: summary(tsx, 'tsx') } };
  },
};
export default scenario;
