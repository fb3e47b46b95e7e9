import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { payForOrder, payForOrderSchema } from '../../app/features/orders/pay-for-order.server.ts';
import { parseInput, rowIdText } from '../../app/lib/validate.ts';
import { apiSchema } from '../openapi.ts';
import { displaySchema } from './amounts-schema.ts';

const orderParams = z.object({ id: rowIdText });
const payAnswer = z.looseObject({
  order_id: z.number().int(),
  status: z.string(),
  payment_result: z.object({ payment_status: z.string(), redirect_url: z.string(), message: z.string().nullable() }),
  order: z.looseObject({ display: displaySchema }),
});

/**
 * POST /api/orders/:id/pay — "Pay for order" (app/features/orders/pay-for-order.server.ts): an
 * order pending payment or failed, paid with any enabled method. Its `key` or its signed-in
 * owner only; the general Idempotency-Key record (server/idempotency.ts) answers a repeat.
 */
export async function orderPayRoutes(api: FastifyInstance) {
  const services = api.services;
  api.post(
    '/orders/:id/pay',
    {
      schema: apiSchema({
        summary: 'Pay for an order whose payment failed or is still pending',
        description:
          'Runs the chosen payment method on the existing order (no new order). Reached with the order key (`key`) or as its signed-in owner; any other caller gets 404. An order already paid or cancelled is 409 `not_payable` and nothing changes. Send an `Idempotency-Key` to repeat safely.',
        tags: ['Checkout'],
        access: 'csrf',
        params: orderParams,
        body: payForOrderSchema,
        responses: { 200: { description: 'The payment result and the order as it is now.', body: payAnswer } },
      }),
    },
    async (request, reply) => {
      const { id } = parseInput(orderParams, request.params);
      const result = await payForOrder(services, id, { user: request.ctx.user }, request.body ?? {}, request.ctx.requestOrigin);
      reply.header('cache-control', 'no-store');
      return {
        order_id: result.order.id,
        status: result.order.status,
        payment_result: { payment_status: result.payment.status, redirect_url: result.payment.redirect, message: result.payment.message ?? null },
        payment_instructions: result.instructions,
        order: result.order,
      };
    },
  );
}
