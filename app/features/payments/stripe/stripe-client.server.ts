import Stripe from 'stripe';
import type { Services } from '../../../lib/services.server.ts';
import type { StoreSettings } from '../../settings/settings.schema.ts';
import { readSecrets } from '../secrets.server.ts';

/*
 * The official SDK, made from the mode's sealed secret key. `STRIPE_API_URL` (config
 * `stripeApiUrl`) points it at another address than api.stripe.com: the local stand-in in
 * tests and benchmarks. One retry on network errors (the SDK sends the same idempotency key
 * again); a slow Stripe is given up on after `STRIPE_TIMEOUT_MS`.
 */

export const STRIPE_PROVIDER = 'stripe';
export const STRIPE_TIMEOUT_MS = 10_000;
/** The sealed secrets' names in payment_secrets. */
export const SECRET_NAMES = ['test_secret_key', 'live_secret_key', 'test_webhook_secret', 'live_webhook_secret'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

const clients = new Map<string, Stripe>();

export function stripeClient(services: Pick<Services, 'config'>, secretKey: string): Stripe {
  const base = services.config.stripeApiUrl;
  const cacheKey = `${base ?? ''}\n${secretKey}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const url = base ? new URL(base) : null;
    client = new Stripe(secretKey, {
      maxNetworkRetries: 1,
      timeout: STRIPE_TIMEOUT_MS,
      telemetry: false,
      appInfo: { name: 'Vitrine' },
      ...(url ? { host: url.hostname, port: url.port || (url.protocol === 'https:' ? 443 : 80), protocol: url.protocol === 'https:' ? 'https' : 'http' } : {}),
    });
    if (clients.size > 20) clients.clear();
    clients.set(cacheKey, client);
  }
  return client;
}

export interface StripeAccess {
  stripe: Stripe;
  mode: 'test' | 'live';
  webhookSecret: string | null;
}

/** The SDK for the mode in use, or null when its secret key is not set. */
export async function stripeAccess(services: Pick<Services, 'config' | 'db'>, settings: StoreSettings): Promise<StripeAccess | null> {
  const mode = settings.stripe.testMode ? 'test' : 'live';
  const secrets = await readSecrets(services, STRIPE_PROVIDER);
  const key = secrets[`${mode}_secret_key`];
  if (!key) return null;
  return { stripe: stripeClient(services, key), mode, webhookSecret: secrets[`${mode}_webhook_secret`] ?? null };
}

/** The payment's page in Stripe's dashboard. */
export function dashboardUrl(transactionId: string, testMode: boolean): string | null {
  if (!/^(pi|ch|py)_[A-Za-z0-9]+$/.test(transactionId)) return null;
  return `https://dashboard.stripe.com/${testMode ? 'test/' : ''}payments/${transactionId}`;
}

/** A Stripe error as the shopper or admin may read it; network trouble says so plainly. */
export function stripeErrorMessage(err: unknown): { message: string; unreachable: boolean; code?: string } {
  if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError || (err as { type?: string })?.type === 'StripeConnectionError') {
    return { message: 'Card payments are not answering just now. Your order is saved: please try again in a moment.', unreachable: true };
  }
  if (err instanceof Stripe.errors.StripeCardError) return { message: err.message, unreachable: false, code: err.code };
  if (err instanceof Stripe.errors.StripeAuthenticationError) return { message: 'Stripe refused the secret key.', unreachable: false, code: 'authentication' };
  if (err instanceof Stripe.errors.StripeError) return { message: err.message, unreachable: false, code: err.code };
  return { message: 'The card payment could not be started.', unreachable: true };
}
