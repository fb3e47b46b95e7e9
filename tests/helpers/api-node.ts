/*
 * One shop process with the API only (no production build needed), for the tests that run
 * several real nodes behind a proxy: configured from the environment, on the PORT given,
 * printing "LISTENING <port>" once it accepts connections. Its log lines go to stdout.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../app/config/app-config.ts';

const config = loadConfig(process.env, { seedDemo: false });
const app = await buildApp(config, { pages: false });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log(`LISTENING ${(app.server.address() as AddressInfo).port}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
