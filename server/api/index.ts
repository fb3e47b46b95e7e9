import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../app/lib/http-error.ts';
import { CSRF_HEADER, csrfValid, UNSAFE_METHODS } from '../security.ts';
import { healthRoutes } from './health.ts';
import { accountRoutes } from './account.ts';
import { catalogRoutes } from './catalog.ts';
import { cartRoutes } from './cart.ts';
import { checkoutRoutes } from './checkout.ts';
import { orderPayRoutes } from './order-pay.ts';
import { stripeRoutes } from './payments-stripe.ts';
import { paypalRoutes } from './payments-paypal.ts';
import { checkoutFormRoutes } from './checkout-form.ts';
import { countriesRoutes } from './countries.ts';
import { productRoutes } from './product.ts';
import { reviewsRoutes } from './reviews.ts';
import { wishlistRoutes } from './wishlist.ts';
import { searchRoutes } from './search.ts';
import { chatRoutes } from './chat.ts';
import { formsApiRoutes } from './forms.ts';
import { pagesApiRoutes } from './pages.ts';
import { adminMenuRoutes } from './admin-menus.ts';
import { adminOrderRoutes } from './admin-orders.ts';
import { openApiRoutes } from './openapi.ts';
import { describeOnly } from '../openapi.ts';
import { takeIdempotencyKeys } from '../idempotency.ts';
import { databaseStore } from '../../app/lib/idempotency.server.ts';

/**
 * Every /api route. State-changing calls need the CSRF header (see server/security.ts) and
 * take an Idempotency-Key (server/idempotency.ts), checked after it.
 */
export async function registerApi(api: FastifyInstance) {
  // Route schemas document each route (server/openapi.ts); handlers validate with zod as before.
  describeOnly(api);
  // A plain hook (not async): reads, most calls, pass through without a promise of their own.
  api.addHook('preHandler', (request, _reply, done) => {
    if (!UNSAFE_METHODS.has(request.method)) return done();
    // An API key is sent by the caller itself, never by a browser on another site's behalf.
    if (request.apiKey) {
      if (request.apiKey.permission !== 'read_write') return done(new HttpError(403, 'read_only_key', 'This API key may only read: make a read/write key to change anything.'));
      return done();
    }
    // A Cart-Token is a secret only its holder knows, so a cross-site page cannot forge it.
    if (request.headers['cart-token'] && (request.url.startsWith('/api/cart') || request.url.startsWith('/api/checkout'))) return done();
    // Payment providers call their webhook from their servers; the gateway authenticates them.
    if (/^\/api\/payments\/[^/]+\/webhook(\?|$)/.test(request.url)) return done();
    // One-click unsubscribe from wishlist alerts (RFC 8058): posted by mail programs, keyed by its token.
    if (request.method === 'POST' && /^\/api\/wishlist\/alerts\/[A-Za-z0-9_-]+\/unsubscribe(\?|$)/.test(request.url)) return done();
    const token = request.headers[CSRF_HEADER];
    if (!csrfValid(api.services.config.sessionSecret, request.csrfCookie, typeof token === 'string' ? token : undefined)) {
      return done(new HttpError(403, 'csrf', 'Missing or invalid CSRF token: send the x-csrf-token header from GET /api/session.'));
    }
    done();
  });
  takeIdempotencyKeys(api, () => api.services.idempotency ?? databaseStore(api.services.db));
  await api.register(healthRoutes);
  await api.register(accountRoutes);
  await api.register(catalogRoutes);
  await api.register(cartRoutes);
  await api.register(checkoutRoutes);
  await api.register(checkoutFormRoutes);
  await api.register(orderPayRoutes);
  await api.register(stripeRoutes);
  await api.register(paypalRoutes);
  await api.register(countriesRoutes);
  await api.register(productRoutes);
  await api.register(reviewsRoutes);
  await api.register(wishlistRoutes);
  await api.register(searchRoutes);
  await api.register(chatRoutes);
  await api.register(formsApiRoutes);
  await api.register(pagesApiRoutes);
  await api.register(adminMenuRoutes);
  await api.register(adminOrderRoutes);
  await api.register(openApiRoutes);
  api.all('/*', { config: { openapi: false } }, async (request) => {
    throw new HttpError(404, 'not_found', `No API route ${request.method} ${request.url.split('?')[0]}.`);
  });
}
