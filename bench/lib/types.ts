import type { StripeStandin } from '../../tests/helpers/stripe-standin.ts';
import type autocannon from 'autocannon';
import type { DB } from '../../db/client.ts';
import type { ServerKind } from './server-command.ts';

/** What one measurement yields: a rate and, when it has them, per-operation latencies. */
export interface Measurement {
  /** Operations per second (mean over the run). */
  throughput: number;
  /** Unit of `throughput`, e.g. "req/s", "renders/s", "rows/s". */
  unit: string;
  p50?: number;
  p95?: number;
  p99?: number;
  /** CPU time the serving process spent per operation (all its threads), in ms. */
  cpuMs?: number;
  /** Operations completed in the measured window. */
  count?: number;
  errors?: number;
  timeouts?: number;
  non2xx?: number;
  /** Anything a reader of the table should know about how this was measured. */
  note?: string;
  /** Extra figures kept in latest.json only (bytes per response, status codes…). */
  details?: Record<string, unknown>;
}

/** Everything a scenario may use: the live server, the database it runs on, run settings. */
export interface BenchContext {
  /** e.g. http://127.0.0.1:41234 — the production server under test. */
  baseUrl: string;
  dialect: 'sqlite' | 'postgres';
  /** The server's DATABASE_URL (a temporary SQLite file or a dedicated PostgreSQL schema). */
  databaseUrl: string;
  /** The runner's own connection to the same database, for setup and raw-SQL baselines. */
  db: DB;
  dataDir: string;
  products: number;
  quick: boolean;
  /** Measured seconds per load run and per baseline loop. */
  durationS: number;
  warmupS: number;
  connections: number;
  /** The server child's pid (CPU per request is read from /proc). */
  serverPid?: number;
  /** The environment the server child runs with (handy for extra child processes). */
  serverEnv: NodeJS.ProcessEnv;
  /** The server's working directory: a private copy of build/ with links to node_modules (lib/build.ts). */
  appDir: string;
  /** How the server under test was started (BENCH_SERVER): compiled JavaScript, or tsx. */
  server: ServerKind;
  /** The local Stripe stand-in the server talks to (STRIPE_API_URL), when a scenario asked for it. */
  stripe?: StripeStandin;
}

export interface RequestSpec {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query, e.g. "/api/products?per_page=48". */
  path: string;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON (with a JSON content type). */
  body?: unknown;
  /** Escape hatch for per-connection setup (`setupClient`, `requests` sequences…). */
  autocannon?: Partial<autocannon.Options>;
  /** Shown after the scenario's name in the table: what was picked at run time (a category…). */
  label?: string;
}

/** A baseline measured in the same run, on the same machine, to divide a figure by. */
export type BaselineSpec =
  /** A bare Fastify app answering {status:'ok'}, loaded exactly like the scenario. */
  | { kind: 'fastify-json' }
  /** A bare `renderToString` of the page at `path` (loaders run once, render timed in a loop). */
  | { kind: 'render'; path: string }
  /** Any function timed in a loop in the runner process, e.g. the raw SQL behind an endpoint. */
  | {
      kind: 'loop';
      name: string;
      unit?: string;
      setup: (ctx: BenchContext) => Promise<() => unknown>;
      /** Operations one call of the function makes (several at once): the rate counts operations, latencies are per call. */
      perCall?: number;
    };

/** Targets from the issues; shown as ok / MISS beside the figure, never failing the run. */
export interface Targets {
  minThroughput?: number;
  maxP95Ms?: number;
  maxP99Ms?: number;
  /** Most CPU per request (ms). */
  maxCpuMs?: number;
  /** Least share of the baseline's rate (result ÷ baseline, e.g. 0.5 = half of it). */
  minShareOfBaseline?: number;
  /** Least share of the rate of the scenario named in `compareTo` (e.g. 0.9 = 90 %). */
  minShareOfCompared?: number;
}

/** Load the live server with autocannon. */
export interface HttpScenario {
  name: string;
  /** A fixed request, or a function run once against the live server first (log in, fill a cart…). */
  request: RequestSpec | ((ctx: BenchContext) => Promise<RequestSpec>);
  /** A fixed baseline, or one that depends on the live data (e.g. the render of a page chosen at run time). */
  baseline?: BaselineSpec | ((ctx: BenchContext) => Promise<BaselineSpec>);
  /**
   * The name of another scenario of the same run (e.g. the same page uncompressed) whose
   * rate this one is also divided by, shown as "vs ×".
   */
  compareTo?: string;
  targets?: Targets;
}

/** Measure something else entirely (an import's rows/s…); may bring its own baseline. */
export interface CustomScenario {
  name: string;
  /** Started before the server (its address is in the server's environment). */
  needs?: 'stripe'[];
  run(ctx: BenchContext): Promise<{ result: Measurement; baseline?: { name: string; result: Measurement } }>;
  targets?: Targets;
}

export type Scenario = HttpScenario | CustomScenario;

export interface Row {
  scenario: string;
  /** The scenario's own name, without the label picked at run time. */
  name?: string;
  result: Measurement;
  baseline?: { name: string; result: Measurement };
  /** result ÷ baseline: throughput (share of the baseline reached), p95 and CPU per op (times more). */
  ratios: { throughput?: number; p95?: number; cpu?: number };
  /** This rate ÷ the rate of the scenario named in `compareTo`, when both ran. */
  compared?: { scenario: string; ratio: number };
  targets?: Targets;
  error?: string;
}
