import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { apiSchema } from '../openapi.ts';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const health = z.object({ status: z.enum(['ok', 'error']), db: z.string(), version: z.string() });

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
}
