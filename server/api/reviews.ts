import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../app/lib/http-error.ts';
import { parseInput } from '../../app/lib/validate.ts';
import { pageParam } from '../../app/features/product/reviews.schema.ts';
import { listReviews, postReview, reviewSummary } from '../../app/features/product/reviews.server.ts';
import { apiSchema } from '../openapi.ts';
import { reviewInputSchema } from '../../app/features/product/reviews.schema.ts';

const idParam = z.object({ id: z.string().regex(/^\d{1,9}$/, 'Product id must be a number') });
const pageQuery = z.object({ page: z.string().optional().describe('Page number (from 1); anything else is page 1.') });
const tags = ['Reviews'];

/** Product reviews (docs/API.md): a page of reviews, and posting one. */
export async function reviewsRoutes(api: FastifyInstance) {
  const services = api.services;
  const { db } = services;

  api.get('/products/:id/reviews', { schema: apiSchema({ summary: "A page of a product's reviews, with the rating summary", tags, params: idParam, query: pageQuery, responses: { 200: { description: 'The reviews.', body: z.looseObject({ reviews: z.array(z.looseObject({})), summary: z.looseObject({}) }) } } }) }, async (request, reply) => {
    const id = Number(parseInput(idParam, request.params).id);
    const product = await db.selectFrom('products').select('id').where('id', '=', id).where('status', '=', 'publish').executeTakeFirst();
    if (!product) throw new HttpError(404, 'not_found', 'No such product.');
    const page = pageParam((request.query as Record<string, string | undefined>).page);
    const [list, summary] = await Promise.all([listReviews(db, id, page, request.ctx.user?.id ?? null), reviewSummary(db, id)]);
    // A signed-in author also sees their own pending review, so answers are per shopper.
    reply.header('cache-control', 'private, no-cache');
    return { ...list, summary };
  });

  api.post('/products/:id/reviews', { schema: apiSchema({ summary: 'Post a review', description: 'Guests give `author` and `email`; reviews may wait for moderation.', tags, access: 'csrf', params: idParam, body: reviewInputSchema, responses: { 201: { description: 'The review as posted.', body: z.looseObject({}) } } }) }, async (request, reply) => {
    const id = Number(parseInput(idParam, request.params).id);
    const posted = await postReview(services, { productId: id, user: request.ctx.user, clientIp: request.ctx.clientIp, input: request.body });
    return reply.status(201).send(posted);
  });
}
