/*
 * One whole shop process (API, pages from the production build, /socket.io) for the
 * several-nodes tests: configured from the environment, on the PORT given, printing
 * "LISTENING <port>" once it accepts connections. Its log lines go to stdout.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../app/config/app-config.ts';

const config = loadConfig(process.env, { seedDemo: false });
const app = await buildApp(config, { pages: 'build' });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log(`LISTENING ${(app.server.address() as AddressInfo).port}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
