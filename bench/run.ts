/**
 * `npm run bench`: seeds a large catalog in a temporary database, starts the production
 * server as a child process, loads each scenario of bench/scenarios/ with autocannon and
 * prints each figure beside a baseline measured in the same run. See bench/README.md.
 */
import path from 'node:path';
import { measureBaseline } from './lib/baselines.ts';
import { snapshotBuild } from './lib/build.ts';
import { REPO_ROOT, freePort, startChild, waitForHttp } from './lib/children.ts';
import { serverArgs, startNodeFlags } from './lib/server-command.ts';
import { cleanup, installExitHandlers, stopping } from './lib/cleanup.ts';
import { createBenchDatabase, seedCatalog } from './lib/database.ts';
import { loadTest } from './lib/load.ts';
import { machineInfo } from './lib/machine.ts';
import { readOptions } from './lib/options.ts';
import { formatTable, ratios, writeResults } from './lib/report.ts';
import { compareFigures, formatComparison, readResults } from './lib/compare.ts';
import { loadScenarios } from './lib/scenarios.ts';
import type { BenchContext, Row, Scenario } from './lib/types.ts';
import { StripeStandin } from '../tests/helpers/stripe-standin.ts';

const RESULTS = path.join(REPO_ROOT, 'bench', 'results', 'latest.json');

const log = (msg: string) => process.stderr.write(`bench: ${msg}\n`);

async function runScenario(ctx: BenchContext, scenario: Scenario): Promise<Row> {
  if ('run' in scenario) {
    const { result, baseline } = await scenario.run(ctx);
    return { scenario: scenario.name, result, baseline, ratios: ratios(result, baseline?.result), targets: scenario.targets };
  }
  const request = typeof scenario.request === 'function' ? await scenario.request(ctx) : scenario.request;
  const result = await loadTest(ctx.baseUrl, request, { ...ctx, pid: ctx.serverPid });
  const spec = typeof scenario.baseline === 'function' ? await scenario.baseline(ctx) : scenario.baseline;
  const baseline = spec ? await measureBaseline(ctx, spec) : undefined;
  const name = request.label ? `${scenario.name}: ${request.label}` : scenario.name;
  return { scenario: name, name: scenario.name, result, baseline, ratios: ratios(result, baseline?.result), targets: scenario.targets };
}

/** Divides each rate by that of the scenario it names in `compareTo` (when that one ran too). */
function compare(rows: Row[], scenarios: Scenario[]) {
  for (const s of scenarios) {
    if (!('request' in s) || !s.compareTo) continue;
    const row = rows.find((r) => r.name === s.name && !r.error);
    const other = rows.find((r) => r.name === s.compareTo && !r.error);
    if (row && other && other.result.throughput > 0) row.compared = { scenario: other.scenario, ratio: row.result.throughput / other.result.throughput };
  }
}

async function main(): Promise<number> {
  const opts = readOptions(process.argv.slice(2), process.env);
  if (opts.compare && opts.results) {
    // Two earlier runs side by side, nothing measured.
    console.log(formatComparison(compareFigures(readResults(opts.results).figures, readResults(opts.compare).figures), opts.compare));
    return 0;
  }
  // Read before the run, so that a wrong name fails in a second rather than after the run.
  const earlier = opts.compare ? readResults(opts.compare) : null;
  installExitHandlers(opts.timeLimitS);
  const scenarios = await loadScenarios(opts.only);
  if (scenarios.length === 0) throw new Error(`no scenario matches ${opts.only.join(', ')}`);

  // A private copy of build/: a rebuild in the checkout during the run cannot touch it.
  const appDir = await snapshotBuild(opts.build);

  const database = await createBenchDatabase(opts);
  log(`seeding ${opts.products} products (${opts.dialect}) in a temporary database…`);
  const seedSeconds = await seedCatalog(database, opts.products, Math.max(1, opts.products / 100_000) * 5 * 60_000);
  log(`seeded in ${seedSeconds.toFixed(1)} s`);

  const port = await freePort();
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'warn',
    SESSION_SECRET: database.sessionSecret,
    // Production React and React Router builds, as a deployment would run them.
    NODE_ENV: 'production',
    WORKERS: String(opts.workers),
    // One client address sends every request: the search suggestion limiter (120 a minute
    // per address by default) still counts each one, but never refuses.
    SEARCH_SUGGEST_LIMIT: '1000000000',
  };
  // Loopback only: no mail server, proxy or public URL from the caller's environment.
  for (const key of ['SMTP_URL', 'REDIS_URL', 'PUBLIC_URL', 'TRUST_PROXY', 'STRIPE_API_URL']) delete serverEnv[key];
  // The shop's own address, as a deployment sets it (PUBLIC_URL or the store address): its
  // canonical links and sitemaps are then absolute, as search engines (and Lighthouse) want.
  serverEnv.PUBLIC_URL = `http://127.0.0.1:${port}`;
  // Card payments go to a local Stripe stand-in (never to Stripe) when a scenario needs them.
  const stripe = scenarios.some(({ scenario }) => 'run' in scenario && scenario.needs?.includes('stripe')) ? await StripeStandin.start() : undefined;
  if (stripe) serverEnv.STRIPE_API_URL = stripe.url;
  // BENCH_PROXY=1: the several-nodes topology (deploy/README.md) — BENCH_WORKERS separate
  // processes (two) on their own ports, sharing Redis, behind HAProxy with deploy/haproxy.cfg.
  // One shell holds them all, so the CPU figures sum the nodes and the proxy.
  const proxied = process.env.BENCH_PROXY === '1';
  let server;
  if (proxied) {
    if (opts.workers !== 2) throw new Error('BENCH_PROXY=1 runs two nodes: set BENCH_WORKERS=2');
    const nodePorts = [await freePort(), await freePort()];
    const node = `${[process.execPath, ...startNodeFlags(), '--import', 'tsx', path.join(REPO_ROOT, 'server', 'index.ts')].map((a) => `'${a}'`).join(' ')}`;
    const script = `${nodePorts.map((p) => `PORT=${p} ${node} &`).join('\n')}\nhaproxy -f '${path.join(REPO_ROOT, 'deploy', 'haproxy.cfg')}' -db &\nwait`;
    server = startChild('nodes', 'bash', ['-c', script], {
      env: {
        ...serverEnv,
        WORKERS: '1',
        REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_PREFIX: `vitrine-bench-${process.pid}`,
        TRUST_PROXY: '1',
        VITRINE_LISTEN: `127.0.0.1:${port}`,
        VITRINE_NODE_1: `127.0.0.1:${nodePorts[0]}`,
        VITRINE_NODE_2: `127.0.0.1:${nodePorts[1]}`,
      },
      cwd: appDir,
    });
  } else {
    server = startChild('server', process.execPath, serverArgs(appDir, opts.server), { env: serverEnv, cwd: appDir });
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/api/health`, server, 120_000);
  log(`server up at ${baseUrl}; ${scenarios.length} scenario(s), ${opts.durationS} s each at ${opts.connections} connections`);

  const ctx: BenchContext = {
    baseUrl,
    dialect: opts.dialect,
    databaseUrl: database.url,
    db: database.db,
    dataDir: database.dataDir,
    products: opts.products,
    quick: opts.quick,
    durationS: opts.durationS,
    warmupS: opts.warmupS,
    connections: opts.connections,
    serverPid: server.process.pid,
    serverEnv,
    appDir,
    server: opts.server,
    stripe,
  };
  const rows: Row[] = [];
  for (const { file, scenario } of scenarios) {
    if (stopping()) break;
    log(`running ${scenario.name} (${file})`);
    try {
      rows.push(await runScenario(ctx, scenario));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log(`${scenario.name} failed: ${message}`);
      rows.push({ scenario: scenario.name, result: { throughput: NaN, unit: '' }, ratios: {}, error: message });
    }
    if (server.process.exitCode !== null) throw new Error(`the server exited during "${scenario.name}":\n${server.output()}`);
  }

  compare(rows, scenarios.map((s) => s.scenario));
  const machine = machineInfo(opts, { seedSeconds: Math.round(seedSeconds * 10) / 10 });
  console.log(
    `\nVitrine bench — ${machine.dialect}, ${opts.products} products, ${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, ` +
      `${opts.connections} connections × ${opts.durationS} s, ${opts.workers} server process${opts.workers > 1 ? 'es' : ''} (${opts.server})${proxied ? ' behind HAProxy with Redis' : ''}${opts.quick ? ' (quick)' : ''}\n`,
  );
  console.log(formatTable(rows));
  console.log(
    '\ncpu ms: CPU time of the serving process per request (per render for renderToString), the steadiest figure on a busy machine.' +
      '\nrate ×: rate ÷ baseline rate (share of the baseline reached); p95 × and cpu × : ours ÷ baseline (times more).' +
      '\nvs ×: rate ÷ the rate of the same page uncompressed in this run.',
  );
  const figures = writeResults(RESULTS, rows, machine);
  // One file per commit and database too, to compare a later run with (`--compare`).
  const kept = machine.commit ? path.join(path.dirname(RESULTS), `${machine.commit}-${machine.dialect}${opts.quick ? '-quick' : ''}.json`) : null;
  if (kept) writeResults(kept, rows, machine);
  await stripe?.close();
  console.log(`Written ${[RESULTS, kept].filter(Boolean).map((f) => path.relative(process.cwd(), f!)).join(' and ')}`);
  if (earlier && opts.compare) console.log(`\n${formatComparison(compareFigures(figures, earlier.figures), opts.compare)}`);
  return rows.some((r) => r.error) ? 1 : 0;
}

main()
  .catch((err) => {
    console.error(`bench: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  })
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  });
