/*
 * One shop server process for the two-node chat test: the real app (API and /socket.io,
 * no pages) from the environment, on a free loopback port, which it prints as
 * "LISTENING <port>" once it accepts connections.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../app/config/app-config.ts';

const config = loadConfig(process.env, { seedDemo: false });
const app = await buildApp(config, { pages: false });
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`LISTENING ${(app.server.address() as AddressInfo).port}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
