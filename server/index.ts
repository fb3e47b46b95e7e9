import { execFileSync } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { existsSync } from 'node:fs';

/**
 * Starts the shop: `--dev` serves through Vite with HMR, otherwise the production build.
 * With WORKERS > 1 this process prepares the database, then runs that many server processes
 * sharing the port and restarts any that dies; every cache they keep checks the database's
 * store version, so they always agree.
 */
const dev = process.argv.includes('--dev');
// Before React loads (hence the dynamic imports below): production React is several times faster.
process.env.NODE_ENV ??= dev ? 'development' : 'production';

async function main() {
  const { ConfigError, loadConfig } = await import('../app/config/app-config.ts');
  let config;
  try {
    config = loadConfig(process.env, dev ? { mode: 'development' } : {});
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { SERVER_BUILD } = await import('./pages.ts');
  if (cluster.isPrimary && !dev && !existsSync(SERVER_BUILD)) {
    console.log('No production build yet: building first (npm run build)…');
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  }
  const { buildApp } = await import('./app.ts');
  const { announceSetupCode } = await import('../app/features/account/account.server.ts');
  if (cluster.isPrimary && !dev && config.workers > 1) {
    // Migrations and the first start's demo catalog, once, before any worker opens the database.
    const prepared = await buildApp(config, { pages: false });
    await announceSetupCode(prepared.services);
    await prepared.close();
    return supervise(config.workers, config.redisUrl);
  }
  const app = await buildApp(config, { pages: dev ? 'dev' : 'build' });
  // A fresh shop: the setup code that /admin/setup asks for, once per start (not per worker).
  const setupCode = cluster.isPrimary ? await announceSetupCode(app.services) : null;
  await app.listen({ port: config.port, host: config.host });
  // One plain line for the person who started it (with several workers, from the first only).
  if (cluster.isPrimary || cluster.worker?.id === 1) {
    const [{ readyLine, shopUrl }, { adminExists }] = await Promise.all([import('./ready-line.ts'), import('../app/features/account/account.server.ts')]);
    console.log(readyLine(shopUrl(config.publicUrl, app.server.address()), !(await adminExists(app.services)), setupCode));
  }

  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, then close the database.
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, async () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      await app.close();
      process.exit(0);
    });
  }
}

/** Runs `count` workers; replaces one that exits unexpectedly; stops them all on SIGTERM/SIGINT. */
async function supervise(count: number, redisUrl: string | undefined) {
  let stopping = false;
  // Without Redis, chat broadcasts between workers go through this process (cluster adapter).
  if (!redisUrl) (await import('@socket.io/cluster-adapter')).setupPrimary();
  const started = new Map<Worker, number>();
  const fork = () => started.set(cluster.fork(), Date.now());
  cluster.on('exit', (worker, code, signal) => {
    const since = started.get(worker) ?? 0;
    started.delete(worker);
    if (stopping) {
      if (started.size === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    // One that dies at once would die again: wait a little before replacing it.
    setTimeout(fork, Date.now() - since < 5_000 ? 2_000 : 0);
  });
  for (let i = 0; i < count; i++) fork();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopping = true;
      if (started.size === 0) process.exit(0);
      for (const worker of started.keys()) worker.process.kill('SIGTERM');
      setTimeout(() => process.exit(1), 12_000).unref();
    });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
