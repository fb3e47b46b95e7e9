import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'kysely';
import { observeQueries } from '../db/client.ts';
import { backgroundPending } from '../app/lib/background.server.ts';
import type { Services } from '../app/lib/services.server.ts';

/*
 * Observability: request ids, one structured log line per request, and Prometheus metrics.
 *
 * - Request id: a caller's `x-request-id` is kept when it is 1–128 characters of letters,
 *   digits and `-_.:`; anything else (or none) gets a fresh UUID. It is the log lines' reqId
 *   and is echoed in the answer's `x-request-id`.
 * - `/metrics` (Prometheus text format) on the shop's own port only with
 *   `Authorization: Bearer <METRICS_TOKEN>` (401 without, 404 when no token is configured),
 *   and/or on a second listener at METRICS_ADDRESS, which serves nothing else.
 * - Metrics are collected only when one of the two is configured; they are this process's
 *   own (with WORKERS > 1 each worker answers for itself: scrape them through
 *   METRICS_ADDRESS per process, or read the database-wide gauges, which are the same
 *   everywhere).
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The METRICS_ADDRESS listener, when there is one. */
    metricsServer?: Server;
  }
}

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId: the caller's id when well-formed, else a fresh UUID. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** The React Router route pattern of a page path (`/product/:slug`), from the production build's route table. */
function pagePatterns(build: ServerBuild): (pathname: string) => string {
  const byParent = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const list = byParent.get(route.parentId) ?? [];
    list.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as RouteObject);
    byParent.set(route.parentId, list);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((r) => (r.index ? r : { ...r, children: attach(byParent.get(r.id) ?? []) }));
  const tree = attach(byParent.get(undefined) ?? []);
  // Paths repeat (the same product page over and over); the table stays small.
  const known = new Map<string, string>();
  return (pathname) => {
    let pattern = known.get(pathname);
    if (pattern === undefined) {
      const matches = matchRoutes(tree, pathname.replace(/\.data$/, '')) ?? [];
      const joined = matches
        .map((m) => m.route.path)
        .filter((p): p is string => !!p)
        .join('/')
        .replace(/\/{2,}/g, '/');
      pattern = matches.length ? `/${joined.replace(/^\//, '')}` : 'unmatched';
      if (known.size >= 2000) known.clear();
      known.set(pathname, pattern);
    }
    return pattern;
  };
}

/** Token check without leaking its length or content through timing. */
function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface MetricsOptions {
  /** The chat's Socket.IO server (its open connections in this process). */
  chat?: { io: { engine: { clientsCount: number } } };
  /** The production server build, for route patterns of pages. */
  build?: ServerBuild;
}

/**
 * Registers request ids in answers, request log lines and, when METRICS_TOKEN or
 * METRICS_ADDRESS is set, the metrics and their endpoints. Call before routes are added.
 */
export async function registerObservability(app: FastifyInstance, services: Services, options: MetricsOptions = {}) {
  const { config, log } = services;
  const logRequests = log.isLevelEnabled('info');
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  const enabled = !!(config.metricsToken || config.metricsAddress);
  if (!enabled && !logRequests) return;

  const registry = new Registry();
  /** The database's answer to this scrape's probe (set just before the gauges are collected). */
  let databaseUp = false;
  let requests: Counter<'method' | 'route' | 'status'> | undefined;
  let duration: Histogram<'method' | 'route'> | undefined;
  let pageCache: Counter<'result'> | undefined;
  if (enabled) {
    collectDefaultMetrics({ register: registry, prefix: 'vitrine_process_' });
    requests = new Counter({ name: 'vitrine_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status code.', labelNames: ['method', 'route', 'status'], registers: [registry] });
    duration = new Histogram({
      name: 'vitrine_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    pageCache = new Counter({ name: 'vitrine_page_cache_requests_total', help: 'Catalog pages served to visitors who are not signed in, from the page cache (hit) or rendered (miss).', labelNames: ['result'], registers: [registry] });
    const queries = new Histogram({
      name: 'vitrine_db_query_duration_seconds',
      help: 'Time of database statements run through the query builder, by outcome.',
      labelNames: ['outcome'],
      buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    });
    const ok = queries.labels('ok');
    const failed = queries.labels('error');
    observeQueries(services.db, (ms, error) => (error ? failed : ok).observe(ms / 1000));
    app.addHook('onClose', async () => observeQueries(services.db, undefined));
    new Gauge({
      name: 'vitrine_background_tasks',
      help: 'Background work of this process under way (e-mails and other work started by a request after its answer).',
      registers: [registry],
      collect() {
        this.set(backgroundPending(services));
      },
    });
    new Gauge({
      name: 'vitrine_chat_connections',
      help: 'Live chat sockets open on this process.',
      registers: [registry],
      collect() {
        this.set(options.chat?.io.engine.clientsCount ?? 0);
      },
    });
    new Gauge({
      name: 'vitrine_database_up',
      help: 'Whether the database answered `select 1` within 2 s at this scrape (1) or not (0).',
      registers: [registry],
      collect() {
        this.set(databaseUp ? 1 : 0);
      },
    });
    if (config.redisUrl) {
      new Gauge({
        name: 'vitrine_redis_up',
        help: "Whether this process's Redis client (rate limits, job turns) is connected (1) or not (0).",
        registers: [registry],
        collect() {
          this.set(services.shared?.ready ? 1 : 0);
        },
      });
    }
    new Gauge({
      name: 'vitrine_orders',
      help: 'Orders in the database, by status (the same on every process); no series while the database is down.',
      labelNames: ['status'],
      registers: [registry],
      async collect() {
        this.reset();
        if (!databaseUp) return;
        const rows = await within(sql<{ status: string; n: number }>`select status, count(*) as n from orders group by status`.execute(services.db));
        for (const row of rows?.rows ?? []) this.set({ status: row.status }, Number(row.n));
      },
    });
  }

  const pattern = options.build ? pagePatterns(options.build) : undefined;
  const routeOf = (request: FastifyRequest): string => {
    const url = request.routeOptions.url;
    if (url === undefined) return 'unmatched';
    if (pattern && (url === '*' || url === '/*')) return pattern(request.url.split('?')[0]!);
    return url;
  };
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done) => {
    const seconds = reply.elapsedTime / 1000;
    const route = routeOf(request);
    if (requests) {
      requests.inc({ method: request.method, route, status: reply.statusCode });
      duration!.observe({ method: request.method, route }, seconds);
      const cached = reply.getHeader('x-page-cache');
      if (cached === 'hit' || cached === 'miss') pageCache!.inc({ result: cached });
    }
    if (logRequests) {
      request.log.info({ method: request.method, url: request.url, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
    }
    done();
  });
  if (!enabled) return;

  // /metrics always answers, above all while the database is away: the probe comes first, and
  // the gauges that need the database read its result instead of failing the whole scrape.
  const answer = async () => {
    databaseUp = !!(await within(sql`select 1`.execute(services.db)));
    return { body: await registry.metrics(), type: registry.contentType };
  };
  app.get('/metrics', async (request, reply) => {
    const token = config.metricsToken;
    // Without a token this address has no /metrics (it may be on the second listener).
    if (!token) return reply.status(404).send({ error: { code: 'not_found', message: 'Not found.' } });
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: { code: 'unauthorized', message: 'Send the metrics token as a Bearer token.' } });
    }
    const { body, type } = await answer();
    return reply.header('cache-control', 'no-store').type(type).send(body);
  });

  if (config.metricsAddress) {
    const { host, port } = config.metricsAddress;
    const server: Server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
        return;
      }
      answer().then(
        ({ body, type }) => res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body),
        (err: unknown) => {
          log.error({ err }, 'metrics failed');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics failed\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    log.info({ address: `${host}:${(server.address() as { port: number }).port}` }, 'metrics listening');
    app.decorate('metricsServer', server);
    app.addHook('onClose', async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  }
}

/** How long a scrape waits for the database (the probe, the orders count) before reporting it down. */
const SCRAPE_DB_TIMEOUT_MS = 2_000;

/** The promise's value, or undefined when it fails or takes longer than SCRAPE_DB_TIMEOUT_MS. */
async function within<T>(work: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), SCRAPE_DB_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
