import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { rolesOf } from '../../app/features/account/admin-access.ts';
import { capturePayment } from '../../app/features/payments/webhook.server.ts';
import { checkStripeKeys, saveStripeSettings, stripeAdminView } from '../../app/features/payments/stripe/stripe-admin.server.ts';
import { confirmResult, elementIntent } from '../../app/features/payments/stripe/stripe-intents.server.ts';
import { stripeUsable } from '../../app/features/settings/stripe-settings.ts';
import { getSettings } from '../../app/features/settings/settings.server.ts';
import { HttpError } from '../../app/lib/http-error.ts';
import { parseInput, rowIdText } from '../../app/lib/validate.ts';
import { apiSchema } from '../openapi.ts';

const orderRef = z.object({ order_id: rowIdText, order_key: z.string().min(1).max(100) });
const orderParams = z.object({ id: rowIdText });
const captureBody = z.object({ amount: z.coerce.number().int().positive().optional() }).optional();
const tags = ['Payments'];

function requireStaff(request: FastifyRequest, area: 'settings' | 'orders') {
  const user = request.ctx.user;
  if (!user) throw new HttpError(401, 'unauthorized', 'Sign in with a staff account first.');
  if (!rolesOf(area).includes(user.role)) throw new HttpError(403, 'forbidden', 'Only administrators and shop managers may do this.');
  return user;
}

/**
 * Stripe (docs/API.md, "Payments"): the Payment Element's PaymentIntent and its result for the
 * shopper holding the order's key; the admin's settings (secret keys only masked), key check
 * and capture. The webhook is POST /api/payments/stripe/webhook (checkout.ts).
 */
export async function stripeRoutes(api: FastifyInstance) {
  const services = api.services;
  api.get('/payments/stripe/config', { schema: apiSchema({ summary: "What the Payment Element needs on checkout (nothing when Stripe is off or its keys are not accepted)", tags, responses: { 200: { description: 'Whether cards are offered in the page, and the publishable key.', body: z.looseObject({ enabled: z.boolean() }) } } }) }, async (_request, reply) => {
    const s = (await getSettings(services.db)).stripe;
    reply.header('cache-control', 'no-store');
    if (!stripeUsable(s)) return { enabled: false };
    const key = s.testMode ? s.testPublishableKey : s.livePublishableKey;
    return key ? { enabled: true, publishable_key: key, test_mode: s.testMode } : { enabled: false };
  });
  api.post('/payments/stripe/intent', { schema: apiSchema({ summary: "The order's PaymentIntent client secret for the Payment Element", tags, access: 'csrf', body: orderRef, responses: { 200: { description: 'Client secret and publishable key.', body: z.looseObject({ client_secret: z.string() }) } } }) }, async (request, reply) => {
    const { order_id, order_key } = parseInput(orderRef, request.body);
    reply.header('cache-control', 'no-store');
    return elementIntent(services, order_id, order_key);
  });
  api.post('/payments/stripe/confirm', { schema: apiSchema({ summary: 'The payment result after the Payment Element confirmed, as Stripe has it', tags, access: 'csrf', body: orderRef, responses: { 200: { description: 'The order status now.', body: z.looseObject({ status: z.string(), paid: z.boolean() }) } } }) }, async (request, reply) => {
    const { order_id, order_key } = parseInput(orderRef, request.body);
    reply.header('cache-control', 'no-store');
    return confirmResult(services, order_id, order_key, request.ctx.requestOrigin);
  });
  api.get('/admin/payments/stripe', { schema: apiSchema({ summary: 'Stripe settings (secret keys masked)', tags, responses: { 200: { description: 'Settings, masked secrets, webhook URL, problems.', body: z.looseObject({}) } } }) }, async (request, reply) => {
    requireStaff(request, 'settings');
    reply.header('cache-control', 'no-store');
    return stripeAdminView(services, request.ctx.requestOrigin);
  });
  api.put('/admin/payments/stripe', { schema: apiSchema({ summary: 'Save Stripe settings and keys (keys changed are checked with Stripe)', tags, access: 'csrf', body: z.looseObject({}), responses: { 200: { description: 'Settings, masked secrets, webhook URL, problems.', body: z.looseObject({}) } } }) }, async (request, reply) => {
    requireStaff(request, 'settings');
    reply.header('cache-control', 'no-store');
    return saveStripeSettings(services, (request.body ?? {}) as Record<string, unknown>);
  });
  api.post('/admin/payments/stripe/check', { schema: apiSchema({ summary: 'Check the Stripe keys with Stripe', tags, access: 'csrf', responses: { 200: { description: 'What the check found.', body: z.looseObject({}) } } }) }, async (request, reply) => {
    requireStaff(request, 'settings');
    reply.header('cache-control', 'no-store');
    await checkStripeKeys(services);
    return stripeAdminView(services, request.ctx.requestOrigin);
  });
  api.post('/admin/orders/:id/capture', { schema: apiSchema({ summary: 'Capture an authorised payment (all, or `amount` minor units releasing the rest)', tags, access: 'csrf', params: orderParams, body: captureBody, responses: { 200: { description: 'The order status now.', body: z.object({ status: z.string() }) } } }) }, async (request) => {
    const user = requireStaff(request, 'orders');
    const { id } = parseInput(orderParams, request.params);
    const body = parseInput(captureBody, request.body);
    return capturePayment(services, id, { name: user.name || user.email }, request.ctx.requestOrigin, body?.amount);
  });
}
