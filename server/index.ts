import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Starts the shop: `--dev` serves through Vite with HMR, otherwise the production build. */
const dev = process.argv.includes('--dev');
// Before React loads (hence the dynamic imports below): production React is several times faster.
process.env.NODE_ENV ??= dev ? 'development' : 'production';

async function main() {
  const { ConfigError, loadConfig } = await import('./config.ts');
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
  if (!dev && !existsSync(SERVER_BUILD)) {
    console.log('No production build yet: building first (npm run build)…');
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  }
  const { buildApp } = await import('./app.ts');
  const app = await buildApp(config, { pages: dev ? 'dev' : 'build' });
  await app.listen({ port: config.port, host: config.host });

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

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
