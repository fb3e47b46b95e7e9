/*
 * One shop process for the multi-process oversell test (checkout-processes.test.ts): opens
 * the SQLite file given on the command line as a server would, waits for the "go" line on
 * stdin, then places one order per Cart-Token at once and prints each answer as a JSON line.
 */
import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../app/config/app-config.ts';

const [databaseUrl, dataDir, tokensFile] = process.argv.slice(2);
const tokens = JSON.parse(readFileSync(tokensFile, 'utf8')) as string[];
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error' }, { databaseUrl, dataDir, sessionSecret: 'test-secret-that-is-at-least-32-characters-long', seedDemo: false });
const app = await buildApp(config, { pages: false });
await app.ready();
process.stdout.write('ready\n');
await once(process.stdin, 'data');
process.stdin.destroy();
const billing = { first_name: 'Pat', last_name: 'Buyer', address_1: '1 Main St', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB', email: 'pat@example.com' };
const answers = await Promise.all(
  tokens.map((token) =>
    app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { 'cart-token': token, 'content-type': 'application/json' },
      payload: { billing_address: billing, payment_method: 'cod' },
    }),
  ),
);
for (const a of answers) process.stdout.write(`RESULT ${JSON.stringify({ status: a.statusCode, code: a.statusCode === 200 ? null : a.json().error.code, message: a.statusCode === 200 ? null : a.json().error.message })}\n`);
await mailsSettled();
await app.close();
