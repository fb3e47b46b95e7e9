import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pkg from '../../package.json' with { type: 'json' };
import { z } from 'zod';
import { apiSchema } from '../openapi.ts';

const { version } = pkg;
/** How long readiness waits for the database or Redis before calling it unreachable. */
const READY_TIMEOUT_MS = 2_000;

const health = z.object({ status: z.enum(['ok', 'error']), db: z.string(), version: z.string() });

const check = z.enum(['ok', 'down']);
const readiness = z.object({ status: z.enum(['ok', 'degraded', 'error']), checks: z.object({ db: check, redis: check.optional() }), version: z.string() });

export async function healthRoutes(api: FastifyInstance) {
  api.get('/health', { schema: apiSchema({ summary: 'Whether the server and its database answer', tags: ['Operations'], responses: { 200: { description: 'Healthy.', body: health }, 503: { description: 'The database does not answer.', body: health } } }) }, async (_request, reply) => {
    const { db, config } = api.services;
    try {
      await sql`select 1`.execute(db);
    } catch {
      return reply.status(503).send({ status: 'error', db: config.dialect, version });
    }
    return { status: 'ok', db: config.dialect, version };
  });

  // Liveness: the process answers (a supervisor restarts it when it does not). No I/O.
  api.get('/health/live', { schema: apiSchema({ summary: 'Liveness: the process answers', tags: ['Operations'], responses: { 200: { description: 'Alive.', body: z.object({ status: z.literal('ok'), version: z.string() }) } } }) }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok', version };
  });

  // Readiness: may this process be sent traffic? Ready means "can sell", and selling needs the
  // database alone: without Redis every node counts rate limits and runs jobs on its own and
  // keeps taking orders, so a Redis outage is reported (degraded) but never takes a node out;
  // a balancer that dropped every node for it would close a shop that works.
  let redis: Promise<{ connected: Promise<unknown>; client: { ping(): Promise<string>; destroy(): void } }> | undefined;
  api.addHook('onClose', async () => {
    if (redis) (await redis.catch(() => undefined))?.client.destroy();
  });
  const redisUp = async (url: string) => {
    redis ??= import('redis').then(({ createClient }) => {
      // Its own small client: never queues commands while disconnected, reconnects by itself.
      const client = createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: READY_TIMEOUT_MS } });
      client.on('error', () => {});
      return { client, connected: client.connect() };
    });
    const { client, connected } = await redis;
    return (await within(connected)) && (await within(client.ping()));
  };
  api.get('/health/ready', { schema: apiSchema({ summary: 'Readiness: the database answers (the node can sell); Redis, when configured, is reported', tags: ['Operations'], responses: { 200: { description: 'Ready: `ok`, or `degraded` while Redis (configured) does not answer.', body: readiness }, 503: { description: 'The database does not answer.', body: readiness } } }) }, async (_request, reply) => {
    const { db, config } = api.services;
    reply.header('cache-control', 'no-store');
    const [dbUp, redisOk] = await Promise.all([within(sql`select 1`.execute(db)), config.redisUrl ? redisUp(config.redisUrl) : undefined]);
    const checks: z.infer<typeof readiness>['checks'] = { db: dbUp ? 'ok' : 'down', ...(redisOk === undefined ? {} : { redis: redisOk ? 'ok' : 'down' }) };
    const status = !dbUp ? 'error' : redisOk === false ? 'degraded' : 'ok';
    return reply.status(dbUp ? 200 : 503).send({ status, checks, version });
  });
}

/** True when the promise resolves within READY_TIMEOUT_MS. */
async function within(work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work.then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
