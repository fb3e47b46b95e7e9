import { z } from 'zod';
import { HttpError } from '../../../lib/http-error.ts';
import type { Services } from '../../../lib/services.server.ts';
import { trustedOrigin } from '../../settings/origin.server.ts';
import { getSettings, saveSettings } from '../../settings/settings.server.ts';
import { mask, readSecrets, writeSecrets } from '../secrets.server.ts';
import { PAYPAL_PROVIDER, PAYPAL_SECRET_NAMES, paypalClient, paypalProblem, type PayPalSecretName } from './paypal-client.server.ts';
import { activeClientId, activeWebhookId, paypalMode, paypalSettingsSchema, paypalUsable, type PayPalKeyState, type PayPalSettings } from '../../settings/paypal-settings.ts';

/*
 * Admin → Payments, PayPal section: settings, client secrets (written here, sealed; only their
 * masks are ever read back), the webhook address to register, and the key check (an OAuth
 * token asked of PayPal with each mode's client id and secret).
 */

export const PAYPAL_WEBHOOK_PATH = '/api/payments/paypal/webhook';
/** The events to subscribe to when registering the webhook in PayPal's developer dashboard. */
export const PAYPAL_WEBHOOK_EVENTS = ['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.PENDING', 'PAYMENT.CAPTURE.REFUNDED'];

export interface PayPalAdminView {
  settings: PayPalSettings;
  /** Each client secret as `…abcd`, empty when not set. Never the secret itself. */
  masked: Record<PayPalSecretName, string>;
  webhookUrl: string;
  webhookEvents: string[];
  usable: boolean;
  /** Why shoppers do not see PayPal, or what is missing. */
  problems: string[];
}

/** `saved`: the settings just written (a request may be served settings read before its own write). */
export async function paypalAdminView(services: Services, requestOrigin: string | null = null, saved?: PayPalSettings): Promise<PayPalAdminView> {
  const settings = saved ?? (await getSettings(services.db)).paypal;
  const secrets = await readSecrets(services, PAYPAL_PROVIDER);
  const masked = Object.fromEntries(PAYPAL_SECRET_NAMES.map((n) => [n, mask(secrets[n])])) as Record<PayPalSecretName, string>;
  const origin = (await trustedOrigin(services, requestOrigin)) ?? '';
  const mode = paypalMode(settings);
  const keys = settings.sandbox ? settings.sandboxKeys : settings.liveKeys;
  const problems: string[] = [];
  if (!settings.enabled) problems.push('PayPal is switched off.');
  if (!activeClientId(settings) || !secrets[`${mode}_client_secret`]) problems.push(`No ${mode} client id and secret: shoppers do not see PayPal.`);
  else if (keys.state === 'invalid') problems.push(`PayPal refused the ${mode} client id and secret (${keys.message}): shoppers do not see PayPal.`);
  else if (keys.state !== 'ok') problems.push(`The ${mode} credentials have not been checked yet: use "Check the keys".`);
  if (!activeWebhookId(settings)) problems.push(`No ${mode} webhook id: payments are confirmed only when shoppers come back from PayPal, and refunds made in PayPal do not reach the orders.`);
  if (!origin) problems.push('Set the store address (Admin → Settings): PayPal needs it to send shoppers back.');
  return { settings, masked, webhookUrl: `${origin}${PAYPAL_WEBHOOK_PATH}`, webhookEvents: PAYPAL_WEBHOOK_EVENTS, usable: paypalUsable(settings), problems };
}

async function checkMode(services: Services, mode: 'sandbox' | 'live', clientId: string, secret: string | undefined): Promise<PayPalKeyState> {
  const checkedAt = new Date().toISOString();
  if (!clientId || !secret) return { state: 'missing', message: '', checkedAt };
  try {
    await paypalClient(services, mode, clientId, secret).clientCredentialsAuthManager.fetchToken();
    return { state: 'ok', message: '', checkedAt };
  } catch (err) {
    const p = paypalProblem(err);
    if (p.unreachable) return { state: 'unchecked', message: 'PayPal could not be reached', checkedAt };
    return { state: 'invalid', message: (p.status === 401 ? 'Client Authentication failed' : p.message).slice(0, 300), checkedAt };
  }
}

/** Checks both modes' credentials with PayPal and keeps what it found (shown in the admin; decides whether shoppers see PayPal). */
export async function checkPayPalKeys(services: Services, saved?: PayPalSettings): Promise<PayPalSettings> {
  const secrets = await readSecrets(services, PAYPAL_PROVIDER);
  const current = saved ?? (await getSettings(services.db)).paypal;
  const [sandboxKeys, liveKeys] = await Promise.all([
    checkMode(services, 'sandbox', current.sandboxClientId, secrets.sandbox_client_secret),
    checkMode(services, 'live', current.liveClientId, secrets.live_client_secret),
  ]);
  return (await saveSettings(services.db, { paypal: { ...current, sandboxKeys, liveKeys } })).paypal;
}

const formSchema = z.object({
  enabled: z.unknown().optional(),
  title: z.unknown().optional(),
  description: z.unknown().optional(),
  sandbox: z.unknown().optional(),
  sandboxClientId: z.unknown().optional(),
  liveClientId: z.unknown().optional(),
  sandboxWebhookId: z.unknown().optional(),
  liveWebhookId: z.unknown().optional(),
});
const secretFormat = /^[A-Za-z0-9_-]{8,256}$/;

/**
 * Saves the PayPal settings (fields not given keep their values). Secret fields
 * (`sandbox_client_secret`, `live_client_secret`): a new value replaces the sealed one, empty
 * keeps it, `clear_<name>` removes it. Credentials that changed are checked with PayPal at
 * once. 400 per field when invalid; nothing is written then.
 */
export async function savePayPalSettings(services: Services, input: Record<string, unknown>, requestOrigin: string | null = null): Promise<PayPalAdminView> {
  const fields: Record<string, string> = {};
  const secretChanges: Record<string, string | null> = {};
  for (const name of PAYPAL_SECRET_NAMES) {
    const v = typeof input[name] === 'string' ? (input[name] as string).trim() : '';
    if (input[`clear_${name}`] === '1' || input[`clear_${name}`] === true) secretChanges[name] = null;
    else if (v) {
      if (!secretFormat.test(v)) fields[name] = 'A client secret has 8 to 256 letters, digits, - and _';
      else secretChanges[name] = v;
    }
  }
  const given = formSchema.parse(input);
  const current = (await getSettings(services.db)).paypal;
  const picked = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  const parsed = paypalSettingsSchema.safeParse({ ...current, ...picked });
  if (!parsed.success) for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  if (Object.keys(fields).length) throw new HttpError(400, 'invalid', Object.values(fields)[0]!, fields);
  if (!parsed.success) throw new HttpError(400, 'invalid', 'Invalid settings');
  const idsChanged = parsed.data.sandboxClientId !== current.sandboxClientId || parsed.data.liveClientId !== current.liveClientId;
  // A form that changes nothing writes nothing (not even the defaults of a shop never set up).
  const unchanged = !Object.keys(secretChanges).length && JSON.stringify(parsed.data) === JSON.stringify(current);
  if (unchanged) return paypalAdminView(services, requestOrigin, current);
  await writeSecrets(services, PAYPAL_PROVIDER, secretChanges);
  let saved = (await saveSettings(services.db, { paypal: parsed.data })).paypal;
  if (idsChanged || Object.keys(secretChanges).length) saved = await checkPayPalKeys(services, saved);
  return paypalAdminView(services, requestOrigin, saved);
}
