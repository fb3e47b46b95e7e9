import { z } from 'zod';
import { ORDER_STATUSES } from './orders.ts';

/* What the back office's orders list takes from its address (isomorphic). */

export const ORDER_SORTS = ['date', 'total', 'status'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** The list's query string; anything unknown falls back to the default view, never an error. */
export const orderListQuerySchema = z.object({
  /** Order number ("#12" or "12"), or the billing e-mail or name. */
  q: z.string().trim().max(100).catch(''),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  /** A payment method id (`bacs`, `cod`, a gateway's). */
  payment: z.string().trim().max(60).regex(/^[\w-]*$/).catch(''),
  sort: z.enum(ORDER_SORTS).catch('date'),
  dir: z.enum(['asc', 'desc']).catch('desc'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

/** The query from a list address; `s` is the search's older name, still read. */
export function parseOrderListQuery(params: URLSearchParams): OrderListQuery {
  const raw = Object.fromEntries(params);
  return orderListQuerySchema.parse({ ...raw, q: raw.q ?? raw.s });
}
