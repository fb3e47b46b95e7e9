import http from 'node:http';
import { ApiError, Client, Environment, OrdersController, PaymentsController } from '@paypal/paypal-server-sdk';
import type { Services } from '../../../lib/services.server.ts';
import type { StoreSettings } from '../../settings/settings.schema.ts';
import { readSecrets } from '../secrets.server.ts';
import { activeClientId, activeWebhookId, paypalMode } from '../../settings/paypal-settings.ts';

/*
 * The official SDK, made from the mode's client id and sealed client secret. The SDK knows
 * only PayPal's two hosts; `PAYPAL_API_URL` (config `paypalApiUrl`) sends its HTTP requests to
 * another address instead (the local stand-in in tests), through the transport of the SDK's
 * HTTP client. The webhook signature check (/v1/notifications/verify-webhook-signature) is
 * not in the SDK: it is called with the SDK's OAuth token.
 */

export const PAYPAL_PROVIDER = 'paypal';
export const PAYPAL_TIMEOUT_MS = 10_000;
export const PAYPAL_SECRET_NAMES = ['sandbox_client_secret', 'live_client_secret'] as const;
export type PayPalSecretName = (typeof PAYPAL_SECRET_NAMES)[number];

export interface PayPalAccess {
  client: Client;
  orders: OrdersController;
  payments: PaymentsController;
  mode: 'sandbox' | 'live';
  webhookId: string;
  /** Where the SDK's calls go (PayPal's host for the mode, or the configured stand-in). */
  baseUrl: string;
}

const clients = new Map<string, Client>();

const officialBase = (mode: 'sandbox' | 'live') => (mode === 'sandbox' ? 'https://api-m.sandbox.paypal.com' : 'https://api-m.paypal.com');

/** An HTTP transport for the SDK's client that sends every request to `base` (plain HTTP). */
function transportTo(base: URL) {
  return {
    request(options: http.RequestOptions, callback: (res: http.IncomingMessage) => void) {
      return http.request({ ...options, protocol: 'http:', hostname: base.hostname, host: base.hostname, port: base.port || 80, agent: undefined }, callback);
    },
  };
}

export function paypalClient(services: Pick<Services, 'config'>, mode: 'sandbox' | 'live', clientId: string, secret: string): Client {
  const base = services.config.paypalApiUrl;
  const cacheKey = `${base ?? ''}\n${mode}\n${clientId}\n${secret}`;
  let client = clients.get(cacheKey);
  if (!client) {
    client = new Client({
      clientCredentialsAuthCredentials: { oAuthClientId: clientId, oAuthClientSecret: secret },
      environment: mode === 'sandbox' ? Environment.Sandbox : Environment.Production,
      timeout: PAYPAL_TIMEOUT_MS,
      httpClientOptions: { timeout: PAYPAL_TIMEOUT_MS, retryConfig: { maxNumberOfRetries: 1 } },
      ...(base && base.startsWith('http:') ? { unstable_httpClientOptions: { transport: transportTo(new URL(base)) } } : {}),
      logging: { logLevel: undefined, logRequest: { logBody: false }, logResponse: { logBody: false } },
    });
    if (clients.size > 20) clients.clear();
    clients.set(cacheKey, client);
  }
  return client;
}

/** The SDK for the mode in use, or null when its client id or secret is not set. */
export async function paypalAccess(services: Pick<Services, 'config' | 'db'>, settings: StoreSettings): Promise<PayPalAccess | null> {
  const mode = paypalMode(settings.paypal);
  const secret = (await readSecrets(services, PAYPAL_PROVIDER))[`${mode}_client_secret`];
  const id = activeClientId(settings.paypal);
  if (!secret || !id) return null;
  const client = paypalClient(services, mode, id, secret);
  return { client, orders: new OrdersController(client), payments: new PaymentsController(client), mode, webhookId: activeWebhookId(settings.paypal), baseUrl: services.config.paypalApiUrl ?? officialBase(mode) };
}

/** An OAuth access token for calls the SDK has no controller for. Throws ApiError when PayPal refuses the credentials. */
export async function accessToken(a: Pick<PayPalAccess, 'client'>): Promise<string> {
  const token = await a.client.clientCredentialsAuthManager.fetchToken();
  return token.accessToken;
}

/**
 * PayPal's check of a webhook delivery (POST /v1/notifications/verify-webhook-signature). The
 * event goes back as the bytes received, spliced into the request, so PayPal checks exactly
 * what was signed.
 */
export async function verifyWebhook(a: PayPalAccess, headers: Record<string, string>, rawBody: string): Promise<boolean> {
  const body = `{"auth_algo":${JSON.stringify(headers.auth_algo)},"cert_url":${JSON.stringify(headers.cert_url)},"transmission_id":${JSON.stringify(headers.transmission_id)},"transmission_sig":${JSON.stringify(headers.transmission_sig)},"transmission_time":${JSON.stringify(headers.transmission_time)},"webhook_id":${JSON.stringify(a.webhookId)},"webhook_event":${rawBody}}`;
  const url = `${a.baseUrl}/v1/notifications/verify-webhook-signature`;
  const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${await accessToken(a)}`, 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(PAYPAL_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`PayPal's signature check answered ${res.status}`);
  const answer = (await res.json()) as { verification_status?: string };
  return answer.verification_status === 'SUCCESS';
}

/** PayPal's error: its `name` (INSTRUMENT_DECLINED, ORDER_ALREADY_CAPTURED …) and the issue of its first detail. */
export interface PayPalProblem {
  status: number;
  name: string;
  issue: string;
  message: string;
  unreachable: boolean;
}

export function paypalProblem(err: unknown): PayPalProblem {
  if (err instanceof ApiError) {
    let body: { name?: string; message?: string; error?: string; error_description?: string; details?: { issue?: string; description?: string }[] } = {};
    try {
      body = typeof err.body === 'string' ? JSON.parse(err.body) : ((err.result as typeof body) ?? {});
    } catch {
      body = {};
    }
    const issue = body.details?.[0]?.issue ?? '';
    const message = body.details?.[0]?.description ?? body.message ?? body.error_description ?? `PayPal answered ${err.statusCode}`;
    return { status: err.statusCode, name: body.name ?? body.error ?? '', issue, message: message.slice(0, 300), unreachable: err.statusCode >= 500 };
  }
  return { status: 0, name: '', issue: '', message: 'PayPal could not be reached.', unreachable: true };
}

/** The payment's page in PayPal's dashboard (a capture is a transaction there). */
export function paypalDashboardUrl(transactionId: string, sandbox: boolean): string | null {
  if (!/^[A-Z0-9]{8,30}$/.test(transactionId)) return null;
  return `https://www.${sandbox ? 'sandbox.' : ''}paypal.com/activity/payment/${transactionId}`;
}
