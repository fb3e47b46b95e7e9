import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

export async function healthRoutes(api: FastifyInstance) {
  api.get('/health', async (_request, reply) => {
    const { db, config } = api.services;
    try {
      await sql`select 1`.execute(db);
    } catch {
      return reply.status(503).send({ status: 'error', db: config.dialect, version });
    }
    return { status: 'ok', db: config.dialect, version };
  });
}
