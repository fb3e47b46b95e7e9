import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { RUN_ROOT_ENV, TEMPLATE_ENV, snapshotBuild, startShopServer } from './shop-server.ts';

/**
 * Once per run: snapshots the production build the servers run from, then seeds the demo shop
 * (a server starts on an empty data directory, migrating and seeding it exactly as a shop
 * owner's first start does, and stops again). Every worker's server then starts on a copy of
 * that data directory. Playwright passes the environment on to the workers and runs the
 * returned function after the last test.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const runRoot = await mkdtemp(path.join(tmpdir(), 'vitrine-e2e-run-'));
  try {
    await snapshotBuild(runRoot);
    process.env[RUN_ROOT_ENV] = runRoot;
    const server = await startShopServer({ name: 'template', template: '' });
    await server.stop({ keepData: true });
    // The demo shop has the live chat on; in the template it is off, so other journeys do not
    // load its code and sockets. The chat's own specs turn it on in their shop's settings.
    const db = new Database(path.join(server.dataDir, 'e2e.sqlite'));
    db.prepare(`insert into settings (key, value) values ('chat.enabled', 'false') on conflict (key) do update set value = excluded.value`).run();
    db.close();
    process.env[TEMPLATE_ENV] = server.dataDir;
    return async () => {
      await rm(server.dataDir, { recursive: true, force: true });
      await rm(runRoot, { recursive: true, force: true });
    };
  } catch (err) {
    await rm(runRoot, { recursive: true, force: true });
    throw err;
  }
}
