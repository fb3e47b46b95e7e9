import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SEARCH } from '../../app/config/constants.ts';
import { HttpError } from '../../app/lib/http-error.ts';
import { sharedRateLimiter } from '../../app/lib/rate-limit.server.ts';
import { parseInput } from '../../app/lib/validate.ts';
import { suggest } from '../../app/features/search/suggestions.server.ts';
import type { Suggestion } from '../../app/features/search/suggestion.ts';
import { jsonOnce, JSON_TYPE } from '../json-once.ts';
import { apiSchema } from '../openapi.ts';

/** A kept answer is the same list object each time: its body is serialised once. */
const body = (list: Suggestion[]) => Buffer.from(JSON.stringify({ suggestions: list }));

// Over-long values are cut, not refused: a search box must never answer an error.
const cut = (n: number) => z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().optional().default('').transform((s) => s.slice(0, n)));
const suggestionQuery = z.object({ q: cut(SEARCH.maxChars), category: cut(SEARCH.maxChars) });

/** Live search for the header box (docs/API.md, "Search"). */
export async function searchRoutes(api: FastifyInstance) {
  const { db, config } = api.services;
  const limiter = sharedRateLimiter(api.services, 'search-suggest', config.searchSuggestLimit, SEARCH.suggestWindowMs);

  api.get('/search/suggestions', { schema: apiSchema({ summary: 'Live search suggestions for the header box', description: 'Over-long text is cut, never refused. Rate-limited per client address (429).', tags: ['Search'], query: suggestionQuery, responses: { 200: { description: 'Suggestions.', body: z.object({ suggestions: z.array(z.looseObject({})) }) } } }) }, async (request, reply) => {
    const wait = await limiter.hit(request.ip);
    if (wait > 0) throw new HttpError(429, 'rate_limited', `Too many searches. Try again in ${wait} seconds.`, undefined, { 'retry-after': String(wait) });
    const { q, category } = parseInput(suggestionQuery, request.query ?? {});
    const suggestions = await suggest(db, q, category);
    return reply.header('cache-control', 'no-store').type(JSON_TYPE).send(jsonOnce(suggestions, body));
  });
}
