import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import { sharedRateLimiter, type RateLimiter } from '../../lib/rate-limit.server.ts';
import type { Services } from '../../lib/services.server.ts';
import { parseInput } from '../../lib/validate.ts';
import { LIMITS } from '../../config/constants.ts';
import { trackOrder } from '../orders/orders.server.ts';
import type { OrderDetail } from '../orders/orders.ts';

/** Look-ups per visitor address and window: enough for typos, too few to walk order numbers. */
export const TRACKING_LIMIT = 10;
export const TRACKING_WINDOW_MS = 10 * 60_000;

const limiters = new WeakMap<Services, RateLimiter>();
function limiterFor(services: Services): RateLimiter {
  let l = limiters.get(services);
  if (!l) limiters.set(services, (l = sharedRateLimiter(services, 'tracking', TRACKING_LIMIT, TRACKING_WINDOW_MS)));
  return l;
}

export const trackingSchema = z.object({
  orderid: z
    .string()
    .trim()
    .regex(/^#?\d{1,12}$/, 'Enter the order number from your confirmation e-mail')
    .transform((s) => Number(s.replace('#', '')))
    // A number no order can have is simply not found (the column holds 32-bit integers).
    .transform((n) => (n <= LIMITS.sqlIntMax ? n : 0)),
  order_email: z.string().trim().toLowerCase().min(1, 'Enter the billing e-mail address').max(254).email('Enter a valid e-mail address'),
});

export const TRACKING_NOT_FOUND = 'Sorry, the order could not be found. Please check the order number and the e-mail address and try again.';

/**
 * Order tracking for guests: the order number and the billing e-mail together. A wrong pair
 * answers the same "not found" whichever part is wrong; too many look-ups from one address
 * are refused for a while (429).
 */
export async function lookUpOrder(services: Services, clientIp: string, input: unknown): Promise<OrderDetail> {
  const data = parseInput(trackingSchema, input);
  const wait = await limiterFor(services).hit(clientIp);
  if (wait > 0) {
    throw new HttpError(429, 'rate_limited', `Too many look-ups. Try again in ${Math.ceil(wait / 60)} minutes.`, undefined, { 'retry-after': String(wait) });
  }
  const order = await trackOrder(services.db, data.orderid, data.order_email);
  if (!order) throw new HttpError(404, 'not_found', TRACKING_NOT_FOUND);
  return order;
}
