import autocannon from 'autocannon';
import { cpuMeter, waitForIdle } from './cpu.ts';
import { latencySummary } from './stats.ts';
import type { Measurement, RequestSpec } from './types.ts';

export interface LoadSettings {
  /** The process serving the requests, to report its CPU time per request. */
  pid?: number;
  connections: number;
  durationS: number;
  warmupS: number;
}

/**
 * A browser's first visit (no cookies), minus compression: the body is the same bytes
 * renderToString produces. Add COMPRESSED to measure what browsers really receive.
 */
export const BROWSER_HEADERS: Record<string, string> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-GB,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

/** What Chromium sends: the server picks brotli. */
export const COMPRESSED: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The page targets on a cache hit: brotli at ≥ 0.9× the uncompressed rate, ≤ 0.15 ms CPU. */
export const PAGE_CPU_MS = 0.15;
export const BR_SHARE = 0.9;

function options(baseUrl: string, spec: RequestSpec, connections: number, durationS: number): autocannon.Options {
  const headers: Record<string, string> = { ...spec.headers };
  let body: string | undefined;
  if (typeof spec.body === 'string') body = spec.body;
  else if (spec.body !== undefined) {
    body = JSON.stringify(spec.body);
    headers['content-type'] ??= 'application/json';
  }
  return {
    url: baseUrl + spec.path,
    method: spec.method ?? 'GET',
    headers,
    body,
    connections,
    duration: durationS,
    // A request stuck this long counts as a timeout instead of stalling the run.
    timeout: 10,
    ...spec.autocannon,
  };
}

/**
 * The warm-up ends with up to `connections` requests still being served; measuring from
 * there would charge that backlog to the run. One more request (the same one when it is
 * a safe GET) queues behind it and comes back once the server has caught up.
 */
async function drain(baseUrl: string, spec: RequestSpec) {
  const get = (spec.method ?? 'GET') === 'GET' && !spec.autocannon;
  try {
    const res = await fetch(baseUrl + (get ? spec.path : '/api/health'), {
      headers: get ? spec.headers : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
  } catch {
    // A slow or failing server shows up in the measured run itself.
  }
}

/**
 * Warms up, then loads `baseUrl + spec.path` at `connections` for `durationS`. Latency
 * percentiles are exact, from every 2xx response time (as autocannon records them),
 * so p95 is a real p95 rather than autocannon's p97.5.
 */
export async function loadTest(baseUrl: string, spec: RequestSpec, s: LoadSettings): Promise<Measurement> {
  if (s.warmupS > 0) {
    await autocannon(options(baseUrl, spec, s.connections, s.warmupS));
    await drain(baseUrl, spec);
  }
  await waitForIdle(s.pid);
  const times: number[] = [];
  const cpu = cpuMeter(s.pid);
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options(baseUrl, spec, s.connections, s.durationS), (err, result) =>
      err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(result),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) times.push(responseTime);
    });
  });
  const codes = Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, (v as { count: number }).count]));
  const notes = [
    ...(times.length === 0 ? [`no 2xx response completed within the ${s.durationS} s run (requests still in flight are not counted)`] : []),
    // The server goes on working on a request the client gave up on: that CPU is charged to the answered ones.
    ...(r.timeouts > 0 ? [`${r.timeouts} request(s) timed out after 10 s and were sent again on a new connection; cpu ms (per answered request) overstates`] : []),
  ];
  return {
    throughput: r.requests.average,
    unit: 'req/s',
    count: r.requests.total,
    // autocannon counts timeouts among its errors; keep them apart.
    errors: r.errors - r.timeouts,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    cpuMs: cpu(r.requests.total),
    note: notes.length ? notes.join('; ') : undefined,
    ...latencySummary(times),
    details: {
      statusCodes: codes,
      bytesPerResponse: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
      autocannonLatency: { p50: r.latency.p50, p97_5: r.latency.p97_5, p99: r.latency.p99, max: r.latency.max },
    },
  };
}
