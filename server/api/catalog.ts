import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../app/lib/http-error.ts';
import { parseInput } from '../../app/lib/validate.ts';
import { getSettings } from '../../app/features/settings/settings.server.ts';
import { parseListingQuery } from '../../app/features/catalog/listing.schema.ts';
import { listProducts } from '../../app/features/catalog/listing.server.ts';
import { categoryByPath, categoryTree, tagBySlug } from '../../app/features/catalog/categories.server.ts';
import { findProduct } from '../../app/features/catalog/product.server.ts';
import { jsonOnce, JSON_TYPE } from '../json-once.ts';
import { quickView } from '../../app/features/catalog/quick-view.server.ts';
import { apiSchema } from '../openapi.ts';
import { listingQuerySchema } from '../../app/features/catalog/listing.schema.ts';

const idParam = z.object({ id: z.string().regex(/^\d{1,9}$/, 'Product id must be a number') });
const idOrSlugParam = z.object({ idOrSlug: z.string().min(1).max(200) });
const tags = ['Catalog'];
const product = z.looseObject({ id: z.number().int(), name: z.string(), slug: z.string() });

/** Catalog reads for widgets and headless clients: published, visible products only. */
export async function catalogRoutes(api: FastifyInstance) {
  const { db } = api.services;

  api.get('/products', { schema: apiSchema({ summary: 'A page of published products (filters, search, sorting)', description: 'Bad values are ignored or clamped rather than refused. Attribute filters: `filter_<attribute>=value,value`.', tags, query: listingQuerySchema, responses: { 200: { description: 'The listing.', body: z.looseObject({ products: z.array(product), total: z.number().int(), page: z.number().int(), pages: z.number().int(), perPage: z.number().int(), currency: z.string() }) } } }) }, async (request) => {
    const query = parseListingQuery(request.query as Record<string, unknown>);
    const settings = await getSettings(db);
    let categoryIds: number[] | undefined;
    let categoryId: number | undefined;
    let tagId: number | undefined;
    if (query.category) {
      const found = await categoryByPath(db, query.category);
      if (!found) throw new HttpError(404, 'not_found', `No category "${query.category}".`);
      categoryIds = found.descendantIds;
      categoryId = found.category.id;
    }
    if (query.tag) {
      const tag = await tagBySlug(db, query.tag);
      if (!tag) throw new HttpError(404, 'not_found', `No tag "${query.tag}".`);
      tagId = tag.id;
    }
    const listing = await listProducts(db, query, { categoryIds, categoryId, tagId }, settings.currency);
    return {
      products: listing.products,
      total: listing.total,
      page: listing.page,
      pages: listing.pages,
      perPage: listing.perPage,
      priceBounds: listing.bounds,
      currency: settings.currency,
      ...(listing.didYouMean ? { didYouMean: listing.didYouMean } : {}),
      ...(listing.facets ? { facets: listing.facets } : {}),
      ...(listing.popular ? { popular: listing.popular } : {}),
    };
  });

  api.get('/products/:id/quick-view', { schema: apiSchema({ summary: "A product's quick view", tags, params: idParam, responses: { 200: { description: 'The quick view.', body: z.looseObject({}) } } }) }, async (request, reply) => {
    const { id } = parseInput(idParam, request.params);
    const view = await quickView(db, Number(id));
    if (!view) throw new HttpError(404, 'not_found', 'No such product.');
    return reply.type(JSON_TYPE).send(jsonOnce(view));
  });

  api.get('/products/:idOrSlug', { schema: apiSchema({ summary: 'A product by id or slug', tags, params: idOrSlugParam, responses: { 200: { description: 'The product.', body: product } } }) }, async (request) => {
    const { idOrSlug } = parseInput(idOrSlugParam, request.params);
    const product = await findProduct(db, idOrSlug);
    if (!product) throw new HttpError(404, 'not_found', 'No such product.');
    return product;
  });

  api.get('/categories', { schema: apiSchema({ summary: 'The category tree', tags, responses: { 200: { description: 'Categories with their children.', body: z.object({ categories: z.array(z.looseObject({ id: z.number().int(), name: z.string(), slug: z.string() })) }) } } }) }, async () => ({ categories: await categoryTree(db) }));
}
