import { z } from 'zod';
import { ORDER_STATUSES } from './orders.ts';

/* What the back office's orders list takes from its address (isomorphic). */

export const ORDER_SORTS = ['date', 'total', 'status'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** A day as YYYY-MM-DD that exists (2026-02-30 does not). */
export const dayText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Use a date as YYYY-MM-DD');
const listDay = dayText.catch('');

/** The list's query string; anything unknown falls back to the default view, never an error. */
export const orderListQuerySchema = z.object({
  /** Order number ("#12" or "12"), or the billing e-mail or name. */
  q: z.string().trim().max(100).catch(''),
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  /** A payment method id (`bacs`, `cod`, a gateway's). */
  payment: z.string().trim().max(60).regex(/^[\w-]*$/).catch(''),
  /** Placed from / up to a day (YYYY-MM-DD); a day that is not one is left out. */
  from: listDay,
  to: listDay,
  /** A customer's account id (the customer page links here). */
  customer: z.coerce.number().int().min(1).max(2 ** 31 - 1).optional().catch(undefined),
  /** A customer's e-mail, account or guest buyer, without case; one that is not an address is left out. */
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()).optional().catch(undefined),
  sort: z.enum(ORDER_SORTS).catch('date'),
  dir: z.enum(['asc', 'desc']).catch('desc'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

/**
 * The view's parameters as its address writes them: defaults left out, no page. The list's
 * links, its export and its saved filters all build on it, so a saved view is the view.
 */
export function orderListParams(query: OrderListQuery) {
  return {
    q: query.q || undefined,
    status: query.status,
    payment: query.payment || undefined,
    from: query.from || undefined,
    to: query.to || undefined,
    customer: query.customer,
    email: query.email,
    sort: query.sort === 'date' ? undefined : query.sort,
    dir: query.dir === 'desc' ? undefined : query.dir,
  };
}

/** The query from a list address; `s` is the search's older name, still read. */
export function parseOrderListQuery(params: URLSearchParams): OrderListQuery {
  const raw = Object.fromEntries(params);
  return orderListQuerySchema.parse({ ...raw, q: raw.q ?? raw.s });
}
