import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../app/lib/http-error.ts';
import { parseInput } from '../../app/lib/validate.ts';
import { countries, countryName, stateField } from '../../app/features/shipping/countries.ts';
import { statesOf } from '../../app/features/shipping/states.server.ts';
import { apiSchema } from '../openapi.ts';

const codeParam = z.object({ code: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Use a two-letter country code') });

/** The data changes only with a package upgrade: browsers and proxies may keep it a day. */
const tags = ['Addresses'];

const CACHE = 'public, max-age=86400';

/**
 * Countries and their states for address forms in the browser (the states table is too big
 * to bundle): GET /api/countries, GET /api/countries/:code/states.
 */
export async function countriesRoutes(api: FastifyInstance) {
  api.get('/countries', { schema: apiSchema({ summary: 'Countries for address forms', tags, responses: { 200: { description: 'Every country.', body: z.object({ countries: z.array(z.looseObject({ code: z.string(), name: z.string() })) }) } } }) }, async (_request, reply) => {
    reply.header('cache-control', CACHE);
    return { countries: countries().map((c) => ({ ...c, stateField: stateField(c.code) })) };
  });

  api.get('/countries/:code/states', { schema: apiSchema({ summary: "A country's states or provinces", tags, params: codeParam, responses: { 200: { description: 'The states.', body: z.looseObject({ country: z.object({ code: z.string(), name: z.string() }), states: z.array(z.looseObject({})) }) } } }) }, async (request, reply) => {
    const { code } = parseInput(codeParam, request.params);
    const name = countryName(code);
    if (!name) throw new HttpError(404, 'not_found', `No country "${code}".`);
    reply.header('cache-control', CACHE);
    return { country: { code, name }, stateField: stateField(code), states: statesOf(code) };
  });
}
