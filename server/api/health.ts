import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pkg from '../../package.json' with { type: 'json' };
import { z } from 'zod';
import { apiSchema } from '../openapi.ts';

const { version } = pkg;
/** How long readiness waits for the database or Redis before calling it unreachable. */
const READY_TIMEOUT_MS = 2_000;

const health = z.object({ status: z.enum(['ok', 'error']), db: z.string(), version: z.string() });

const readiness = z.object({ status: z.enum(['ok', 'error']), checks: z.record(z.string(), z.enum(['ok', 'error'])) }).catchall(z.unknown());

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

  // Readiness: may this process be sent traffic? The database answers and, with REDIS_URL, Redis does.
  let redis: Promise<{ connected: Promise<unknown>; client: { ping(): Promise<string>; destroy(): void } }> | undefined;
  api.addHook('onClose', async () => {
    if (redis) (await redis.catch(() => undefined))?.client.destroy();
  });
  api.get('/health/ready', { schema: apiSchema({ summary: 'Readiness: the database (and Redis, when configured) answer', tags: ['Operations'], responses: { 200: { description: 'Ready.', body: readiness }, 503: { description: 'A dependency does not answer.', body: readiness } } }) }, async (_request, reply) => {
    const { db, config } = api.services;
    reply.header('cache-control', 'no-store');
    const checks: Record<string, 'ok' | 'error'> = {};
    checks.db = (await within(sql`select 1`.execute(db))) ? 'ok' : 'error';
    if (config.redisUrl) {
      redis ??= import('redis').then(({ createClient }) => {
        // Its own small client: never queues commands while disconnected, reconnects by itself.
        const client = createClient({ url: config.redisUrl, disableOfflineQueue: true, socket: { connectTimeout: READY_TIMEOUT_MS } });
        client.on('error', () => {});
        return { client, connected: client.connect() };
      });
      const { client, connected } = await redis;
      checks.redis = (await within(connected)) && (await within(client.ping())) ? 'ok' : 'error';
    }
    const ready = Object.values(checks).every((c) => c === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ok' : 'error', checks, version });
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
