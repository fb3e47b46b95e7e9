/*
 * One shop process started as server/index.ts starts one (first start under the start lock,
 * the setup code announced in the log), API only, for the several-nodes operations tests:
 * configured from the environment, on the PORT given, printing "LISTENING <port>" once it
 * accepts connections. SEED_DEMO=1 seeds the demo catalog on an empty database, as a shop's
 * first start does. Its log lines go to stdout.
 */
import type { AddressInfo } from 'node:net';
import { announceSetupCode } from '../../app/features/account/account.server.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../app/config/app-config.ts';

const config = loadConfig(process.env, { seedDemo: process.env.SEED_DEMO === '1' });
const app = await buildApp(config, { pages: false });
await announceSetupCode(app.services);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log(`LISTENING ${(app.server.address() as AddressInfo).port}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
