import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startChild, waitForHttp } from './children.ts';
import { waitForIdle } from './cpu.ts';
import { loadTest } from './load.ts';
import { measureLoop } from './stats.ts';
import type { BaselineSpec, BenchContext, Measurement, RequestSpec } from './types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const childScript = (name: string) => path.join(here, '..', 'baselines', name);

/** Baselines are measured once per run and shared by every scenario that names them. */
const memo = new Map<string, Promise<{ name: string; result: Measurement }>>();

export function baselineKey(spec: BaselineSpec): string {
  if (spec.kind === 'fastify-json') return 'fastify-json';
  if (spec.kind === 'render') return `render:${spec.path}`;
  return `loop:${spec.name}`;
}

export function measureBaseline(ctx: BenchContext, spec: BaselineSpec): Promise<{ name: string; result: Measurement }> {
  const key = baselineKey(spec);
  let p = memo.get(key);
  if (!p) {
    p = measure(ctx, spec);
    memo.set(key, p);
  }
  return p;
}

async function measure(ctx: BenchContext, spec: BaselineSpec): Promise<{ name: string; result: Measurement }> {
  // Not while the server is still busy with the requests of the load run before.
  await waitForIdle(ctx.serverPid);
  switch (spec.kind) {
    case 'fastify-json':
      return { name: 'bare Fastify JSON route', result: await bareFastify(ctx) };
    case 'render':
      return { name: `renderToString ${spec.path}`, result: await renderBaseline(ctx, spec.path) };
    case 'loop': {
      const fn = await spec.setup(ctx);
      const result = await measureLoop(fn, ctx.durationS * 1000, ctx.warmupS * 1000, spec.unit ?? 'ops/s');
      const n = spec.perCall ?? 1;
      if (n === 1) return { name: spec.name, result };
      return { name: spec.name, result: { ...result, throughput: result.throughput * n, count: (result.count ?? 0) * n, cpuMs: result.cpuMs === undefined ? undefined : result.cpuMs / n } };
    }
  }
}

/** Loads a bare Fastify app with the same connections, duration and warm-up as a scenario. */
async function bareFastify(ctx: BenchContext): Promise<Measurement> {
  const port = await freePort();
  const child = startChild('bare Fastify baseline', process.execPath, ['--import', 'tsx', childScript('bare-fastify.ts')], {
    env: { ...ctx.serverEnv, PORT: String(port) },
    ipc: true,
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/`, child, 30_000);
    const spec: RequestSpec = { path: '/' };
    return await loadTest(base, spec, { ...ctx, pid: child.process.pid });
  } finally {
    await child.stop();
  }
}

/** Times renderToString of the page in a child process with the server's environment. */
async function renderBaseline(ctx: BenchContext, pagePath: string): Promise<Measurement> {
  const child = startChild('renderToString baseline', process.execPath, ['--import', 'tsx', childScript('render-page.ts')], {
    env: {
      ...ctx.serverEnv,
      BENCH_RENDER_PATH: pagePath,
      BENCH_ORIGIN: ctx.baseUrl,
      BENCH_DURATION_MS: String(ctx.durationS * 1000),
      BENCH_WARMUP_MS: String(ctx.warmupS * 1000),
    },
    ipc: true,
    // The same private copy of build/ the server uses.
    cwd: ctx.appDir,
  });
  try {
    const limitMs = (ctx.durationS + ctx.warmupS) * 1000 + 60_000;
    const result = await new Promise<Measurement>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`renderToString baseline gave no result within ${limitMs / 1000} s`)), limitMs);
      child.process.once('message', (m) => {
        clearTimeout(timer);
        resolve(m as Measurement);
      });
      void child.exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`renderToString baseline exited (${code}) without a result:\n${child.output()}`));
      });
    });
    return result;
  } finally {
    await child.stop();
  }
}
