import { parseArgs } from 'node:util';
import type { ServerKind } from './server-command.ts';

/** Settings of one bench run, from flags and BENCH_* environment variables. */
export interface BenchOptions {
  quick: boolean;
  /** Rebuild even when a production build exists (it may be older than the code). */
  build: boolean;
  products: number;
  durationS: number;
  warmupS: number;
  connections: number;
  /** Server processes (the server's WORKERS). */
  workers: number;
  dialect: 'sqlite' | 'postgres';
  /** PostgreSQL server used when dialect is postgres; the run creates and drops its own schema. */
  pgUrl: string;
  /** Only scenarios whose name or file contains one of these (case-insensitive). */
  only: string[];
  /** Hard limit for the whole run, seeding included. */
  timeLimitS: number;
  /** The server as `npm start` runs it (compiled JavaScript) or its TypeScript source through tsx. */
  server: ServerKind;
  /** An earlier results file to print this run's figures beside (`--compare`). */
  compare: string | null;
  /** With `compare`: compare this results file instead of running (`--results`). */
  results: string | null;
}

const DEFAULT_PRODUCTS = 100_000;
const QUICK_PRODUCTS = 2_000;

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number ≥ 1 (got "${raw}")`);
  return n;
}

export function readOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      build: { type: 'boolean', default: false },
      only: { type: 'string', multiple: true },
      compare: { type: 'string' },
      results: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(
      'Usage: npm run bench [-- --quick] [-- --build] [-- --only <name>] [-- --compare <earlier.json> [--results <later.json>]]\n' +
        'See bench/README.md for the BENCH_* variables.',
    );
    process.exit(0);
  }
  const quick = values.quick || env.BENCH_QUICK === '1' || env.BENCH_QUICK === 'true';
  const dialect = (env.BENCH_DATABASE ?? 'sqlite').toLowerCase();
  if (dialect !== 'sqlite' && dialect !== 'postgres') throw new Error(`BENCH_DATABASE must be sqlite or postgres (got "${dialect}")`);
  const products = positiveInt('BENCH_PRODUCTS', env.BENCH_PRODUCTS, quick ? QUICK_PRODUCTS : DEFAULT_PRODUCTS);
  const only = [...(values.only ?? []), ...(env.BENCH_ONLY ? env.BENCH_ONLY.split(',') : [])]
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const server = (env.BENCH_SERVER ?? 'compiled').toLowerCase();
  if (server !== 'compiled' && server !== 'tsx') throw new Error(`BENCH_SERVER must be compiled or tsx (got "${server}")`);
  if (values.results && !values.compare) throw new Error('--results needs --compare <earlier results file>');
  return {
    compare: values.compare ?? null,
    results: values.results ?? null,
    server,
    quick,
    build: values.build || env.BENCH_BUILD === '1',
    products,
    durationS: positiveInt('BENCH_DURATION', env.BENCH_DURATION, quick ? 3 : 10),
    warmupS: quick ? 1 : 2,
    connections: positiveInt('BENCH_CONNECTIONS', env.BENCH_CONNECTIONS, 50),
    workers: positiveInt('BENCH_WORKERS', env.BENCH_WORKERS, 1),
    dialect,
    pgUrl: env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    only,
    // Seeding 100k products is allowed a few minutes on top of the measurements.
    timeLimitS: positiveInt('BENCH_TIME_LIMIT', env.BENCH_TIME_LIMIT, quick ? 600 : 1800),
  };
}
