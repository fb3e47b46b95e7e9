import cluster from 'node:cluster';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import pino from 'pino';
import { createDb, migrate, type DB } from '../db/client.ts';
import { LIMITS } from '../app/config/constants.ts';
import { createMailer, type Mailer } from '../app/lib/mail.server.ts';
import { createRateLimiter } from '../app/lib/rate-limit.server.ts';
import type { Services } from '../app/lib/services.server.ts';
import { backgroundSettled } from '../app/lib/background.server.ts';
import { flushRepeatedSearches } from '../app/features/search/search-stats.server.ts';
import { seedDemoIfEmpty } from '../db/seed/demo.ts';
import { underStartLock } from '../db/start-lock.ts';
import { adminExists } from '../app/features/account/account.server.ts';
import { readOrCreateSetupCode } from '../app/features/account/setup-code.server.ts';
import { scheduleSales } from '../app/features/catalog/scheduled-sales.server.ts';
import { publishScheduled } from '../app/features/catalog/product-update.server.ts';
import { repeat, underJobGate, type JobGate } from '../app/lib/repeat.server.ts';
import { scheduleUnpaidOrderCancel } from '../app/features/orders/unpaid-orders.server.ts';
import { scheduleWebhookDelivery } from '../app/features/webhooks/delivery.server.ts';
import { connectShared } from '../app/lib/redis-shared.server.ts';
import { scheduleWishlistAlerts } from '../app/features/wishlist/wishlist-alerts.server.ts';
import { scheduleStockAlerts } from '../app/features/stock/stock-alerts.server.ts';
import { scheduleCartExpiry } from '../app/features/cart/cart-expiry.server.ts';
import { scheduleChatCleanup } from '../app/features/chat/chat-cleanup.server.ts';
import { attachChat } from '../app/features/chat/chat-realtime.server.ts';
import type { AppConfig } from '../app/config/app-config.ts';
import { attachContext, registerRequestFreshness } from './context.ts';
import { allowFormAction, securityHeaders } from './security.ts';
import { registerErrorHandling } from './errors.ts';
import { frameworkErrors, parseQuery, registerJsonParser, withoutNul } from './input.ts';
import { registerApi } from './api/index.ts';
import { collectApiRoutes } from './openapi.ts';
import { formsWireRoutes } from './api/forms.ts';
import { scheduleUploadRetention } from '../app/features/forms/uploads.server.ts';
import { scheduleMediaCleanup } from '../app/features/media/cleanup.server.ts';
import { BUILD_DIR, registerPages, SERVER_BUILD } from './pages.ts';
import { registerObservability, requestId } from './metrics.ts';
import { mediaRoot } from '../app/lib/media.server.ts';
import { mediaStoreFor } from '../app/lib/media-store.server.ts';
import { registerStoreMedia } from './media-route.ts';
import { registerSmallBodyCompression } from './small-bodies.ts';
import { databaseStore, scheduleKeyExpiry, withFallback, type IdempotencyStore } from '../app/lib/idempotency.server.ts';
import { storeIdempotentAnswers } from './idempotency.ts';

/** Answers smaller than this go uncompressed: the headers would outweigh the saving. */
const COMPRESS_THRESHOLD = 1024;

export interface BuildOptions {
  /** Pages: the production build, Vite dev server, or none (API-only tests). */
  pages?: 'build' | 'dev' | false;
  /** Use this database instead of opening one from the config (tests). */
  db?: DB;
  mailer?: Mailer;
  /** Where the log lines go instead of stdout (tests that provoke failures keep and check them). */
  logStream?: pino.DestinationStream;
}

/** plugins → API → pages. The caller listens (server/index.ts) or injects (tests). */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const log = options.logStream ? pino({ level: config.logLevel }, options.logStream) : pino({ level: config.logLevel });
  // Stripe's hosted page at another address (the stand-in of tests and benchmarks).
  if (config.stripeApiUrl) allowFormAction(config.stripeApiUrl);
  const db =
    options.db ??
    createDb(config.databaseUrl, { preparedStatements: config.preparedStatements, backgroundCheckpoints: true, onCheckpointError: (message) => log.warn({ message }, 'background checkpoint failed') });
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  // Several nodes: rate limits and background jobs' turns shared through Redis (docs/ARCHITECTURE.md, "Several nodes").
  const shared = config.redisUrl ? connectShared(config.redisUrl, config.redisPrefix, log, { timeoutMs: config.redisTimeoutMs }) : undefined;
  const services: Services = {
    db,
    config,
    mailer,
    log,
    loginLimiter: shared ? shared.limiter('login', LIMITS.loginAttempts, LIMITS.loginWindowMs) : createRateLimiter(LIMITS.loginAttempts, LIMITS.loginWindowMs),
    ...(shared ? { shared } : {}),
  };
  // With Redis, each named job runs on one node per period; without, on every node (they are safe to).
  const jobGate: JobGate | undefined = shared
    ? async (name, everyMs) => {
        const mine = await shared.takeJob(name, everyMs);
        if (mine) log.debug({ job: name }, 'background job runs on this node');
        return mine;
      }
    : undefined;
  // A first start, once however many processes start together: one migrates, seeds the demo
  // and makes the setup code, the others wait for it, then find each step done (db/start-lock.ts).
  try {
    await underStartLock(db, async () => {
      await migrate(db);
      if (config.seedDemo) await seedDemoIfEmpty(services);
      if (!(await adminExists(services))) await readOrCreateSetupCode(db);
    });
  } catch (err) {
    // Nothing else holds the process open then: the Redis client would.
    await shared?.close();
    throw err;
  }
  // Idempotency-Key records (docs/ARCHITECTURE.md, "Retries and idempotency"): in Redis when the
  // nodes share one, in the database otherwise and while Redis is away.
  const keysInDb = databaseStore(db);
  const idempotencyStore: IdempotencyStore = shared
    ? withFallback(shared.idempotency, keysInDb, (err) => log.warn({ err: err instanceof Error ? err.message : String(err) }, 'Idempotency-Key record kept in the database: Redis did not answer'))
    : keysInDb;
  services.idempotency = idempotencyStore;
  const [stopSales, stopPublishing, stopCartExpiry, stopWishlistAlerts, stopUploadRetention, stopStockAlerts, stopKeyExpiry, stopUnpaidOrders, stopMediaCleanup, stopWebhooks] = underJobGate(jobGate, () => [
    scheduleSales(db, (err) => log.error({ err }, 'scheduled sales check failed')),
    // Products scheduled in the back office go live within a minute of their date.
    repeat(() => publishScheduled(db), 60_000, (err) => log.error({ err }, 'publishing scheduled products failed'), 'publish-scheduled'),
    scheduleCartExpiry(db, (err) => log.error({ err }, 'removing stale guest carts failed')),
    // Price drops and returns to stock (scheduled sales, other processes' writes) reach wishlist alerts within a minute.
    scheduleWishlistAlerts(services),
    scheduleUploadRetention(services),
    // Low- and out-of-stock e-mails for stock changed by other processes (the import command) within a minute.
    scheduleStockAlerts(services),
    // Idempotency-Key records past their 24 hours (those in Redis expire by themselves).
    scheduleKeyExpiry(db, (err) => log.error({ err }, 'removing expired Idempotency-Key records failed')),
    // Orders pending payment past the hold time (settings.holdStockMinutes) cancelled, their stock given back.
    scheduleUnpaidOrderCancel(services),
    // Pictures uploaded from an editor and still unused a day later removed, rows and files (hourly).
    scheduleMediaCleanup(services),
    // Webhook deliveries due (new events, retries), every few seconds; each sent by one node.
    scheduleWebhookDelivery(services),
  ]);

  if (!config.mediaS3) await mkdir(mediaRoot(config.dataDir), { recursive: true });
  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    bodyLimit: LIMITS.bodyBytes,
    trustProxy: config.trustProxy,
    // Per-request log lines only at debug level: at info they would cost more than a page render.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    return503OnClosing: true,
    // A plugin's start includes loading the routes' modules (and in development Vite's): on a
    // busy machine that can pass Fastify's default 10 s, and a server that gives up starting
    // because the machine is slow is worse than one that starts late.
    pluginTimeout: 120_000,
    // The shared input rules (server/input.ts): no NUL in URLs, first of repeated query names.
    rewriteUrl: (req) => withoutNul(req.url ?? '/'),
    // The caller's well-formed x-request-id, else a fresh UUID (server/metrics.ts); echoed in the answer.
    genReqId: requestId,
    routerOptions: { querystringParser: parseQuery },
    frameworkErrors,
  });
  app.decorate('services', services);
  // Live chat on this server's own HTTP port (/socket.io); across processes through Redis.
  const chat = await attachChat(app.server, services, { redisUrl: config.redisUrl, redisPrefix: config.redisPrefix, cluster: cluster.isWorker });
  app.decorate('chat', chat);
  services.chat = chat;
  // Open sockets would keep the server from closing: they go first.
  app.addHook('preClose', async () => chat.close());
  // (Connected users are counted across nodes by the Redis adapter: one node's run sees them all.)
  const stopChatCleanup = underJobGate(jobGate, () => scheduleChatCleanup(db, () => chat.connectedUsers(), (err) => log.error({ err }, 'chat cleanup failed')));
  app.addHook('onClose', async () => {
    // Mail started by a request that has been answered goes out before the database closes.
    await backgroundSettled(services);
    await flushRepeatedSearches(db);
    await stopSales();
    await stopPublishing();
    await stopCartExpiry();
    await stopWishlistAlerts();
    await stopChatCleanup();
    await stopUploadRetention();
    await stopStockAlerts();
    await stopKeyExpiry();
    await stopUnpaidOrders();
    await stopMediaCleanup();
    await stopWebhooks();
    await shared?.close();
    if (!options.db) await db.destroy();
    if (!options.mailer) mailer.close();
  });

  await app.register(cookie);
  const headers = securityHeaders({ hsts: config.publicUrl?.startsWith('https:') ?? false });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Answers to Idempotency-Key requests are kept as sent, before they are compressed below
  // (and after the cookie plugin has written its Set-Cookie headers).
  storeIdempotentAnswers(app, () => idempotencyStore);
  // Small serialized answers in one call (server/small-bodies.ts), larger ones streamed by the plugin.
  registerSmallBodyCompression(app, COMPRESS_THRESHOLD);
  await app.register(compress, { threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'], brotliOptions: { params: { 1: 4 } } as never });
  registerErrorHandling(app);
  registerJsonParser(app);
  // Request ids in answers, one log line per request, /metrics (server/metrics.ts).
  const pagesBuild = (options.pages ?? 'build') === 'build' && existsSync(SERVER_BUILD) ? ((await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild) : undefined;
  await registerObservability(app, services, { chat, build: pagesBuild });
  registerRequestFreshness(app);
  app.addHook('onRequest', (request, reply, done) => {
    const pending = attachContext(services, request, reply);
    if (pending) pending.then(() => done(), done);
    else done();
  });

  // Every /api route, for the API description (server/openapi.ts).
  collectApiRoutes(app);
  await app.register(registerApi, { prefix: '/api' });
  // Contact Form 7's REST addresses (contact forms), outside /api so its own script finds them.
  await app.register(formsWireRoutes);

  // Media from the store every node shares (app/lib/media-store.server.ts): the folder as static
  // files, or the S3 bucket read through the shop so its addresses stay the same.
  const media = mediaStoreFor(config);
  if (media.kind === 'local') {
    await app.register(fastifyStatic, {
      root: mediaRoot(config.dataDir),
      prefix: '/media/',
      decorateReply: false,
      maxAge: '30d',
      wildcard: true,
    });
  } else registerStoreMedia(app, media);

  const pages = options.pages ?? 'build';
  if (pages === 'build') {
    const client = path.join(BUILD_DIR, 'client');
    if (existsSync(client)) {
      // Hashed names never change content: cache for a year.
      await app.register(fastifyStatic, {
        root: path.join(client, 'assets'),
        prefix: '/assets/',
        decorateReply: false,
        immutable: true,
        maxAge: '365d',
        preCompressed: true,
      });
      // The service worker (public/sw.js; registered from the store setting): always revalidated,
      // so a new version reaches browsers on their next visit.
      const serviceWorker = path.join(client, 'sw.js');
      if (existsSync(serviceWorker)) {
        const js = readFileSync(serviceWorker);
        app.get('/sw.js', (_req, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(js));
      }
      const favicon = path.join(client, 'favicon.svg');
      if (existsSync(favicon)) {
        const svg = readFileSync(favicon);
        app.get('/favicon.svg', (_req, reply) =>
          reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg),
        );
      }
    }
  }
  if (pages) await registerPages(app, { dev: pages === 'dev', pageCacheBytes: config.pageCacheMb * 1024 * 1024 });
  return app;
}
