import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { rolesOf } from '../../app/features/account/admin-access.ts';
import { listOrdersAdmin } from '../../app/features/orders/orders.server.ts';
import { ORDER_STATUSES } from '../../app/features/orders/orders.ts';
import { readOrderJson } from '../../app/features/orders/order-json.server.ts';
import { HttpError } from '../../app/lib/http-error.ts';
import { idFromText, parseInput } from '../../app/lib/validate.ts';
import { apiSchema, type ApiDoc } from '../openapi.ts';

const tags = ['Orders (admin)'];
const doc = (d: Omit<ApiDoc, 'tags'>) => ({ schema: apiSchema({ tags, ...d }) });
const listQuery = z.object({
  status: z.enum(ORDER_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  per_page: z.coerce.number().int().min(1).max(100).optional(),
});

/** Shop managers and administrators (a session or an API key), else 401/403. */
function requireOrders(request: FastifyRequest) {
  const user = request.ctx.user;
  if (!user) throw new HttpError(401, 'unauthorized', 'Sign in with a staff account, or send an API key (Authorization: Bearer vtk_…).');
  if (!rolesOf('orders').includes(user.role)) throw new HttpError(403, 'forbidden', 'Only shop managers and administrators may read orders.');
  return user;
}

/** `/api/admin/orders`: the orders for tools connected with an API key (docs/API.md, "Orders (admin)"). */
export async function adminOrderRoutes(api: FastifyInstance) {
  api.get('/admin/orders', doc({ summary: 'Orders, newest first (shop managers, administrators, API keys)', query: listQuery, responses: { 200: { description: 'A page of orders.', body: z.looseObject({ orders: z.array(z.looseObject({})) }) } } }), async (request, reply) => {
    requireOrders(request);
    void reply.header('cache-control', 'no-store');
    const q = parseInput(listQuery, request.query ?? {});
    const page = await listOrdersAdmin(api.services.db, { status: q.status ?? null, page: q.page, perPage: q.per_page ?? 20 });
    return { orders: page.items, total: page.total, page: page.page, perPage: page.perPage, pages: page.pages };
  });
  api.get('/admin/orders/:id', doc({ summary: 'One order with its lines, notes and refunds', params: z.object({ id: z.string().describe('The order number') }), responses: { 200: { description: 'The order.', body: z.object({ order: z.looseObject({}) }) } } }), async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    requireOrders(request);
    void reply.header('cache-control', 'no-store');
    const id = idFromText(request.params.id);
    const order = id === null ? null : await readOrderJson(api.services.db, id);
    if (!order) throw new HttpError(404, 'not_found', 'Order not found.');
    return { order };
  });
}
