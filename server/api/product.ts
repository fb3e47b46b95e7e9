import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../app/lib/http-error.ts';
import { parseInput } from '../../app/lib/validate.ts';
import { findVariation } from '../../app/features/product/variation.server.ts';
import { ATTRIBUTE_PREFIX } from '../../app/features/product/variations.ts';
import { apiSchema } from '../openapi.ts';

/** More attributes than any product has: a larger body is not a choice. */
const MAX_ATTRIBUTES = 50;

const idParam = z.object({ id: z.string().regex(/^\d{1,9}$/, 'Product id must be a number') });
const value = z.string().max(200, 'At most 200 characters');
const attributeMap = z.record(z.string().min(1).max(100), value).refine((m) => Object.keys(m).length <= MAX_ATTRIBUTES, `At most ${MAX_ATTRIBUTES} attributes`);
/**
 * The chosen attributes, either as `attributes` ({"attribute_color": "Blue"} or {"color": "Blue"})
 * or as top-level `attribute_*` fields the way the page's form names them. `product_id` and
 * `custom_data` (spec §7) are accepted and ignored: the id is in the path.
 */
const body = z
  .object({ attributes: attributeMap.optional(), product_id: z.union([z.string(), z.number()]).optional(), custom_data: z.unknown().optional() })
  .catchall(z.unknown());

/** Product-page calls made by browser widgets. */
export async function productRoutes(api: FastifyInstance) {
  const { db } = api.services;

  /** Spec §7 get_variation: the matching variation object, or null. 404 for a missing or non-variable product. */
  api.post('/products/:id/variation', { schema: apiSchema({ summary: 'The variation matching chosen attributes (or null)', tags: ['Catalog'], params: idParam, body, responses: { 200: { description: 'The matching variation, or null.', body: z.looseObject({}).nullable() } } }) }, async (request, reply) => {
    const { id } = parseInput(idParam, request.params);
    const input = parseInput(body, request.body ?? {});
    const flat = Object.fromEntries(Object.entries(input).filter(([k]) => k.startsWith(ATTRIBUTE_PREFIX)));
    const given = parseInput(attributeMap, { ...flat, ...input.attributes });
    const variation = await findVariation(db, Number(id), given);
    if (variation === undefined) throw new HttpError(404, 'not_found', 'No such variable product.');
    // A bare `null` body: Fastify would otherwise send an empty reply for a null payload.
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(variation));
  });
}
