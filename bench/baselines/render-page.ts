/**
 * Baseline: a bare `renderToString` of the page our server renders for BENCH_RENDER_PATH.
 *
 * React Router's own request handler runs the page's loaders once, with the request
 * context our server renders shared (page-cached) pages with (server/pages.ts), and hands the
 * result to the entry point. We capture that EntryContext there instead of streaming it,
 * then time `renderToString(<ServerRouter context={…}/>)` in a loop. <ServerRouter> is
 * createStaticRouter + <StaticRouterProvider> inside the FrameworkContext that <Meta>,
 * <Links> and <Scripts> require, so this is the same tree the server streams, minus the
 * per-request work (routing, loaders, headers, streaming, compression).
 *
 * Runs as a child process with the server's environment (NODE_ENV=production) and
 * reports one JSON message over IPC.
 */
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { createRequestHandler, ServerRouter, type AppLoadContext, type EntryContext, type ServerBuild } from 'react-router';
import pino from 'pino';
import { createDb } from '../../db/client.ts';
import { createMailer } from '../../app/lib/mail.server.ts';
import { createRateLimiter } from '../../app/lib/rate-limit.server.ts';
import type { RequestContext, Services } from '../../app/lib/services.server.ts';
import { loadConfig } from '../../app/config/app-config.ts';
import { SERVER_BUILD } from '../../server/pages.ts';
import { newNonce } from '../../server/security.ts';
import { BROWSER_HEADERS } from '../lib/load.ts';
import { measureLoop } from '../lib/stats.ts';

const pagePath = process.env.BENCH_RENDER_PATH ?? '/';
const origin = process.env.BENCH_ORIGIN ?? 'http://127.0.0.1';
const durationMs = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? 2000);

const config = loadConfig(process.env, { seedDemo: false });
const db = createDb(config.databaseUrl);
const services: Services = {
  db,
  config,
  mailer: createMailer({ from: config.mailFrom, dataDir: config.dataDir }),
  log: pino({ level: 'warn' }),
  loginLimiter: createRateLimiter(1, 1),
};
const nonce = newNonce();
const context: RequestContext = {
  services,
  user: null,
  sessionToken: null,
  // As the server renders a page for its anonymous page cache (server/pages.ts): no token.
  csrfToken: '',
  cspNonce: nonce,
  requestOrigin: origin,
  sharedPage: true,
  secure: false,
  clientIp: '127.0.0.1',
};

const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
let captured: { status: number; entry: EntryContext; url: string } | undefined;
const capturing: ServerBuild = {
  ...build,
  entry: {
    module: {
      ...build.entry.module,
      default: (request: Request, status: number, _headers: Headers, entry: EntryContext) => {
        captured = { status, entry, url: request.url };
        return new Response(null, { status });
      },
    },
  },
};
const handle = createRequestHandler(capturing, 'production');
const response = await handle(new Request(origin + pagePath, { headers: BROWSER_HEADERS }), context as unknown as AppLoadContext);
if (!captured) throw new Error(`GET ${pagePath} did not reach the document renderer (status ${response.status})`);
const { entry, url, status } = captured;
// <ServerRouter> takes a reader from the loader-data stream on every render; the data
// itself comes from the cache filled by the first render, so later renders get a fresh,
// empty stream to lock.
const element = (first = false) =>
  createElement(ServerRouter, {
    context: first ? entry : { ...entry, serverHandoffStream: new ReadableStream<Uint8Array>() },
    url,
    nonce,
  });

// One streamed render, as the server does it: this also reads React Router's loader-data
// stream into its cache, so the string renders below include the same data scripts.
const streamed = await new Promise<number>((resolve, reject) => {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done();
    },
  });
  sink.on('finish', () => resolve(bytes));
  const { pipe } = renderToPipeableStream(element(true), { nonce, onAllReady: () => pipe(sink), onShellError: reject });
});
const html = renderToString(element());
if (!html.includes('</html>')) throw new Error('renderToString did not produce a whole document');

const result = await measureLoop(() => renderToString(element()), durationMs, warmupMs, 'renders/s');
result.details = { status, htmlBytes: Buffer.byteLength(html), streamedBytes: streamed };
process.send?.(result);
services.mailer.close();
await db.destroy();
process.exit(0);
